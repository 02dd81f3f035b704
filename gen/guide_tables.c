/* Guide tables: every table of the guide as Markdown.  See
 * guide_internal.h. */
#include "guide_internal.h"

#include <math.h>
#include <string.h>
/* ---- tables: a growable list of rows of owned cells -------------------- */

typedef struct {
	GPtrArray *rows; /* char ** of n_cols cells */
	size_t n_cols;
} Rows;

static Rows rows_new(size_t n_cols)
{
	return (Rows){g_ptr_array_new(), n_cols};
}

/* Adds a row of n_cols cells, each already Markdown, taking ownership. */
static void rows_add(Rows *r, char **cells)
{
	g_ptr_array_add(r->rows, g_memdup2(cells, sizeof(char *) * r->n_cols));
}

static char *rows_table(Rows *r, const char *const *header,
                        const char *align)
{
	char *md = md_table(header, align, (char ***)r->rows->pdata,
	                    r->rows->len);
	for (guint i = 0; i < r->rows->len; i++) {
		char **cells = r->rows->pdata[i];
		for (size_t k = 0; k < r->n_cols; k++)
			g_free(cells[k]);
		g_free(cells);
	}
	g_ptr_array_free(r->rows, TRUE);
	return md;
}


static char *fit_md(const Ctx *c, unsigned fit)
{
	if (!fit)
		return g_strdup(S(c, "fit.ok"));
	GString *s = g_string_new(NULL);
	static const struct {
		unsigned flag;
		const char *key;
	} flags[] = {{FIT_SLOTS, "fit.slots"},
	             {FIT_NO_GAP, "fit.no_gap"},
	             {FIT_POWER, "fit.power"},
	             {FIT_MODULE, "fit.module"}};
	for (size_t i = 0; i < G_N_ELEMENTS(flags); i++)
		if (fit & flags[i].flag)
			g_string_append_printf(s, "%s%s", s->len ? "; " : "",
			                       S(c, flags[i].key));
	char *md = md_escape(s->str);
	g_string_free(s, TRUE);
	return md;
}


static char *per_dollar_table(const Ctx *c, int n)
{
	const char *header[] = {S(c, "table.rank"), S(c, "table.build"),
	                        S(c, "table.memory"), S(c, "table.system_cost"),
	                        S(c, "table.per_dollar_cnn"),
	                        S(c, "table.per_dollar_transformer"),
	                        S(c, "table.fit")};
	const Build **list = g_new(const Build *, c->costs->n_builds + 1);
	size_t m = guide_builds_of_size(c, n, WORKLOAD_CNN, list);
	Rows r = rows_new(G_N_ELEMENTS(header));
	for (size_t i = 0; i < m; i++) {
		const Build *b = list[i];
		char *cells[] = {
		    g_strdup_printf("%d", b->rank[WORKLOAD_CNN]), guide_build_md(c, b),
		    guide_gigabytes(c, c->e->gpus[b->gpu].memory_gb),
		    guide_md_money(c, b->cost),
		    num(c, b->per_dollar[WORKLOAD_CNN], 2),
		    num(c, b->per_dollar[WORKLOAD_TRANSFORMER], 2),
		    fit_md(c, b->fit)};
		rows_add(&r, cells);
	}
	g_free(list);
	return rows_table(&r, header, "rllrrrl");
}



static char *performance_table(const Ctx *c)
{
	const char *header[] = {S(c, "table.gpu"), S(c, "table.memory"),
	                        S(c, "table.bandwidth"), S(c, "table.cnn"),
	                        S(c, "table.transformer"), S(c, "table.kind")};
	Rows r = rows_new(G_N_ELEMENTS(header));
	for (size_t g = 0; g < c->e->n_gpus; g++) {
		const Gpu *gpu = &c->e->gpus[g];
		const GpuPerf *pc = &c->perf->gpus[WORKLOAD_CNN][g];
		const GpuPerf *pt = &c->perf->gpus[WORKLOAD_TRANSFORMER][g];
		char *cells[] = {
		    guide_gpu_md(c, g), guide_gigabytes(c, gpu->memory_gb),
		    num(c, gpu->bandwidth_gbs, 0),
		    pc->rated ? num(c, pc->value, 2) : g_strdup("\xE2\x80\x94"),
		    pt->rated ? num(c, pt->value, 2) : g_strdup("\xE2\x80\x94"),
		    g_strdup(pc->rated ? guide_kind_text(c, pc->kind)
		                       : S(c, "kind.not_rated"))};
		rows_add(&r, cells);
	}
	return rows_table(&r, header, "lrrrrl");
}

