/* Guide charts: the figures of the guide as Chart values, their words
 * from the language strings chart.NAME.*.  See guide_ctx.h. */
#include "guide_ctx.h"
#include "price_age.h"

#include "cloud.h"
#include "util.h"

#include <math.h>
#include <string.h>

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
	ch->legend_interval = g_strdup(S(c, "chart.legend.interval"));
	ch->font_family = g_strdup(S(c, "font.sans"));
	ch->source_line = gg_fill2(S(c, "chart.source"), c->e->name,
	                          c->e->data_date);
	return ch;
}

/* Per dollar of an n-GPU system, for convolutional networks and
 * transformers side by side, ranked by the first: the bars drawn
 * (CHART_MAX_BARS); *total the builds ranked. */
static Chart *per_dollar_chart(const Ctx *c, int n, size_t *total)
{
	char *name = g_strdup_printf("per_dollar_%dgpu", n);
	Chart *ch = new_chart(c, CHART_GROUPED_BARS, name);
	g_free(name);
	ch->series_names[0] = g_strdup(S(c, "workload.cnn"));
	ch->series_names[1] = g_strdup(S(c, "workload.transformer_title"));
	const Build **list = g_new(const Build *, c->costs->n_builds + 1);
	size_t m = guide_builds_of_size(c, n, WORKLOAD_CNN, list);
	*total = m;
	for (size_t i = 0; i < m && i < CHART_MAX_BARS; i++) {
		const Build *b = list[i];
		const GpuPerf *p = &c->perf->gpus[WORKLOAD_CNN][b->gpu];
		const GpuPerf *t = &c->perf->gpus[WORKLOAD_TRANSFORMER][b->gpu];
		double v = b->per_dollar[WORKLOAD_CNN];
		double v2 = b->per_dollar[WORKLOAD_TRANSFORMER];
		double scale = p->value > 0 ? v / p->value : 0;
		double scale2 = t->value > 0 ? v2 / t->value : 0;
		bool rated2 = t->rated && isfinite(v2);
		char *build = format_build_name(c->s, c->e, b);
		char *label = price_age_label(c->s, b->gpu_price, build,
		                              c->error);
		g_free(build);
		chart_add_bar(ch, (ChartBar){
		    .label = label,
		    .value = v,
		    .value_text = num(c, v, 2),
		    .value2 = rated2 ? v2 : 0,
		    .value2_text = rated2 ? num(c, v2, 2) : g_strdup("\xE2\x80\x93"),
		    .reference = b->gpu == c->perf->reference,
		    .modelled = p->kind == PERF_MODELLED,
		    .modelled2 = rated2 && t->kind == PERF_MODELLED,
		    .flagged = b->fit != 0,
		    .low = p->low * scale, .high = p->high * scale,
		    .low2 = rated2 ? t->low * scale2 : 0,
		    .high2 = rated2 ? t->high * scale2 : 0});
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
		    .value2 = t->value,
		    .reference = g == c->perf->reference,
		    .modelled = p->kind == PERF_MODELLED,
		    .modelled2 = t->kind == PERF_MODELLED,
		    .low = p->low, .high = p->high, .low2 = t->low,
		    .high2 = t->high});
	}
	qsort(ch->bars, ch->n_bars, sizeof *ch->bars, by_value_desc);
	/* the values' words for the bars drawn alone (capped drops the
	 * rest: one per GPU at 10,000 GPUs) */
	for (size_t i = 0; i < ch->n_bars && i < CHART_MAX_BARS; i++) {
		ch->bars[i].value_text = num(c, ch->bars[i].value, 2);
		ch->bars[i].value2_text = num(c, ch->bars[i].value2, 2);
	}
	return ch;
}

static int by_mark_at(const void *a, const void *b)
{
	const ChartMark *x = a, *y = b;
	return (x->at > y->at) - (x->at < y->at);
}

/* Memory against one-GPU performance per dollar (a GPU that needs a
 * server board in a series of its own), with the use cases' memory
 * minimums as vertical lines tagged at their top. */
