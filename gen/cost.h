/* Cost stage: what each GPU costs and how much performance a dollar buys.
 * In: const Performance (and through it the Edition).  Out: Costs, one row
 * per GPU in Edition order.
 * Ownership: cost_run returns Costs the caller frees with costs_free; it
 * points into the Performance, which must outlive it. */
#ifndef GG_COST_H
#define GG_COST_H

#include "model.h"

typedef struct {
	bool has_price;
	double price;        /* mean of the price rows of `condition` */
	Condition condition; /* new when any new price exists, else used */
	size_t n_prices;
	double system_cost;  /* base system for one GPU plus the GPU */
	double per_dollar;   /* performance per system dollar, reference = 1 */
} GpuCost;

typedef struct {
	const Performance *perf;
	GpuCost *gpus;
} Costs;

Costs *cost_run(const Performance *perf, GError **error);
void costs_free(Costs *c);

#endif
