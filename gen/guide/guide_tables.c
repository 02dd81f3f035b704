/* Guide tables about the model and the data: performance, held-out
 * validation, memory per use case, the article's claims, assumptions and
 * sources.  Each table is described once (its Columns) and is both a
 * Markdown table of the guide and a file of the data export.
 * See guide_ctx.h. */
#include "guide_ctx.h"

#include "util.h"

#include <math.h>
#include <string.h>

/* The data token of a performance basis (perf_kind_name's vocabulary). */
static const char *basis_id(const GpuPerf *p)
{
	return p->rated ? perf_kind_name(p->kind) : "not rated";
}

static const char *basis_key(const GpuPerf *p)
{
	if (!p->rated)
		return "kind.not_rated";
	return p->kind == PERF_MEASURED   ? "kind.measured"
	       : p->kind == PERF_DEBIASED ? "kind.debiased"
	                                  : "kind.modelled";
}

static const Column PERFORMANCE[] = {
    {"gpu", "table.gpu", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"architecture", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"memory_gb", "table.memory", COL_NUMBER, 0, 0, 'r', "unit.gb", 0},
    {"bandwidth_gbs", "table.bandwidth", COL_NUMBER, 0, 1, 'r', NULL, 0},
    {"sm_count", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"cnn", "table.cnn", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"cnn_basis", "table.kind_cnn", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"cnn_basis_detail", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"cnn_basis_family", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"cnn_benchmarks", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"cnn_held_out", NULL, COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"cnn_held_out_error", NULL, COL_PERCENT, 1, 4, 'r', NULL, 0},
    {"transformer", "table.transformer", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"transformer_basis", "table.kind_transformer", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"transformer_basis_detail", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"transformer_basis_family", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"transformer_benchmarks", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"transformer_held_out", NULL, COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"transformer_held_out_error", NULL, COL_PERCENT, 1, 4, 'r', NULL, 0},
};

static void performance_cells(const Ctx *c, Table *t, Workload w, size_t g)
{
	const GpuPerf *p = &c->perf->gpus[w][g];
	const char *wn = workload_name(w);
	char key[64];
	if (p->rated) {
		g_snprintf(key, sizeof key, "%s", wn);
		table_set_interval(t, key, p->value, p->low, p->high);
	}
	g_snprintf(key, sizeof key, "%s_basis", wn);
	table_set_shown(t, key, basis_id(p), S(c, basis_key(p)));
	g_snprintf(key, sizeof key, "%s_basis_detail", wn);
	table_set_shown(t, key, model_basis_key(p->basis),
	                S(c, model_basis_key(p->basis)));
	g_snprintf(key, sizeof key, "%s_basis_family", wn);
	table_set_text(t, key, p->basis_family ? p->basis_family : "");
	g_snprintf(key, sizeof key, "%s_benchmarks", wn);
	table_set_number(t, key, (double)p->n_benchmarks);
	g_snprintf(key, sizeof key, "%s_held_out", wn);
	table_set_number(t, key, p->loo_value);
	g_snprintf(key, sizeof key, "%s_held_out_error", wn);
	table_set_number(t, key, p->loo_error);
}

static Table *performance_table(const Ctx *c)
{
	Table *t = table_new("performance", PERFORMANCE,
	                     G_N_ELEMENTS(PERFORMANCE),
	                     "gpu memory_gb bandwidth_gbs cnn cnn_basis "
	                     "transformer transformer_basis");
	for (size_t g = 0; g < c->e->n_gpus; g++) {
		const Gpu *gpu = &c->e->gpus[g];
		table_add_row(t);
		table_set_text(t, "gpu", gpu->name);
		table_set_text(t, "architecture", gpu->architecture);
		table_set_number(t, "memory_gb", gpu->memory_gb);
		table_set_number(t, "bandwidth_gbs", gpu->bandwidth_gbs);
		table_set_number(t, "sm_count", gpu->sm_count);
		for (int w = 0; w < WORKLOAD_COUNT; w++)
			performance_cells(c, t, (Workload)w, g);
	}
	return t;
}

static const Column VALIDATION[] = {
    {"gpu", "table.gpu", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"workload", "table.workload", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"family", "table.family", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"benchmarks", "table.benchmarks", COL_INT, 0, 0, 'r', NULL, 0},
    {"fitted", "table.fitted", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"held_out", "table.held_out", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"error", "table.error", COL_PERCENT, 1, 4, 'r', NULL, 0},
    {"in_summary", "table.in_summary", COL_TEXT, 0, 0, 'l', NULL, 0},
};

