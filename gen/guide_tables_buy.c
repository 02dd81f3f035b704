/* Guide tables about buying: performance per dollar (one table per
 * build size, and all sizes together), every build, the recommendations,
 * the cloud break-even and the purchase requests.  Each table is
 * described once (its Columns) and is both a Markdown table of the guide
 * and a file of the data export.  See guide_internal.h. */
#include "guide_internal.h"

#include "paths.h"
#include "util.h"

#include <math.h>
#include <string.h>

static const Column PER_DOLLAR[] = {
    {"gpu_count", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"gpu", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"rank_cnn", "table.rank", COL_INT, 0, 0, 'r', NULL, 0},
    {"per_dollar_cnn", "table.per_dollar_cnn", COL_NUMBER, 2, 4, 'r', NULL,
     0},
    {"rank_transformer", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"per_dollar_transformer", "table.per_dollar_transformer", COL_NUMBER,
     2, 4, 'r', NULL, 0},
    {"system_cost_usd", "table.system_cost", COL_MONEY, 0, 2, 'r', NULL, 0},
    {"gpu_price_usd", NULL, COL_MONEY, 0, 2, 'r', NULL, 0},
    {"price_condition", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"price_rows", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"fit_problems", "table.fit", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"build", "table.build", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"memory_gb", "table.memory", COL_NUMBER, 0, 0, 'l', "unit.gb", 0},
};

/* Performance per dollar with the interval of the GPU's performance. */
static void set_per_dollar(const Ctx *c, Table *t, const char *key,
                           const Build *b, Workload w)
{
	const GpuPerf *p = &c->perf->gpus[w][b->gpu];
	double v = b->per_dollar[w];
	if (p->rated && p->value > 0)
		table_set_interval(t, key, v, v * p->low / p->value,
		                   v * p->high / p->value);
	else
		table_set_number(t, key, v);
}

/* The builds of n GPUs, best performance per dollar (CNN) first. */
static Table *per_dollar_table(const Ctx *c, int n)
{
	char *name = g_strdup_printf("per_dollar_%dgpu", n);
	Table *t = table_new(name, PER_DOLLAR, G_N_ELEMENTS(PER_DOLLAR),
	                     "rank_cnn build memory_gb system_cost_usd "
	                     "per_dollar_cnn per_dollar_transformer "
	                     "fit_problems");
	g_free(name);
	const Build **list = g_new(const Build *, c->costs->n_builds + 1);
	size_t m = guide_builds_of_size(c, n, WORKLOAD_CNN, list);
	for (size_t i = 0; i < m; i++) {
		const Build *b = list[i];
		const GpuPrice *pr = b->gpu_price;
		table_add_row(t);
		table_set_number(t, "gpu_count", b->gpu_count);
		table_set_text(t, "gpu", c->e->gpus[b->gpu].name);
		table_set_number(t, "rank_cnn", b->rank[WORKLOAD_CNN]);
		set_per_dollar(c, t, "per_dollar_cnn", b, WORKLOAD_CNN);
		table_set_number(t, "rank_transformer",
		                 b->rank[WORKLOAD_TRANSFORMER]);
		set_per_dollar(c, t, "per_dollar_transformer", b,
		               WORKLOAD_TRANSFORMER);
		table_set_number(t, "system_cost_usd", b->cost);
		table_set_number(t, "gpu_price_usd", pr->price);
		table_set_text(t, "price_condition",
		               format_condition_id((int)pr->condition));
		table_set_number(t, "price_rows", (double)pr->n_prices);
		guide_set_fit(c, t, "fit_problems", b->fit);
		guide_set_build(c, t, "build", b);
		table_set_number(t, "memory_gb", c->e->gpus[b->gpu].memory_gb);
	}
	g_free(list);
	return t;
}

static const Column BUILDS[] = {
    {"gpu_count", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"gpu", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"base_system", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"system_cost_usd", NULL, COL_MONEY, 0, 2, 'r', NULL, 0},
    {"performance_cnn", NULL, COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"performance_transformer", NULL, COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"parallel_speedup", NULL, COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"gpu_w", NULL, COL_NUMBER, 0, 0, 'r', NULL, 0},
    {"system_draw_w", NULL, COL_NUMBER, 0, 0, 'r', NULL, 0},
    {"psu_w", NULL, COL_NUMBER, 0, 0, 'r', NULL, 0},
    {"fit_problems", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"kwh_per_year", NULL, COL_NUMBER, 0, 1, 'r', NULL, 0},
    {"electricity_usd_per_year", NULL, COL_MONEY, 0, 2, 'r', NULL, 0},
    {"co2_kg_per_year", NULL, COL_NUMBER, 0, 1, 'r', NULL, 0},
};

