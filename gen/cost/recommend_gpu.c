/* Recommendation stage: the GPU-only picks, for a reader who already
 * owns the PC (recommend_gpu_only, and each one-GPU use case's upgrade
 * pick).  See recommend.h; nothing here allocates what outlives a call
 * but recommend_gpu_only's list. */
#include "recommend.h"

#include <math.h>

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

/* Better GPU value first (vx of x, vy of y), then the earlier GPU, then
 * new before used. */
static gint compare_gpu_value(double vx, const Build *x, double vy,
                              const Build *y)
{
	if (vx != vy)
		return vx > vy ? -1 : 1;
	if (x->gpu != y->gpu)
		return x->gpu < y->gpu ? -1 : 1;
	return (int)x->condition - (int)y->condition;
}

/* The builds' GPU values, computed once for a sort (value[b - base]). */
typedef struct {
	const Build *base;
	const double *value;
} GpuValues;

static gint by_gpu_value(gconstpointer a, gconstpointer b, gpointer data)
{
	const GpuValues *v = data;
	const Build *x = *(const Build *const *)a, *y = *(const Build *const *)b;
	return compare_gpu_value(v->value[x - v->base], x,
	                         v->value[y - v->base], y);
}

size_t recommend_gpu_only(const Costs *c, Workload w, double min_memory_gb,
                          int condition, const Build ***builds)
{
	*builds = g_new0(const Build *, c->n_builds + 1);
	double *value = g_new(double, c->n_builds + 1);
	size_t n = 0;
	for (size_t i = cost_first_of_size(c, 1); i < c->n_builds;
	     i += cost_size_step(c))
		if (gpu_only_candidate(c, &c->builds[i], w, min_memory_gb,
		                       condition)) {
			value[i] = recommend_gpu_value(&c->builds[i], w);
			(*builds)[n++] = &c->builds[i];
		}
	GpuValues v = {c->builds, value};
	g_qsort_with_data(*builds, (gint)n, sizeof **builds, by_gpu_value, &v);
	g_free(value);
	return n;
}

/* The best and runner-up GPU-only builds of u within its budget, in
 * recommend_gpu_only's order, in one pass; FALSE when a value is NAN
 * (the order is then no total order: the sorted list decides). */
static bool upgrade_pass(const Costs *c, const UseCase *u,
                         const Build **best, const Build **second)
{
	Workload w = u->workload;
	for (size_t i = cost_first_of_size(c, 1); i < c->n_builds;
	     i += cost_size_step(c)) {
		const Build *b = &c->builds[i];
		if (!gpu_only_candidate(c, b, w, u->min_memory_gb, u->condition))
			continue;
		if (isnan(recommend_gpu_value(b, w)))
			return false;
		if (u->budget > 0 && b->gpu_price->price > u->budget)
			continue;
		double v = recommend_gpu_value(b, w);
		if (!*best || compare_gpu_value(v, b, recommend_gpu_value(*best, w),
		                                *best) < 0) {
			*second = *best;
			*best = b;
		} else if (!*second
		           || compare_gpu_value(v, b,
		                                recommend_gpu_value(*second, w),
		                                *second) < 0) {
			*second = b;
		}
	}
	return true;
}

void recommend_upgrade(const Costs *c, const UseCase *u, const Build **best,
                       const Build **runner_up)
{
	*best = *runner_up = NULL;
	if (u->gpu_count != 1 || upgrade_pass(c, u, best, runner_up))
		return;
	*best = *runner_up = NULL;
	const Build **list;
	size_t n = recommend_gpu_only(c, u->workload, u->min_memory_gb,
	                              u->condition, &list);
	for (size_t i = 0; i < n; i++) {
		if (u->budget > 0 && list[i]->gpu_price->price > u->budget)
			continue;
		if (!*best)
			*best = list[i];
		else if (!*runner_up) {
			*runner_up = list[i];
			break;
		}
	}
	g_free(list);
}
