/* Recommendation stage: is a pick a statistical tie with its runner-up,
 * and what tells them apart.  See recommend_tie.h. */
#include "recommend_tie.h"

const char *const recommend_tie_rule_ids[TIE_RULE_NONE + 1] = {
    "memory", "warranty", "power", "cost", "none"};

/* Applies the rule for ties (TieRule) to the pick and the runner-up. */
static void break_tie(const Build *best, const Build *runner_up,
                      RecommendTie *tie)
{
	bool runner_new = runner_up->condition == CONDITION_NEW;
	bool best_new = best->condition == CONDITION_NEW;
	double diff[] = {tie->memory_diff,
	                 (double)runner_new - (double)best_new,
	                 -tie->power_diff, -tie->cost_diff};
	tie->rule = TIE_RULE_NONE;
	tie->buy = best;
	for (int k = 0; k < TIE_RULE_NONE; k++) {
		if (diff[k] == 0)
			continue;
		tie->rule = (TieRule)k;
		tie->buy = diff[k] > 0 ? runner_up : best;
		return;
	}
}

/* A build's speed with its range, over its cost. */
static GpuPerf per_dollar(const GpuPerf *speed, const Build *b)
{
	GpuPerf d = *speed;
	d.value = speed->value / b->cost;
	d.low = speed->low / b->cost;
	d.high = speed->high / b->cost;
	d.rated = speed->rated && b->cost > 0 && isfinite(d.low)
	          && isfinite(d.high);
	return d;
}

/* The build's training speed on workload w as an interval: the GPU's
 * performance interval, scaled to the build. */
static GpuPerf training_speed(const Performance *perf, const Build *b,
                              Workload w)
{
	const GpuPerf *g = &perf->gpus[w][b->gpu];
	GpuPerf d = *g;
	double scale = g->value > 0 ? b->perf[w] / g->value : NAN;
	d.value = b->perf[w];
	d.low = g->low * scale;
	d.high = g->high * scale;
	return d;
}

bool recommend_tie(const Performance *perf, const Build *best,
                   const Build *runner_up, Workload w, RecommendTie *tie)
{
	if (!best || !runner_up) {
		*tie = (RecommendTie){0};
		return false;
	}
	GpuPerf a = training_speed(perf, best, w);
	GpuPerf b = training_speed(perf, runner_up, w);
	return recommend_tie_on(perf->edition, best, &a, runner_up, &b, tie);
}

bool recommend_tie_on(const Edition *e, const Build *best,
                      const GpuPerf *best_speed, const Build *runner_up,
                      const GpuPerf *runner_speed, RecommendTie *tie)
{
	*tie = (RecommendTie){0};
	if (!best || !runner_up)
		return false;
	GpuPerf a = per_dollar(best_speed, best);
	GpuPerf b = per_dollar(runner_speed, runner_up);
	const Gpu *ga = &e->gpus[best->gpu];
	const Gpu *gb = &e->gpus[runner_up->gpu];
	tie->best_low = a.low;
	tie->best_high = a.high;
	tie->runner_low = b.low;
	tie->runner_high = b.high;
	tie->tie = model_tie(&a, &b);
	tie->cost_diff = runner_up->cost - best->cost;
	tie->memory_diff = gb->memory_gb * runner_up->gpu_count
	                   - ga->memory_gb * best->gpu_count;
	tie->power_diff = runner_up->draw_w - best->draw_w;
	if (tie->tie)
		break_tie(best, runner_up, tie);
	return tie->tie;
}
