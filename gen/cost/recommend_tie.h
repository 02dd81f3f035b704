/* Recommendation stage, ties: whether two finalists are a statistical tie
 * on performance per dollar, what tells them apart, and the build the
 * guide's rule for ties buys.
 * In: const Performance and two Builds.  Out: RecommendTie, filled in
 * place (no allocation). */
#ifndef GG_RECOMMEND_TIE_H
#define GG_RECOMMEND_TIE_H

#include "cost.h"

/* The guide's rule for a tie, in order: more memory (it decides what a
 * build can run at all), then a new card's warranty over a used one, then
 * the lower power draw, then the lower cost.  TIE_RULE_* names the first
 * criterion on which the two builds differ. */
typedef enum {
	TIE_RULE_MEMORY,
	TIE_RULE_WARRANTY,
	TIE_RULE_POWER,
	TIE_RULE_COST,
	TIE_RULE_NONE /* the same on all four: the pick stays */
} TieRule;

typedef struct {
	bool tie;
	double best_low, best_high, runner_low, runner_high; /* per USD */
	double cost_diff, memory_diff, power_diff;
	/* when tie: the build the rule buys (the pick or the runner-up) and
	 * the criterion that decided */
	const Build *buy;
	TieRule rule;
} RecommendTie;

/* The ids of TieRule for the data export ("memory", ...). */
extern const char *const recommend_tie_rule_ids[TIE_RULE_NONE + 1];

/* Whether a pick and its runner-up are a statistical tie on workload w:
 * their performance-per-dollar intervals (the GPU's performance interval
 * over the build's cost) overlap (model_tie).  Whatever the answer, the
 * differences that decide between them, runner-up minus pick: cost
 * (USD), memory of all GPUs (GB) and system power draw (W); when they
 * tie, the build the tie rule (TieRule) buys, which does not depend on
 * which of the two is passed first. */
bool recommend_tie(const Performance *perf, const Build *best,
                   const Build *runner_up, Workload w, RecommendTie *tie);

/* The same on speeds given by the caller (any measure: training speed,
 * decode tokens/s), each with its range: the per-dollar intervals are
 * the speeds' over the builds' costs. */
bool recommend_tie_on(const Edition *e, const Build *best,
                      const GpuPerf *best_speed, const Build *runner_up,
                      const GpuPerf *runner_speed, RecommendTie *tie);

#endif