/* Data only: every build the cost stage priced. */
static Table *builds_table(const Ctx *c)
{
	Table *t = table_new("builds", BUILDS, G_N_ELEMENTS(BUILDS), NULL);
	for (size_t i = 0; i < c->costs->n_builds; i++) {
		const Build *b = &c->costs->builds[i];
		table_add_row(t);
		table_set_number(t, "gpu_count", b->gpu_count);
		table_set_text(t, "gpu", c->e->gpus[b->gpu].name);
		table_set_text(t, "base_system", b->system->name);
		table_set_number(t, "system_cost_usd", b->cost);
		table_set_number(t, "performance_cnn", b->perf[WORKLOAD_CNN]);
		table_set_number(t, "performance_transformer",
		                 b->perf[WORKLOAD_TRANSFORMER]);
		table_set_number(t, "parallel_speedup", b->speedup);
		table_set_number(t, "gpu_w", b->gpu_w);
		table_set_number(t, "system_draw_w", b->draw_w);
		table_set_number(t, "psu_w", b->psu_w);
		guide_set_fit(c, t, "fit_problems", b->fit);
		table_set_number(t, "kwh_per_year", b->kwh_year);
		table_set_number(t, "electricity_usd_per_year",
		                 b->electricity_year);
		table_set_number(t, "co2_kg_per_year", b->co2_kg_year);
	}
	return t;
}

static const Column RECOMMENDATIONS[] = {
    {"use_case", "table.use_case", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"min_memory_gb", "table.min_memory", COL_NUMBER, 0, 0, 'r', "unit.gb",
     0},
    {"workload", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"gpu_count", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"budget_usd", "table.budget", COL_MONEY, 0, 0, 'r', NULL, 0},
    {"condition", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"best_value", "table.best_value", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"runner_up", "table.runner_up", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"tie", "table.tie", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"fastest_within_budget", "table.best_absolute", COL_TEXT, 0, 0, 'l',
     NULL, 0},
    {"candidates", NULL, COL_INT, 0, 0, 'r', NULL, 0},
};

/* "tie" in the data when the pick and the runner-up overlap
 * (recommend_tie); the guide adds what decides between them. */
static void set_tie(const Ctx *c, Table *t, const Recommendation *r)
{
	RecommendTie tie;
	if (!r->best || !r->runner_up)
		return; /* nothing to compare: an em dash */
	if (!recommend_tie(c->perf, r->best, r->runner_up, r->use_case->workload,
	                   &tie)) {
		table_set_shown(t, "tie", "", S(c, "tie.none"));
		return;
	}
	char *diff = guide_tie_differences(c, &tie);
	table_take_shown(t, "tie", "tie", gg_fill2(S(c, "tie.cell"), diff, ""));
	g_free(diff);
}

static Table *recommendations_table(const Ctx *c)
{
	Table *t = table_new("recommendations", RECOMMENDATIONS,
	                     G_N_ELEMENTS(RECOMMENDATIONS), NULL);
	for (size_t i = 0; i < c->recs->n; i++) {
		const Recommendation *r = &c->recs->items[i];
		const UseCase *u = r->use_case;
		table_add_row(t);
		table_set_shown(t, "use_case", u->id,
		                format_use_case_title(c->s, u));
		table_set_number(t, "min_memory_gb", u->min_memory_gb);
		table_set_text(t, "workload", workload_name(u->workload));
		table_set_number(t, "gpu_count", u->gpu_count);
		if (u->budget > 0)
			table_set_number(t, "budget_usd", u->budget);
		else
			table_set_number_shown(t, "budget_usd", u->budget,
			                       S(c, "table.no_limit"));
		table_set_text(t, "condition",
		               format_condition_id(u->condition));
		guide_set_build(c, t, "best_value", r->best);
		guide_set_build(c, t, "runner_up", r->runner_up);
		set_tie(c, t, r);
		guide_set_build(c, t, "fastest_within_budget", r->best_absolute);
		table_set_number(t, "candidates", (double)r->n_candidates);
	}
	return t;
}

/* The utilizations of the break-even table are its days_at_* columns:
 * the one list, in the guide and in the data. */
static const Column BREAKEVEN[] = {
    {"build", "table.build", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"system_cost_usd", NULL, COL_MONEY, 0, 2, 'r', NULL, 0},
    {"provider", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"instance", "table.cloud", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"cloud_gpu", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"pricing", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"price_per_hour_usd", "table.price_hour", COL_PRICE, 2, 4, 'r', NULL,
     0},
    {"days_at_15", "table.days_at", COL_NUMBER, 0, 0, 'r', NULL, 0.15},
    {"days_at_35", "table.days_at", COL_NUMBER, 0, 0, 'r', NULL, 0.35},
    {"days_at_60", "table.days_at", COL_NUMBER, 0, 0, 'r', NULL, 0.60},
};

