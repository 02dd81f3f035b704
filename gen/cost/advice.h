/* Advice stage: the article's buying advice that is data, not a pick by
 * performance per dollar.  The avoid list (avoid.csv, an optional file of
 * an edition: which cards or classes an individual buyer should not buy,
 * and why), the price ladder of a budget tier (at each card's price, the
 * fastest card the reader can get for that much), and the power-limited
 * pick (the fastest card an existing power supply can feed with no other
 * part changed), and the cheaper option beside a pick.
 * In: Edition, Costs.  Out: AvoidList, ladder steps, a GPU index.
 * Ownership: advice_avoid_load returns an AvoidList the caller frees with
 * advice_avoid_free (it owns its strings); ladder steps are owned by the
 * caller (g_free) and point into the Costs. */
#ifndef GG_ADVICE_H
#define GG_ADVICE_H

#include "cost.h"
#include "recommend.h"

/* What an avoid.csv row matches. */
typedef enum {
	AVOID_GPU,     /* one gpus.csv name (Titan RTX) */
	AVOID_SEGMENT, /* a gpus.csv segment: datacenter (Tesla),
	                  workstation (Quadro) */
	AVOID_VARIANT  /* a board variant gpus.csv does not list (Founders
	                  Edition): advice only, matches no GPU */
} AvoidMatch;

/* Who the advice is for. */
typedef enum { AVOID_INDIVIDUAL, AVOID_ANYONE } AvoidBuyer;

typedef struct {
	AvoidMatch match;
	char *value;   /* GPU name, segment or variant */
	char *reason;  /* key of templates/LANG/strings.csv: avoid.REASON */
	AvoidBuyer buyer;
	char *source, *url, *date, *note;
	int line;
} AvoidRow;

typedef struct {
	AvoidRow *rows;
	size_t n;
} AvoidList;

/* Loads dir/avoid.csv (columns match, value, reason, buyer, source, url,
 * date, note); an edition without it gets an empty list.  An unknown GPU
 * or segment, a bad choice or a row dated after the edition date is an
 * error file:line:col.  NULL with *error set on a bad file. */
AvoidList *advice_avoid_load(const Edition *e, GError **error);
void advice_avoid_free(AvoidList *list);

/* The first avoid row that matches gpu (by name, then by segment), or
 * NULL.  A build whose GPU has one must not be offered to an individual
 * buyer (not even as a runner-up) without its reason. */
const AvoidRow *advice_avoid_for(const AvoidList *list, const Edition *e,
                                 size_t gpu);

/* One step of a budget tier's price ladder. */
typedef struct {
	const Build *card;    /* the 1-GPU build whose GPU price sets it */
	double price;         /* that GPU price, USD */
	const Build *fastest; /* the fastest qualifying 1-GPU build (use
	                         case's workload) whose GPU costs at most
	                         price */
} LadderStep;

/* The ladder of use case u (one GPU): every qualifying 1-GPU build, most
 * expensive GPU first.  Returns how many; *steps is owned by the caller. */
size_t advice_price_ladder(const Costs *c, const UseCase *u,
                           LadderStep **steps);

/* The fastest rated GPU (use case u's workload and memory) whose one-GPU
 * system (GPU TDP + cpu_w + system_rest_w, times 1 + psu_headroom) an
 * existing supply of psu_w watts carries; -1 when none. */
long advice_power_pick(const Costs *c, const UseCase *u, double psu_w);

/* The cheaper option of a recommendation: the qualifying build with the
 * best performance per dollar (the use case's workload) among those
 * whose GPUs cost less than the pick's (each at its own price, same GPU
 * count); NULL when none.  The article's "cost-effective but cheaper"
 * tier names such a card beside its pick (RTX 2060 Super beside the RTX
 * 3070), which is not the runner-up by performance per dollar. */
const Build *advice_cheaper_option(const Costs *c,
                                   const Recommendation *r);

/* The best new build of n GPUs per dollar (CNN) with at least the
 * memory of use case u that may serve such a case; NULL when none. */
const Build *advice_best_of_size(const Costs *c, const UseCase *u, int n);

/* The cluster mix: cluster_max_gpus GPUs in 8-GPU nodes, the best node
 * for the memory of cluster_small_use_case and for that of
 * cluster_large_use_case, the large ones cluster_large_node_share of the
 * nodes (rounded). */
typedef struct {
	const Build *small, *large;
	int nodes, n_small, n_large;
	double cost;       /* all nodes, USD */
	double large_cost; /* the large nodes, USD */
} ClusterMix;

/* FALSE when the edition lacks one of the assumptions or builds. */
bool advice_cluster_mix(const Costs *c, ClusterMix *mix);

#endif