/* Each benchmarked GPU modelled with its own benchmarks held out. */
static Table *validation_table(const Ctx *c)
{
	Table *t = table_new("validation", VALIDATION,
	                     G_N_ELEMENTS(VALIDATION), NULL);
	for (int w = 0; w < WORKLOAD_COUNT; w++)
		for (size_t g = 0; g < c->e->n_gpus; g++) {
			const GpuPerf *p = &c->perf->gpus[w][g];
			if (isnan(p->loo_error))
				continue;
			table_add_row(t);
			table_set_text(t, "gpu", c->e->gpus[g].name);
			guide_set_workload(c, t, "workload", (Workload)w);
			table_set_text(t, "family",
			               model_family(&c->e->gpus[g]));
			table_set_number(t, "benchmarks",
			                 (double)p->n_benchmarks);
			table_set_interval(t, "fitted", p->value, p->low,
			                   p->high);
			table_set_number(t, "held_out", p->loo_value);
			table_set_number(t, "error", p->loo_error);
			table_set_shown(t, "in_summary",
			                p->loo_alone ? "alone_in_family" : "yes",
			                S(c, p->loo_alone
			                         ? "validation.alone_in_family"
			                         : "validation.counted"));
		}
	return t;
}

static const Column VALIDATION_SUMMARY[] = {
    {"workload", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"gpus_validated", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"median_abs_error", NULL, COL_PERCENT, 1, 4, 'r', NULL, 0},
    {"max_abs_error", NULL, COL_PERCENT, 1, 4, 'r', NULL, 0},
    {"bandwidth_weight", NULL, COL_NUMBER, 2, 2, 'r', NULL, 0},
    {"gpus_alone_in_family", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"alone_max_abs_error", NULL, COL_PERCENT, 1, 4, 'r', NULL, 0},
    {"all_max_abs_error", NULL, COL_PERCENT, 1, 4, 'r', NULL, 0},
};

/* Data only: the validation summary the text quotes as scalars. */
static Table *validation_summary_table(const Ctx *c)
{
	Table *t = table_new("validation_summary", VALIDATION_SUMMARY,
	                     G_N_ELEMENTS(VALIDATION_SUMMARY), NULL);
	const Performance *p = c->perf;
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		table_add_row(t);
		table_set_text(t, "workload", workload_name((Workload)w));
		table_set_number(t, "gpus_validated", (double)p->loo_count[w]);
		table_set_number(t, "median_abs_error", p->loo_median[w]);
		table_set_number(t, "max_abs_error", p->loo_max[w]);
		table_set_number(t, "bandwidth_weight", p->bandwidth_weight[w]);
		/* The GPUs alone in their family are held out through the
		 * fallback and not in the median and max: the summary counts
		 * them apart, and gives the worst over every GPU too. */
		table_set_number(t, "gpus_alone_in_family",
		                 (double)p->fallback_count[w]);
		if (p->fallback_count[w])
			table_set_number(t, "alone_max_abs_error",
			                 p->fallback_max[w]);
		table_set_number(t, "all_max_abs_error",
		                 p->fallback_count[w]
		                     ? fmax(p->loo_max[w], p->fallback_max[w])
		                     : p->loo_max[w]);
	}
	return t;
}

static const Column CLAIMS[] = {
    {"comparison", "table.comparison", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"raw", "table.raw", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"ours", "table.ours", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"article", "table.article", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"difference", "table.difference", COL_PERCENT, 1, 4, 'r', NULL, 0},
    {"note", "table.why", COL_TEXT, 0, 0, 'l', NULL, 0},
};

/* "RTX 3090 / V100, resnet50": a ratio of two GPUs on a network. */
static char *comparison(const Edition *e, long g, long ref, const char *net)
{
	return g_strdup_printf("%s / %s, %s", e->gpus[g].name,
	                       e->gpus[ref].name, net);
}

/* The article's claim a, as our model sees it; FALSE when a is no
 * claim.  *what is the comparison's name (caller frees). */