static Chart *memory_chart(const Ctx *c)
{
	Chart *ch = new_chart(c, CHART_XY, "memory");
	ch->log2_x = true;
	size_t s = chart_add_series(ch, g_strdup(S(c, "chart.memory.series")),
	                            false);
	size_t server = chart_add_series(
	    ch, g_strdup(S(c, "chart.memory.series_server")), false);
	const Build **list = g_new(const Build *, c->costs->n_builds + 1);
	size_t m = guide_builds_of_size(c, 1, WORKLOAD_CNN, list);
	for (size_t i = 0; i < m; i++) {
		const Gpu *g = &c->e->gpus[list[i]->gpu];
		bool module = (list[i]->fit & FIT_MODULE) != 0;
		chart_add_point(ch, module ? server : s, g->memory_gb,
		                list[i]->per_dollar[WORKLOAD_CNN],
		                i < 12 || module ? g_strdup(g->name) : NULL);
	}
	g_free(list);
	if (!ch->series[server].n_points) {
		g_free(ch->series[server].name);
		ch->n_series--;
	}
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
		char *tag = g_strdup_printf("%s %s", n, S(c, "unit.gb"));
		g_free(n);
		const char *sep = " ";
		for (size_t k = 0; k < c->e->n_use_cases; k++) {
			if (c->e->use_cases[k].min_memory_gb != gb)
				continue;
			g_string_append_printf(
			    label, "%s%s", sep,
			    format_use_case_title(c->s, &c->e->use_cases[k]));
			sep = ", ";
		}
		chart_add_tagged_mark(ch, gb, g_string_free(label, FALSE), tag);
	}
	qsort(ch->marks, ch->n_marks, sizeof *ch->marks, by_mark_at);
	return ch;
}

/* Cumulative cost of the example desktop and cloud instance, over days,
 * months or years, whichever keeps the numbers small; in the reader's
 * money (yuan in zh-CN, as every amount of that edition), the axis naming
 * it (chart.cloud.y_axis with chart.money.CODE). */
static Chart *cloud_chart(const Ctx *c)
{
	const Examples *x = &c->costs->examples;
	Chart *ch = new_chart(c, CHART_XY, "cloud");
	Currency cur = format_reader_currency(c->s);
	double rate = format_fx_rate(cur, NULL);
	char *money = g_strconcat("chart.money.", currency_code(cur), NULL);
	g_free(ch->y_label);
	ch->y_label = gg_fill2(S(c, "chart.cloud.y_axis"), S(c, money), "");
	g_free(money);
	double end = fmax(x->breakeven_days * 2, x->example_days * 1.5);
	if (!isfinite(end))
		end = x->example_days * 2;
	int unit = end > 730 ? 2 : end > 90 ? 1 : 0;
	static const double days_per[] = {1, 365.25 / 12, 365.25};
	static const char *const units[] = {"unit.days", "unit.months",
	                                    "unit.years"};
	static const char *const axes[] = {"chart.cloud.axis",
	                                   "chart.cloud.axis_months",
	                                   "chart.cloud.axis_years"};
	g_free(ch->x_label);
	ch->x_label = g_strdup(S(c, axes[unit]));
	ch->x_unit = days_per[unit];
	char *desk = gg_fill2(S(c, "format.aside"), S(c, "chart.cloud.desktop"),
	                      x->breakeven_build
	                          ? c->e->gpus[x->breakeven_build->gpu].name
	                          : "");
	size_t d = chart_add_series(ch, desk, true);
	char *cl = g_strdup_printf("%s %s", x->breakeven_offer->provider,
	                           x->breakeven_offer->instance);
	size_t k = chart_add_series(ch, cl, true);
	for (int i = 0; i <= 20; i++) {
		double day = end * i / 20;
		chart_add_point(ch, d, day / days_per[unit],
		                (x->desktop_cost + x->electricity_day * day) * rate,
		                NULL);
		chart_add_point(ch, k, day / days_per[unit],
		                x->cloud_day * day * rate, NULL);
	}
	if (isfinite(x->breakeven_days)) {
		double at = x->breakeven_days / days_per[unit];
		char *when = unit == 2 ? num(c, at, 1) : num(c, ceil(at), 0);
		chart_add_mark(ch, at,
		               g_strdup_printf("%s: %s %s",
		                               S(c, "chart.cloud.breakeven"), when,
		                               S(c, units[unit])));
		g_free(when);
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
			chart_add_bar(ch, (ChartBar){
			    .label = format_build_name(c->s, c->e, b),
			    .value = b->draw_w,
			    .value_text = format_with_unit(c->s, b->draw_w, 0,
			                                   "unit.watt"),
			    .flagged = (b->fit & FIT_POWER) != 0});
		}
	}
	g_hash_table_destroy(done);
	qsort(ch->bars, ch->n_bars, sizeof *ch->bars, by_value_desc);
	char *w = format_with_unit(c->s, c->costs->psu_max_w, 0, "unit.watt");
	chart_add_mark(ch, c->costs->psu_max_w,
	               gg_fill2(S(c, "format.aside"), S(c, "chart.power.limit"),
	                        w));
	g_free(w);
	g_free(ch->legend_flagged);
	ch->legend_flagged = g_strdup(S(c, "chart.power.flagged"));
	g_free(ch->legend_measured); /* power is not a benchmark */
	ch->legend_measured = NULL;
	return ch;
}

