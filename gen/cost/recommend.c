/* Recommendation stage.  See recommend.h. */
#include "recommend.h"

#include "llm.h"
#include "util.h"

#include <math.h>
#include <string.h>

/* Every need of the use case met, before its rules. */
static bool meets_needs(const Costs *c, const UseCase *u, const Build *b)
{
	const Edition *e = c->perf->edition;
	const Gpu *g = &e->gpus[b->gpu];
	return b->gpu_count == u->gpu_count && g->memory_gb >= u->min_memory_gb
	       && c->perf->gpus[u->workload][b->gpu].rated
	       && (u->budget <= 0 || b->cost <= u->budget)
	       && (u->condition < 0 || b->condition == (Condition)u->condition)
	       && !(b->fit & (FIT_MODULE | FIT_HOST)) && b->payable;
}

unsigned recommend_broken_rules(const Costs *c, const UseCase *u,
                                const Build *b)
{
	const Gpu *g = &c->perf->edition->gpus[b->gpu];
	bool consumer = g->segment == SEGMENT_CONSUMER;
	unsigned broken = 0;
	if ((u->requires & USE_RULE_FIT) && b->fit != 0)
		broken |= USE_RULE_FIT;
	if ((u->requires & USE_RULE_DATACENTER) && consumer
	    && g_ascii_strcasecmp(g->vendor, "NVIDIA") == 0)
		broken |= USE_RULE_DATACENTER;
	if ((u->requires & USE_RULE_P2P) && b->gpu_count > 1 && consumer)
		broken |= USE_RULE_P2P;
	if ((u->requires & USE_RULE_FP8) && !g->fp8)
		broken |= USE_RULE_FP8;
	return broken;
}

bool recommend_qualifies(const Costs *c, const UseCase *u, const Build *b)
{
	return meets_needs(c, u, b) && recommend_broken_rules(c, u, b) == 0;
}

/* ---- the measure ------------------------------------------------------ */

/* One use case's ranking: every build's speed in the use case's measure
 * (training speed relative to the reference GPU, or decode tokens/s of
 * all users together) with its range, computed once. */
typedef struct {
	const Costs *c;
	const LlmResults *llm;
	Recommendation *r;
	GpuPerf *speed; /* n_builds; rated false: not ranked */
	LlmDecode *decode; /* n_builds, decode use cases */
} Ranking;

static void measure_builds(Ranking *k)
{
	const Costs *c = k->c;
	Workload w = k->r->use_case->workload;
	bool decode = k->r->measure == MEASURE_DECODE;
	/* a training measure: only the builds of the use case's size are
	 * read (a decode one keeps every build's speed, build_decode) */
	size_t step = decode ? 1 : cost_size_step(c);
	size_t i0 = decode ? 0
	                   : cost_first_of_size(c, k->r->use_case->gpu_count);
	for (size_t i = i0; i < c->n_builds; i += step) {
		const Build *b = &c->builds[i];
		GpuPerf *s = &k->speed[i];
		if (!decode) {
			const GpuPerf *g = &c->perf->gpus[w][b->gpu];
			double scale = g->value > 0 ? b->perf[w] / g->value : 0;
			*s = (GpuPerf){.rated = g->rated && scale > 0,
			               .value = b->perf[w],
			               .low = g->low * scale,
			               .high = g->high * scale};
			continue;
		}
		/* one GPU's builds are next to each other and decode alike */
		LlmDecode d = i > 0 && c->builds[i - 1].gpu == b->gpu
		                  ? k->decode[i - 1]
		              : k->llm ? llm_gpu_decode(k->llm, &k->r->llm_case,
		                                        b->gpu)
		                       : (LlmDecode){0};
		k->decode[i] = d;
		*s = (GpuPerf){.rated = d.together > 0, .value = d.together,
		               .low = d.low, .high = d.high};
	}
}

static double speed_of(const Ranking *k, const Build *b)
{
	return k->speed[b - k->c->builds].value;
}

/* Speed per dollar in the use case's measure. */
static double value_of(const Ranking *k, const Build *b)
{
	return speed_of(k, b) / b->cost;
}

/* Better per dollar; ties go to the cheaper build, then to the earlier
 * GPU of gpus.csv, so the pick never depends on order. */
