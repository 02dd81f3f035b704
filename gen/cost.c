/* Cost stage: mean prices, one-GPU system cost and performance per dollar
 * normalized to the reference GPU.  See cost.h. */
#include "cost.h"

#include "util.h"

/* Mean of g's prices in the given condition; 0 when there are none. */
static double mean_price(const Edition *e, size_t g, Condition condition,
                         size_t *count)
{
	double sum = 0;
	size_t n = 0;
	for (size_t i = 0; i < e->n_prices; i++)
		if (e->prices[i].gpu == g
		    && e->prices[i].condition == condition) {
			sum += e->prices[i].price;
			n++;
		}
	*count = n;
	return n ? sum / (double)n : 0;
}

static void price_gpu(const Edition *e, size_t g, GpuCost *c)
{
	c->condition = CONDITION_NEW;
	c->price = mean_price(e, g, CONDITION_NEW, &c->n_prices);
	if (c->n_prices == 0) {
		c->condition = CONDITION_USED;
		c->price = mean_price(e, g, CONDITION_USED, &c->n_prices);
	}
	c->has_price = c->n_prices > 0;
}

Costs *cost_run(const Performance *perf, GError **error)
{
	const Edition *e = perf->edition;
	const BaseSystem *one = edition_system(e, 1);
	Costs *costs = g_new0(Costs, 1);
	costs->perf = perf;
	costs->gpus = g_new0(GpuCost, e->n_gpus);
	for (size_t i = 0; i < e->n_gpus; i++) {
		GpuCost *c = &costs->gpus[i];
		price_gpu(e, i, c);
		if (c->has_price)
			c->system_cost = one->cost + c->price;
	}
	const GpuCost *ref = &costs->gpus[perf->reference];
	if (!ref->has_price) {
		char *path = g_build_filename(e->dir, "prices.csv", NULL);
		gg_set_input_error(error, path, 0, 0,
		                   "the reference GPU '%s' has no price",
		                   e->gpus[perf->reference].name);
		g_free(path);
		costs_free(costs);
		return NULL;
	}
	double ref_value = perf->gpus[perf->reference].value
	                   / ref->system_cost;
	for (size_t i = 0; i < e->n_gpus; i++) {
		GpuCost *c = &costs->gpus[i];
		if (c->has_price)
			c->per_dollar = perf->gpus[i].value / c->system_cost
			                / ref_value;
	}
	return costs;
}

void costs_free(Costs *c)
{
	if (!c)
		return;
	g_free(c->gpus);
	g_free(c);
}
