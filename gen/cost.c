/* Cost stage.  See cost.h. */
#include "cost.h"

#include "util.h"

#include <string.h>

const int BUILD_GPU_COUNTS[BUILD_SIZES] = {1, 2, 4, 8};

#define HOURS_PER_YEAR 8760.0 /* 24 x 365 */

/* ---- prices ---------------------------------------------------------- */

static void mean_price(const Edition *e, size_t g, Condition condition,
                       GpuPrice *out)
{
	double sum = 0;
	size_t n = 0;
	for (size_t i = 0; i < e->n_prices; i++) {
		const Price *p = &e->prices[i];
		if (p->gpu != g || p->condition != condition)
			continue;
		sum += p->price;
		n++;
		if (!out->latest_date
		    || strcmp(p->from.date, out->latest_date) > 0)
			out->latest_date = p->from.date;
	}
	out->n_prices = n;
	out->price = n ? sum / (double)n : 0;
	out->condition = condition;
	out->has_price = n > 0;
}

static void price_gpus(Costs *c)
{
	const Edition *e = c->perf->edition;
	c->prices = g_new0(GpuPrice, e->n_gpus);
	for (size_t g = 0; g < e->n_gpus; g++) {
		mean_price(e, g, CONDITION_NEW, &c->prices[g]);
		if (!c->prices[g].has_price)
			mean_price(e, g, CONDITION_USED, &c->prices[g]);
	}
}

/* ---- builds ---------------------------------------------------------- */

static const char *system_interconnect(const BaseSystem *s)
{
	static const char *const names[] = {"pcie1", "pcie2", "pcie3",
	                                    "pcie4", "pcie5", "pcie6"};
	return names[CLAMP(s->pcie_gen, 1, 6) - 1];
}

static unsigned physical_fit(const Gpu *g, const Build *b)
{
	const BaseSystem *s = b->system;
	unsigned fit = 0;
	if (g->slot_width == 0) /* a module, not a card */
		return FIT_MODULE;
	if (b->gpu_count * g->slot_width > s->gpu_slots)
		fit |= FIT_SLOTS;
	else if (b->gpu_count > 1 && g->cooler == COOLER_OPEN_AIR
	         && b->gpu_count * (g->slot_width + 1) - 1 > s->gpu_slots)
		fit |= FIT_NO_GAP;
	if (b->psu_w > s->psu_w) /* more than the base system's supply */
		fit |= FIT_POWER;
	return fit;
}

double cost_kwh_year(const Costs *c, const Build *b, double utilization)
{
	return (b->gpu_w + c->cpu_w) * utilization * HOURS_PER_YEAR / 1000;
}

static void power(const Costs *c, const Gpu *g, Build *b)
{
	b->gpu_w = b->gpu_count * g->tdp_w;
	b->draw_w = b->gpu_w + c->cpu_w + c->rest_w;
	b->psu_w = ceil(b->draw_w * (1 + c->psu_headroom) / c->psu_step_w)
	           * c->psu_step_w;
	b->kwh_year = cost_kwh_year(c, b, c->utilization);
	b->electricity_year = b->kwh_year * c->kwh_price;
	b->co2_kg_year = b->kwh_year * c->co2_per_kwh;
}

static void make_build(Costs *c, size_t g, int n, Build *b)
{
	const Edition *e = c->perf->edition;
	const Gpu *gpu = &e->gpus[g];
	b->gpu = g;
	b->gpu_count = n;
	b->system = edition_system(e, n);
	b->cost = b->system->cost + n * c->prices[g].price;
	const char *ic = system_interconnect(b->system);
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		double s = model_gpu_speedup(c->perf, n, ic, (Workload)w);
		if (isnan(s))
			s = n; /* no scaling figure at all: ideal scaling */
		b->perf[w] = c->perf->gpus[w][g].value * s;
		if (w == WORKLOAD_CNN)
			b->speedup = s;
	}
	power(c, gpu, b);
	b->fit = physical_fit(gpu, b);
}

