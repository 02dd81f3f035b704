/* Export stage: tables built once as Sheets, written as CSV and JSON.
 * See export.h. */
#include "export.h"

#include <string.h>

/* A table of text cells; numeric columns are written unquoted in JSON. */
typedef struct {
	const char *name;          /* file stem and JSON key */
	const char *const *columns;
	const char *numeric;       /* one char per column: 'n' or 't' */
	GPtrArray *rows;           /* char ** of n cells, owned */
	size_t n;
} Sheet;

static Sheet sheet_make(const char *name, const char *const *columns,
                        size_t n_columns, const char *numeric)
{
	g_assert(strlen(numeric) == n_columns);
	Sheet s = {name, columns, numeric, g_ptr_array_new(), n_columns};
	return s;
}

#define sheet_new(name, cols, numeric)                                      \
	sheet_make(name, cols, G_N_ELEMENTS(cols), numeric)

static void sheet_free(Sheet *s)
{
	for (guint i = 0; i < s->rows->len; i++) {
		char **cells = s->rows->pdata[i];
		for (size_t k = 0; k < s->n; k++)
			g_free(cells[k]);
		g_free(cells);
	}
	g_ptr_array_free(s->rows, TRUE);
}

/* Appends a row; takes ownership of the n cells. */
static void sheet_add(Sheet *s, char **cells)
{
	g_ptr_array_add(s->rows, g_memdup2(cells, sizeof(char *) * s->n));
}

static char *fmt(double v, int decimals)
{
	if (isnan(v))
		return g_strdup("");
	if (isinf(v))
		return g_strdup("inf");
	char buf[G_ASCII_DTOSTR_BUF_SIZE];
	char format[16];
	g_snprintf(format, sizeof format, "%%.%df", decimals);
	return g_strdup(g_ascii_formatd(buf, sizeof buf, format, v));
}

static void csv_cell(GString *out, const char *text)
{
	if (!strpbrk(text, ",\"\r\n")) {
		g_string_append(out, text);
		return;
	}
	g_string_append_c(out, '"');
	for (const char *p = text; *p; p++) {
		if (*p == '"')
			g_string_append_c(out, '"');
		g_string_append_c(out, *p);
	}
	g_string_append_c(out, '"');
}

static char *sheet_csv(const Sheet *s)
{
	GString *out = g_string_new(NULL);
	for (size_t k = 0; k < s->n; k++) {
		if (k)
			g_string_append_c(out, ',');
		csv_cell(out, s->columns[k]);
	}
	g_string_append_c(out, '\n');
	for (guint i = 0; i < s->rows->len; i++) {
		char **cells = s->rows->pdata[i];
		for (size_t k = 0; k < s->n; k++) {
			if (k)
				g_string_append_c(out, ',');
			csv_cell(out, cells[k]);
		}
		g_string_append_c(out, '\n');
	}
	return g_string_free(out, FALSE);
}

static void json_string(GString *out, const char *text)
{
	g_string_append_c(out, '"');
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		switch (*p) {
		case '"': g_string_append(out, "\\\""); break;
		case '\\': g_string_append(out, "\\\\"); break;
		case '\n': g_string_append(out, "\\n"); break;
		case '\r': g_string_append(out, "\\r"); break;
		case '\t': g_string_append(out, "\\t"); break;
		case '<': g_string_append(out, "\\u003c"); break; /* safe in HTML */
		case '>': g_string_append(out, "\\u003e"); break;
		case '&': g_string_append(out, "\\u0026"); break;
		default:
			if (*p < 0x20)
				g_string_append_printf(out, "\\u%04x", *p);
			else
				g_string_append_c(out, (char)*p);
		}
	}
	g_string_append_c(out, '"');
}

