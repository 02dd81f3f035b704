/* Cost stage, the article's worked examples: the theoretical speed-up,
 * the cycle count, the power example and the cloud break-even example,
 * each from assumptions.csv.  See cost.h (cost_examples_run). */
#include "cost.h"

#include "cloud.h"
#include "util.h"

#include <string.h>

#define HOURS_PER_YEAR 8760.0 /* 24 x 365 */

static const char *text_assumption(const Edition *e, const char *key,
                                   GError **error)
{
	const Assumption *a = edition_assumption(e, key);
	if (!a && error && !*error) {
		char *path = g_build_filename(e->dir, "assumptions.csv", NULL);
		gg_set_input_error(error, path, 0, 0,
		                   "missing assumption '%s'", key);
		g_free(path);
	}
	return a ? a->value : NULL;
}

/* The GPU named by a text assumption; -1 with an error when unknown. */
static long gpu_assumption(const Edition *e, const char *key, GError **error)
{
	const char *name = text_assumption(e, key, error);
	if (!name)
		return -1;
	long g = edition_find_gpu(e, name);
	if (g < 0 && error && !*error) {
		const Assumption *a = edition_assumption(e, key);
		char *path = g_build_filename(e->dir, "assumptions.csv", NULL);
		gg_set_input_error(error, path, a->from.line, a->value_col,
		                   "%s '%s' is not in gpus.csv", key, name);
		g_free(path);
	}
	return g;
}

static const Build *build_assumption(const Costs *c, const char *gpu_key,
                                     const char *count_key, GError **error)
{
	const Edition *e = c->perf->edition;
	long g = gpu_assumption(e, gpu_key, error);
	double n = 0;
	if (g < 0 || !model_assumption(e, count_key, &n, error))
		return NULL;
	const Build *b = cost_build(c, (size_t)g, (int)n);
	if (!b && (!error || !*error)) {
		char *path = g_build_filename(e->dir, "assumptions.csv", NULL);
		gg_set_input_error(error, path, 0, 0,
		                   "%s: no priced, rated %g-GPU build of '%s'",
		                   gpu_key, n, e->gpus[g].name);
		g_free(path);
	}
	return b;
}

/* In a market's edition (cost.h, "markets") the example rents from the
 * market's offers: the cheapest bookable on-demand one-GPU instance of
 * the example's GPU, so the example does not mix markets; NULL when the
 * market has none (then the assumption's offer, converted, stands). */
static const CloudOffer *market_offer(const Costs *c, size_t gpu)
{
	const CloudOffer *best = NULL;
	if (!c->perf->edition->market)
		return NULL;
	for (size_t i = 0; i < c->n_cloud; i++) {
		const CloudOffer *o = &c->cloud[i];
		if (o->gpu == gpu && o->gpu_count == 1
		    && o->pricing == PRICING_ON_DEMAND
		    && cloud_offer_bookable(o)
		    && (!best || o->price_per_hour < best->price_per_hour))
			best = o;
	}
	return best;
}

static const CloudOffer *offer_assumption(const Edition *e, GError **error)
{
	const char *inst = text_assumption(e, "cloud_example_instance", error);
	const char *pricing = text_assumption(e, "cloud_example_pricing",
	                                      error);
	if (!inst || !pricing)
		return NULL;
	for (size_t i = 0; i < e->n_cloud; i++) {
		const CloudOffer *o = &e->cloud[i];
		if (strcmp(o->instance, inst) == 0
		    && strcmp(pricing, edition_pricing_ids[o->pricing]) == 0)
			return o;
	}
	char *path = g_build_filename(e->dir, "assumptions.csv", NULL);
	gg_set_input_error(error, path, 0, 0,
	                   "cloud_example_instance '%s' (%s) is not in "
	                   "cloud.csv", inst, pricing);
	g_free(path);
	return NULL;
}

