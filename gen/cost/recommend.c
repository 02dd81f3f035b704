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
	       && !(b->fit & (FIT_MODULE | FIT_HOST));
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
	return broken;
}

bool recommend_qualifies(const Costs *c, const UseCase *u, const Build *b)
{
	return meets_needs(c, u, b) && recommend_broken_rules(c, u, b) == 0;
}

/* Better per dollar on workload w; ties go to the cheaper build, then to
 * the earlier GPU of gpus.csv, so the pick never depends on order. */
static bool better_value(const Build *a, const Build *b, Workload w)
{
	if (!b)
		return true;
	if (a->per_dollar[w] != b->per_dollar[w])
		return a->per_dollar[w] > b->per_dollar[w];
	if (a->cost != b->cost)
		return a->cost < b->cost;
	return a->gpu < b->gpu;
}

static bool faster(const Build *a, const Build *b, Workload w)
{
	if (!b)
		return true;
	if (a->perf[w] != b->perf[w])
		return a->perf[w] > b->perf[w];
	return a->cost < b->cost;
}

static void pick(const Costs *c, Recommendation *r)
{
	Workload w = r->use_case->workload;
	for (size_t i = 0; i < c->n_builds; i++) {
		const Build *b = &c->builds[i];
		if (!recommend_qualifies(c, r->use_case, b))
			continue;
		r->n_candidates++;
		if (better_value(b, r->best, w)) {
			r->runner_up = r->best;
			r->best = b;
		} else if (better_value(b, r->runner_up, w)) {
			r->runner_up = b;
		}
		if (faster(b, r->best_absolute, w))
			r->best_absolute = b;
	}
}

/* The builds that would beat the pick but break a rule, best first. */
static void excluded(const Costs *c, Recommendation *r)
{
	Workload w = r->use_case->workload;
	for (size_t i = 0; i < c->n_builds; i++) {
		const Build *b = &c->builds[i];
		unsigned broken = recommend_broken_rules(c, r->use_case, b);
		if (!broken || !meets_needs(c, r->use_case, b)
		    || (r->best && !better_value(b, r->best, w)))
			continue;
		/* insert by value, keep the best RECOMMEND_MAX_EXCLUDED */
		size_t k = r->n_excluded;
		while (k > 0 && better_value(b, r->excluded[k - 1], w))
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
static void sensitivity(const Recommendation *r, Sensitivity *s)
{
	const Build *p = r->best, *q = r->runner_up;
	Workload w = r->use_case->workload;
	double budget = r->use_case->budget;
	double tie_p = p->perf[w] * q->cost / q->perf[w];
	double max_p = tie_p;
	s->pick_budget_bound = budget > 0 && budget < tie_p;
	if (s->pick_budget_bound)
		max_p = budget;
	double price_p = p->gpu_price->price;
	s->pick_max_price = price_p + (max_p - p->cost) / p->gpu_count;
	s->pick_rise = s->pick_max_price / price_p - 1;
	double tie_q = q->perf[w] * p->cost / p->perf[w];
	double price_q = q->gpu_price->price;
	s->runner_min_price = price_q - (q->cost - tie_q) / q->gpu_count;
	s->runner_fall = 1 - s->runner_min_price / price_q;
}

/* ---- the decision ------------------------------------------------------ */

/* The build to buy (Recommendation.buy): the best value, unless it ties
 * with the runner-up and the rule for ties takes the runner-up; the tie
 * is then described from the bought build's side. */
static void decide(const Costs *c, Recommendation *r)
{
	r->buy = r->best;
	r->other = r->runner_up;
	r->compared = r->best && r->runner_up;
	if (!r->compared)
		return;
	Workload w = r->use_case->workload;
	if (recommend_tie(c->perf, r->best, r->runner_up, w, &r->tie)
	    && r->tie.buy == r->runner_up) {
		r->buy = r->runner_up;
		r->other = r->best;
		recommend_tie(c->perf, r->buy, r->other, w, &r->tie);
	}
}

/* ---- GPU only --------------------------------------------------------- */

double recommend_gpu_value(const Build *b, Workload w)
{
	return b->perf[w] / (b->gpu_price->price * b->gpu_count);
}

static bool gpu_only_candidate(const Costs *c, const Build *b, Workload w,
                               double min_memory_gb, int condition)
{
	const Gpu *g = &c->perf->edition->gpus[b->gpu];
	return b->gpu_count == 1 && g->memory_gb >= min_memory_gb
	       && c->perf->gpus[w][b->gpu].rated
	       && (condition < 0 || b->condition == (Condition)condition)
	       && !(b->fit & FIT_MODULE);
}

static gint by_gpu_value(gconstpointer a, gconstpointer b, gpointer data)
{
	Workload w = *(const Workload *)data;
	const Build *x = *(const Build *const *)a, *y = *(const Build *const *)b;
	double vx = recommend_gpu_value(x, w), vy = recommend_gpu_value(y, w);
	if (vx != vy)
		return vx > vy ? -1 : 1;
	if (x->gpu != y->gpu)
		return x->gpu < y->gpu ? -1 : 1;
	return (int)x->condition - (int)y->condition;
}

size_t recommend_gpu_only(const Costs *c, Workload w, double min_memory_gb,
                          int condition, const Build ***builds)
{
	*builds = g_new0(const Build *, c->n_builds + 1);
	size_t n = 0;
	for (size_t i = 0; i < c->n_builds; i++)
		if (gpu_only_candidate(c, &c->builds[i], w, min_memory_gb,
		                       condition))
			(*builds)[n++] = &c->builds[i];
	g_qsort_with_data(*builds, (gint)n, sizeof **builds, by_gpu_value, &w);
	return n;
}

static void upgrade(const Costs *c, Recommendation *r)
{
	const UseCase *u = r->use_case;
	if (u->gpu_count != 1)
		return;
	const Build **list;
	size_t n = recommend_gpu_only(c, u->workload, u->min_memory_gb,
	                              u->condition, &list);
	for (size_t i = 0; i < n; i++) {
		if (u->budget > 0 && list[i]->gpu_price->price > u->budget)
			continue;
		if (!r->upgrade_best)
			r->upgrade_best = list[i];
		else if (!r->upgrade_runner_up) {
			r->upgrade_runner_up = list[i];
			break;
		}
	}
	g_free(list);
}

Recommendations *recommend_run(const Costs *c)
{
	const Edition *e = c->perf->edition;
	Recommendations *r = g_new0(Recommendations, 1);
	r->costs = c;
	r->n = e->n_use_cases;
	r->items = g_new0(Recommendation, r->n);
	for (size_t i = 0; i < r->n; i++) {
		Recommendation *x = &r->items[i];
		x->use_case = &e->use_cases[i];
		pick(c, x);
		excluded(c, x);
		if (x->best && x->runner_up)
			sensitivity(x, &x->sensitivity);
		decide(c, x);
		upgrade(c, x);
	}
	return r;
}

void recommendations_free(Recommendations *r)
{
	if (!r)
		return;
	g_free(r->items);
	g_free(r);
}

size_t recommend_best_builds(const Recommendations *recs,
                             const Build ***builds)
{
	*builds = g_new0(const Build *, recs->n + 1);
	size_t n = 0;
	for (size_t i = 0; i < recs->n; i++) {
		const Build *b = recs->items[i].buy;
		bool seen = false;
		for (size_t k = 0; k < n; k++)
			seen |= (*builds)[k] == b;
		if (b && !seen)
			(*builds)[n++] = b;
	}
	return n;
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
