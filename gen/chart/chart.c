/* Chart stage, the values: building a chart, its alt text, freeing it.
 * Drawing is in chart_render.c.  See chart.h. */
#include "chart.h"

#include <string.h>

/* ---- building --------------------------------------------------------- */

Chart *chart_new(ChartKind kind, const char *name)
{
	static guint64 serials;
	Chart *c = g_new0(Chart, 1);
	c->serial = ++serials;
	c->kind = kind;
	c->name = g_strdup(name);
	c->x_unit = 1;
	return c;
}

void chart_add_bar(Chart *c, ChartBar bar)
{
	c->bars = g_renew(ChartBar, c->bars, c->n_bars + 1);
	c->bars[c->n_bars++] = bar;
}

size_t chart_add_series(Chart *c, char *name, bool joined)
{
	c->series = g_renew(ChartSeries, c->series, c->n_series + 1);
	c->series[c->n_series] = (ChartSeries){name, NULL, 0, joined};
	return c->n_series++;
}

void chart_add_point(Chart *c, size_t series, double x, double y,
                     char *label)
{
	ChartSeries *s = &c->series[series];
	s->points = g_renew(ChartPoint, s->points, s->n_points + 1);
	s->points[s->n_points++] = (ChartPoint){x, y, label};
}

void chart_add_tagged_mark(Chart *c, double at, char *label, char *tag)
{
	c->marks = g_renew(ChartMark, c->marks, c->n_marks + 1);
	c->marks[c->n_marks++] = (ChartMark){at, label, tag};
}

void chart_add_mark(Chart *c, double at, char *label)
{
	chart_add_tagged_mark(c, at, label, NULL);
}

char *chart_alt_text(const Chart *c)
{
	GString *s = g_string_new(c->title);
	g_string_append(s, ":");
	if (c->kind == CHART_XY) {
		for (size_t i = 0; i < c->n_series; i++)
			g_string_append_printf(s, "%s %s", i ? "," : "",
			                       c->series[i].name);
		for (size_t i = 0; i < c->n_marks; i++)
			g_string_append_printf(s, "; %s", c->marks[i].label);
		return g_string_free(s, FALSE);
	}
	for (size_t i = 0; i < c->n_bars && i < 3; i++)
		g_string_append_printf(s, "%s %s %s", i ? "," : "",
		                       c->bars[i].label, c->bars[i].value_text);
	if (c->n_bars > 3)
		g_string_append(s, ", ...");
	return g_string_free(s, FALSE);
}

void chart_free(Chart *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n_bars; i++) {
		g_free(c->bars[i].label);
		g_free(c->bars[i].value_text);
		g_free(c->bars[i].value2_text);
	}
	for (size_t i = 0; i < c->n_series; i++) {
		for (size_t k = 0; k < c->series[i].n_points; k++)
			g_free(c->series[i].points[k].label);
		g_free(c->series[i].points);
		g_free(c->series[i].name);
	}
	for (size_t i = 0; i < c->n_marks; i++) {
		g_free(c->marks[i].label);
		g_free(c->marks[i].tag);
	}
	g_free(c->bars);
	g_free(c->series);
	g_free(c->marks);
	g_free(c->name);
	g_free(c->title);
	g_free(c->caption);
	g_free(c->source_line);
	g_free(c->x_label);
	g_free(c->y_label);
	g_free(c->legend_measured);
	g_free(c->legend_modelled);
	g_free(c->legend_reference);
	g_free(c->legend_flagged);
	g_free(c->legend_interval);
	g_free(c->series_names[0]);
	g_free(c->series_names[1]);
	g_free(c->font_family);
	g_free(c);
}

