/* Guide stage: results to template values.  See guide.h. */
#include "guide.h"

#include "request.h"

#include "util.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
	const Recommendations *recs;
	const Costs *costs;
	const Performance *perf;
	const Edition *e;
	const Lang *s;
	GError **error;
} Ctx;

static const char *S(const Ctx *c, const char *key)
{
	return lang_need(c->s, key, c->error);
}

/* ---- formatting ------------------------------------------------------ */

char *guide_format_number(const Lang *s, double v, int decimals)
{
	if (isnan(v))
		return g_strdup("-");
	if (isinf(v))
		return g_strdup("\xE2\x88\x9E");
	const char *sep = lang_get(s, "format.thousands_sep");
	const char *point = lang_get(s, "format.decimal_point");
	double rounded = round(v * pow(10, decimals)) / pow(10, decimals);
	if (rounded == 0)
		rounded = 0; /* no "-0" */
	char *plain = g_strdup_printf("%.*f", decimals, rounded);
	char *dot = strchr(plain, '.');
	size_t int_len = dot ? (size_t)(dot - plain) : strlen(plain);
	GString *out = g_string_new(NULL);
	size_t start = plain[0] == '-' ? 1 : 0;
	g_string_append_len(out, plain, (gssize)start);
	for (size_t i = start; i < int_len; i++) {
		if (i > start && (int_len - i) % 3 == 0 && sep)
			g_string_append(out, sep);
		g_string_append_c(out, plain[i]);
	}
	if (dot) {
		g_string_append(out, point ? point : ".");
		g_string_append(out, dot + 1);
	}
	g_free(plain);
	return g_string_free(out, FALSE);
}

static char *num(const Ctx *c, double v, int decimals)
{
	return guide_format_number(c->s, v, decimals);
}

char *guide_format_money(const Lang *s, double v)
{
	char *n = guide_format_number(s, v, 0);
	const char *prefix = lang_get(s, "format.currency_prefix");
	char *m = g_strdup_printf("%s%s", prefix ? prefix : "", n);
	g_free(n);
	return m;
}

const char *guide_use_case_title(const Lang *s, const UseCase *u)
{
	char *key = g_strdup_printf("use_case.%s", u->id);
	const char *t = lang_get(s, key);
	g_free(key);
	return t ? t : u->id;
}

static char *money(const Ctx *c, double v)
{
	return guide_format_money(c->s, v);
}

static char *percent(const Ctx *c, double fraction, int decimals)
{
	char *n = num(c, fraction * 100, decimals);
	char *m = g_strdup_printf("%s%%", n);
	g_free(n);
	return m;
}

/* "24 GB": memory with its unit. */
static char *gigabytes(const Ctx *c, double v)
{
	char *n = num(c, v, 0);
	char *t = g_strdup_printf("%s %s", n, S(c, "unit.gb"));
	g_free(n);
	return t;
}

/* "$2.14", Markdown-escaped: a price with cents. */
static char *md_price(const Ctx *c, double v)
{
	char *n = num(c, v, 2);
	char *t = g_strdup_printf("%s%s", S(c, "format.currency_prefix"), n);
	char *md = md_escape(t);
	g_free(n);
	g_free(t);
	return md;
}

/* Markdown-escaped copies of the formatters above. */
static char *md_money(const Ctx *c, double v)
{
	char *m = money(c, v);
	char *e = md_escape(m);
	g_free(m);
	return e;
}

static char *md_percent(const Ctx *c, double fraction, int decimals)
{
	char *m = percent(c, fraction, decimals);
	char *e = md_escape(m);
	g_free(m);
	return e;
}

static const char *kind_text(const Ctx *c, PerfKind k)
{
	return S(c, k == PERF_MEASURED   ? "kind.measured"
	            : k == PERF_DEBIASED ? "kind.debiased"
	                                 : "kind.modelled");
}

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

static char *gpu_md(const Ctx *c, size_t g)
{
	return md_escape(c->e->gpus[g].name);
}