static char *validation_table(const Ctx *c)
{
	const char *header[] = {S(c, "table.gpu"), S(c, "table.workload"),
	                        S(c, "table.benchmarks"), S(c, "table.fitted"),
	                        S(c, "table.held_out"), S(c, "table.error")};
	Rows r = rows_new(G_N_ELEMENTS(header));
	for (int w = 0; w < WORKLOAD_COUNT; w++)
		for (size_t g = 0; g < c->e->n_gpus; g++) {
			const GpuPerf *p = &c->perf->gpus[w][g];
			if (isnan(p->loo_error))
				continue;
			char *cells[] = {
			    guide_gpu_md(c, g), g_strdup(S(c, w == WORKLOAD_CNN
			                                     ? "workload.cnn"
			                                     : "workload.transformer")),
			    g_strdup_printf("%zu", p->n_benchmarks),
			    num(c, p->value, 2), num(c, p->loo_value, 2),
			    guide_md_percent(c, p->loo_error, 1)};
			rows_add(&r, cells);
		}
	return rows_table(&r, header, "llrrrr");
}

static char *recommendations_table(const Ctx *c)
{
	const char *header[] = {S(c, "table.use_case"), S(c, "table.min_memory"),
	                        S(c, "table.budget"), S(c, "table.best_value"),
	                        S(c, "table.runner_up"),
	                        S(c, "table.best_absolute")};
	Rows r = rows_new(G_N_ELEMENTS(header));
	for (size_t i = 0; i < c->recs->n; i++) {
		const Recommendation *rec = &c->recs->items[i];
		const UseCase *u = rec->use_case;
		char *cells[] = {
		    md_escape(format_use_case_title(c->s, u)),
		    guide_gigabytes(c, u->min_memory_gb),
		    u->budget > 0 ? guide_md_money(c, u->budget)
		                  : g_strdup(S(c, "table.no_limit")),
		    guide_build_md(c, rec->best), guide_build_md(c, rec->runner_up),
		    guide_build_md(c, rec->best_absolute)};
		rows_add(&r, cells);
	}
	return rows_table(&r, header, "lrrlll");
}

static char *claims_table(const Ctx *c)
{
	const char *header[] = {S(c, "table.comparison"), S(c, "table.raw"),
	                        S(c, "table.ours"), S(c, "table.article"),
	                        S(c, "table.difference"), S(c, "table.why")};
	Rows r = rows_new(G_N_ELEMENTS(header));
	const Edition *e = c->e;
	for (size_t i = 0; i < e->n_assumptions; i++) {
		const Assumption *a = &e->assumptions[i];
		if (!a->is_number)
			continue;
		double ours = NAN, raw = NAN;
		char *what = NULL;
		if (g_str_has_prefix(a->key, "article.debiased.")) {
			const char *net = a->key + strlen("article.debiased.");
			long g = edition_find_gpu(e, c->costs->examples.theory_gpu);
			long ref = edition_find_gpu(
			    e, c->costs->examples.theory_reference);
			PairClaim pc;
			if (model_pair_claim(c->perf, (size_t)g, (size_t)ref, net,
			                     &pc)) {
				ours = pc.debiased;
				raw = pc.raw;
			}
			what = g_strdup_printf("%s / %s, %s",
			                       e->gpus[g].name, e->gpus[ref].name,
			                       net);
		} else if (g_str_has_prefix(a->key, "article.relative.")) {
			const char *wl = a->key + strlen("article.relative.");
			const Assumption *ga = edition_assumption(e, "perf_claim_gpu");
			const Assumption *ra =
			    edition_assumption(e, "perf_claim_reference");
			long g = ga ? edition_find_gpu(e, ga->value) : -1;
			long ref = ra ? edition_find_gpu(e, ra->value) : -1;
			Workload w = strcmp(wl, "cnn") == 0 ? WORKLOAD_CNN
			                                    : WORKLOAD_TRANSFORMER;
			if (g >= 0 && ref >= 0) {
				ours = c->perf->gpus[w][g].value
				       / c->perf->gpus[w][ref].value;
				what = g_strdup_printf("%s / %s, %s",
				                       e->gpus[g].name,
				                       e->gpus[ref].name, wl);
			}
		}
		if (!what)
			continue;
		char *cells[] = {md_escape(what), num(c, raw, 2), num(c, ours, 2),
		                 num(c, a->number, 2),
		                 guide_md_percent(c, ours / a->number - 1, 1),
		                 md_escape(a->from.note)};
		rows_add(&r, cells);
		g_free(what);
	}
	return rows_table(&r, header, "lrrrrl");
}

