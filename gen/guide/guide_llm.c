/* Guide tables and scalars of the LLM stage (llm.h): the memory of each
 * case, the smallest card size that holds it on 1-8 cards and the GPUs of
 * each size, our memory against published figures, and the
 * token-generation estimate against measurements (fitted ones left out in
 * turn, held-out ones against the full fit).  An edition without LLM
 * models gets none of them.  See guide_ctx.h. */
#include "guide_ctx.h"

#include "llm.h"
#include "util.h"

#include <math.h>
#include <string.h>

#define BYTES_PER_MB 1e6
#define EM_DASH "\xE2\x80\x94"

static const int LLM_BUILD_COUNTS[] = {1, 2, 4, 8};

/* "llm.mode.qlora", "llm.precision.q4_k_m": the words of a data name. */
static const char *mode_words(const Ctx *c, LlmMode m)
{
	char key[48];
	g_snprintf(key, sizeof key, "llm.mode.%s", llm_mode_name(m));
	return S(c, key);
}

static const char *precision_words(const Ctx *c, LlmPrecision p)
{
	char key[48];
	g_snprintf(key, sizeof key, "llm.precision.%s", llm_precision_name(p));
	return S(c, key);
}

static void set_case(const Ctx *c, Table *t, const LlmCase *k)
{
	table_set_text(t, "model", k->model->name);
	table_set_shown(t, "mode", llm_mode_name(k->mode),
	                mode_words(c, k->mode));
	table_set_shown(t, "precision", llm_precision_name(k->precision),
	                precision_words(c, k->precision));
}

/* ---- memory by case ---------------------------------------------------- */

static const Column MEMORY[] = {
    {"model", "table.llm_model", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"size_class", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"mode", "table.llm_mode", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"precision", "table.llm_precision", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"weights_gb", "table.llm_weights", COL_NUMBER, 1, 3, 'r', NULL, 0},
    {"kv_cache_gb", "table.llm_kv_cache", COL_NUMBER, 1, 3, 'r', NULL, 0},
    {"trained_gb", "table.llm_trained", COL_NUMBER, 1, 3, 'r', NULL, 0},
    {"activations_gb", "table.llm_activations", COL_NUMBER, 1, 3, 'r', NULL,
     0},
    {"overhead_gb", "table.llm_overhead", COL_NUMBER, 1, 3, 'r', NULL, 0},
    {"total_gb", "table.llm_total", COL_NUMBER, 1, 3, 'r', "unit.gb", 0},
};

/* A term of the estimate in GB as the cards are sized (binary: the
 * unit of gpus.csv, llm_gpu_memory_unit), the one unit of every memory
 * figure of the LLM section; a term the mode does not have is empty. */
static void set_gb(Table *t, const char *key, double bytes,
                   const LlmResults *r)
{
	if (bytes > 0)
		table_set_number(t, key, bytes / r->constants.gpu_memory_unit);
}

static Table *memory_table(const Ctx *c, const LlmResults *r)
{
	Table *t = table_new("llm_memory", MEMORY, G_N_ELEMENTS(MEMORY), NULL);
	for (size_t i = 0; i < r->n_cases; i++) {
		const LlmCase *k = &r->cases[i];
		table_add_row(t);
		set_case(c, t, k);
		table_set_text(t, "size_class", k->model->size_class);
		set_gb(t, "weights_gb", k->memory.weights, r);
		set_gb(t, "kv_cache_gb", k->memory.kv_cache, r);
		set_gb(t, "trained_gb", k->memory.trained, r);
		set_gb(t, "activations_gb", k->memory.activations, r);
		set_gb(t, "overhead_gb", k->memory.overhead, r);
		set_gb(t, "total_gb", k->memory.total, r);
	}
	return t;
}

/* ---- which builds hold which case ------------------------------------ */

static const Column FIT[] = {
    {"model", "table.llm_model", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"mode", "table.llm_mode", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"precision", "table.llm_precision", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"need_gb", "table.llm_total", COL_NUMBER, 1, 3, 'r', "unit.gb", 0},
    {"gpus_1", "table.llm_fit_1", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"gpus_2", "table.llm_fit_2", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"gpus_4", "table.llm_fit_4", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"gpus_8", "table.llm_fit_8", COL_TEXT, 0, 0, 'l', NULL, 0},
};