static bool better_value(const Ranking *k, const Build *a, const Build *b)
{
	if (!b)
		return true;
	if (value_of(k, a) != value_of(k, b))
		return value_of(k, a) > value_of(k, b);
	if (a->cost != b->cost)
		return a->cost < b->cost;
	return a->gpu < b->gpu;
}

static bool faster(const Ranking *k, const Build *a, const Build *b)
{
	if (!b)
		return true;
	if (speed_of(k, a) != speed_of(k, b))
		return speed_of(k, a) > speed_of(k, b);
	return a->cost < b->cost;
}

/* A build the use case may rank: it qualifies and its speed in the
 * measure is known (a decode use case's build holds the LLM case). */
static bool ranked(const Ranking *k, const Build *b)
{
	return recommend_qualifies(k->c, k->r->use_case, b)
	       && k->speed[b - k->c->builds].rated;
}

static void pick(const Ranking *k)
{
	Recommendation *r = k->r;
	size_t i0 = cost_first_of_size(k->c, r->use_case->gpu_count);
	for (size_t i = i0; i < k->c->n_builds; i += cost_size_step(k->c)) {
		const Build *b = &k->c->builds[i];
		if (!ranked(k, b))
			continue;
		r->n_candidates++;
		if (better_value(k, b, r->best)) {
			r->runner_up = r->best;
			r->best = b;
		} else if (better_value(k, b, r->runner_up)) {
			r->runner_up = b;
		}
		if (faster(k, b, r->best_absolute))
			r->best_absolute = b;
	}
}

/* The builds that would beat the pick but break a rule, best first. */
static void excluded(const Ranking *x)
{
	const Costs *c = x->c;
	Recommendation *r = x->r;
	size_t i0 = cost_first_of_size(c, r->use_case->gpu_count);
	for (size_t i = i0; i < c->n_builds; i += cost_size_step(c)) {
		const Build *b = &c->builds[i];
		if (!meets_needs(c, r->use_case, b))
			continue; /* first: it turns most builds away cheaply */
		unsigned broken = recommend_broken_rules(c, r->use_case, b);
		if (!broken || !x->speed[i].rated
		    || (r->best && !better_value(x, b, r->best)))
			continue;
		/* insert by value, keep the best RECOMMEND_MAX_EXCLUDED */
		size_t k = r->n_excluded;
		while (k > 0 && better_value(x, b, r->excluded[k - 1]))
			k--;
		if (k >= RECOMMEND_MAX_EXCLUDED)
			continue;
		size_t last = MIN(r->n_excluded, RECOMMEND_MAX_EXCLUDED - 1);
		for (size_t j = last; j > k; j--) {
			r->excluded[j] = r->excluded[j - 1];
			r->excluded_rules[j] = r->excluded_rules[j - 1];
		}
		r->excluded[k] = b;
		r->excluded_rules[k] = broken;
		if (r->n_excluded < RECOMMEND_MAX_EXCLUDED)
			r->n_excluded++;
	}
}

/* ---- sensitivity ---------------------------------------------------- */

/* Solves perf_p / cost_p = perf_r / cost_r for each cost in turn (see
 * Sensitivity in recommend.h). */
static void sensitivity(const Ranking *k, Sensitivity *s)
{
	const Recommendation *r = k->r;
	const Build *p = r->best, *q = r->runner_up;
	double budget = r->use_case->budget;
	double perf_p = speed_of(k, p), perf_q = speed_of(k, q);
	double tie_p = perf_p * q->cost / perf_q;
	double max_p = tie_p;
	s->pick_budget_bound = budget > 0 && budget < tie_p;
	if (s->pick_budget_bound)
		max_p = budget;
	double price_p = p->gpu_price->price;
	s->pick_max_price = price_p + (max_p - p->cost) / p->gpu_count;
	s->pick_rise = s->pick_max_price / price_p - 1;
	double tie_q = perf_q * p->cost / perf_p;
	double price_q = q->gpu_price->price;
	s->runner_min_price = price_q - (q->cost - tie_q) / q->gpu_count;
	s->runner_fall = 1 - s->runner_min_price / price_q;
}

/* ---- the decision ------------------------------------------------------ */

/* The build to buy (Recommendation.buy): the best value, unless it ties
 * with the runner-up and the rule for ties takes the runner-up; the tie
 * is then described from the bought build's side. */