static char *build_md(const Ctx *c, const Build *b)
{
	if (!b)
		return g_strdup("\xE2\x80\x94"); /* em dash */
	char *name = cost_build_name(c->e, b);
	char *md = md_escape(name);
	g_free(name);
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

/* ---- builds sorted for a size ------------------------------------------ */

static size_t builds_of_size(const Ctx *c, int n, Workload w,
                             const Build **out)
{
	size_t m = 0;
	for (size_t i = 0; i < c->costs->n_builds; i++)
		if (c->costs->builds[i].gpu_count == n)
			out[m++] = &c->costs->builds[i];
	/* insertion sort by rank: small lists, stable, no globals */
	for (size_t i = 1; i < m; i++)
		for (size_t j = i; j > 0 && out[j]->rank[w] < out[j - 1]->rank[w];
		     j--) {
			const Build *t = out[j];
			out[j] = out[j - 1];
			out[j - 1] = t;
		}
	return m;
}

static char *per_dollar_table(const Ctx *c, int n)
{
	const char *header[] = {S(c, "table.rank"), S(c, "table.build"),
	                        S(c, "table.memory"), S(c, "table.system_cost"),
	                        S(c, "table.per_dollar_cnn"),
	                        S(c, "table.per_dollar_transformer"),
	                        S(c, "table.fit")};
	const Build **list = g_new(const Build *, c->costs->n_builds + 1);
	size_t m = builds_of_size(c, n, WORKLOAD_CNN, list);
	Rows r = rows_new(G_N_ELEMENTS(header));
	for (size_t i = 0; i < m; i++) {
		const Build *b = list[i];
		char *cells[] = {
		    g_strdup_printf("%d", b->rank[WORKLOAD_CNN]), build_md(c, b),
		    gigabytes(c, c->e->gpus[b->gpu].memory_gb),
		    md_money(c, b->cost),
		    num(c, b->per_dollar[WORKLOAD_CNN], 2),
		    num(c, b->per_dollar[WORKLOAD_TRANSFORMER], 2),
		    fit_md(c, b->fit)};
		rows_add(&r, cells);
	}
	g_free(list);
	return rows_table(&r, header, "rllrrrl");
}

/* ---- charts ----------------------------------------------------------- */

static char *key_of(const char *chart, const char *part)
{
	return g_strdup_printf("chart.%s.%s", chart, part);
}

/* A chart with its title, caption, axis labels and legend words from the
 * language strings chart.NAME.*. */
static Chart *new_chart(const Ctx *c, ChartKind kind, const char *name)
{
	Chart *ch = chart_new(kind, name);
	const char *parts[] = {"title", "caption", "axis", "y_axis"};
	char **fields[] = {&ch->title, &ch->caption, &ch->x_label,
	                   &ch->y_label};
	for (size_t i = 0; i < G_N_ELEMENTS(parts); i++) {
		char *key = key_of(name, parts[i]);
		const char *text = i < 3 ? S(c, key) : lang_get(c->s, key);
		*fields[i] = text ? g_strdup(text) : NULL;
		g_free(key);
	}
	ch->legend_measured = g_strdup(S(c, "chart.legend.measured"));
	ch->legend_modelled = g_strdup(S(c, "chart.legend.modelled"));
	ch->legend_reference = g_strdup(S(c, "chart.legend.reference"));
	ch->legend_flagged = g_strdup(S(c, "chart.legend.flagged"));
	ch->font_family = g_strdup(S(c, "font.family"));
	ch->source_line = g_strdup_printf(
	    "%s data/%s; %s %s", S(c, "chart.source_prefix"), c->e->name,
	    S(c, "chart.data_as_of"), c->e->data_date);
	return ch;
}

static Chart *per_dollar_chart(const Ctx *c, int n)
{
	char *name = g_strdup_printf("per_dollar_%dgpu", n);
	Chart *ch = new_chart(c, CHART_BARS, name);
	g_free(name);
	const Build **list = g_new(const Build *, c->costs->n_builds + 1);
	size_t m = builds_of_size(c, n, WORKLOAD_CNN, list);
	for (size_t i = 0; i < m; i++) {
		const Build *b = list[i];
		chart_add_bar(ch, (ChartBar){
		    .label = cost_build_name(c->e, b),
		    .value = b->per_dollar[WORKLOAD_CNN],
		    .value_text = num(c, b->per_dollar[WORKLOAD_CNN], 2),
		    .reference = b->gpu == c->perf->reference,
		    .modelled = c->perf->gpus[WORKLOAD_CNN][b->gpu].kind
		                == PERF_MODELLED,
		    .flagged = b->fit != 0});
	}
	g_free(list);
	return ch;
}

static int by_value_desc(const void *a, const void *b)
{
	const ChartBar *x = a, *y = b;
	if (x->value != y->value)
		return x->value > y->value ? -1 : 1;
	return strcmp(x->label, y->label);
}

/* CNN and transformer performance side by side, fastest first. */
static Chart *performance_chart(const Ctx *c)
{
	Chart *ch = new_chart(c, CHART_GROUPED_BARS, "relative_performance");
	ch->series_names[0] = g_strdup(S(c, "workload.cnn"));
	ch->series_names[1] = g_strdup(S(c, "workload.transformer_title"));
	for (size_t g = 0; g < c->e->n_gpus; g++) {
		const GpuPerf *p = &c->perf->gpus[WORKLOAD_CNN][g];
		const GpuPerf *t = &c->perf->gpus[WORKLOAD_TRANSFORMER][g];
		if (!p->rated || !t->rated)
			continue;
		chart_add_bar(ch, (ChartBar){
		    .label = g_strdup(c->e->gpus[g].name), .value = p->value,
		    .value2 = t->value, .value_text = num(c, p->value, 2),
		    .value2_text = num(c, t->value, 2),
		    .reference = g == c->perf->reference,
		    .modelled = p->kind == PERF_MODELLED});
	}
	qsort(ch->bars, ch->n_bars, sizeof *ch->bars, by_value_desc);
	return ch;
}

/* Memory against one-GPU performance per dollar, with the use cases'
 * memory minimums as vertical lines. */
static Chart *memory_chart(const Ctx *c)
{
	Chart *ch = new_chart(c, CHART_XY, "memory");
	ch->log2_x = true;
	size_t s = chart_add_series(ch, g_strdup(S(c, "chart.memory.series")),
	                            false);
	const Build **list = g_new(const Build *, c->costs->n_builds + 1);
	size_t m = builds_of_size(c, 1, WORKLOAD_CNN, list);
	for (size_t i = 0; i < m; i++)
		if (!(list[i]->fit & FIT_MODULE))
			chart_add_point(ch, s, c->e->gpus[list[i]->gpu].memory_gb,
			                list[i]->per_dollar[WORKLOAD_CNN],
			                i < 12 ? g_strdup(c->e->gpus[list[i]->gpu].name)
			                       : NULL);
	g_free(list);
	for (size_t i = 0; i < c->e->n_use_cases; i++) {
		double gb = c->e->use_cases[i].min_memory_gb;
		bool seen = false;
		for (size_t k = 0; k < ch->n_marks; k++)
			seen |= ch->marks[k].at == gb;
		if (seen)
			continue;
		GString *label = g_string_new(NULL);
		char *n = num(c, gb, 0);
		g_string_printf(label, "%s %s %s:", S(c, "chart.at_least"), n,
		                S(c, "unit.gb"));
		g_free(n);
		const char *sep = " ";
		for (size_t k = 0; k < c->e->n_use_cases; k++) {
			if (c->e->use_cases[k].min_memory_gb != gb)
				continue;
			g_string_append_printf(
			    label, "%s%s", sep,
			    guide_use_case_title(c->s, &c->e->use_cases[k]));
			sep = ", ";
		}
		chart_add_mark(ch, gb, g_string_free(label, FALSE));
	}
	return ch;
}

/* Cumulative cost of the example desktop and cloud instance. */
static Chart *cloud_chart(const Ctx *c)
{
	const Examples *x = &c->costs->examples;
	Chart *ch = new_chart(c, CHART_XY, "cloud");
	double end = fmax(x->breakeven_days * 2, x->example_days * 1.5);
	if (!isfinite(end))
		end = x->example_days * 2;
	char *desk = g_strdup_printf("%s (%s)", S(c, "chart.cloud.desktop"),
	                             x->breakeven_build
	                                 ? c->e->gpus[x->breakeven_build->gpu].name
	                                 : "");
	size_t d = chart_add_series(ch, desk, true);
	char *cl = g_strdup_printf("%s %s", x->breakeven_offer->provider,
	                           x->breakeven_offer->instance);
	size_t k = chart_add_series(ch, cl, true);
	for (int i = 0; i <= 20; i++) {
		double day = end * i / 20;
		chart_add_point(ch, d, day, x->desktop_cost + x->electricity_day * day,
		                NULL);
		chart_add_point(ch, k, day, x->cloud_day * day, NULL);
	}
	if (isfinite(x->breakeven_days)) {
		char *days = num(c, ceil(x->breakeven_days), 0);
		chart_add_mark(ch, x->breakeven_days,
		               g_strdup_printf("%s: %s %s",
		                               S(c, "chart.cloud.breakeven"), days,
		                               S(c, "unit.days")));
		g_free(days);
	}
	return ch;
}

/* Each benchmarked GPU: its fitted value against the value modelled with
 * its own benchmarks held out. */
static Chart *validation_chart(const Ctx *c)
{
	Chart *ch = new_chart(c, CHART_XY, "validation");
	ch->diagonal = true;
	g_free(ch->legend_reference);
	ch->legend_reference = g_strdup(S(c, "chart.validation.diagonal"));
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		size_t s = chart_add_series(
		    ch, g_strdup(S(c, w == WORKLOAD_CNN ? "workload.cnn"
		                                        : "workload.transformer_title")),
		    false);
		for (size_t g = 0; g < c->e->n_gpus; g++) {
			const GpuPerf *p = &c->perf->gpus[w][g];
			if (!isnan(p->loo_value))
				chart_add_point(ch, s, p->value, p->loo_value,
				                w == WORKLOAD_CNN
				                    ? g_strdup(c->e->gpus[g].name)
				                    : NULL);
		}
	}
	return ch;
}