/* A bar chart draws its first CHART_MAX_BARS bars only: its caption says
 * so, in the language (total: the bars it had), and the bars not drawn
 * are dropped (at 10,000 GPUs, tens of thousands of labels nobody
 * reads; nothing reads past the first CHART_MAX_BARS). */
static Chart *capped_of(const Ctx *c, Chart *ch, size_t total)
{
	if (ch->kind == CHART_XY || total <= CHART_MAX_BARS)
		return ch;
	for (size_t i = CHART_MAX_BARS; i < ch->n_bars; i++) {
		g_free(ch->bars[i].label);
		g_free(ch->bars[i].value_text);
		g_free(ch->bars[i].value2_text);
	}
	ch->n_bars = MIN(ch->n_bars, (size_t)CHART_MAX_BARS);
	ch->bars = g_renew(ChartBar, ch->bars, ch->n_bars);
	const char *text = ch->caption ? ch->caption : ch->title;
	char *shown = g_strdup_printf("%d", CHART_MAX_BARS);
	char *all = g_strdup_printf("%zu", total);
	char *note = gg_fill2(S(c, "chart.top_shown"), shown, all);
	char *caption = gg_fill2(S(c, "format.aside"), text, note);
	g_free(ch->caption);
	ch->caption = caption;
	g_free(note);
	g_free(all);
	g_free(shown);
	return ch;
}

static Chart *capped(const Ctx *c, Chart *ch)
{
	return capped_of(c, ch, ch->n_bars);
}

static const char *colour_name(const Ctx *c, int series)
{
	char key[16];
	g_snprintf(key, sizeof key, "colour.%d", series);
	return S(c, key);
}

static void key_sentence(GString *s, char *sentence)
{
	if (s->len && s->str[s->len - 1] == '.')
		g_string_append_c(s, ' ');
	g_string_append(s, sentence);
	g_free(sentence);
}

/* A bar chart's caption ends with what its marks mean, named after the
 * marks it really shows and the colours it really draws them in. */
