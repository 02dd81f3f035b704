/* Recommendation stage: for every use case, the build with the best
 * performance per dollar that meets its memory, GPU-count, budget and
 * condition (new or used) needs, a runner-up, the best absolute
 * performance within budget, how far prices may move before the pick
 * changes (solved, not estimated), whether the pick and the runner-up
 * are a statistical tie (recommend_tie.c), and for one-GPU use cases the
 * best "upgrade the PC I have" GPU ranked on the GPU price alone.
 * In: const Costs.  Out: Recommendations, one per use case in file order.
 * Ownership: recommend_run returns Recommendations the caller frees with
 * recommendations_free; they point into the Costs. */
#ifndef GG_RECOMMEND_H
#define GG_RECOMMEND_H

#include "cloud.h"
#include "cost.h"
#include "llm.h"
#include "recommend_tie.h"

/* How far prices can move before the pick changes, per GPU of the build.
 * The pick stays while pick_perf / pick_cost >= runner_perf /
 * runner_cost (and pick_cost <= budget): solving for each cost gives the
 * thresholds.  Valid when Recommendation.best and .runner_up exist. */
typedef struct {
	double pick_max_price;     /* USD per GPU at which the runner-up ties */
	double pick_rise;          /* fraction of the pick's GPU price */
	bool pick_budget_bound;    /* the budget, not the runner-up, binds */
	double runner_min_price;   /* USD per GPU below which it takes over;
	                              <= 0: no GPU price is low enough */
	double runner_fall;        /* fraction of the runner-up's GPU price */
} Sensitivity;


#define RECOMMEND_MAX_EXCLUDED 3

/* What the decision names: a build of cards, a whole machine of
 * machines.csv (decode use cases only), renting (the build that would
 * be bought costs more than renting its work at the use case's hours),
 * a vendor quote or renting (no build with a price meets a use case that
 * names configurations to quote: UseCase.quote), or nothing that
 * qualifies. */
typedef enum { DECISION_NONE, DECISION_BUILD, DECISION_MACHINE,
               DECISION_RENT, DECISION_QUOTE } DecisionKind;
extern const char *const recommend_decision_ids[DECISION_QUOTE + 2];

typedef struct {
	const UseCase *use_case;
	DecisionKind kind;
	/* The measure the candidates are ranked on per dollar (MEASURE_* of
	 * the use case).  Decode use cases: the LLM case, and the speed of
	 * each finalist (buy_decode for buy or machine, other_decode for
	 * other) on it. */
	int measure;
	LlmCase llm_case;
	LlmDecode buy_decode, other_decode;
	/* decode use cases: the speed of every build of the Costs on the LLM
	 * case (index as Costs.builds; together 0: unknown or not held),
	 * owned by the Recommendations; NULL for training use cases */
	LlmDecode *build_decode;
	/* DECISION_MACHINE: the machine bought (buy is NULL and other is the
	 * best build, when there is one) */
	const Machine *machine;
	size_t n_machines; /* machines that held the case and were ranked */
	/* Rent or buy, at the use case's utilization: the build the ranking
	 * chose (buy, or rent_build when renting is cheaper at those hours:
	 * buying pays back within the useful life only from more hours a
	 * month than the use case states) against the cheapest
	 * on-demand offer of its own GPU, else the nearest in speed
	 * (cloud_compare); the hours a month from which buying it pays back
	 * within the useful life (INFINITY: never); the on-demand offers of
	 * its own GPU and their range per GPU-hour.  DECISION_RENT: buy is
	 * NULL and rent_build the build not bought. */
	bool rent_compared;
	CloudComparison rent;
	double rent_payback_hours;
	const Build *rent_build;
	size_t rent_offers;
	double rent_low, rent_high;
	/* DECISION_QUOTE: the cheapest on-demand instance of the use case's
	 * GPU count whose GPU meets its memory and rules, per GPU-hour; NULL
	 * when no cloud offers one */
	const CloudOffer *quote_rent;
	/* DECISION_NONE: why nothing meets the use case, first that holds:
	 * no card of the data with its memory per GPU (none_largest_gb: the
	 * most memory of a priced, rated card at its GPU count), every build
	 * with the memory over its budget, every such build breaking one of
	 * its rules, or the LLM stage's decode speed unknown (other) */
	enum { NONE_MEMORY, NONE_BUDGET, NONE_RULES, NONE_OTHER } none_reason;
	double none_largest_gb;
	/* The decision, the one build the guide names for this use case
	 * everywhere (short answer, pick table, requests, picker, export):
	 * `buy` is the best value, unless it ties with the runner-up and
	 * the rule for ties takes the runner-up; `other` is the finalist not
	 * bought.  `tie` compares them (recommend_tie(buy, other): its
	 * differences are other minus buy, its `buy` is `buy`); it is filled
	 * when `compared`.  NULL and false when nothing qualifies. */
	const Build *buy;
	const Build *other;
	bool compared;
	RecommendTie tie;
	/* the ranking behind it, on performance per dollar */
	const Build *best;          /* NULL when nothing qualifies */
	const Build *runner_up;
	const Build *best_absolute;
	size_t n_candidates;
	Sensitivity sensitivity;
	/* one-GPU use cases: best performance per GPU dollar among cards
	 * that meet memory and condition and cost at most the budget (when
	 * there is one) on their own; NULL otherwise */
	const Build *upgrade_best;
	const Build *upgrade_runner_up;
	/* builds better per dollar than the pick (or any, without a pick)
	 * that meet every need but break a rule of the use case, best
	 * first, with the USE_RULE_* flags each breaks */
	const Build *excluded[RECOMMEND_MAX_EXCLUDED];
	unsigned excluded_rules[RECOMMEND_MAX_EXCLUDED];
	/* each one's value per dollar over the decision's, in the measure
	 * (0 when the decision is not a build) */
	double excluded_vs_buy[RECOMMEND_MAX_EXCLUDED];
	size_t n_excluded;
} Recommendation;