static bool claim(const Ctx *c, const Assumption *a, double *ours,
                  double *raw, char **what)
{
	const Edition *e = c->e;
	*ours = *raw = NAN;
	*what = NULL;
	if (g_str_has_prefix(a->key, "article.debiased.")) {
		const char *net = a->key + strlen("article.debiased.");
		long g = edition_find_gpu(e, c->costs->examples.theory_gpu);
		long ref = edition_find_gpu(e,
		                            c->costs->examples.theory_reference);
		PairClaim pc;
		if (model_pair_claim(c->perf, (size_t)g, (size_t)ref, net, &pc)) {
			*ours = pc.debiased;
			*raw = pc.raw;
		}
		*what = comparison(e, g, ref, net);
	} else if (g_str_has_prefix(a->key, "article.relative.")) {
		const char *wl = a->key + strlen("article.relative.");
		const Assumption *ga = edition_assumption(e, "perf_claim_gpu");
		const Assumption *ra = edition_assumption(e, "perf_claim_reference");
		long g = ga ? edition_find_gpu(e, ga->value) : -1;
		long ref = ra ? edition_find_gpu(e, ra->value) : -1;
		Workload w = strcmp(wl, "cnn") == 0 ? WORKLOAD_CNN
		                                    : WORKLOAD_TRANSFORMER;
		if (g >= 0 && ref >= 0) {
			*ours = c->perf->gpus[w][g].value
			        / c->perf->gpus[w][ref].value;
			*what = comparison(e, g, ref, wl);
		}
	}
	return *what != NULL;
}

static Table *claims_table(const Ctx *c)
{
	Table *t = table_new("claims", CLAIMS, G_N_ELEMENTS(CLAIMS), NULL);
	for (size_t i = 0; i < c->e->n_assumptions; i++) {
		const Assumption *a = &c->e->assumptions[i];
		double ours, raw;
		char *what;
		if (!a->is_number || !claim(c, a, &ours, &raw, &what))
			continue;
		table_add_row(t);
		table_set_text(t, "comparison", what);
		table_set_number(t, "raw", raw);
		table_set_number(t, "ours", ours);
		table_set_number(t, "article", a->number);
		table_set_number(t, "difference", ours / a->number - 1);
		/* the reason in the reader's words (names.csv), the data
		 * export keeping the data's */
		table_take_shown(t, "note", a->from.note,
		                 g_strdup(lang_name(c->s, a->from.note)));
		g_free(what);
	}
	return t;
}