static bool tie_of(const Ranking *k, const Build *a, const Build *b,
                   RecommendTie *tie)
{
	const GpuPerf *sa = &k->speed[a - k->c->builds];
	const GpuPerf *sb = &k->speed[b - k->c->builds];
	return recommend_tie_on(k->c->perf->edition, a, sa, b, sb, tie);
}

static LlmDecode decode_of(const Ranking *k, const Build *b)
{
	return b && k->r->measure == MEASURE_DECODE
	           ? k->decode[b - k->c->builds]
	           : (LlmDecode){0};
}

static void decide(const Ranking *k)
{
	Recommendation *r = k->r;
	r->buy = r->best;
	r->other = r->runner_up;
	r->kind = r->buy ? DECISION_BUILD : DECISION_NONE;
	r->compared = r->best && r->runner_up;
	if (r->compared && tie_of(k, r->best, r->runner_up, &r->tie)
	    && r->tie.buy == r->runner_up) {
		r->buy = r->runner_up;
		r->other = r->best;
		tie_of(k, r->buy, r->other, &r->tie);
	}
	r->buy_decode = decode_of(k, r->buy);
	r->other_decode = decode_of(k, r->other);
	for (size_t i = 0; r->buy && i < r->n_excluded; i++)
		r->excluded_vs_buy[i] = value_of(k, r->excluded[i])
		                        / value_of(k, r->buy);
}

/* ---- the machines of machines.csv (decode use cases) ------------------ */

/* Better per dollar than the decision, beyond the error of both: a
 * machine takes the decision only then, or when no build qualifies.
 * Within the error the tie rule's first criteria that a machine and a
 * build share decide (more memory, then a new machine's warranty over a
 * used card, then the lower cost). */
static bool machine_wins(const Ranking *k, const Machine *m, LlmDecode d)
{
	const Recommendation *r = k->r;
	if (!r->buy)
		return true;
	const GpuPerf *b = &k->speed[r->buy - k->c->builds];
	GpuPerf a = {.rated = true, .value = d.together / m->price,
	             .low = d.low / m->price, .high = d.high / m->price};
	GpuPerf bd = {.rated = true, .value = b->value / r->buy->cost,
	              .low = b->low / r->buy->cost,
	              .high = b->high / r->buy->cost};
	if (!model_tie(&a, &bd))
		return a.value > bd.value;
	const Gpu *g = &k->c->perf->edition->gpus[r->buy->gpu];
	double memory = g->memory_gb * r->buy->gpu_count;
	if (m->usable_gb != memory)
		return m->usable_gb > memory;
	if (r->buy->condition != CONDITION_NEW)
		return true;
	return m->price < r->buy->cost;
}

static void rank_machines(const Ranking *k)
{
	Recommendation *r = k->r;
	const Edition *e = k->c->perf->edition;
	if (r->measure != MEASURE_DECODE || !k->llm)
		return;
	const Machine *best = NULL;
	LlmDecode best_d = {0};
	for (size_t i = 0; i < e->n_machines; i++) {
		const Machine *m = &e->machines[i];
		if (m->price <= 0 || (r->use_case->budget > 0
		                      && m->price > r->use_case->budget)
		    || !llm_machine_holds(k->llm, &r->llm_case, i))
			continue;
		LlmDecode d = llm_machine_decode(k->llm, &r->llm_case, i);
		if (d.together <= 0)
			continue;
		r->n_machines++;
		if (!best || d.together / m->price
		                 > best_d.together / best->price) {
			best = m;
			best_d = d;
		}
	}
	if (!best || !machine_wins(k, best, best_d))
		return;
	r->kind = DECISION_MACHINE;
	r->machine = best;
	r->other = r->buy;
	r->other_decode = r->buy_decode;
	r->buy = NULL;
	r->buy_decode = best_d;
	r->compared = false;
	memset(r->excluded_vs_buy, 0, sizeof r->excluded_vs_buy);
}

/* ---- rent or buy ------------------------------------------------------ */

const char *const recommend_decision_ids[DECISION_QUOTE + 2] = {
    "none", "build", "machine", "rent", "quote", NULL};

/* The build decided against the cloud at the use case's hours: renting
 * takes the decision when the rule's offer (cloud_compare) does the
 * work for less over the useful life at those hours (the request's
 * "renting is cheaper at the stated hours"). */
