/* Private to the guide stage: the Markdown cell helpers every builder
 * shares, and the words that set a tie's two builds apart.  See
 * guide_ctx.h. */
#include "guide_ctx.h"

#include "util.h"

#include <math.h>

static char *escaped(char *plain)
{
	char *md = md_escape(plain);
	g_free(plain);
	return md;
}

char *guide_md_money(const Ctx *c, double v)
{
	return escaped(format_money(c->s, v));
}

char *guide_md_price(const Ctx *c, double v)
{
	return escaped(format_price(c->s, v));
}

char *guide_md_percent(const Ctx *c, double fraction, int decimals)
{
	return escaped(format_percent(c->s, fraction, decimals));
}

char *guide_gpu_md(const Ctx *c, size_t g)
{
	return md_escape(c->e->gpus[g].name);
}

char *guide_build_md(const Ctx *c, const Build *b)
{
	if (!b)
		return g_strdup("\xE2\x80\x94"); /* em dash */
	return escaped(format_build_name(c->s, c->e, b));
}

/* By rank in the workload, then by place in the build list: stable. */
static gint by_rank(gconstpointer a, gconstpointer b, gpointer workload)
{
	const Build *x = *(const Build *const *)a, *y = *(const Build *const *)b;
	int w = *(const int *)workload;
	if (x->rank[w] != y->rank[w])
		return x->rank[w] < y->rank[w] ? -1 : 1;
	return (x > y) - (x < y);
}

size_t guide_builds_of_size(const Ctx *c, int n, Workload w,
                            const Build **out)
{
	size_t m = 0;
	for (size_t i = 0; i < c->costs->n_builds; i++)
		if (c->costs->builds[i].gpu_count == n)
			out[m++] = &c->costs->builds[i];
	int workload = (int)w;
	g_qsort_with_data(out, (gint)m, sizeof *out, by_rank, &workload);
	return m;
}

void guide_set_build(const Ctx *c, Table *t, const char *key,
                     const Build *b)
{
	if (!b)
		return;
	char *id = format_build_id(c->e, b);
	table_take_shown(t, key, id,
	                 table_row_shown(t) ? format_build_name(c->s, c->e, b)
	                                    : NULL);
	g_free(id);
}

void guide_set_workload(const Ctx *c, Table *t, const char *key,
                        Workload w)
{
	table_set_shown(t, key, workload_name(w),
	                S(c, w == WORKLOAD_CNN ? "workload.cnn"
	                                       : "workload.transformer"));
}

void guide_set_fit(const Ctx *c, Table *t, const char *key, unsigned fit)
{
	static const struct {
		unsigned flag;
		const char *id, *text;
	} flags[] = {{FIT_SLOTS, "slots", "fit.slots"},
	             {FIT_NO_GAP, "no-gap", "fit.no_gap"},
	             {FIT_POWER, "power", "fit.power"},
	             {FIT_MODULE, "module", "fit.module"},
	             {FIT_AIRFLOW, "airflow", "fit.airflow"}};
	GString *ids = g_string_new(NULL);
	char *shown = NULL;
	bool words_shown = table_row_shown(t); /* else no one reads them */
	for (size_t i = 0; i < G_N_ELEMENTS(flags); i++) {
		if (!(fit & flags[i].flag))
			continue;
		if (ids->len)
			g_string_append_c(ids, ' ');
		g_string_append(ids, flags[i].id);
		if (!words_shown)
			continue;
		const char *words = S(c, flags[i].text);
		char *joined = shown ? gg_fill2(S(c, "format.list"), shown, words)
		                     : g_strdup(words);
		g_free(shown);
		shown = joined;
	}
	table_take_shown(t, key, ids->str,
	                 shown ? shown
	                 : words_shown ? g_strdup(S(c, "fit.ok")) : NULL);
	g_string_free(ids, TRUE);
}

/* A table longer than the guide shows ends with a line saying where
 * every row is: its file of the data export. */
static char *with_rest_note(const Ctx *c, const Table *t, char *md)
{
	size_t shown = table_guide_rows(t), all = table_rows(t);
	if (!md || shown == all)
		return md;
	char *n_shown = format_number(c->s, (double)shown, 0);
	char *n_all = format_number(c->s, (double)all, 0);
	char *counts = gg_fill2(S(c, "table.first_rows"), n_shown, n_all);
	char *file = g_strdup_printf("data/%s.csv", table_name(t));
	char **parts = g_strsplit(counts, "{3}", -1); /* the file's slot */
	char *note = g_strjoinv(file, parts);
	char *joined = g_strconcat(md, "\n", note, "\n", NULL);
	g_strfreev(parts);
	g_free(counts);
	g_free(note);
	g_free(file);
	g_free(n_all);
	g_free(n_shown);
	g_free(md);
	return joined;
}

void guide_add_table(const Ctx *c, Values *v, GPtrArray *tables, Table *t)
{
	/* A table without rows says so instead of one row of dashes. */
	char *md = table_rows(t) ? table_markdown(t, c->s, c->error)
	                         : g_strdup(S(c, "table.empty"));
	md = with_rest_note(c, t, md);
	if (md)
		values_set_table(v, table_name(t), md);
	g_ptr_array_add(tables, t);
}

/* One difference: "$300 dearer" or "$300 cheaper"; NULL when zero. */
static char *difference(const Ctx *c, double d, char *amount,
                        const char *more, const char *less)
{
	char *text = d == 0 ? NULL : gg_fill2(S(c, d > 0 ? more : less), amount, "");
	g_free(amount);
	return text;
}

char *guide_tie_differences(const Ctx *c, const RecommendTie *t)
{
	char *parts[] = {
	    difference(c, t->cost_diff, format_money(c->s, fabs(t->cost_diff)),
	               "tie.price_more", "tie.price_less"),
	    difference(c, t->memory_diff,
	               format_with_unit(c->s, fabs(t->memory_diff), 0, "unit.gb"),
	               "tie.memory_more", "tie.memory_less"),
	    difference(c, t->power_diff,
	               format_with_unit(c->s, fabs(t->power_diff), 0, "unit.watt"),
	               "tie.power_more", "tie.power_less")};
	char *joined = NULL;
	for (size_t i = 0; i < G_N_ELEMENTS(parts); i++) {
		if (!parts[i])
			continue;
		char *next = joined ? gg_fill2(S(c, "format.pair"), joined, parts[i])
		                    : g_strdup(parts[i]);
		g_free(joined);
		g_free(parts[i]);
		joined = next;
	}
	return joined ? joined : g_strdup(S(c, "tie.no_difference"));
}

char *guide_rule_ids(unsigned rules)
{
	GString *ids = g_string_new(NULL);
	for (int k = 0; k < USE_RULE_COUNT; k++)
		if (rules & (1u << k))
			g_string_append_printf(ids, "%s%s", ids->len ? " " : "",
			                       edition_use_rule_ids[k]);
	return g_string_free(ids, FALSE);
}

char *guide_names_more(const Ctx *c, char *list, size_t n)
{
	if (n <= GUIDE_LIST_NAMES)
		return list;
	char *more = num(c, (double)(n - GUIDE_LIST_NAMES), 0);
	char *words = gg_fill2(S(c, "table.more_names"), list, more);
	g_free(more);
	g_free(list);
	return words;
}

void guide_list_append(const Ctx *c, char **list, char *item)
{
	char *joined = *list ? gg_fill2(S(c, "format.list"), *list, item)
	                     : g_strdup(item);
	g_free(item);
	g_free(*list);
	*list = joined;
}