static char *assumptions_table(const Ctx *c)
{
	const char *header[] = {S(c, "table.key"), S(c, "table.value"),
	                        S(c, "table.unit"), S(c, "table.meaning"),
	                        S(c, "table.source")};
	Rows r = rows_new(G_N_ELEMENTS(header));
	for (size_t i = 0; i < c->e->n_assumptions; i++) {
		const Assumption *a = &c->e->assumptions[i];
		char *meaning = a->from.estimate
		                    ? g_strdup_printf("%s (%s)", a->meaning,
		                                      a->from.note)
		                    : g_strdup(a->meaning);
		char *cells[] = {md_escape(a->key), md_escape(a->value),
		                 md_escape(a->unit), md_escape(meaning),
		                 md_escape(a->from.source)};
		g_free(meaning);
		rows_add(&r, cells);
	}
	return rows_table(&r, header, "lrlll");
}

static void add_source(GPtrArray *list, GHashTable *seen, const Provenance *p)
{
	char *key = g_strdup_printf("%s\x1f%s\x1f%s", p->source, p->url, p->date);
	if (g_hash_table_contains(seen, key)) {
		g_free(key);
		return;
	}
	g_hash_table_add(seen, key);
	g_ptr_array_add(list, (gpointer)p);
}

static int by_source(const void *a, const void *b)
{
	const Provenance *x = *(Provenance *const *)a;
	const Provenance *y = *(Provenance *const *)b;
	int d = strcmp(x->source, y->source);
	return d ? d : strcmp(x->date, y->date);
}

static char *sources_table(const Ctx *c)
{
	const Edition *e = c->e;
	GPtrArray *list = g_ptr_array_new();
	GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal,
	                                         g_free, NULL);
#define ADD_ALL(arr, n)                                                     \
	for (size_t i = 0; i < e->n; i++)                                   \
		add_source(list, seen, &e->arr[i].from)
	ADD_ALL(gpus, n_gpus);
	ADD_ALL(prices, n_prices);
	ADD_ALL(systems, n_systems);
	ADD_ALL(benchmarks, n_benchmarks);
	ADD_ALL(assumptions, n_assumptions);
	ADD_ALL(use_cases, n_use_cases);
	ADD_ALL(cloud, n_cloud);
#undef ADD_ALL
	g_ptr_array_sort(list, by_source);
	const char *header[] = {S(c, "table.source"), S(c, "table.date")};
	Rows r = rows_new(2);
	for (guint i = 0; i < list->len; i++) {
		const Provenance *p = list->pdata[i];
		char *src = md_escape(p->source);
		char *cell;
		if (*p->url && (g_str_has_prefix(p->url, "https://")
		                || g_str_has_prefix(p->url, "http://"))) {
			char *url = md_escape(p->url);
			cell = g_strdup_printf("[%s](%s)", src, url);
			g_free(url);
			g_free(src);
		} else {
			cell = src;
		}
		char *cells[] = {cell, md_escape(p->date)};
		rows_add(&r, cells);
	}
	g_ptr_array_free(list, TRUE);
	g_hash_table_destroy(seen);
	return rows_table(&r, header, "ll");
}