static Chart *with_key(const Ctx *c, Chart *ch)
{
	if (ch->kind == CHART_XY)
		return ch;
	ChartBarMarks k = chart_bar_marks(ch);
	GString *s = g_string_new(ch->caption);
	if (ch->kind == CHART_GROUPED_BARS) {
		for (int i = 0; i < 2; i++)
			key_sentence(s, gg_fill2(S(c, "chart.key.series"),
			                         colour_name(c, i),
			                         ch->series_names[i]));
	} else if (k.measured && (k.modelled || k.flagged || k.reference)) {
		key_sentence(s, gg_fill2(S(c, "chart.key.measured"),
		                         colour_name(c, CHART_COLOUR_MEASURED),
		                         ""));
	}
	if (k.modelled)
		key_sentence(s, g_strdup(S(c, "chart.key.modelled")));
	if (k.whisker)
		key_sentence(s, g_strdup(S(c, "chart.key.whisker")));
	if (k.reference)
		key_sentence(s, ch->kind == CHART_GROUPED_BARS
		                    ? g_strdup(S(c, "chart.key.reference_bold"))
		                    : gg_fill2(S(c, "chart.key.reference"),
		                               colour_name(c, CHART_COLOUR_REFERENCE),
		                               ""));
	if (k.flagged && ch->legend_flagged)
		key_sentence(s, gg_fill2(S(c, "chart.key.flagged"),
		                         ch->legend_flagged, ""));
	if (k.broken)
		key_sentence(s, g_strdup(S(c, "chart.key.broken")));
	for (size_t i = 0; i < ch->n_marks; i++)
		key_sentence(s, gg_fill2(S(c, "chart.key.mark"),
		                         colour_name(c, CHART_COLOUR_BAR_MARK),
		                         ch->marks[i].label));
	g_free(ch->caption);
	ch->caption = g_string_free(s, FALSE);
	return ch;
}

/* Rent or buy: for each build a decision weighed, the hours of use a month from
 * which buying pays back within two years against its cloud offer (the
 * label adds one and three years), and the edition's stated use. */
static Chart *payback_chart(const Ctx *c)
{
	Chart *ch = new_chart(c, CHART_BARS, "payback");
	const Build **builds = NULL;
	size_t n = recommend_weighed_builds(c->recs, &builds);
	for (size_t i = 0; i < n; i++) {
		CloudComparison k;
		if (!cloud_offer_of(c->costs, builds[i], &k))
			continue;
		double h[3];
		char *t[3];
		for (int y = 0; y < 3; y++) {
			h[y] = cloud_payback_hours(builds[i], &k, y + 1);
			t[y] = h[y] <= CLOUD_HOURS_PER_MONTH
			           ? num(c, ceil(h[y]), 0)
			           : g_strdup(S(c, "cloud.never"));
		}
		char *years = gg_fill2(S(c, "chart.payback.other"), t[0], t[2]);
		char *text = gg_fill2(S(c, "format.aside"), t[1], years);
		chart_add_bar(ch, (ChartBar){
		    .label = format_build_name(c->s, c->e, builds[i]),
		    .value = MIN(h[1], CLOUD_HOURS_PER_MONTH),
		    .value_text = text,
		    .flagged = !(h[1] <= CLOUD_HOURS_PER_MONTH)});
		for (int y = 0; y < 3; y++)
			g_free(t[y]);
		g_free(years);
	}
	g_free(builds);
	if (ch->n_bars > 1) /* no build, no array: qsort takes no NULL */
		qsort(ch->bars, ch->n_bars, sizeof *ch->bars, by_value_desc);
	double stated = c->costs->utilization * CLOUD_HOURS_PER_MONTH;
	char *at = num(c, round(stated), 0);
	chart_add_mark(ch, stated, gg_fill2(S(c, "chart.payback.stated"), at,
	                                    ""));
	g_free(at);
	g_free(ch->legend_flagged);
	ch->legend_flagged = g_strdup(S(c, "chart.payback.flagged"));
	g_free(ch->legend_measured); /* hours, not a benchmark */
	ch->legend_measured = NULL;
	return ch;
}

void guide_add_charts(const Ctx *c, Values *v)
{
	values_add_chart(v, with_key(c, capped(c, performance_chart(c))));
	values_add_chart(v, memory_chart(c));
	values_add_chart(v, cloud_chart(c));
	values_add_chart(v, with_key(c, payback_chart(c)));
	values_add_chart(v, validation_chart(c));
	values_add_chart(v, with_key(c, capped(c, power_chart(c))));
	for (int k = 0; k < BUILD_SIZES; k++) {
		size_t total;
		Chart *ch = per_dollar_chart(c, BUILD_GPU_COUNTS[k], &total);
		values_add_chart(v, with_key(c, capped_of(c, ch, total)));
	}
}