/* "Lambda 4x V100 (V100, on-demand)" in the language's words. */
static char *offer_shown(const Ctx *c, const CloudOffer *o)
{
	char *name = g_strdup_printf("%s %s", o->provider, o->instance);
	char *detail = gg_fill2(S(c, "format.pair"), c->e->gpus[o->gpu].name,
	                        S(c, o->pricing == PRICING_SPOT
	                                 ? "pricing.spot"
	                                 : "pricing.on_demand"));
	char *shown = gg_fill2(S(c, "format.aside"), name, detail);
	g_free(name);
	g_free(detail);
	return shown;
}

static void breakeven_row(const Ctx *c, Table *t, const Build *b,
                          const CloudOffer *o)
{
	table_add_row(t);
	guide_set_build(c, t, "build", b);
	table_set_number(t, "system_cost_usd", b->cost);
	table_set_text(t, "provider", o->provider);
	table_take_shown(t, "instance", o->instance, offer_shown(c, o));
	table_set_text(t, "cloud_gpu", c->e->gpus[o->gpu].name);
	table_set_text(t, "pricing", format_pricing_id(o->pricing));
	table_set_number(t, "price_per_hour_usd", o->price_per_hour);
	for (size_t k = 0; k < G_N_ELEMENTS(BREAKEVEN); k++)
		if (BREAKEVEN[k].arg > 0)
			table_set_number(t, BREAKEVEN[k].key,
			                 ceil(cost_breakeven_days(
			                     c->costs, b, o, BREAKEVEN[k].arg)));
}

/* Each recommended build against every cloud offer of as many GPUs. */
static Table *breakeven_table(const Ctx *c)
{
	Table *t = table_new("breakeven", BREAKEVEN, G_N_ELEMENTS(BREAKEVEN),
	                     "build instance price_per_hour_usd days_at_15 "
	                     "days_at_35 days_at_60");
	const Build **builds = NULL;
	size_t n = recommend_best_builds(c->recs, &builds);
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < c->e->n_cloud; k++)
			if (c->e->cloud[k].gpu_count == builds[i]->gpu_count)
				breakeven_row(c, t, builds[i], &c->e->cloud[k]);
	g_free(builds);
	return t;
}

static const Column REQUESTS[] = {
    {"build", "table.build", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"serves", "table.serves", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"system_cost_usd", "table.system_cost", COL_MONEY, 0, 2, 'r', NULL, 0},
    {"request", "table.request", COL_TEXT, 0, 0, 'l', NULL, 0},
};

/* The use cases build is the best value for: ids for the data, titles
 * for the guide. */
static void serves_cell(const Ctx *c, Table *t, const Build *build)
{
	GString *ids = g_string_new(NULL);
	char *titles = NULL;
	for (size_t k = 0; k < c->recs->n; k++) {
		const UseCase *u = c->recs->items[k].use_case;
		if (c->recs->items[k].best != build)
			continue;
		g_string_append_printf(ids, "%s%s", ids->len ? " " : "", u->id);
		const char *title = format_use_case_title(c->s, u);
		char *joined = titles ? gg_fill2(S(c, "format.list"), titles, title)
		                      : g_strdup(title);
		g_free(titles);
		titles = joined;
	}
	table_take_shown(t, "serves", ids->str, titles ? titles : g_strdup(""));
	g_string_free(ids, TRUE);
}

/* The purchase-request PDFs, one per recommended build. */
static Table *requests_table(const Ctx *c)
{
	Table *t = table_new("requests", REQUESTS, G_N_ELEMENTS(REQUESTS),
	                     NULL);
	const Build **builds = NULL;
	size_t n = recommend_best_builds(c->recs, &builds);
	for (size_t i = 0; i < n; i++) {
		table_add_row(t);
		guide_set_build(c, t, "build", builds[i]);
		serves_cell(c, t, builds[i]);
		table_set_number(t, "system_cost_usd", builds[i]->cost);
		char *stem = format_build_stem(c->e, builds[i]);
		char *url = paths_request(stem);
		g_free(stem);
		table_set_link(t, "request", url, S(c, "table.request_pdf"), url);
		g_free(url);
	}
	g_free(builds);
	return t;
}

void guide_add_buying_tables(const Ctx *c, Values *v, GPtrArray *tables)
{
	Table *all = NULL;
	for (int k = 0; k < BUILD_SIZES; k++) {
		Table *t = per_dollar_table(c, BUILD_GPU_COUNTS[k]);
		if (!all)
			all = table_new("per_dollar", PER_DOLLAR,
			                G_N_ELEMENTS(PER_DOLLAR), "");
		table_append(all, t);
		guide_add_table(c, v, tables, t);
	}
	guide_add_table(c, v, tables, all);
	guide_add_table(c, v, tables, builds_table(c));
	guide_add_table(c, v, tables, recommendations_table(c));
	guide_add_table(c, v, tables, breakeven_table(c));
	guide_add_table(c, v, tables, requests_table(c));
}
