/* Guide stage: results to template values.  See guide.h. */
#include "guide.h"

#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	const Costs *costs;
	const Edition *e;
	const Strings *s;
	GError **error;
} Ctx;

static const char *S(const Ctx *c, const char *key)
{
	return strings_need(c->s, key, c->error);
}

char *guide_format_number(const Strings *s, double v, int decimals)
{
	const char *sep = strings_get(s, "format.thousands_sep");
	const char *point = strings_get(s, "format.decimal_point");
	char *plain = g_strdup_printf("%.*f", decimals, fabs(v) < 0.5 * pow(10, -decimals) ? 0.0 : v);
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

static char *money(const Ctx *c, double v)
{
	char *n = guide_format_number(c->s, v, 0);
	char *m = g_strdup_printf("%s%s", S(c, "format.currency_prefix"), n);
	g_free(n);
	return m;
}

/* GPU indices with a price, best performance per dollar first; ties by
 * name so the order never depends on qsort. */
static const Costs *sort_costs;
static int by_per_dollar(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	double x = sort_costs->gpus[i].per_dollar;
	double y = sort_costs->gpus[j].per_dollar;
	if (x != y)
		return x > y ? -1 : 1;
	const Edition *e = sort_costs->perf->edition;
	return strcmp(e->gpus[i].name, e->gpus[j].name);
}

static size_t *ranked_gpus(const Costs *costs, size_t *n)
{
	const Edition *e = costs->perf->edition;
	size_t *order = g_new(size_t, e->n_gpus);
	*n = 0;
	for (size_t i = 0; i < e->n_gpus; i++)
		if (costs->gpus[i].has_price)
			order[(*n)++] = i;
	sort_costs = costs;
	qsort(order, *n, sizeof *order, by_per_dollar);
	sort_costs = NULL;
	return order;
}

static char *per_dollar_table(const Ctx *c, const size_t *order, size_t n)
{
	const char *header[] = {S(c, "table.rank"),   S(c, "table.gpu"),
	                        S(c, "table.memory"), S(c, "table.price"),
	                        S(c, "table.relative_performance"),
	                        S(c, "table.per_dollar"),
	                        S(c, "table.provenance")};
	char ***rows = g_new(char **, n);
	for (size_t r = 0; r < n; r++) {
		size_t i = order[r];
		const Gpu *g = &c->e->gpus[i];
		const GpuPerf *p = &c->costs->perf->gpus[i];
		const GpuCost *k = &c->costs->gpus[i];
		char *mem = guide_format_number(c->s, g->memory_gb, 0);
		char *price = money(c, k->price);
		char *row[] = {
		    g_strdup_printf("%zu", r + 1), md_escape(g->name),
		    g_strdup_printf("%s %s", mem, S(c, "unit.gb")),
		    md_escape(price), guide_format_number(c->s, p->value, 2),
		    guide_format_number(c->s, k->per_dollar, 2),
		    g_strdup(S(c, p->kind == PERF_MEASURED ? "kind.measured"
		                  : p->kind == PERF_DEBIASED ? "kind.debiased"
		                                             : "kind.modelled"))};
		g_free(mem);
		g_free(price);
		rows[r] = g_memdup2(row, sizeof row);
	}
	char *md = md_table(header, "rlrrrrl", rows, n);
	for (size_t r = 0; r < n; r++) {
		for (size_t k = 0; k < G_N_ELEMENTS(header); k++)
			g_free(rows[r][k]);
		g_free(rows[r]);
	}
	g_free(rows);
	return md;
}

static char *source_line(const Ctx *c)
{
	return g_strdup_printf("%s %s/%s; %s %s", S(c, "chart.source_prefix"),
	                       "data", c->e->name, S(c, "chart.data_as_of"),
	                       c->e->data_date);
}

static Chart *per_dollar_chart(const Ctx *c, const size_t *order, size_t n)
{
	Chart *ch = g_new0(Chart, 1);
	ch->name = g_strdup("per_dollar_1gpu");
	ch->title = g_strdup(S(c, "chart.per_dollar_1gpu.title"));
	ch->axis_label = g_strdup(S(c, "chart.per_dollar.axis"));
	ch->caption = g_strdup(S(c, "chart.per_dollar_1gpu.caption"));
	ch->legend_measured = g_strdup(S(c, "chart.legend.measured"));
	ch->legend_modelled = g_strdup(S(c, "chart.legend.modelled"));
	ch->legend_reference = g_strdup(S(c, "chart.legend.reference"));
	ch->font_family = g_strdup(S(c, "font.family"));
	ch->source_line = source_line(c);
	ch->bars = g_new0(ChartBar, n);
	ch->n_bars = n;
	for (size_t r = 0; r < n; r++) {
		size_t i = order[r];
		ChartBar *b = &ch->bars[r];
		b->label = g_strdup(c->e->gpus[i].name);
		b->value = c->costs->gpus[i].per_dollar;
		b->value_text = guide_format_number(c->s, b->value, 2);
		b->reference = i == c->costs->perf->reference;
		b->modelled = c->costs->perf->gpus[i].kind == PERF_MODELLED;
		b->flagged = !c->e->gpus[i].model_ok;
	}
	return ch;
}

static void scalars(const Ctx *c, Values *v, const size_t *order, size_t n)
{
	const Edition *e = c->e;
	values_set_scalar(v, "edition", md_escape(e->name));
	values_set_scalar(v, "data_date", md_escape(e->data_date));
	values_set_scalar(v, "reference_gpu",
	                  md_escape(e->gpus[c->costs->perf->reference].name));
	values_set_scalar(v, "gpu_count", g_strdup_printf("%zu", e->n_gpus));
	values_set_scalar(v, "price_count",
	                  g_strdup_printf("%zu", e->n_prices));
	values_set_scalar(v, "benchmark_count",
	                  g_strdup_printf("%zu", e->n_benchmarks));
	values_set_scalar(v, "source_count",
	                  g_strdup_printf("%zu", edition_count_sources(e)));
	values_set_scalar(v, "best_per_dollar",
	                  md_escape(n ? e->gpus[order[0]].name : "-"));
}

Values *guide_values(const Costs *costs, const Strings *strings,
                     GError **error)
{
	Ctx c = {costs, costs->perf->edition, strings, error};
	size_t n = 0;
	size_t *order = ranked_gpus(costs, &n);
	Values *v = values_new();
	scalars(&c, v, order, n);
	values_set_table(v, "per_dollar", per_dollar_table(&c, order, n));
	values_add_chart(v, per_dollar_chart(&c, order, n));
	g_free(order);
	if (*error) {
		values_free(v);
		return NULL;
	}
	return v;
}