typedef struct {
	const Costs *costs;
	Recommendation *items;
	size_t n;
} Recommendations;

/* llm: the LLM stage's results, for the decode use cases; NULL when the
 * edition has none (a decode use case then has no candidate). */
Recommendations *recommend_run(const Costs *costs, const LlmResults *llm);

/* The LLM case use case u names, into *out: a case of the memory table
 * (modes inference, lora, qlora, full), or mode serve (llm_serving_users
 * users at the long context at once) or long (one user at the longest
 * context), computed here; FALSE with *error at its llm_model cell. */
bool recommend_use_case_llm(const Edition *e, const LlmResults *r,
                            const UseCase *u, LlmCase *out, GError **error);

/* True when a use case names an LLM case (use_cases.csv llm_model). */
bool recommend_has_llm_use_cases(const Edition *edition);

/* The hook of LLM use cases (use_cases.csv llm_model, llm_mode,
 * llm_precision): sets their min_memory_gb to the memory per GPU that the
 * LLM stage's results r compute for the case on the use case's GPU count
 * (llm_min_memory_gb, rounded up to a whole GB).  Run once by the results
 * stage, right after loading and the LLM stage, before the model: the
 * one derived column of the Edition.  r NULL: no LLM use case to set.
 * FALSE with *error at the use case's llm_model cell when the LLM stage
 * has no such case. */
bool recommend_llm_memory(Edition *edition, const LlmResults *r,
                          GError **error);
void recommendations_free(Recommendations *r);

/* The recommended builds: the decision (buy) of each use case, each
 * build once, in use-case order.  Returns how many; *builds is owned by the
 * caller (g_free), its elements point into the Costs. */
size_t recommend_best_builds(const Recommendations *recs,
                             const Build ***builds);
/* The same with the builds the decisions to rent weighed against the
 * cloud (Recommendation.rent_build): the rent-or-buy tables and chart. */
size_t recommend_weighed_builds(const Recommendations *recs,
                                const Build ***builds);

/* True when the build may serve the use case: a rated GPU with enough
 * memory, the use case's GPU count, within budget, the condition asked
 * for, a base system that can hold it (no FIT_MODULE, FIT_HOST), and no
 * rule of the use case broken (recommend_broken_rules). */
bool recommend_qualifies(const Costs *costs, const UseCase *u,
                         const Build *b);

/* The rules of the use case (UseCase.requires) the build breaks, as
 * USE_RULE_* flags; 0 when it keeps them all.
 *   fit: the build fits its base system as sold (Build.fit is 0: slots,
 *        a gap between open-air coolers, the power supply, airflow for
 *        passive cards, the form of the cards);
 *   datacenter: the card may be deployed in a datacenter: not an NVIDIA
 *        consumer card, whose driver licence forbids it (assumption
 *        consumer_driver_licence);
 *   p2p: a multi-GPU build whose cards exchange data directly: not
 *        consumer cards, which have no peer-to-peer path for four or
 *        eight cards (assumption consumer_peer_to_peer);
 *   fp8: the GPU has FP8 tensor cores (gpus.csv fp8). */
unsigned recommend_broken_rules(const Costs *costs, const UseCase *u,
                                const Build *b);

/* One-GPU builds ranked on performance (workload w) per GPU dollar: for
 * a reader who already owns the PC.  Only GPUs with at least min_memory
 * GB; condition -1 for any.  Returns how many; *builds is owned by the
 * caller (g_free), best first, elements point into the Costs. */
size_t recommend_gpu_only(const Costs *costs, Workload w,
                          double min_memory_gb, int condition,
                          const Build ***builds);


/* Performance per GPU dollar of a build (workload w). */
double recommend_gpu_value(const Build *b, Workload w);

/* Use case u's upgrade picks (Recommendation.upgrade_best and
 * upgrade_runner_up, NULL when none): the first two of
 * recommend_gpu_only within its budget, when u has one GPU. */
void recommend_upgrade(const Costs *c, const UseCase *u, const Build **best,
                       const Build **runner_up);

#endif