static void rent_or_buy(const Costs *c, Recommendation *r)
{
	double util = r->use_case->utilization;
	if (r->kind != DECISION_BUILD || !(util > 0))
		return; /* a machine, nothing, or no stated use */
	CloudComparison three[CLOUD_CLOSEST];
	size_t n = cloud_compare(c, r->buy, util, three), k = 0;
	/* the rule's first offer a reader can book (cloud_offer_bookable) */
	while (k < n && !cloud_offer_bookable(three[k].offer))
		k++;
	if (k == n)
		return;
	r->rent_compared = true;
	r->rent = three[k];
	r->rent_payback_hours = cloud_payback_hours(r->buy, &r->rent,
	                                            c->useful_life_years);
	r->rent_offers = cloud_own_range(c, r->buy, &r->rent_low,
	                                 &r->rent_high);
	/* renting is cheaper at the stated use: buying would pay back
	 * within the useful life only at more hours than the use case has */
	if (!(r->rent_payback_hours > util * CLOUD_HOURS_PER_MONTH))
		return;
	r->kind = DECISION_RENT;
	r->rent_build = r->buy;
	r->buy = NULL;
	r->compared = false; /* no build bought: no tie to state */
}

/* ---- vendor quote or rent ------------------------------------------ */

/* An instance a use case could rent: its GPU count, on demand, a GPU with
 * the memory and the rules a card can keep in a cloud (its FP8). */
static bool rentable(const Costs *c, const UseCase *u, const CloudOffer *o)
{
	const Gpu *g = &c->perf->edition->gpus[o->gpu];
	return o->pricing == PRICING_ON_DEMAND && o->gpu_count == u->gpu_count
	       && g->memory_gb >= u->min_memory_gb
	       && (!(u->requires & USE_RULE_FP8) || g->fp8);
}

/* No build with a price meets a use case that names configurations to
 * quote: the decision is a vendor quote or renting, with the cheapest
 * instance per GPU-hour that meets the case. */
static void quote_or_rent(const Costs *c, Recommendation *r)
{
	const UseCase *u = r->use_case;
	if (r->kind != DECISION_NONE || !u->quote || !*u->quote)
		return;
	r->kind = DECISION_QUOTE;
	for (size_t i = 0; i < c->n_cloud; i++) {
		const CloudOffer *o = &c->cloud[i];
		if (rentable(c, u, o) && cloud_offer_bookable(o)
		    && (!r->quote_rent
		        || o->price_per_hour < r->quote_rent->price_per_hour))
			r->quote_rent = o;
	}
}

/* ---- no answer ------------------------------------------------------ */

/* Why nothing met the use case (Recommendation.none_reason). */
static void no_answer(const Costs *c, Recommendation *r)
{
	const UseCase *u = r->use_case;
	const Edition *e = c->perf->edition;
	bool memory = false, within = false;
	size_t i0 = cost_first_of_size(c, u->gpu_count);
	for (size_t i = i0; i < c->n_builds; i += cost_size_step(c)) {
		const Build *b = &c->builds[i];
		const Gpu *g = &e->gpus[b->gpu];
		if (b->gpu_count != u->gpu_count
		    || !c->perf->gpus[u->workload][b->gpu].rated
		    || (b->fit & (FIT_MODULE | FIT_HOST)))
			continue;
		r->none_largest_gb = fmax(r->none_largest_gb, g->memory_gb);
		if (g->memory_gb < u->min_memory_gb)
			continue;
		memory = true;
		within |= u->budget <= 0 || b->cost <= u->budget;
	}
	r->none_reason = !memory   ? NONE_MEMORY
	                 : !within ? NONE_BUDGET
	                 : r->n_excluded ? NONE_RULES
	                                 : NONE_OTHER;
}

/* One use case's decision, on its measure. */
static void recommend_one(const Costs *c, const LlmResults *llm,
                          Recommendation *x, GpuPerf *speed,
                          LlmDecode *decode)
{
	const UseCase *u = x->use_case;
	x->measure = u->measure;
	if (x->measure == MEASURE_DECODE
	    && !(llm && recommend_use_case_llm(c->perf->edition, llm, u,
	                                       &x->llm_case, NULL)))
		llm = NULL;
	Ranking k = {c, llm, x, speed, decode};
	memset(speed, 0, c->n_builds * sizeof *speed);
	if (x->measure != MEASURE_DECODE || llm)
		measure_builds(&k);
	pick(&k);
	excluded(&k);
	if (x->best && x->runner_up)
		sensitivity(&k, &x->sensitivity);
	decide(&k);
	rank_machines(&k);
	rent_or_buy(c, x);
	quote_or_rent(c, x);
	if (x->kind == DECISION_NONE)
		no_answer(c, x);
	recommend_upgrade(c, u, &x->upgrade_best, &x->upgrade_runner_up);
}

