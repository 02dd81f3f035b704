/* Chart stage: sorted horizontal bars, single or grouped (two series),
 * with whiskers on modelled bars that carry a range and optional
 * vertical marks (a power limit, say).  See chart_bars.h. */
#include "chart_bars.h"

#include "chart_draw.h"

#include <math.h>

enum { ROW_GAP = 6, BAR_H = 14, GROUP_BAR_H = 10 };

static Rgb bar_rgb(const Chart *c, const ChartBar *b, int series)
{
	if (c->kind == CHART_GROUPED_BARS) /* colour tells the series */
		return CHART_STYLE.series[series];
	if (b->reference)
		return CHART_STYLE.series[1];
	return b->modelled ? CHART_STYLE.series[5] : CHART_STYLE.series[0];
}

/* The range of series (0 or 1) of b to draw, or FALSE: only modelled
 * bars with a range get a whisker. */
static bool whisker_range(const Chart *c, const ChartBar *b, int series,
                          double *low, double *high)
{
	*low = series ? b->low2 : b->low;
	*high = series ? b->high2 : b->high;
	return c->legend_interval && (series ? b->modelled2 : b->modelled)
	       && *high > *low;
}

static size_t legend_items(const Chart *c, LegendItem *items)
{
	bool measured = false, modelled = false, reference = false,
	     flagged = false, whisker = false;
	for (size_t i = 0; i < c->n_bars; i++) {
		const ChartBar *b = &c->bars[i];
		double lo, hi;
		whisker |= whisker_range(c, b, 0, &lo, &hi)
		           || whisker_range(c, b, 1, &lo, &hi);
		flagged |= b->flagged;
		reference |= b->reference;
		modelled |= b->modelled || b->modelled2;
		measured |= !b->modelled && !b->reference;
	}
	size_t n = 0;
	if (c->kind == CHART_GROUPED_BARS) {
		items[n++] = (LegendItem){c->series_names[0], CHART_STYLE.series[0],
		                          SWATCH_SOLID};
		items[n++] = (LegendItem){c->series_names[1], CHART_STYLE.series[1],
		                          SWATCH_SOLID};
		if (modelled && c->legend_modelled)
			items[n++] = (LegendItem){c->legend_modelled, CHART_STYLE.grey,
			                          SWATCH_HATCHED};
	} else {
		if (measured && c->legend_measured)
			items[n++] = (LegendItem){c->legend_measured,
			                          CHART_STYLE.series[0], SWATCH_SOLID};
		if (modelled && c->legend_modelled)
			items[n++] = (LegendItem){c->legend_modelled,
			                          CHART_STYLE.series[5], SWATCH_HATCHED};
		if (reference && c->legend_reference)
			items[n++] = (LegendItem){c->legend_reference,
			                          CHART_STYLE.series[1], SWATCH_SOLID};
	}
	if (whisker)
		items[n++] = (LegendItem){c->legend_interval, CHART_STYLE.ink,
		                          SWATCH_WHISKER};
	if (flagged && c->legend_flagged)
		items[n++] = (LegendItem){c->legend_flagged, CHART_STYLE.series[0],
		                          SWATCH_FADED};
	for (size_t i = 0; i < c->n_marks; i++)
		items[n++] = (LegendItem){c->marks[i].label, CHART_STYLE.series[3],
		                          SWATCH_DASH};
	return n;
}

typedef struct {
	double label_w, value_w, bar_x, bar_span, max_value;
} BarGeometry;

static BarGeometry geometry(cairo_t *cr, const Chart *c, double width)
{
	BarGeometry g = {0};
	double inner = width - 2 * CHART_PAD;
	for (size_t i = 0; i < c->n_bars && i < CHART_MAX_BARS; i++) {
		const ChartBar *b = &c->bars[i];
		PangoLayout *l = chart_text(cr, c, CHART_STYLE.label, b->reference, b->label);
		g.label_w = fmax(g.label_w, text_width(l));
		g_object_unref(l);
		const char *texts[] = {b->value_text, b->value2_text};
		for (int k = 0; k < 2; k++) {
			if (!texts[k])
				continue;
			l = chart_text(cr, c, CHART_STYLE.label, false, texts[k]);
			g.value_w = fmax(g.value_w, text_width(l));
			g_object_unref(l);
		}
		g.max_value = fmax(g.max_value, fmax(b->value, b->value2));
		for (int k = 0; k < 2; k++) {
			double lo, hi;
			if (whisker_range(c, b, k, &lo, &hi))
				g.max_value = fmax(g.max_value, hi);
		}
	}
	for (size_t i = 0; i < c->n_marks; i++)
		g.max_value = fmax(g.max_value, c->marks[i].at);
	g.label_w = fmin(g.label_w, inner * 0.4);
	g.bar_x = CHART_PAD + g.label_w + 8;
	g.bar_span = fmax(inner - g.label_w - 8 - g.value_w - 6, 10);
	return g;
}

static double bar_width(const BarGeometry *g, double v)
{
	return g->max_value > 0 ? g->bar_span * fmax(v, 0) / g->max_value : 0;
}