/* The smallest memory per card, among the GPUs of the data, of a build of
 * count cards that holds case k; 0 when none does. */
static double smallest_card_gb(const LlmResults *r, size_t k, int count)
{
	double best = 0;
	for (size_t g = 0; g < r->edition->n_gpus; g++) {
		const LlmFit *f = &r->fits[k * r->edition->n_gpus + g];
		double gb = r->edition->gpus[g].memory_gb;
		if (f->min_gpus > 0 && f->min_gpus <= count
		    && (best == 0 || gb < best))
			best = gb;
	}
	return best;
}

/* The smallest card size that holds case k on count cards (data: every
 * GPU of that size; guide: the size alone, the cards of each size being
 * listed once in the table of card sizes below it). */
static void set_fit_cell(const Ctx *c, Table *t, const char *key,
                         const LlmResults *r, size_t k, int count)
{
	double gb = smallest_card_gb(r, k, count);
	if (gb <= 0)
		return;
	GString *names = g_string_new(NULL);
	for (size_t g = 0; g < r->edition->n_gpus; g++) {
		const LlmFit *f = &r->fits[k * r->edition->n_gpus + g];
		const Gpu *gpu = &r->edition->gpus[g];
		if (gpu->memory_gb != gb || f->min_gpus <= 0
		    || f->min_gpus > count)
			continue;
		g_string_append_printf(names, "%s%s", names->len ? ", " : "",
		                       gpu->name);
	}
	char *size = format_with_unit(c->s, gb, 0, "unit.gb");
	char *shown = gg_fill2(S(c, "format.llm_fit_cell"), size, "");
	table_take_shown(t, key, names->str, shown);
	g_free(size);
	g_string_free(names, TRUE);
}

static Table *fit_table(const Ctx *c, const LlmResults *r)
{
	Table *t = table_new("llm_fit", FIT, G_N_ELEMENTS(FIT), NULL);
	for (size_t k = 0; k < r->n_cases; k++) {
		table_add_row(t);
		set_case(c, t, &r->cases[k]);
		table_set_number(t, "need_gb", r->cases[k].memory.total
		                                    / r->constants.gpu_memory_unit);
		for (size_t i = 0; i < G_N_ELEMENTS(LLM_BUILD_COUNTS); i++) {
			char key[16];
			g_snprintf(key, sizeof key, "gpus_%d", LLM_BUILD_COUNTS[i]);
			/* per build size, the smallest card that holds it */
			set_fit_cell(c, t, key, r, k, LLM_BUILD_COUNTS[i]);
		}
	}
	return t;
}

/* ---- the cards of each size in the fit table ------------------------- */

static const Column SIZES[] = {
    {"memory_gb", "table.llm_card_memory", COL_NUMBER, 0, 0, 'r',
     "unit.gb", 0},
    {"gpus", "table.llm_card_gpus", COL_TEXT, 0, 0, 'l', NULL, 0},
};

static int compare_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Every card size a cell of the fit table names, smallest first, with
 * the GPUs of the data that have it. */
static Table *sizes_table(const Ctx *c, const LlmResults *r)
{
	Table *t = table_new("llm_card_sizes", SIZES, G_N_ELEMENTS(SIZES),
	                     NULL);
	GArray *sizes = g_array_new(FALSE, FALSE, sizeof(double));
	for (size_t k = 0; k < r->n_cases; k++)
		for (size_t i = 0; i < G_N_ELEMENTS(LLM_BUILD_COUNTS); i++) {
			double gb = smallest_card_gb(r, k, LLM_BUILD_COUNTS[i]);
			bool seen = gb <= 0;
			for (guint j = 0; j < sizes->len; j++)
				seen |= g_array_index(sizes, double, j) == gb;
			if (!seen)
				g_array_append_val(sizes, gb);
		}
	g_array_sort(sizes, compare_double);
	for (guint j = 0; j < sizes->len; j++) {
		double gb = g_array_index(sizes, double, j);
		/* data: names joined by ", " in every language; guide: as
		 * the language joins a list */
		GString *data = g_string_new(NULL);
		char *list = NULL;
		size_t n = 0;
		for (size_t g = 0; g < r->edition->n_gpus; g++) {
			const Gpu *gpu = &r->edition->gpus[g];
			if (gpu->memory_gb != gb)
				continue;
			g_string_append_printf(data, "%s%s",
			                       data->len ? ", " : "", gpu->name);
			if (n++ >= GUIDE_LIST_NAMES)
				continue;
			char *joined = list ? gg_fill2(S(c, "format.pair"),
			                               list, gpu->name)
			                    : g_strdup(gpu->name);
			g_free(list);
			list = joined;
		}
		table_add_row(t);
		table_set_number(t, "memory_gb", gb);
		table_take_shown(t, "gpus", data->str,
		                 guide_names_more(c, list, n));
		g_string_free(data, TRUE);
	}
	g_array_free(sizes, TRUE);
	return t;
}