static const Build *rank_base;
static Workload rank_workload;
static int by_per_dollar(const void *a, const void *b)
{
	const Build *x = &rank_base[*(const size_t *)a];
	const Build *y = &rank_base[*(const size_t *)b];
	double dx = x->per_dollar[rank_workload];
	double dy = y->per_dollar[rank_workload];
	if (dx != dy)
		return dx > dy ? -1 : 1;
	return (x->gpu > y->gpu) - (x->gpu < y->gpu);
}

/* Normalizes per-dollar figures to the reference GPU's build of each size
 * and ranks the builds of each size. */
static void normalize_and_rank(Costs *c)
{
	size_t *order = g_new(size_t, c->n_builds);
	for (int k = 0; k < BUILD_SIZES; k++) {
		int n = BUILD_GPU_COUNTS[k];
		const Build *ref = cost_build(c, c->perf->reference, n);
		for (int w = 0; w < WORKLOAD_COUNT; w++) {
			double ref_value = ref->perf[w] / ref->cost;
			size_t m = 0;
			for (size_t i = 0; i < c->n_builds; i++) {
				Build *b = &c->builds[i];
				if (b->gpu_count != n)
					continue;
				b->per_dollar[w] = b->perf[w] / b->cost
				                   / ref_value;
				order[m++] = i;
			}
			rank_base = c->builds;
			rank_workload = (Workload)w;
			qsort(order, m, sizeof *order, by_per_dollar);
			for (size_t r = 0; r < m; r++)
				c->builds[order[r]].rank[w] = (int)r + 1;
		}
	}
	rank_base = NULL;
	g_free(order);
}

static void make_builds(Costs *c)
{
	const Edition *e = c->perf->edition;
	GArray *list = g_array_new(FALSE, TRUE, sizeof(Build));
	for (size_t g = 0; g < e->n_gpus; g++) {
		if (!c->prices[g].has_price
		    || !c->perf->gpus[WORKLOAD_CNN][g].rated)
			continue;
		for (int k = 0; k < BUILD_SIZES; k++) {
			Build b = {0};
			make_build(c, g, BUILD_GPU_COUNTS[k], &b);
			g_array_append_val(list, b);
		}
	}
	c->n_builds = list->len;
	c->builds = (Build *)g_array_free(list, FALSE);
}

const Build *cost_build(const Costs *c, size_t gpu, int gpu_count)
{
	for (size_t i = 0; i < c->n_builds; i++)
		if (c->builds[i].gpu == gpu
		    && c->builds[i].gpu_count == gpu_count)
			return &c->builds[i];
	return NULL;
}

/* ---- cloud ----------------------------------------------------------- */

double cost_breakeven_days(const Costs *c, const Build *b,
                           const CloudOffer *offer, double utilization)
{
	double electricity_day = cost_kwh_year(c, b, utilization)
	                         * c->kwh_price / 365;
	double cloud_day = offer->price_per_hour * utilization * 24;
	if (cloud_day <= electricity_day)
		return INFINITY;
	return b->cost / (cloud_day - electricity_day);
}

const CloudOffer *cost_matching_cloud(const Costs *c, const Build *b)
{
	const Edition *e = c->perf->edition;
	const GpuPerf *perf = c->perf->gpus[WORKLOAD_CNN];
	const CloudOffer *cheapest = NULL, *fastest = NULL;
	for (size_t i = 0; i < e->n_cloud; i++) {
		const CloudOffer *o = &e->cloud[i];
		if (o->gpu_count != b->gpu_count || !perf[o->gpu].rated)
			continue;
		if (!fastest || perf[o->gpu].value > perf[fastest->gpu].value)
			fastest = o;
		if (perf[o->gpu].value >= 0.9 * perf[b->gpu].value
		    && (!cheapest || o->price_per_hour < cheapest->price_per_hour))
			cheapest = o;
	}
	return cheapest ? cheapest : fastest;
}