static char *breakeven_table(const Ctx *c)
{
	const char *header[] = {S(c, "table.build"), S(c, "table.cloud"),
	                        S(c, "table.price_hour"),
	                        S(c, "table.days_15"), S(c, "table.days_35"),
	                        S(c, "table.days_60")};
	const double util[] = {0.15, 0.35, 0.60};
	Rows r = rows_new(G_N_ELEMENTS(header));
	const Build **builds = NULL;
	size_t n = recommend_best_builds(c->recs, &builds);
	for (size_t i = 0; i < n; i++) {
		const Build *b = builds[i];
		for (size_t k = 0; k < c->e->n_cloud; k++) {
			const CloudOffer *o = &c->e->cloud[k];
			if (o->gpu_count != b->gpu_count)
				continue;
			char *offer = g_strdup_printf(
			    "%s %s (%s, %s)", o->provider, o->instance,
			    c->e->gpus[o->gpu].name,
			    o->pricing == PRICING_SPOT ? "spot" : "on-demand");
			char *cells[6] = {guide_build_md(c, b), md_escape(offer),
			                  guide_md_price(c, o->price_per_hour)};
			g_free(offer);
			for (int u = 0; u < 3; u++)
				cells[3 + u] = num(
				    c, ceil(cost_breakeven_days(c->costs, b, o,
				                                util[u])), 0);
			rows_add(&r, cells);
		}
	}
	g_free(builds);
	return rows_table(&r, header, "llrrrr");
}

/* Purchase-request PDFs, one per recommended build. */
static char *requests_table(const Ctx *c)
{
	const char *header[] = {S(c, "table.build"), S(c, "table.serves"),
	                        S(c, "table.system_cost"),
	                        S(c, "table.request")};
	Rows r = rows_new(G_N_ELEMENTS(header));
	const Build **builds = NULL;
	size_t n = recommend_best_builds(c->recs, &builds);
	for (size_t i = 0; i < n; i++) {
		GString *uses = g_string_new(NULL);
		for (size_t k = 0; k < c->recs->n; k++) {
			if (c->recs->items[k].best != builds[i])
				continue;
			g_string_append_printf(
			    uses, "%s%s", uses->len ? "; " : "",
			    format_use_case_title(c->s, c->recs->items[k].use_case));
		}
		char *stem = format_build_stem(c->e, builds[i]);
		char *cells[] = {guide_build_md(c, builds[i]), md_escape(uses->str),
		                 guide_md_money(c, builds[i]->cost),
		                 g_strdup_printf("[%s](requests/%s.pdf)",
		                                 S(c, "table.request_pdf"), stem)};
		rows_add(&r, cells);
		g_free(stem);
		g_string_free(uses, TRUE);
	}
	g_free(builds);
	return rows_table(&r, header, "llrl");
}

static char *memory_table(const Ctx *c)
{
	const char *header[] = {S(c, "table.use_case"), S(c, "table.min_memory"),
	                        S(c, "table.workload"), S(c, "table.gpus")};
	Rows r = rows_new(G_N_ELEMENTS(header));
	for (size_t i = 0; i < c->e->n_use_cases; i++) {
		const UseCase *u = &c->e->use_cases[i];
		char *cells[] = {
		    md_escape(format_use_case_title(c->s, u)),
		    guide_gigabytes(c, u->min_memory_gb),
		    g_strdup(S(c, u->workload == WORKLOAD_CNN
		                      ? "workload.cnn"
		                      : "workload.transformer")),
		    g_strdup_printf("%d", u->gpu_count)};
		rows_add(&r, cells);
	}
	return rows_table(&r, header, "lrlr");
}

void guide_add_tables(const Ctx *c, Values *v)
{
	for (int k = 0; k < BUILD_SIZES; k++) {
		int n = BUILD_GPU_COUNTS[k];
		char *name = g_strdup_printf("per_dollar_%dgpu", n);
		values_set_table(v, name, per_dollar_table(c, n));
		g_free(name);
	}
	values_set_table(v, "performance", performance_table(c));
	values_set_table(v, "validation", validation_table(c));
	values_set_table(v, "recommendations", recommendations_table(c));
	values_set_table(v, "claims", claims_table(c));
	values_set_table(v, "assumptions", assumptions_table(c));
	values_set_table(v, "sources", sources_table(c));
	values_set_table(v, "breakeven", breakeven_table(c));
	values_set_table(v, "memory", memory_table(c));
	values_set_table(v, "requests", requests_table(c));
}