/* System power of each recommended build against its base system's
 * supply. */
static Chart *power_chart(const Ctx *c)
{
	Chart *ch = new_chart(c, CHART_BARS, "power");
	GHashTable *done = g_hash_table_new(g_direct_hash, g_direct_equal);
	for (size_t i = 0; i < c->recs->n; i++) {
		const Recommendation *r = &c->recs->items[i];
		const Build *picks[] = {r->best, r->runner_up, r->best_absolute};
		for (size_t k = 0; k < 3; k++) {
			const Build *b = picks[k];
			if (!b || g_hash_table_contains(done, (gpointer)b))
				continue;
			g_hash_table_add(done, (gpointer)b);
			char *w = num(c, b->draw_w, 0);
			chart_add_bar(ch, (ChartBar){
			    .label = cost_build_name(c->e, b), .value = b->draw_w,
			    .value_text = g_strdup_printf("%s W", w),
			    .flagged = (b->fit & FIT_POWER) != 0});
			g_free(w);
		}
	}
	g_hash_table_destroy(done);
	qsort(ch->bars, ch->n_bars, sizeof *ch->bars, by_value_desc);
	char *w = num(c, c->costs->psu_max_w, 0);
	chart_add_mark(ch, c->costs->psu_max_w,
	               g_strdup_printf("%s (%s W)", S(c, "chart.power.limit"), w));
	g_free(w);
	g_free(ch->legend_flagged);
	ch->legend_flagged = g_strdup(S(c, "chart.power.flagged"));
	g_free(ch->legend_measured); /* power is not a benchmark */
	ch->legend_measured = NULL;
	return ch;
}