static bool theory_example(Costs *c, GError **error)
{
	const Edition *e = c->perf->edition;
	Examples *x = &c->examples;
	long g = gpu_assumption(e, "theory_example_gpu", error);
	long r = gpu_assumption(e, "theory_example_reference", error);
	if (g < 0 || r < 0)
		return false;
	x->theory_gpu = e->gpus[g].name;
	x->theory_reference = e->gpus[r].name;
	x->theory_ratio = e->gpus[g].bandwidth_gbs / e->gpus[r].bandwidth_gbs;
	model_speedup_range(e, &e->gpus[g], &e->gpus[r], &x->theory_low,
	                    &x->theory_high);
	double global, shared, ffma, tensor, ops;
	if (!model_assumption(e, "cycles_global", &global, error)
	    || !model_assumption(e, "cycles_shared", &shared, error)
	    || !model_assumption(e, "cycles_ffma", &ffma, error)
	    || !model_assumption(e, "cycles_tensor", &tensor, error)
	    || !model_assumption(e, "cycle_example_ops_per_sm", &ops, error))
		return false;
	/* Without tensor cores every SM reads shared memory and runs an FFMA
	 * per dot product; with them one shared-memory transfer feeds one
	 * tensor-core step. */
	x->cycles_without = (int)(global + ops * shared + ops * ffma);
	x->cycles_with = (int)(global + shared + tensor);
	return true;
}

static bool cloud_example(Costs *c, GError **error)
{
	const Edition *e = c->perf->edition;
	Examples *x = &c->examples;
	long g = gpu_assumption(e, "breakeven_example_gpu", error);
	double system_gpus, days;
	const CloudOffer *o = offer_assumption(e, error);
	if (g < 0 || !o
	    || !model_assumption(e, "breakeven_example_system_gpus",
	                         &system_gpus, error)
	    || !model_assumption(e, "cloud_example_days", &days, error))
		return false;
	const BaseSystem *s = edition_system(e, (int)system_gpus);
	if (!s || !c->prices[g].has_price) {
		char *path = g_build_filename(e->dir, "prices.csv", NULL);
		gg_set_input_error(error, path, 0, 0,
		                   "break-even example: no %g-GPU system or no "
		                   "current price for %s", system_gpus,
		                   e->gpus[g].name);
		g_free(path);
		return false;
	}
	/* The desktop of the example: the base system with one GPU in it;
	 * in a market's edition its one-GPU build as that market pays it
	 * (VAT, whole units) and the market's own offer. */
	const CloudOffer *mo = market_offer(c, (size_t)g);
	const Build *mb = cost_build(c, (size_t)g, 1);
	if (mo)
		o = mo;
	x->breakeven_offer = o;
	x->desktop_cost = e->market && mb ? mb->cost
	                                  : s->cost + c->prices[g].price;
	double kwh = (e->gpus[g].tdp_w + c->cpu_w) * c->utilization
	             * HOURS_PER_YEAR / 1000;
	x->electricity_day = kwh * c->kwh_price / 365;
	x->cloud_day = o->price_per_hour * c->utilization * 24;
	/* never negative: a cloud day cheaper than the electricity means the
	 * desktop never pays for itself */
	x->breakeven_days = x->cloud_day > x->electricity_day
	                        ? x->desktop_cost
	                              / (x->cloud_day - x->electricity_day)
	                        : INFINITY;
	x->example_days = days;
	x->cloud_at_example = x->cloud_day * days;
	x->desktop_first_year = x->desktop_cost + kwh * c->kwh_price;
	x->breakeven_build = cost_build(c, (size_t)g, 1);
	return true;
}

bool cost_examples_run(Costs *c, GError **error)
{
	Examples *x = &c->examples;
	if (!theory_example(c, error) || !cloud_example(c, error))
		return false;
	x->power_build = build_assumption(c, "power_example_gpu",
	                                  "power_example_gpus", error);
	x->power_alt_build = x->power_build
	                         ? build_assumption(c, "power_example_alt_gpu",
	                                            "power_example_gpus", error)
	                         : NULL;
	return x->power_alt_build != NULL;
}
