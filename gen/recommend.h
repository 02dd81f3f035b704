/* Recommendation stage: for every use case, the build with the best
 * performance per dollar that meets its memory, GPU-count and budget
 * and condition (new or used) needs, a runner-up, and the best absolute performance within budget.
 * In: const Costs.  Out: Recommendations, one per use case in file order.
 * Ownership: recommend_run returns Recommendations the caller frees with
 * recommendations_free; they point into the Costs. */
#ifndef GG_RECOMMEND_H
#define GG_RECOMMEND_H

#include "cost.h"

typedef struct {
	const UseCase *use_case;
	const Build *best;          /* NULL when nothing qualifies */
	const Build *runner_up;
	const Build *best_absolute;
	size_t n_candidates;
} Recommendation;

typedef struct {
	const Costs *costs;
	Recommendation *items;
	size_t n;
} Recommendations;

Recommendations *recommend_run(const Costs *costs);
void recommendations_free(Recommendations *r);

/* The recommended builds: the best value of each use case, each build
 * once, in use-case order.  Returns how many; *builds is owned by the
 * caller (g_free), its elements point into the Costs. */
size_t recommend_best_builds(const Recommendations *recs,
                             const Build ***builds);

/* True when the build may serve the use case: a rated GPU with enough
 * memory, the use case's GPU count, within budget, and not a module that
 * needs a server when the base system is a desktop. */
bool recommend_qualifies(const Costs *costs, const UseCase *u,
                         const Build *b);

#endif
