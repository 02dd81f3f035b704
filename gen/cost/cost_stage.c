/* Cost stage entry: the builds and their costs (cost.c), then the
 * article's worked examples on them (cost_examples.c), so that the
 * examples call the cost model and not the other way round.  See
 * cost.h. */
#include "cost.h"

Costs *cost_run(const Performance *perf, GError **error)
{
	Costs *c = cost_compute(perf, error);
	if (c && !cost_examples_run(c, error)) {
		costs_free(c);
		return NULL;
	}
	return c;
}
