/* Guide tables of the current edition's own sections: which GPUs support
 * which number formats (gpus.csv's fp8 and fp4 columns, read through the
 * model's model_precision_supported) and the GPUs added since the previous edition (the
 * previous_edition assumption names its folder, which the results stage
 * loads).
 * An edition without that assumption gets no list of additions.  See
 * guide_ctx.h. */
#include "guide_ctx.h"

#include "model.h"

#include <string.h>

/* ---- number formats by architecture ----------------------------------- */

static const Column PRECISION[] = {
    {"vendor", "table.vendor", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"architecture", "table.architecture", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"tensor_gen", "table.tensor_gen", COL_INT, 0, 0, 'r', NULL, 0},
    {"fp8", "table.fp8", COL_TEXT, 0, 0, 'c', NULL, 0},
    {"fp4", "table.fp4", COL_TEXT, 0, 0, 'c', NULL, 0},
    {"gpus", "table.gpus_of", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"source", "table.source", COL_TEXT, 0, 0, 'l', NULL, 0},
};

static void set_yes_no(const Ctx *c, Table *t, const char *key, bool yes)
{
	table_set_shown(t, key, yes ? "yes" : "no",
	                S(c, yes ? "word.yes" : "word.no"));
}

/* A row of the table is one group: the GPUs with the same vendor,
 * architecture, tensor generation, formats and document stating them. */
static bool same_group(const Gpu *x, const Gpu *y)
{
	return strcmp(x->vendor, y->vendor) == 0
	       && strcmp(x->architecture, y->architecture) == 0
	       && x->tensor_gen == y->tensor_gen
	       && model_precision_supported(x, "fp8")
	              == model_precision_supported(y, "fp8")
	       && model_precision_supported(x, "fp4")
	              == model_precision_supported(y, "fp4")
	       && strcmp(x->precision_source, y->precision_source) == 0;
}

/* The document stating the group's formats, linked when it has an
 * address; the guide shows its name without the parenthesis that says
 * what it states (the data export keeps the whole). */
static void set_source(Table *t, const Gpu *x)
{
	const char *cut = strstr(x->precision_source, " (");
	char *name = cut ? g_strndup(x->precision_source,
	                             (gsize)(cut - x->precision_source))
	                 : g_strdup(x->precision_source);
	if (g_str_has_prefix(x->precision_url, "https://")
	    || g_str_has_prefix(x->precision_url, "http://"))
		table_set_link(t, "source", x->precision_source, name,
		               x->precision_url);
	else
		table_set_shown(t, "source", x->precision_source, name);
	g_free(name);
}

static Table *precision_table(const Ctx *c)
{
	const Edition *e = c->e;
	Table *t = table_new("precision_support", PRECISION,
	                     G_N_ELEMENTS(PRECISION), NULL);
	/* the groups in the order of their first GPU in gpus.csv, each
	 * with its GPUs' names in that order: one pass, each GPU against
	 * the groups' first GPUs (same_group is an equivalence) */
	GArray *heads = g_array_new(FALSE, FALSE, sizeof(size_t));
	GPtrArray *names = g_ptr_array_new();
	/* per group: how many names, and the length of its first
	 * GUIDE_LIST_NAMES (what the guide shows) */
	GArray *counts = g_array_new(FALSE, TRUE, sizeof(size_t));
	GArray *shown = g_array_new(FALSE, TRUE, sizeof(size_t));
	for (size_t g = 0; g < e->n_gpus; g++) {
		guint j = 0;
		while (j < heads->len
		       && !same_group(&e->gpus[g_array_index(heads, size_t, j)],
		                      &e->gpus[g]))
			j++;
		if (j == heads->len) {
			g_array_append_val(heads, g);
			g_ptr_array_add(names, g_string_new(NULL));
			g_array_set_size(counts, heads->len);
			g_array_set_size(shown, heads->len);
		}
		GString *list = names->pdata[j];
		if (list->len)
			g_string_append(list, ", ");
		g_string_append(list, e->gpus[g].name);
		if (++g_array_index(counts, size_t, j) <= GUIDE_LIST_NAMES)
			g_array_index(shown, size_t, j) = list->len;
	}
	for (guint j = 0; j < heads->len; j++) {
		const Gpu *x = &e->gpus[g_array_index(heads, size_t, j)];
		table_add_row(t);
		table_set_text(t, "vendor", x->vendor);
		table_set_text(t, "architecture", x->architecture);
		table_set_number(t, "tensor_gen", x->tensor_gen);
		set_yes_no(c, t, "fp8", model_precision_supported(x, "fp8"));
		set_yes_no(c, t, "fp4", model_precision_supported(x, "fp4"));
		const char *all = ((GString *)names->pdata[j])->str;
		size_t n = g_array_index(counts, size_t, j);
		if (n <= GUIDE_LIST_NAMES)
			table_set_text(t, "gpus", all);
		else
			table_take_shown(t, "gpus", all,
			                 guide_names_more(
			                     c, g_strndup(all, g_array_index(
			                                           shown, size_t, j)),
			                     n));
		set_source(t, x);
		g_string_free(names->pdata[j], TRUE);
	}
	g_ptr_array_free(names, TRUE);
	g_array_free(heads, TRUE);
	g_array_free(counts, TRUE);
	g_array_free(shown, TRUE);
	return t;
}