Recommendations *recommend_run(const Costs *c, const LlmResults *llm)
{
	const Edition *e = c->perf->edition;
	Recommendations *r = g_new0(Recommendations, 1);
	r->costs = c;
	r->n = e->n_use_cases;
	r->items = g_new0(Recommendation, r->n);
	GpuPerf *speed = g_new0(GpuPerf, c->n_builds + 1);
	for (size_t i = 0; i < r->n; i++) {
		Recommendation *x = &r->items[i];
		x->use_case = &e->use_cases[i];
		/* a decode use case keeps its builds' speeds (build_decode);
		 * no other reads them */
		LlmDecode *decode = x->use_case->measure == MEASURE_DECODE
		                        ? g_new0(LlmDecode, c->n_builds + 1)
		                        : NULL;
		recommend_one(c, llm, x, speed, decode);
		if (x->measure == MEASURE_DECODE)
			x->build_decode = decode;
		else
			g_free(decode);
	}
	g_free(speed);
	return r;
}

void recommendations_free(Recommendations *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->n; i++)
		g_free(r->items[i].build_decode);
	g_free(r->items);
	g_free(r);
}

/* Each build once, in use-case order: buy, and with `weighed` also the
 * build a decision to rent weighed and did not buy. */
static size_t builds_of(const Recommendations *recs, bool weighed,
                        const Build ***builds)
{
	*builds = g_new0(const Build *, recs->n + 1);
	size_t n = 0;
	for (size_t i = 0; i < recs->n; i++) {
		const Recommendation *r = &recs->items[i];
		const Build *b = r->buy;
		if (!b && weighed && r->kind == DECISION_RENT)
			b = r->rent_build;
		bool seen = false;
		for (size_t k = 0; k < n; k++)
			seen |= (*builds)[k] == b;
		if (b && !seen)
			(*builds)[n++] = b;
	}
	return n;
}

size_t recommend_best_builds(const Recommendations *recs,
                             const Build ***builds)
{
	return builds_of(recs, false, builds);
}

size_t recommend_weighed_builds(const Recommendations *recs,
                                const Build ***builds)
{
	return builds_of(recs, true, builds);
}

/* ---- LLM use cases ---------------------------------------------------- */

bool recommend_use_case_llm(const Edition *e, const LlmResults *r,
                            const UseCase *u, LlmCase *out, GError **error)
{
	if (llm_named_case(r, u->llm_model, u->llm_mode, u->llm_precision, out))
		return true;
	char *path = g_build_filename(e->dir, "use_cases.csv", NULL);
	gg_set_input_error(error, path, u->llm_line, u->llm_col,
	                   "use case '%s': the LLM stage has no case "
	                   "'%s' / '%s' / '%s' (model of llm_models.csv "
	                   "with a size class, mode and precision of "
	                   "its memory table, or mode serve or long)",
	                   u->id, u->llm_model, u->llm_mode,
	                   u->llm_precision);
	g_free(path);
	return false;
}

bool recommend_has_llm_use_cases(const Edition *e)
{
	bool any = false;
	for (size_t i = 0; i < e->n_use_cases; i++)
		any |= e->use_cases[i].llm_model && *e->use_cases[i].llm_model;
	return any;
}

bool recommend_llm_memory(Edition *e, const LlmResults *r, GError **error)
{
	bool ok = true;
	for (size_t i = 0; ok && r && i < e->n_use_cases; i++) {
		UseCase *u = &e->use_cases[i];
		if (!u->llm_model || !*u->llm_model)
			continue;
		LlmCase k;
		ok = recommend_use_case_llm(e, r, u, &k, error);
		/* whole GB, up: cards are sold in whole GB */
		if (ok)
			u->min_memory_gb = ceil(llm_min_memory_gb(
			    &k, u->gpu_count, &r->constants));
	}
	return ok;
}