static void sheet_json(GString *out, const Sheet *s)
{
	json_string(out, s->name);
	g_string_append(out, ": [");
	for (guint i = 0; i < s->rows->len; i++) {
		char **cells = s->rows->pdata[i];
		g_string_append(out, i ? ",\n    {" : "\n    {");
		for (size_t k = 0; k < s->n; k++) {
			if (k)
				g_string_append(out, ", ");
			json_string(out, s->columns[k]);
			g_string_append(out, ": ");
			if (s->numeric[k] != 'n')
				json_string(out, cells[k]);
			else if (!*cells[k])
				g_string_append(out, "null");
			else if (strcmp(cells[k], "inf") == 0)
				g_string_append(out, "null");
			else
				g_string_append(out, cells[k]);
		}
		g_string_append(out, "}");
	}
	g_string_append(out, "\n  ]");
}

/* ---- the sheets ------------------------------------------------------ */

static const char *basis(const GpuPerf *p)
{
	return p->rated ? perf_kind_name(p->kind) : "not rated";
}

static Sheet performance_sheet(const Performance *p)
{
	static const char *const cols[] = {
	    "gpu", "architecture", "memory_gb", "bandwidth_gbs", "sm_count",
	    "cnn", "cnn_basis", "cnn_benchmarks", "cnn_held_out",
	    "cnn_held_out_error", "transformer", "transformer_basis",
	    "transformer_benchmarks", "transformer_held_out",
	    "transformer_held_out_error"};
	Sheet s = sheet_new("performance", cols, "ttnnnntnnnntnnn");
	const Edition *e = p->edition;
	for (size_t g = 0; g < e->n_gpus; g++) {
		const GpuPerf *c = &p->gpus[WORKLOAD_CNN][g];
		const GpuPerf *t = &p->gpus[WORKLOAD_TRANSFORMER][g];
		char *cells[] = {
		    g_strdup(e->gpus[g].name), g_strdup(e->gpus[g].architecture),
		    fmt(e->gpus[g].memory_gb, 0), fmt(e->gpus[g].bandwidth_gbs, 1),
		    fmt(e->gpus[g].sm_count, 0),
		    c->rated ? fmt(c->value, 4) : g_strdup(""),
		    g_strdup(basis(c)), g_strdup_printf("%zu", c->n_benchmarks),
		    fmt(c->loo_value, 4), fmt(c->loo_error, 4),
		    t->rated ? fmt(t->value, 4) : g_strdup(""),
		    g_strdup(basis(t)), g_strdup_printf("%zu", t->n_benchmarks),
		    fmt(t->loo_value, 4), fmt(t->loo_error, 4)};
		sheet_add(&s, cells);
	}
	return s;
}

static char *fit_text(unsigned fit)
{
	static const struct {
		unsigned flag;
		const char *text;
	} flags[] = {{FIT_SLOTS, "slots"}, {FIT_NO_GAP, "no-gap"},
	             {FIT_POWER, "power"}, {FIT_MODULE, "module"}};
	GString *s = g_string_new(NULL);
	for (size_t i = 0; i < G_N_ELEMENTS(flags); i++)
		if (fit & flags[i].flag)
			g_string_append_printf(s, "%s%s", s->len ? " " : "",
			                       flags[i].text);
	return g_string_free(s, FALSE);
}

static Sheet per_dollar_sheet(const Costs *c)
{
	static const char *const cols[] = {
	    "gpu_count", "gpu", "rank_cnn", "per_dollar_cnn",
	    "rank_transformer", "per_dollar_transformer", "system_cost_usd",
	    "gpu_price_usd", "price_condition", "price_rows", "fit_problems"};
	Sheet s = sheet_new("per_dollar", cols, "ntnnnnnntnt");
	const Edition *e = c->perf->edition;
	for (int k = 0; k < BUILD_SIZES; k++)
		for (int r = 1; r <= (int)c->n_builds; r++)
			for (size_t i = 0; i < c->n_builds; i++) {
				const Build *b = &c->builds[i];
				if (b->gpu_count != BUILD_GPU_COUNTS[k]
				    || b->rank[WORKLOAD_CNN] != r)
					continue;
				const GpuPrice *pr = b->gpu_price;
				char *cells[] = {
				    g_strdup_printf("%d", b->gpu_count),
				    g_strdup(e->gpus[b->gpu].name),
				    g_strdup_printf("%d", b->rank[WORKLOAD_CNN]),
				    fmt(b->per_dollar[WORKLOAD_CNN], 4),
				    g_strdup_printf("%d",
				                    b->rank[WORKLOAD_TRANSFORMER]),
				    fmt(b->per_dollar[WORKLOAD_TRANSFORMER], 4),
				    fmt(b->cost, 2), fmt(pr->price, 2),
				    g_strdup(pr->condition == CONDITION_NEW
				                 ? "new" : "used"),
				    g_strdup_printf("%zu", pr->n_prices),
				    fit_text(b->fit)};
				sheet_add(&s, cells);
			}
	return s;
}