static void draw_bar(cairo_t *cr, const Chart *c, const BarGeometry *g,
                     const ChartBar *b, int series, double y, double h)
{
	double v = series ? b->value2 : b->value;
	double w = bar_width(g, v);
	Rgb rgb = bar_rgb(c, b, series);
	/* a build that does not fit a standard machine keeps its colour,
	 * faded, so measured, modelled and reference still show */
	cairo_set_source_rgba(cr, rgb.r, rgb.g, rgb.b, b->flagged ? 0.35 : 1);
	cairo_rectangle(cr, g->bar_x, y, w, h);
	cairo_fill(cr);
	if (series ? b->modelled2 : b->modelled)
		chart_hatch(cr, g->bar_x, y, w, h);
	if (b->flagged) {
		chart_set_rgb(cr, rgb);
		cairo_set_line_width(cr, 1);
		cairo_rectangle(cr, g->bar_x + 0.5, y + 0.5, fmax(w - 1, 0),
		                h - 1);
		cairo_stroke(cr);
	}
	double lo, hi, end = w; /* the value text goes after the whisker */
	if (whisker_range(c, b, series, &lo, &hi)) {
		chart_whisker(cr, g->bar_x + bar_width(g, lo),
		              g->bar_x + bar_width(g, hi), y + h / 2, h / 3);
		end = fmax(w, bar_width(g, hi));
	}
	PangoLayout *l = chart_text(cr, c, series || c->kind
	                            == CHART_GROUPED_BARS ? CHART_STYLE.tick
	                                                 : CHART_STYLE.label,
	                            false,
	                            series ? b->value2_text : b->value_text);
	chart_set_rgb(cr, CHART_STYLE.ink);
	cairo_move_to(cr, g->bar_x + end + 5,
	              y + (h - text_height(l)) / 2);
	pango_cairo_show_layout(cr, l);
	g_object_unref(l);
}

/* One row: the label, then one or two bars.  Returns the row height. */
static double bar_row(cairo_t *cr, const Chart *c, const BarGeometry *g,
                      const ChartBar *b, double y, bool draw)
{
	bool grouped = c->kind == CHART_GROUPED_BARS;
	double bars_h = grouped ? 2 * GROUP_BAR_H + 2 : BAR_H;
	double lh = chart_text_block(cr, c, false, 0, 0, g->label_w, CHART_STYLE.label,
	                             b->reference, b->label);
	double row_h = fmax(lh, bars_h + 2);
	if (!draw)
		return row_h;
	PangoLayout *l = chart_text(cr, c, CHART_STYLE.label, b->reference, b->label);
	pango_layout_set_width(l, (int)(g->label_w * PANGO_SCALE));
	pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
	pango_layout_set_alignment(l, PANGO_ALIGN_RIGHT);
	chart_set_rgb(cr, CHART_STYLE.ink);
	cairo_move_to(cr, CHART_PAD, y + (row_h - lh) / 2);
	pango_cairo_show_layout(cr, l);
	g_object_unref(l);
	double by = y + (row_h - bars_h) / 2;
	if (grouped) {
		draw_bar(cr, c, g, b, 0, by, GROUP_BAR_H);
		draw_bar(cr, c, g, b, 1, by + GROUP_BAR_H + 2, GROUP_BAR_H);
	} else {
		draw_bar(cr, c, g, b, 0, by, BAR_H);
	}
	return row_h;
}

/* The zero line, then a dashed line at each mark. */
static void axis_and_marks(cairo_t *cr, const Chart *c, const BarGeometry *g,
                           double top, double bottom)
{
	chart_set_rgb(cr, CHART_STYLE.muted);
	cairo_set_line_width(cr, 1);
	cairo_move_to(cr, g->bar_x - 0.5, top - 2);
	cairo_line_to(cr, g->bar_x - 0.5, bottom + 2);
	cairo_stroke(cr);
	double dash[] = {4, 3};
	for (size_t i = 0; i < c->n_marks; i++) {
		double x = g->bar_x + bar_width(g, c->marks[i].at);
		chart_set_rgb(cr, CHART_STYLE.series[3]);
		cairo_set_line_width(cr, 1.5);
		cairo_set_dash(cr, dash, 2, 0);
		cairo_move_to(cr, x, top - 4);
		cairo_line_to(cr, x, bottom + 4);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
	}
}

double chart_layout_bars(cairo_t *cr, const Chart *c, double width,
                         bool draw)
{
	double y = CHART_PAD + chart_title(cr, c, draw, width) + 4;
	LegendItem items[8];
	size_t n_items = legend_items(c, items);
	y += chart_legend(cr, c, draw, y, width, items, n_items) + 10;
	BarGeometry g = geometry(cr, c, width);
	double top = y;
	for (size_t i = 0; i < c->n_bars && i < CHART_MAX_BARS; i++)
		y += bar_row(cr, c, &g, &c->bars[i], y, draw) + ROW_GAP;
	double bottom = y - ROW_GAP;
	if (draw) {
		axis_and_marks(cr, c, &g, top, bottom);
		chart_set_rgb(cr, CHART_STYLE.ink);
	}
	y += 4;
	y += chart_text_block(cr, c, draw, g.bar_x, y, g.bar_span + g.value_w,
	                      CHART_STYLE.label, false, c->x_label) + 6;
	y += chart_footer(cr, c, draw, y, width);
	return ceil(y + CHART_PAD);
}