/* ---- memory checks ---------------------------------------------------- */

static const Column CHECKS[] = {
    {"model", "table.llm_model", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"quantity", "table.llm_quantity", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"precision", "table.llm_precision", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"context", "table.llm_context", COL_INT, 0, 0, 'r', NULL, 0},
    {"published", "table.llm_published", COL_NUMBER, 2, 3, 'r', NULL, 0},
    {"computed", "table.llm_computed", COL_NUMBER, 2, 3, 'r', NULL, 0},
    {"unit", "table.llm_unit", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"error", "table.llm_error", COL_PERCENT, 1, 4, 'r', NULL, 0},
    {"validated", "table.llm_validated", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"source", "table.source", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"url", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
};

static const char *const QUANTITY_NAMES[] = {
    "weights", "kv_cache", "full", "lora", "qlora", "tokens_per_s"};

/* The source as a link; the guide shows the site's host name, which keeps
 * a table of ten columns readable (the full name is in the data and in
 * the table of sources). */
static void set_source(Table *t, const Provenance *p)
{
	const char *host = strstr(p->url, "://");
	if (host && g_str_has_prefix(p->url, "http")) {
		host += 3;
		char *shown = g_strndup(host, strcspn(host, "/"));
		table_set_link(t, "source", p->source, shown, p->url);
		g_free(shown);
	} else
		table_set_text(t, "source", p->source);
	table_set_text(t, "url", p->url);
}

static Table *checks_table(const Ctx *c, const LlmResults *r)
{
	Table *t = table_new("llm_memory_check", CHECKS, G_N_ELEMENTS(CHECKS),
	                     NULL);
	for (size_t i = 0; i < r->n_memory_checks; i++) {
		const LlmMemoryCheck *k = &r->memory_checks[i];
		const LlmMeasurement *x = k->published;
		const char *q = QUANTITY_NAMES[x->quantity];
		char key[48];
		table_add_row(t);
		table_set_text(t, "model", r->edition->llm_models[x->model].name);
		g_snprintf(key, sizeof key, "llm.quantity.%s", q);
		table_set_shown(t, "quantity", q, S(c, key));
		table_set_shown(t, "precision", llm_precision_name(x->precision),
		                precision_words(c, x->precision));
		if (x->context > 0)
			table_set_number(t, "context", x->context);
		table_set_number(t, "published", x->value);
		table_set_number(t, "computed",
		                 x->value * k->computed_bytes
		                     / k->published_bytes);
		table_set_text(t, "unit", x->unit);
		table_set_number(t, "error", k->error);
		table_set_shown(t, "validated", x->validate ? "yes" : "no",
		                S(c, x->validate ? "word.yes" : "word.no"));
		set_source(t, &x->from);
	}
	return t;
}

/* ---- token generation --------------------------------------------------- */

static const Column TOKENS[] = {
    {"gpu", "table.gpu", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"memory_kind", "table.llm_memory_kind", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"model", "table.llm_model", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"precision", "table.llm_precision", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"measured", "table.llm_measured_tps", COL_NUMBER, 1, 2, 'r', NULL, 0},
    {"estimated", "table.llm_estimated_tps", COL_NUMBER, 1, 2, 'r', NULL,
     0},
    {"error", "table.llm_error", COL_PERCENT, 1, 4, 'r', NULL, 0},
    {"fitted", "table.llm_fitted", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"source", "table.source", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"url", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
};

static const char *kind_name(LlmMemoryKind k)
{
	return k == LLM_MEMORY_HBM ? "hbm" : "gddr";
}

static Table *tokens_table(const Ctx *c, const LlmResults *r)
{
	Table *t = table_new("llm_tokens", TOKENS, G_N_ELEMENTS(TOKENS), NULL);
	const Edition *e = r->edition;
	for (size_t i = 0; i < r->speed.n_checks; i++) {
		const LlmSpeedCheck *k = &r->speed.checks[i];
		const LlmMeasurement *x = k->published;
		const Gpu *g = &e->gpus[x->gpu];
		const char *kind = kind_name(llm_memory_kind(g, &r->constants));
		char key[32];
		g_snprintf(key, sizeof key, "llm.memory.%s", kind);
		table_add_row(t);
		table_set_text(t, "gpu", g->name);
		table_set_shown(t, "memory_kind", kind, S(c, key));
		table_set_text(t, "model", e->llm_models[x->model].name);
		table_set_shown(t, "precision", llm_precision_name(x->precision),
		                precision_words(c, x->precision));
		table_set_number(t, "measured", x->value);
		table_set_number(t, "estimated", k->predicted_loo);
		table_set_number(t, "error", k->error_loo);
		table_set_shown(t, "fitted", k->held_out ? "no" : "yes",
		                S(c, k->held_out ? "word.no" : "word.yes"));
		set_source(t, &x->from);
	}
	return t;
}

/* ---- scalars ------------------------------------------------------------- */

/* The model of the kv_cache figure with the longest context (the first
 * such row): the worked example of the text. */
static const LlmMeasurement *longest_kv(const Edition *e)
{
	const LlmMeasurement *best = NULL;
	for (size_t i = 0; i < e->n_llm_measurements; i++) {
		const LlmMeasurement *x = &e->llm_measurements[i];
		if (x->quantity == LLM_KV_CACHE
		    && (!best || x->context > best->context))
			best = x;
	}
	return best;
}

static char *md_unit(const Ctx *c, double v, int decimals, const char *unit)
{
	char *plain = format_with_unit(c->s, v, decimals, unit);
	char *md = md_escape(plain);
	g_free(plain);
	return md;
}

static void example_scalars(const Ctx *c, const LlmResults *r, Values *v)
{
	const LlmMeasurement *x = longest_kv(r->edition);
	const LlmModel *m = x ? &r->edition->llm_models[x->model]
	                      : &r->edition->llm_models[0];
	double tokens = x ? x->context : r->constants.context;
	const LlmConstants *k = &r->constants;
	values_set_scalar(v, "llm_example_model", md_escape(m->name));
	values_set_scalar(v, "llm_example_fp16_gb",
	                  md_unit(c, llm_weight_bytes(m, LLM_FP16, k)
	                                 / k->gpu_memory_unit, 1, "unit.gb"));
	values_set_scalar(v, "llm_example_q4_gb",
	                  md_unit(c, llm_weight_bytes(m, LLM_Q4, k)
	                                 / k->gpu_memory_unit, 1, "unit.gb"));
	values_set_scalar(v, "llm_example_kv_per_token",
	                  md_unit(c, llm_kv_cache_bytes(m, 1, 1, k)
	                                 / BYTES_PER_MB, 2, "unit.mb"));
	values_set_scalar(v, "llm_example_kv_long",
	                  md_unit(c, llm_kv_cache_bytes(m, tokens, 1, k)
	                                 / k->gpu_memory_unit, 1, "unit.gb"));
	values_set_scalar(v, "llm_example_long_context", num(c, tokens, 0));
	values_set_scalar(v, "llm_tp_overhead",
	                  guide_md_percent(c, k->tp_overhead, 0));
	values_set_scalar(v, "llm_memory_headroom",
	                  guide_md_percent(c, k->memory_headroom, 0));
	const LlmMachineSpeed *ms = &r->machine_speed;
	values_set_scalar(v, "llm_machine_efficiency",
	                  guide_md_percent(c, ms->efficiency, 0));
	values_set_scalar(v, "llm_machine_points",
	                  num(c, (double)ms->n_points, 0));
	values_set_scalar(v, "llm_machine_error_loo",
	                  guide_md_percent(c, ms->mean_abs_error_loo, 0));
	values_set_scalar(v, "llm_memory_headroom_train",
	                  guide_md_percent(c, k->memory_headroom_train, 0));
	values_set_scalar(v, "llm_example_lora_share",
	                  guide_md_percent(c, llm_lora_params(m, k)
	                                          / (m->params_b * 1e9), 2));
}

/* The measurements held out of the fit: how many, which GPUs (in data
 * order, each once, joined as the language joins a list) and the
 * estimate's mean and worst error against them. */
static void held_out_scalars(const Ctx *c, const LlmResults *r, Values *v)
{
	const LlmSpeedModel *s = &r->speed;
	GPtrArray *names = g_ptr_array_new();
	for (size_t i = 0; i < s->n_checks; i++) {
		if (!s->checks[i].held_out)
			continue;
		const char *name =
		    r->edition->gpus[s->checks[i].published->gpu].name;
		bool seen = false;
		for (size_t j = 0; j < names->len; j++)
			seen |= strcmp(names->pdata[j], name) == 0;
		if (!seen)
			g_ptr_array_add(names, (gpointer)name);
	}
	char *list = NULL;
	for (size_t j = 0; j < names->len; j++) {
		char *joined = list ? gg_fill2(S(c, "format.llm_and"), list,
		                               names->pdata[j])
		                    : g_strdup(names->pdata[j]);
		g_free(list);
		list = joined;
	}
	values_set_scalar(v, "llm_tokens_held_out_count",
	                  g_strdup_printf("%zu", s->n_held_out));
	values_set_scalar(v, "llm_tokens_held_out_gpus",
	                  md_escape(list ? list : ""));
	values_set_scalar(v, "llm_tokens_held_out_error",
	                  guide_md_percent(c, s->mean_abs_error_held_out, 0));
	values_set_scalar(v, "llm_tokens_held_out_error_max",
	                  guide_md_percent(c, s->max_abs_error_held_out, 0));
	g_free(list);
	g_ptr_array_free(names, TRUE);
}

static void check_scalars(const Ctx *c, const LlmResults *r, Values *v)
{
	double worst = 0;
	size_t n = 0;
	for (size_t i = 0; i < r->n_memory_checks; i++)
		if (r->memory_checks[i].published->validate) {
			worst = fmax(worst, fabs(r->memory_checks[i].error));
			n++;
		}
	values_set_scalar(v, "llm_memory_error_max",
	                  guide_md_percent(c, worst, 1));
	values_set_scalar(v, "llm_memory_checks_count",
	                  g_strdup_printf("%zu", n));
	const LlmSpeedModel *s = &r->speed;
	values_set_scalar(v, "llm_tokens_count",
	                  g_strdup_printf("%zu", s->n_checks - s->n_held_out));
	values_set_scalar(v, "llm_efficiency_gddr",
	                  guide_md_percent(c, s->efficiency[LLM_MEMORY_GDDR], 0));
	values_set_scalar(v, "llm_efficiency_hbm",
	                  guide_md_percent(c, s->efficiency[LLM_MEMORY_HBM], 0));
	values_set_scalar(v, "llm_tokens_error",
	                  guide_md_percent(c, s->mean_abs_error_loo, 1));
	values_set_scalar(v, "llm_tokens_error_max",
	                  guide_md_percent(c, s->max_abs_error_loo, 1));
	held_out_scalars(c, r, v);
}

void guide_add_llm(const Ctx *c, Values *v, GPtrArray *tables)
{
	const LlmResults *r = c->res->llm;
	if (c->e->n_llm_models == 0 || !r)
		return;
	guide_add_table(c, v, tables, memory_table(c, r));
	guide_add_table(c, v, tables, fit_table(c, r));
	guide_add_llm_context(c, v, tables, r);
	guide_add_llm_machines(c, v, tables, r);
	guide_add_llm_speed(c, v, tables, r);
	guide_add_table(c, v, tables, sizes_table(c, r));
	guide_add_table(c, v, tables, checks_table(c, r));
	guide_add_table(c, v, tables, tokens_table(c, r));
	example_scalars(c, r, v);
	check_scalars(c, r, v);
}