static Sheet builds_sheet(const Costs *c)
{
	static const char *const cols[] = {
	    "gpu_count", "gpu", "base_system", "system_cost_usd",
	    "performance_cnn", "performance_transformer", "parallel_speedup",
	    "gpu_w", "system_draw_w", "psu_w", "fit_problems",
	    "kwh_per_year", "electricity_usd_per_year", "co2_kg_per_year"};
	Sheet s = sheet_new("builds", cols, "nttnnnnnnntnnn");
	const Edition *e = c->perf->edition;
	for (size_t i = 0; i < c->n_builds; i++) {
		const Build *b = &c->builds[i];
		char *cells[] = {
		    g_strdup_printf("%d", b->gpu_count),
		    g_strdup(e->gpus[b->gpu].name), g_strdup(b->system->name),
		    fmt(b->cost, 2), fmt(b->perf[WORKLOAD_CNN], 4),
		    fmt(b->perf[WORKLOAD_TRANSFORMER], 4), fmt(b->speedup, 4),
		    fmt(b->gpu_w, 0), fmt(b->draw_w, 0), fmt(b->psu_w, 0),
		    fit_text(b->fit), fmt(b->kwh_year, 1),
		    fmt(b->electricity_year, 2), fmt(b->co2_kg_year, 1)};
		sheet_add(&s, cells);
	}
	return s;
}

static char *build_name(const Edition *e, const Build *b)
{
	return b ? g_strdup_printf("%dx %s", b->gpu_count, e->gpus[b->gpu].name)
	         : g_strdup("");
}

static Sheet recommendations_sheet(const Recommendations *r)
{
	static const char *const cols[] = {
	    "use_case", "min_memory_gb", "workload", "gpu_count", "budget_usd",
	    "condition", "best_value", "runner_up", "fastest_within_budget",
	    "candidates"};
	Sheet s = sheet_new("recommendations", cols, "tntnnttttn");
	const Edition *e = r->costs->perf->edition;
	for (size_t i = 0; i < r->n; i++) {
		const Recommendation *x = &r->items[i];
		const UseCase *u = x->use_case;
		char *cells[] = {
		    g_strdup(u->id), fmt(u->min_memory_gb, 0),
		    g_strdup(workload_name(u->workload)),
		    g_strdup_printf("%d", u->gpu_count), fmt(u->budget, 0),
		    g_strdup(u->condition < 0 ? "any"
		             : u->condition == CONDITION_NEW ? "new" : "used"),
		    build_name(e, x->best), build_name(e, x->runner_up),
		    build_name(e, x->best_absolute),
		    g_strdup_printf("%zu", x->n_candidates)};
		sheet_add(&s, cells);
	}
	return s;
}