/* ---- tables ----------------------------------------------------------- */

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
		    gpu_md(c, g), gigabytes(c, gpu->memory_gb),
		    num(c, gpu->bandwidth_gbs, 0),
		    pc->rated ? num(c, pc->value, 2) : g_strdup("\xE2\x80\x94"),
		    pt->rated ? num(c, pt->value, 2) : g_strdup("\xE2\x80\x94"),
		    g_strdup(pc->rated ? kind_text(c, pc->kind)
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
			    gpu_md(c, g), g_strdup(S(c, w == WORKLOAD_CNN
			                                     ? "workload.cnn"
			                                     : "workload.transformer")),
			    g_strdup_printf("%zu", p->n_benchmarks),
			    num(c, p->value, 2), num(c, p->loo_value, 2),
			    md_percent(c, p->loo_error, 1)};
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
		    md_escape(guide_use_case_title(c->s, u)),
		    gigabytes(c, u->min_memory_gb),
		    u->budget > 0 ? md_money(c, u->budget)
		                  : g_strdup(S(c, "table.no_limit")),
		    build_md(c, rec->best), build_md(c, rec->runner_up),
		    build_md(c, rec->best_absolute)};
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
		                 md_percent(c, ours / a->number - 1, 1),
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
			char *cells[6] = {build_md(c, b), md_escape(offer),
			                  md_price(c, o->price_per_hour)};
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
			    guide_use_case_title(c->s, c->recs->items[k].use_case));
		}
		char *stem = request_file_stem(c->e, builds[i]);
		char *cells[] = {build_md(c, builds[i]), md_escape(uses->str),
		                 md_money(c, builds[i]->cost),
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
		    md_escape(guide_use_case_title(c->s, u)),
		    gigabytes(c, u->min_memory_gb),
		    g_strdup(S(c, u->workload == WORKLOAD_CNN
		                      ? "workload.cnn"
		                      : "workload.transformer")),
		    g_strdup_printf("%d", u->gpu_count)};
		rows_add(&r, cells);
	}
	return rows_table(&r, header, "lrlr");
}

