/* Chart stage: sorted horizontal bars, single or grouped (two series),
 * with whiskers on modelled bars that carry a range and optional
 * vertical marks (a power limit, say).  A bar far longer than all the
 * others (more than OUTLIER times the next) would squash them: the axis
 * ends a little past the next one and the long bar is cut there with a
 * break, its value printed as usual.  See chart_bars.h. */
#include "chart_bars.h"

#include "chart_draw.h"

#include <math.h>

enum { ROW_GAP = 6, CHART_LEGEND_MAX = 16 };
#define OUTLIER 1.4

static Ink bar_ink(const Chart *c, const ChartBar *b, int series)
{
	if (c->kind == CHART_GROUPED_BARS) /* colour tells the series */
		return INK_OF_SERIES(series);
	if (b->reference)
		return INK_OF_SERIES(CHART_COLOUR_REFERENCE);
	return INK_OF_SERIES(b->modelled ? CHART_COLOUR_MODELLED
	                                 : CHART_COLOUR_MEASURED);
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

ChartBarMarks chart_bar_marks(const Chart *c)
{
	ChartBarMarks k = {0};
	for (size_t i = 0; i < c->n_bars && i < CHART_MAX_BARS; i++) {
		const ChartBar *b = &c->bars[i];
		double lo, hi;
		k.whisker |= whisker_range(c, b, 0, &lo, &hi)
		             || whisker_range(c, b, 1, &lo, &hi);
		k.flagged |= b->flagged;
		k.reference |= b->reference;
		k.modelled |= b->modelled || b->modelled2;
		k.measured |= !b->modelled && !b->reference;
	}
	double cap = chart_bar_axis_end(c, NULL);
	for (size_t i = 0; i < c->n_bars && i < CHART_MAX_BARS; i++)
		k.broken |= fmax(c->bars[i].value, c->bars[i].value2) > cap;
	return k;
}

static size_t legend_items(const Chart *c, LegendItem *items)
{
	ChartBarMarks k = chart_bar_marks(c);
	size_t n = 0;
	if (c->kind == CHART_GROUPED_BARS) {
		items[n++] = (LegendItem){c->series_names[0], INK_OF_SERIES(0),
		                          SWATCH_SOLID, 0};
		items[n++] = (LegendItem){c->series_names[1], INK_OF_SERIES(1),
		                          SWATCH_SOLID, 0};
		if (k.modelled && c->legend_modelled)
			items[n++] = (LegendItem){c->legend_modelled, INK_MUTED,
			                          SWATCH_HATCHED, 0};
	} else {
		if (k.measured && c->legend_measured)
			items[n++] = (LegendItem){c->legend_measured,
			                          INK_OF_SERIES(CHART_COLOUR_MEASURED),
			                          SWATCH_SOLID, 0};
		if (k.modelled && c->legend_modelled)
			items[n++] = (LegendItem){c->legend_modelled,
			                          INK_OF_SERIES(CHART_COLOUR_MODELLED),
			                          SWATCH_HATCHED, 0};
		if (k.reference && c->legend_reference)
			items[n++] = (LegendItem){c->legend_reference,
			                          INK_OF_SERIES(CHART_COLOUR_REFERENCE),
			                          SWATCH_SOLID, 0};
	}
	if (k.whisker)
		items[n++] = (LegendItem){c->legend_interval, INK_TEXT,
		                          SWATCH_WHISKER, 0};
	if (k.flagged && c->legend_flagged)
		items[n++] = (LegendItem){c->legend_flagged, INK_OF_SERIES(0),
		                          SWATCH_OUTLINE, 0};
	for (size_t i = 0; i < c->n_marks && n < CHART_LEGEND_MAX; i++)
		items[n++] = (LegendItem){c->marks[i].label,
		                          INK_OF_SERIES(CHART_COLOUR_BAR_MARK),
		                          SWATCH_DASH, DASH_SHORT};
	return n;
}

/* The farthest a bar, whisker or mark reaches. */
static double extent(const Chart *c, const ChartBar *b)
{
	double e = fmax(b->value, b->value2);
	for (int k = 0; k < 2; k++) {
		double lo, hi;
		if (whisker_range(c, b, k, &lo, &hi))
			e = fmax(e, hi);
	}
	return e;
}

double chart_bar_axis_end(const Chart *c, bool *broken)
{
	if (c->axis_end > 0) { /* a part of a chart: the whole one's axis */
		bool cut = false;
		for (size_t i = 0; i < c->n_bars && i < CHART_MAX_BARS; i++)
			cut |= fmax(c->bars[i].value, c->bars[i].value2) > c->axis_end;
		if (broken)
			*broken = cut;
		return c->axis_end;
	}
	double top = 0, second = 0;
	size_t n = c->n_bars < CHART_MAX_BARS ? c->n_bars : CHART_MAX_BARS;
	for (size_t i = 0; i < n; i++) {
		double e = extent(c, &c->bars[i]);
		if (e > top)
			second = top, top = e;
		else if (e > second)
			second = e;
	}
	double mark = 0; /* a mark always shows */
	for (size_t i = 0; i < c->n_marks; i++)
		mark = fmax(mark, c->marks[i].at);
	second = fmax(second, mark);
	top = fmax(top, mark);
	bool cut = n >= 3 && second > 0 && top > OUTLIER * second;
	if (broken)
		*broken = cut;
	return cut ? second * 1.1 : top;
}

typedef struct {
	double label_w, value_w, bar_x, bar_span, max_value;
} BarGeometry;

static BarGeometry geometry(ChartCanvas *cv, double width)
{
	const Chart *c = cv->chart;
	BarGeometry g = {0};
	double inner = width - 2 * CHART_PAD;
	for (size_t i = 0; i < c->n_bars && i < CHART_MAX_BARS; i++) {
		const ChartBar *b = &c->bars[i];
		g.label_w = fmax(g.label_w,
		                 chart_line_width(cv, cv->st->label, b->reference,
		                                  b->label));
		const char *texts[] = {b->value_text, b->value2_text};
		for (int k = 0; k < 2; k++)
			if (texts[k])
				g.value_w = fmax(g.value_w,
				                 chart_line_width(cv, cv->st->label,
				                                  false, texts[k]));
	}
	g.max_value = chart_bar_axis_end(c, NULL);
	g.label_w = fmin(g.label_w, inner * 0.4);
	g.bar_x = CHART_PAD + g.label_w + 8;
	g.bar_span = fmax(inner - g.label_w - 8 - g.value_w - 6, 10);
	return g;
}

static double bar_width(const BarGeometry *g, double v)
{
	return g->max_value > 0
	           ? g->bar_span * fmin(fmax(v, 0), g->max_value) / g->max_value
	           : 0;
}

/* Two slanted gaps near the end of a bar cut short by the axis. */
static void bar_break(ChartCanvas *cv, const BarGeometry *g, double y,
                      double h)
{
	for (int k = 0; k < 2; k++) {
		double x = g->bar_x + g->bar_span - 16 + 5 * k;
		cv_line(cv, x, y + h + 1, x + 5, y - 1, INK_BG, 2, DASH_NONE);
		cv_role(cv, ROLE_BREAK);
	}
}

static void draw_bar(ChartCanvas *cv, const BarGeometry *g,
                     const ChartBar *b, int series, double y, double h)
{
	const Chart *c = cv->chart;
	double v = series ? b->value2 : b->value;
	double w = bar_width(g, v);
	Ink ink = bar_ink(c, b, series);
	bool modelled = series ? b->modelled2 : b->modelled;
	/* a build that does not fit a standard machine is outlined, so
	 * measured, modelled and reference still show */
	if (b->flagged) {
		cv_stroke_rect(cv, g->bar_x + 0.75, y + 0.75, fmax(w - 1.5, 0),
		               h - 1.5, ink, 1.5);
		if (modelled)
			chart_hatch(cv, g->bar_x, y, w, h, ink);
	} else {
		cv_fill(cv, g->bar_x, y, w, h, ink);
		if (modelled)
			chart_hatch(cv, g->bar_x, y, w, h, INK_BG);
	}
	if (v > g->max_value)
		bar_break(cv, g, y, h);
	double lo, hi, end = w; /* the value text goes after the whisker */
	if (whisker_range(c, b, series, &lo, &hi) && lo < g->max_value) {
		chart_whisker(cv, g->bar_x + bar_width(g, lo),
		              g->bar_x + bar_width(g, hi), y + h / 2, h / 3);
		end = fmax(w, bar_width(g, hi));
	}
	double size = series || c->kind == CHART_GROUPED_BARS ? cv->st->tick
	                                                      : cv->st->label;
	const char *value = series ? b->value2_text : b->value_text;
	double text_w, text_h, base;
	if (chart_plain_line(cv, size, false, value, &text_w, &text_h, &base)) {
		/* as chart_show of its layout, from the kept extents */
		cv_text(cv, value, g->bar_x + end + 5,
		        y + (h - text_h) / 2 + base, ANCHOR_START, INK_TEXT,
		        size);
		return;
	}
	PangoLayout *l = chart_text(cv, size, false, value);
	chart_show(cv, l, g->bar_x + end + 5, y + (h - text_height(l)) / 2,
	           INK_TEXT, size, false);
	g_object_unref(l);
}

/* A row's label that needs no layout: printable ASCII on one line
 * within the label column (Pango would not wrap it), recorded as
 * chart_show records its right-aligned layout: the line ending at the
 * column's right, the layout's x offset (column width less the line's,
 * in Pango units) and the line's width added as cv_layout adds them.
 * FALSE, with nothing recorded, for any other label.  Sets the row's
 * height. */
static bool plain_label(ChartCanvas *cv, const BarGeometry *g,
                        const ChartBar *b, double y, double bars_h,
                        double *row_h)
{
	const ChartStyle *st = cv->st;
	double w, h, base;
	if (!b->label || !*b->label
	    || !chart_plain_line(cv, st->label, b->reference, b->label, &w, &h,
	                         &base))
		return false;
	int layout_w = (int)(g->label_w * PANGO_SCALE);
	int line_w = (int)(w * PANGO_SCALE);
	if (line_w >= layout_w) /* at the width: let Pango decide */
		return false;
	*row_h = fmax(h, bars_h + 2);
	double left = CHART_PAD + (double)(layout_w - line_w) / PANGO_SCALE;
	cv_text_line(cv, b->label, left + (double)line_w / PANGO_SCALE,
	             y + (*row_h - h) / 2 + base, ANCHOR_END, INK_TEXT,
	             st->label, b->reference);
	return true;
}

/* One row: the label, then one or two bars.  Returns the row height. */
static double bar_row(ChartCanvas *cv, const BarGeometry *g,
                      const ChartBar *b, double y, bool draw)
{
	const Chart *c = cv->chart;
	const ChartStyle *st = cv->st;
	bool grouped = c->kind == CHART_GROUPED_BARS;
	double group_h = round(st->bar * 0.7);
	double bars_h = grouped ? 2 * group_h + 2 : st->bar;
	if (!draw) {
		double lh = chart_text_block(cv, false, 0, 0, g->label_w,
		                             st->label, b->reference, INK_TEXT,
		                             b->label);
		return fmax(lh, bars_h + 2);
	}
	double row_h;
	if (!plain_label(cv, g, b, y, bars_h, &row_h)) {
		/* one layout measures and draws the label (its alignment does
		 * not move its line breaks or its height) */
		PangoLayout *l = chart_text(cv, st->label, b->reference,
		                            b->label);
		pango_layout_set_width(l, (int)(g->label_w * PANGO_SCALE));
		pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
		pango_layout_set_alignment(l, PANGO_ALIGN_RIGHT);
		double lh = b->label && *b->label ? text_height(l) : 0;
		row_h = fmax(lh, bars_h + 2);
		chart_show(cv, l, CHART_PAD, y + (row_h - lh) / 2, INK_TEXT,
		           st->label, b->reference);
		g_object_unref(l);
	}
	double by = y + (row_h - bars_h) / 2;
	if (grouped) {
		draw_bar(cv, g, b, 0, by, group_h);
		draw_bar(cv, g, b, 1, by + group_h + 2, group_h);
	} else {
		draw_bar(cv, g, b, 0, by, st->bar);
	}
	return row_h;
}

/* The zero line, then a dashed line at each mark. */
static void axis_and_marks(ChartCanvas *cv, const BarGeometry *g,
                           double top, double bottom)
{
	const Chart *c = cv->chart;
	cv_line(cv, g->bar_x - 0.5, top - 2, g->bar_x - 0.5, bottom + 2,
	        INK_MUTED, 1, DASH_NONE);
	for (size_t i = 0; i < c->n_marks; i++) {
		double x = g->bar_x + bar_width(g, c->marks[i].at);
		cv_line(cv, x, top - 4, x, bottom + 4,
		        INK_OF_SERIES(CHART_COLOUR_BAR_MARK), 1.5, DASH_SHORT);
	}
}

double chart_layout_bars(ChartCanvas *cv, double width, bool draw)
{
	const Chart *c = cv->chart;
	double y = CHART_PAD + chart_title(cv, draw, width) + 4;
	LegendItem items[CHART_LEGEND_MAX];
	size_t n_items = legend_items(c, items);
	y += chart_legend(cv, draw, y, width, items, n_items) + 10;
	BarGeometry g = geometry(cv, width);
	double top = y;
	for (size_t i = 0; i < c->n_bars && i < CHART_MAX_BARS; i++)
		y += bar_row(cv, &g, &c->bars[i], y, draw) + ROW_GAP;
	double bottom = y - ROW_GAP;
	if (draw)
		axis_and_marks(cv, &g, top, bottom);
	y += 4;
	y += chart_text_block(cv, draw, g.bar_x, y, g.bar_span + g.value_w,
	                      cv->st->label, false, INK_TEXT, c->x_label) + 6;
	y += chart_footer(cv, draw, y, width);
	return ceil(y + CHART_PAD);
}