static Sheet breakeven_sheet(const Recommendations *r)
{
	static const char *const cols[] = {
	    "build", "system_cost_usd", "provider", "instance", "cloud_gpu",
	    "pricing", "price_per_hour_usd", "utilization", "breakeven_days"};
	Sheet s = sheet_new("cloud_breakeven", cols, "tnttttnnn");
	const Costs *c = r->costs;
	const Edition *e = c->perf->edition;
	const Build **builds = NULL;
	size_t n = recommend_best_builds(r, &builds);
	for (size_t i = 0; i < n; i++) {
		const Build *b = builds[i];
		for (size_t k = 0; k < e->n_cloud; k++) {
			const CloudOffer *o = &e->cloud[k];
			if (o->gpu_count != b->gpu_count)
				continue;
			for (int u = 5; u <= 100; u += 5) {
				double days = cost_breakeven_days(c, b, o,
				                                  u / 100.0);
				char *cells[] = {
				    build_name(e, b), fmt(b->cost, 2),
				    g_strdup(o->provider), g_strdup(o->instance),
				    g_strdup(e->gpus[o->gpu].name),
				    g_strdup(o->pricing == PRICING_SPOT
				                 ? "spot" : "on-demand"),
				    fmt(o->price_per_hour, 4), fmt(u / 100.0, 2),
				    isinf(days) ? g_strdup("inf")
				                : fmt(ceil(days), 0)};
				sheet_add(&s, cells);
			}
		}
	}
	g_free(builds);
	return s;
}

static Sheet assumptions_sheet(const Edition *e)
{
	static const char *const cols[] = {"key", "value", "unit", "meaning",
	                                   "source", "url", "date", "note"};
	Sheet s = sheet_new("assumptions", cols, "tttttttt");
	for (size_t i = 0; i < e->n_assumptions; i++) {
		const Assumption *a = &e->assumptions[i];
		char *cells[] = {g_strdup(a->key), g_strdup(a->value),
		                 g_strdup(a->unit), g_strdup(a->meaning),
		                 g_strdup(a->from.source), g_strdup(a->from.url),
		                 g_strdup(a->from.date), g_strdup(a->from.note)};
		sheet_add(&s, cells);
	}
	return s;
}

static Sheet validation_sheet(const Performance *p)
{
	static const char *const cols[] = {"workload", "gpus_validated",
	                                   "median_abs_error", "max_abs_error",
	                                   "bandwidth_weight"};
	Sheet s = sheet_new("validation", cols, "tnnnn");
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		char *cells[] = {g_strdup(workload_name((Workload)w)),
		                 g_strdup_printf("%zu", p->loo_count[w]),
		                 fmt(p->loo_median[w], 4), fmt(p->loo_max[w], 4),
		                 fmt(p->bandwidth_weight[w], 2)};
		sheet_add(&s, cells);
	}
	return s;
}

bool export_write(const Recommendations *recs, Site *site,
                  const char *prefix, GError **error)
{
	const Costs *c = recs->costs;
	const Edition *e = c->perf->edition;
	Sheet sheets[] = {performance_sheet(c->perf), validation_sheet(c->perf),
	                  per_dollar_sheet(c), builds_sheet(c),
	                  recommendations_sheet(recs), breakeven_sheet(recs),
	                  assumptions_sheet(e)};
	GString *json = g_string_new("{\n  ");
	json_string(json, "edition");
	g_string_append(json, ": ");
	json_string(json, e->name);
	g_string_append(json, ",\n  ");
	json_string(json, "data_date");
	g_string_append(json, ": ");
	json_string(json, e->data_date);
	bool ok = true;
	for (size_t i = 0; i < G_N_ELEMENTS(sheets); i++) {
		char *csv = sheet_csv(&sheets[i]);
		char *path = g_strdup_printf("%sdata/%s.csv", prefix,
		                             sheets[i].name);
		ok = ok && site_write(site, path, csv, strlen(csv), error);
		g_free(path);
		g_free(csv);
		g_string_append(json, ",\n  ");
		sheet_json(json, &sheets[i]);
		sheet_free(&sheets[i]);
	}
	g_string_append(json, "\n}\n");
	char *path = g_strdup_printf("%sdata/guide.json", prefix);
	ok = ok && site_write(site, path, json->str, json->len, error);
	g_free(path);
	g_string_free(json, TRUE);
	return ok;
}