static const Column ASSUMPTIONS[] = {
    {"key", "table.key", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"value", "table.value", COL_TEXT, 0, 0, 'r', NULL, 0},
    {"unit", "table.unit", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"meaning", "table.meaning", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"source", "table.source", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"url", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"date", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"note", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
};

static Table *assumptions_table(const Ctx *c)
{
	Table *t = table_new("assumptions", ASSUMPTIONS,
	                     G_N_ELEMENTS(ASSUMPTIONS), NULL);
	for (size_t i = 0; i < c->e->n_assumptions; i++) {
		const Assumption *a = &c->e->assumptions[i];
		/* The language's words where it has them (the data keeps
		 * the English ones): an estimate is then marked as one, its
		 * English reasons staying in the data export's note. */
		const char *unit = a->unit, *meaning = a->meaning;
		const char *why = a->from.note;
		if (lang_assumption(c->s, a->key, &unit, &meaning))
			why = S(c, "assumptions.estimate");
		table_add_row(t);
		table_set_text(t, "key", a->key);
		table_set_text(t, "value", a->value);
		table_take_shown(t, "unit", a->unit, g_strdup(unit));
		if (a->from.estimate)
			table_take_shown(t, "meaning", a->meaning,
			                 gg_fill2(S(c, "format.aside"),
			                          meaning, why));
		else
			table_take_shown(t, "meaning", a->meaning,
			                 g_strdup(meaning));
		table_set_text(t, "source", a->from.source);
		table_set_text(t, "url", a->from.url);
		table_set_text(t, "date", a->from.date);
		table_set_text(t, "note", a->from.note);
	}
	return t;
}

/* A source is its name, address and date: hashed and compared as the
 * three joined by \x1f, without making that string (170,000 rows at
 * 10,000 GPUs). */
static const char *source_field(const Provenance *p, int i)
{
	return i == 0 ? p->source : i == 1 ? p->url : p->date;
}

static guint source_hash(gconstpointer key)
{
	const Provenance *p = key;
	guint h = 5381; /* g_str_hash's, over the joined text */
	for (int i = 0; i < 3; i++) {
		if (i)
			h = (h << 5) + h + 0x1f;
		for (const char *c = source_field(p, i); *c; c++)
			h = (h << 5) + h + (guint)(signed char)*c;
	}
	return h;
}

static gboolean source_equal(gconstpointer a, gconstpointer b)
{
	const Provenance *x = a, *y = b;
	/* the joined texts are equal: compared field by field, a
	 * separator against a character of the other text counts */
	GString *jx = NULL, *jy = NULL;
	bool same = true;
	for (int i = 0; same && i < 3; i++)
		same = strcmp(source_field(x, i), source_field(y, i)) == 0;
	if (same)
		return TRUE;
	bool sep = false;
	for (int i = 0; !sep && i < 3; i++)
		sep = strchr(source_field(x, i), 0x1f)
		      || strchr(source_field(y, i), 0x1f);
	if (!sep)
		return FALSE;
	jx = g_string_new(NULL);
	jy = g_string_new(NULL);
	g_string_printf(jx, "%s\x1f%s\x1f%s", x->source, x->url, x->date);
	g_string_printf(jy, "%s\x1f%s\x1f%s", y->source, y->url, y->date);
	same = strcmp(jx->str, jy->str) == 0;
	g_string_free(jx, TRUE);
	g_string_free(jy, TRUE);
	return same;
}

static void add_source(GPtrArray *list, GHashTable *seen, const Provenance *p)
{
	if (g_hash_table_add(seen, (gpointer)p))
		g_ptr_array_add(list, (gpointer)p);
}

static int by_source(const void *a, const void *b)
{
	const Provenance *x = *(Provenance *const *)a;
	const Provenance *y = *(Provenance *const *)b;
	int d = strcmp(x->source, y->source);
	return d ? d : strcmp(x->date, y->date);
}

/* Every distinct source of the edition's rows, by name and date. */
static GPtrArray *distinct_sources(const Edition *e)
{
	GPtrArray *list = g_ptr_array_new();
	GHashTable *seen = g_hash_table_new(source_hash, source_equal);
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
	ADD_ALL(llm_models, n_llm_models);
	ADD_ALL(llm_measurements, n_llm_measurements);
	ADD_ALL(machine_measurements, n_machine_measurements);
#undef ADD_ALL
	g_hash_table_destroy(seen);
	g_ptr_array_sort(list, by_source);
	return list;
}

static const Column SOURCES[] = {
    {"source", "table.source", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"url", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"date", "table.date", COL_TEXT, 0, 0, 'l', NULL, 0},
};

/* The list of sources is longer than a table of GPUs (338 rows today):
 * the guide shows up to this many, the data export all of them. */
#define SOURCES_GUIDE_ROWS 600

static Table *sources_table(const Ctx *c)
{
	Table *t = table_new("sources", SOURCES, G_N_ELEMENTS(SOURCES), NULL);
	table_set_guide_rows(t, SOURCES_GUIDE_ROWS);
	GPtrArray *list = distinct_sources(c->e);
	for (guint i = 0; i < list->len; i++) {
		const Provenance *p = list->pdata[i];
		table_add_row(t);
		if (g_str_has_prefix(p->url, "https://")
		    || g_str_has_prefix(p->url, "http://"))
			table_set_link(t, "source", p->source, NULL, p->url);
		else
			table_set_text(t, "source", p->source);
		table_set_text(t, "url", p->url);
		table_set_text(t, "date", p->date);
	}
	g_ptr_array_free(list, TRUE);
	return t;
}

static const Column MEMORY[] = {
    {"use_case", "table.use_case", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"min_memory_gb", "table.min_memory", COL_NUMBER, 0, 0, 'r', "unit.gb",
     0},
    {"workload", "table.workload", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"gpu_count", "table.gpus", COL_INT, 0, 0, 'r', NULL, 0},
};

static Table *memory_table(const Ctx *c)
{
	Table *t = table_new("memory", MEMORY, G_N_ELEMENTS(MEMORY), NULL);
	for (size_t i = 0; i < c->e->n_use_cases; i++) {
		const UseCase *u = &c->e->use_cases[i];
		table_add_row(t);
		table_set_shown(t, "use_case", u->id,
		                format_use_case_title(c->s, u));
		table_set_number(t, "min_memory_gb", u->min_memory_gb);
		guide_set_workload(c, t, "workload", u->workload);
		table_set_number(t, "gpu_count", u->gpu_count);
	}
	return t;
}

void guide_add_model_tables(const Ctx *c, Values *v, GPtrArray *tables)
{
	guide_add_table(c, v, tables, performance_table(c));
	guide_add_table(c, v, tables, validation_table(c));
	guide_add_table(c, v, tables, validation_summary_table(c));
	guide_add_table(c, v, tables, memory_table(c));
	guide_add_table(c, v, tables, claims_table(c));
}

void guide_add_reference_tables(const Ctx *c, Values *v, GPtrArray *tables)
{
	guide_add_table(c, v, tables, assumptions_table(c));
	guide_add_table(c, v, tables, sources_table(c));
}