/* ---- scalars ---------------------------------------------------------- */

static void set(Values *v, const char *name, char *text)
{
	values_set_scalar(v, name, text);
}

/* "between 1.78 and 1.87 times", or a sentence saying no bonus applies. */
static char *theory_range(const Ctx *c, const Examples *x)
{
	char *low = num(c, x->theory_low, 2), *high = num(c, x->theory_high, 2);
	bool same = strcmp(low, high) == 0;
	char *text = gg_fill2(S(c, same ? "sentence.theory_no_bonus"
	                             : "sentence.theory_range"),
	                   low, high);
	char *md = md_escape(text);
	g_free(low);
	g_free(high);
	g_free(text);
	return md;
}

static void example_scalars(const Ctx *c, Values *v)
{
	const Examples *x = &c->costs->examples;
	set(v, "theory_gpu", md_escape(x->theory_gpu));
	set(v, "theory_reference", md_escape(x->theory_reference));
	set(v, "theory_ratio", num(c, x->theory_ratio, 2));
	set(v, "theory_low", num(c, x->theory_low, 2));
	set(v, "theory_high", num(c, x->theory_high, 2));
	set(v, "theory_range", theory_range(c, x));
	set(v, "cycles_without", g_strdup_printf("%d", x->cycles_without));
	set(v, "cycles_with", g_strdup_printf("%d", x->cycles_with));
	const Build *pb = x->power_build, *pa = x->power_alt_build;
	set(v, "power_gpu", md_escape(c->e->gpus[pb->gpu].name));
	set(v, "power_alt_gpu", md_escape(c->e->gpus[pa->gpu].name));
	set(v, "power_gpus", g_strdup_printf("%d", pb->gpu_count));
	set(v, "power_gpu_tdp", num(c, c->e->gpus[pb->gpu].tdp_w, 0));
	set(v, "power_gpu_w", num(c, pb->gpu_w, 0));
	set(v, "power_draw_w", num(c, pb->draw_w, 0));
	set(v, "power_psu_w", num(c, pb->psu_w, 0));
	set(v, "power_alt_gpu_w", num(c, pa->gpu_w, 0));
	set(v, "power_alt_psu_w", num(c, pa->psu_w, 0));
	set(v, "standard_psu_w", num(c, c->costs->psu_max_w, 0));
	set(v, "psu_spare_w", num(c, c->costs->psu_max_w - pb->gpu_w, 0));
	const Build *bb = x->breakeven_build;
	double kwh = bb ? bb->kwh_year : NAN;
	set(v, "breakeven_gpu", md_escape(bb ? c->e->gpus[bb->gpu].name : "-"));
	set(v, "breakeven_gpu_tdp", num(c, bb ? c->e->gpus[bb->gpu].tdp_w : NAN, 0));
	set(v, "cpu_w", num(c, c->costs->cpu_w, 0));
	set(v, "utilization", md_percent(c, c->costs->utilization, 0));
	set(v, "kwh_year", num(c, kwh, 0));
	set(v, "kwh_price", md_price(c, c->costs->kwh_price));
	set(v, "electricity_year", md_money(c, kwh * c->costs->kwh_price));
	set(v, "co2_kg_year", num(c, kwh * c->costs->co2_per_kwh, 0));
	set(v, "desktop_cost", md_money(c, x->desktop_cost));
	const CloudOffer *o = x->breakeven_offer;
	set(v, "cloud_price_hour", md_price(c, o->price_per_hour));
	char *inst = g_strdup_printf("%s %s", o->provider, o->instance);
	set(v, "cloud_instance", md_escape(inst));
	g_free(inst);
	set(v, "cloud_gpu", md_escape(c->e->gpus[o->gpu].name));
	set(v, "breakeven_days", num(c, ceil(x->breakeven_days), 0));
	set(v, "example_days", num(c, x->example_days, 0));
	set(v, "cloud_at_example", md_money(c, x->cloud_at_example));
	set(v, "desktop_first_year", md_money(c, x->desktop_first_year));
}