/* ---- the article's worked examples ------------------------------------ */

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
	if (!b && !*error) {
		char *path = g_build_filename(e->dir, "assumptions.csv", NULL);
		gg_set_input_error(error, path, 0, 0,
		                   "%s: no priced, rated %g-GPU build of '%s'",
		                   gpu_key, n, e->gpus[g].name);
		g_free(path);
	}
	return b;
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
		bool spot = o->pricing == PRICING_SPOT;
		if (strcmp(o->instance, inst) == 0
		    && strcmp(pricing, spot ? "spot" : "on-demand") == 0)
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
		gg_set_input_error(error, e->dir, 0, 0,
		                   "break-even example: no %g-GPU system or no "
		                   "price for %s", system_gpus, e->gpus[g].name);
		return false;
	}
	/* The desktop of the example: the base system with one GPU in it. */
	x->breakeven_offer = o;
	x->desktop_cost = s->cost + c->prices[g].price;
	double kwh = (e->gpus[g].tdp_w + c->cpu_w) * c->utilization
	             * HOURS_PER_YEAR / 1000;
	x->electricity_day = kwh * c->kwh_price / 365;
	x->cloud_day = o->price_per_hour * c->utilization * 24;
	x->breakeven_days = x->desktop_cost
	                    / (x->cloud_day - x->electricity_day);
	x->example_days = days;
	x->cloud_at_example = x->cloud_day * days;
	x->desktop_first_year = x->desktop_cost + kwh * c->kwh_price;
	x->breakeven_build = cost_build(c, (size_t)g, 1);
	return true;
}

static bool read_constants(Costs *c, GError **error)
{
	const Edition *e = c->perf->edition;
	return model_assumption(e, "cpu_w", &c->cpu_w, error)
	       && model_assumption(e, "system_rest_w", &c->rest_w, error)
	       && model_assumption(e, "psu_headroom", &c->psu_headroom, error)
	       && model_assumption(e, "psu_step_w", &c->psu_step_w, error)
	       && model_assumption(e, "standard_psu_max_w", &c->psu_max_w,
	                           error)
	       && model_assumption(e, "utilization", &c->utilization, error)
	       && model_assumption(e, "electricity_usd_per_kwh", &c->kwh_price,
	                           error)
	       && model_assumption(e, "grid_kg_co2_per_kwh", &c->co2_per_kwh,
	                           error);
}

Costs *cost_run(const Performance *perf, GError **error)
{
	const Edition *e = perf->edition;
	Costs *c = g_new0(Costs, 1);
	c->perf = perf;
	if (!read_constants(c, error)) {
		costs_free(c);
		return NULL;
	}
	price_gpus(c);
	if (!c->prices[perf->reference].has_price) {
		char *path = g_build_filename(e->dir, "prices.csv", NULL);
		gg_set_input_error(error, path, 0, 0,
		                   "the reference GPU '%s' has no price",
		                   e->gpus[perf->reference].name);
		g_free(path);
		costs_free(c);
		return NULL;
	}
	make_builds(c);
	normalize_and_rank(c);
	Examples *x = &c->examples;
	bool ok = theory_example(c, error) && cloud_example(c, error);
	if (ok) {
		x->power_build = build_assumption(c, "power_example_gpu",
		                                  "power_example_gpus", error);
		x->power_alt_build = x->power_build
		                         ? build_assumption(c,
		                               "power_example_alt_gpu",
		                               "power_example_gpus", error)
		                         : NULL;
		ok = x->power_alt_build != NULL;
	}
	if (!ok) {
		costs_free(c);
		return NULL;
	}
	return c;
}

void costs_free(Costs *c)
{
	if (!c)
		return;
	g_free(c->prices);
	g_free(c->builds);
	g_free(c);
}
