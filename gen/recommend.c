/* Recommendation stage.  See recommend.h. */
#include "recommend.h"

bool recommend_qualifies(const Costs *c, const UseCase *u, const Build *b)
{
	const Edition *e = c->perf->edition;
	const Gpu *g = &e->gpus[b->gpu];
	return b->gpu_count == u->gpu_count && g->memory_gb >= u->min_memory_gb
	       && c->perf->gpus[u->workload][b->gpu].rated
	       && (u->budget <= 0 || b->cost <= u->budget)
	       && (u->condition < 0
	           || c->prices[b->gpu].condition == (Condition)u->condition)
	       && !(b->fit & FIT_MODULE);
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

Recommendations *recommend_run(const Costs *c)
{
	const Edition *e = c->perf->edition;
	Recommendations *r = g_new0(Recommendations, 1);
	r->costs = c;
	r->n = e->n_use_cases;
	r->items = g_new0(Recommendation, r->n);
	for (size_t i = 0; i < r->n; i++) {
		r->items[i].use_case = &e->use_cases[i];
		pick(c, &r->items[i]);
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
		const Build *b = recs->items[i].best;
		bool seen = false;
		for (size_t k = 0; k < n; k++)
			seen |= (*builds)[k] == b;
		if (b && !seen)
			(*builds)[n++] = b;
	}
	return n;
}