static void model_scalars(const Ctx *c, Values *v)
{
	const Performance *p = c->perf;
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		const char *wn = workload_name((Workload)w);
		char *k = g_strdup_printf("loo_median_%s", wn);
		set(v, k, md_percent(c, p->loo_median[w], 1));
		g_free(k);
		k = g_strdup_printf("loo_max_%s", wn);
		set(v, k, md_percent(c, p->loo_max[w], 1));
		g_free(k);
		k = g_strdup_printf("loo_count_%s", wn);
		set(v, k, g_strdup_printf("%zu", p->loo_count[w]));
		g_free(k);
		k = g_strdup_printf("bandwidth_weight_%s", wn);
		set(v, k, isnan(p->bandwidth_weight[w])
		              ? g_strdup("\xE2\x80\x94")
		              : num(c, p->bandwidth_weight[w], 2));
		g_free(k);
	}
	char *gain = NULL;
	const Assumption *a = edition_assumption(c->e,
	                                         "batch_gain_per_doubling.cnn");
	gain = a && a->is_number ? md_percent(c, a->number, 1) : g_strdup("-");
	set(v, "batch_gain_cnn", gain);
	a = edition_assumption(c->e, "batch_gain_per_doubling.transformer");
	set(v, "batch_gain_transformer",
	    a && a->is_number ? md_percent(c, a->number, 1) : g_strdup("-"));
}

/* Every assumption as {{assumption.KEY}}, as written in the data. */
static void assumption_scalars(const Ctx *c, Values *v)
{
	for (size_t i = 0; i < c->e->n_assumptions; i++) {
		const Assumption *a = &c->e->assumptions[i];
		char *name = g_strdup_printf("assumption.%s", a->key);
		set(v, name, md_escape(a->value));
		g_free(name);
	}
}

/* The use case the short answer speaks of: assumption headline_use_case,
 * else the first use case. */