/* ---- GPUs added since the previous edition ------------------------------ */

static const Column ADDED[] = {
    {"gpu", "table.gpu", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"launch_date", "table.launch_date", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"architecture", "table.architecture", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"memory_gb", "table.memory", COL_NUMBER, 0, 0, 'r', "unit.gb", 0},
    {"launched_since", "table.launched_since", COL_TEXT, 0, 0, 'c', NULL,
     0},
};

/* Newest launch first, then by name, so the order never depends on the
 * file. */
static gint by_launch(gconstpointer a, gconstpointer b)
{
	const Gpu *x = *(const Gpu *const *)a, *y = *(const Gpu *const *)b;
	int d = strcmp(y->launch_date, x->launch_date);
	return d ? d : strcmp(x->name, y->name);
}

static Table *added_table(const Ctx *c, const Edition *previous)
{
	Table *t = table_new("gpus_added", ADDED, G_N_ELEMENTS(ADDED), NULL);
	GPtrArray *added = g_ptr_array_new();
	for (size_t g = 0; g < c->e->n_gpus; g++)
		if (edition_find_gpu(previous, c->e->gpus[g].name) < 0)
			g_ptr_array_add(added, &c->e->gpus[g]);
	g_ptr_array_sort(added, by_launch);
	for (guint i = 0; i < added->len; i++) {
		const Gpu *x = added->pdata[i];
		table_add_row(t);
		table_set_text(t, "gpu", x->name);
		table_set_text(t, "launch_date", x->launch_date);
		table_set_text(t, "architecture", x->architecture);
		table_set_number(t, "memory_gb", x->memory_gb);
		set_yes_no(c, t, "launched_since",
		           strcmp(x->launch_date, previous->data_date) > 0);
	}
	g_ptr_array_free(added, TRUE);
	return t;
}

static void added_values(const Ctx *c, Values *v, GPtrArray *tables)
{
	const Assumption *a = edition_assumption(c->e, "previous_edition");
	if (!a)
		return;
	const Edition *previous = c->res->previous_edition;
	if (!previous) {
		/* an edition copied without its predecessor: nothing to
		 * compare with, an empty table */
		Table *t = table_new("gpus_added", ADDED, G_N_ELEMENTS(ADDED),
		                     NULL);
		values_set_scalar(v, "gpus_added_count", g_strdup("0"));
		values_set_scalar(v, "previous_edition", md_escape(a->value));
		values_set_scalar(v, "previous_edition_date", g_strdup(""));
		guide_add_table(c, v, tables, t);
		return;
	}
	Table *t = added_table(c, previous);
	values_set_scalar(v, "gpus_added_count",
	                  g_strdup_printf("%zu", table_rows(t)));
	values_set_scalar(v, "previous_edition", md_escape(previous->name));
	values_set_scalar(v, "previous_edition_date",
	                  md_escape(previous->data_date));
	guide_add_table(c, v, tables, t);
}

/* ---- figures of single GPUs for the text ------------------------------ */

/* "rtx-pro-6000-blackwell": a GPU's name as a placeholder part. */
static char *gpu_slug(const char *name)
{
	GString *s = g_string_new(NULL);
	for (const char *p = name; *p; p++) {
		if (g_ascii_isalnum(*p))
			g_string_append_c(s, g_ascii_tolower(*p));
		else if (s->len && s->str[s->len - 1] != '-')
			g_string_append_c(s, '-');
	}
	return g_string_free(s, FALSE);
}

/* {{gpu.SLUG.memory_gb}}, .bandwidth_gbs, .tdp_w, .smem_per_sm_kb,
 * .sm_count, .launch_date: the figures of gpus.csv that the questions
 * and the 2020-09 hardware section quote. */
static void gpu_scalars(const Ctx *c, Values *v)
{
	for (size_t g = 0; g < c->e->n_gpus; g++) {
		const Gpu *x = &c->e->gpus[g];
		char *slug = gpu_slug(x->name);
		char name[160];
		g_snprintf(name, sizeof name, "gpu.%s.memory_gb", slug);
		values_set_scalar(v, name, num(c, x->memory_gb, 0));
		g_snprintf(name, sizeof name, "gpu.%s.bandwidth_gbs", slug);
		values_set_scalar(v, name, num(c, x->bandwidth_gbs, 0));
		g_snprintf(name, sizeof name, "gpu.%s.tdp_w", slug);
		values_set_scalar(v, name, num(c, x->tdp_w, 0));
		g_snprintf(name, sizeof name, "gpu.%s.smem_per_sm_kb", slug);
		values_set_scalar(v, name, num(c, x->smem_per_sm_kb, 0));
		g_snprintf(name, sizeof name, "gpu.%s.sm_count", slug);
		values_set_scalar(v, name, num(c, x->sm_count, 0));
		g_snprintf(name, sizeof name, "gpu.%s.launch_date", slug);
		values_set_scalar(v, name, md_escape(x->launch_date));
		g_free(slug);
	}
}

void guide_add_edition_tables(const Ctx *c, Values *v, GPtrArray *tables)
{
	gpu_scalars(c, v);
	guide_add_table(c, v, tables, precision_table(c));
	added_values(c, v, tables);
}