static const Recommendation *headline(const Ctx *c)
{
	const Assumption *a = edition_assumption(c->e, "headline_use_case");
	for (size_t i = 0; a && i < c->recs->n; i++)
		if (strcmp(c->recs->items[i].use_case->id, a->value) == 0)
			return &c->recs->items[i];
	return c->recs->n ? &c->recs->items[0] : NULL;
}

/* "September 2020" from a YYYY-MM... date; NULL when it is not one. */
static char *month_year(const Ctx *c, const char *date)
{
	if (strlen(date) < 7 || date[4] != '-' || !g_ascii_isdigit(date[5])
	    || !g_ascii_isdigit(date[6]))
		return NULL;
	int month = atoi(date + 5);
	if (month < 1 || month > 12)
		return NULL;
	char key[16];
	g_snprintf(key, sizeof key, "month.%d", month);
	char *year = g_strndup(date, 4);
	char *text = gg_fill2(S(c, "format.month_year"), S(c, key), year);
	g_free(year);
	return text;
}

/* The edition's name for readers: the month of a dated edition folder
 * ("2020-09"), else the month of its data. */
static char *edition_title(const Ctx *c)
{
	char *when = month_year(c, c->e->name);
	if (!when)
		when = month_year(c, c->e->data_date);
	char *title = gg_fill2(S(c, "edition.title"),
	                       when ? when : c->e->name, "");
	char *md = md_escape(title);
	g_free(title);
	g_free(when);
	return md;
}

static void edition_scalars(const Ctx *c, Values *v)
{
	const Edition *e = c->e;
	set(v, "edition", md_escape(e->name));
	set(v, "edition_title", edition_title(c));
	set(v, "data_date", md_escape(e->data_date));
	set(v, "reference_gpu", gpu_md(c, c->perf->reference));
	set(v, "gpu_count", g_strdup_printf("%zu", e->n_gpus));
	set(v, "price_count", g_strdup_printf("%zu", e->n_prices));
	set(v, "benchmark_count", g_strdup_printf("%zu", e->n_benchmarks));
	set(v, "source_count", g_strdup_printf("%zu", edition_count_sources(e)));
	const Recommendation *r = headline(c);
	set(v, "top_value", build_md(c, r ? r->best : NULL));
	set(v, "top_runner_up", build_md(c, r ? r->runner_up : NULL));
	set(v, "top_absolute", build_md(c, r ? r->best_absolute : NULL));
}

Values *guide_values(const Recommendations *recs, const Lang *strings,
                     GError **error)
{
	const Costs *costs = recs->costs;
	Ctx c = {recs, costs, costs->perf, costs->perf->edition, strings,
	         error};
	Values *v = values_new();
	edition_scalars(&c, v);
	assumption_scalars(&c, v);
	example_scalars(&c, v);
	model_scalars(&c, v);
	values_add_chart(v, performance_chart(&c));
	values_add_chart(v, memory_chart(&c));
	values_add_chart(v, cloud_chart(&c));
	values_add_chart(v, validation_chart(&c));
	values_add_chart(v, power_chart(&c));
	for (int k = 0; k < BUILD_SIZES; k++) {
		int n = BUILD_GPU_COUNTS[k];
		char *name = g_strdup_printf("per_dollar_%dgpu", n);
		values_set_table(v, name, per_dollar_table(&c, n));
		values_add_chart(v, per_dollar_chart(&c, n));
		g_free(name);
	}
	values_set_table(v, "performance", performance_table(&c));
	values_set_table(v, "validation", validation_table(&c));
	values_set_table(v, "recommendations", recommendations_table(&c));
	values_set_table(v, "claims", claims_table(&c));
	values_set_table(v, "assumptions", assumptions_table(&c));
	values_set_table(v, "sources", sources_table(&c));
	values_set_table(v, "breakeven", breakeven_table(&c));
	values_set_table(v, "memory", memory_table(&c));
	values_set_table(v, "requests", requests_table(&c));
	if (*error) {
		values_free(v);
		return NULL;
	}
	return v;
}
