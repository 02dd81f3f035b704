/* Chart stage: XY plots, lines or scatter, with nice ticks, vertical
 * marks (thresholds, a break-even) and an optional diagonal.  Each mark
 * has its own colour and dash pattern; a mark with a tag is labelled at
 * its top end, the tags stacked in rows above the plot so that no tag
 * crosses another or another mark's line.  See chart_xy.h. */
#include "chart_xy.h"

#include "chart_draw.h"

#include <math.h>
#include <string.h>

typedef struct {
	double min, max;
	bool log2;
} Axis;

typedef struct {
	double x0, y0, w, h; /* plot area */
	Axis ax, ay;
} Plot;

/* Linear axes start at zero and end at a round number; log2 axes span
 * whole powers of two. */
static Axis make_axis(double lo, double hi, bool log2_scale)
{
	Axis a = {0, 1, log2_scale};
	if (!isfinite(lo) || !isfinite(hi))
		return a;
	if (log2_scale) {
		a.min = pow(2, floor(log2(fmax(lo, 1e-9))));
		a.max = pow(2, ceil(log2(fmax(hi, a.min * 2))));
		return a;
	}
	double step = pow(10, floor(log10(fmax(hi, 1e-9) / 5)));
	double nice[] = {1, 2, 2.5, 5, 10};
	for (int i = 0; i < 5; i++)
		if (hi / (step * nice[i]) <= 6) {
			step *= nice[i];
			break;
		}
	a.min = 0;
	a.max = ceil(hi * 1.02 / step) * step;
	return a;
}

static double tick_step(const Axis *a)
{
	double step = pow(10, floor(log10((a->max - a->min) / 5)));
	double nice[] = {1, 2, 2.5, 5, 10};
	for (int i = 0; i < 5; i++)
		if ((a->max - a->min) / (step * nice[i]) <= 6)
			return step * nice[i];
	return step * 10;
}

static double frac(const Axis *a, double v)
{
	if (a->log2)
		return (log2(v) - log2(a->min)) / (log2(a->max) - log2(a->min));
	return (v - a->min) / (a->max - a->min);
}

static double px(const Plot *p, double x)
{
	return p->x0 + frac(&p->ax, x) * p->w;
}

static double py(const Plot *p, double y)
{
	return p->y0 + p->h - frac(&p->ay, y) * p->h;
}

static char *tick_label(double v)
{
	if (fabs(v - round(v)) < 1e-9) {
		/* thousands separated by a thin space: no language needed */
		char *plain = g_strdup_printf("%.0f", v);
		GString *s = g_string_new(NULL);
		size_t n = strlen(plain);
		for (size_t i = 0; i < n; i++) {
			if (i && (n - i) % 3 == 0)
				g_string_append(s, "\xE2\x80\x89");
			g_string_append_c(s, plain[i]);
		}
		g_free(plain);
		return g_string_free(s, FALSE);
	}
	return g_strdup_printf("%.2g", v);
}

static void data_range(const Chart *c, double *x0, double *x1, double *y1)
{
	*x0 = INFINITY, *x1 = -INFINITY, *y1 = -INFINITY;
	for (size_t i = 0; i < c->n_series; i++)
		for (size_t k = 0; k < c->series[i].n_points; k++) {
			const ChartPoint *pt = &c->series[i].points[k];
			*x0 = fmin(*x0, pt->x);
			*x1 = fmax(*x1, pt->x);
			*y1 = fmax(*y1, pt->y);
		}
	for (size_t i = 0; i < c->n_marks; i++) {
		*x0 = fmin(*x0, c->marks[i].at);
		*x1 = fmax(*x1, c->marks[i].at);
	}
	if (c->diagonal)
		*x1 = *y1 = fmax(*x1, *y1);
}

/* Tick values of an axis; returns how many (at most max). */
static size_t ticks(const Axis *a, double *out, size_t max)
{
	size_t n = 0;
	if (a->log2) {
		for (double v = a->min; v <= a->max * 1.0001 && n < max; v *= 2)
			out[n++] = v;
		return n;
	}
	double step = tick_step(a);
	for (double v = a->min; v <= a->max + step * 1e-6 && n < max; v += step)
		out[n++] = v;
	return n;
}

static double y_tick_width(ChartCanvas *cv, const Axis *ay)
{
	double t[32], w = 0;
	size_t n = ticks(ay, t, 32);
	for (size_t i = 0; i < n; i++) {
		char *s = tick_label(t[i]);
		PangoLayout *l = chart_text(cv, cv->st->tick, false, s);
		w = fmax(w, text_width(l));
		g_object_unref(l);
		g_free(s);
	}
	return w;
}

static void draw_grid(ChartCanvas *cv, const Plot *p)
{
	double t[32], tick = cv->st->tick;
	size_t n = ticks(&p->ay, t, 32);
	for (size_t i = 0; i < n; i++) {
		double y = round(py(p, t[i])) + 0.5;
		cv_line(cv, p->x0, y, p->x0 + p->w, y, INK_GRID, 0.5, DASH_NONE);
		cv_role(cv, ROLE_GRID);
		char *s = tick_label(t[i]);
		PangoLayout *l = chart_text(cv, tick, false, s);
		chart_show(cv, l, p->x0 - 6 - text_width(l),
		           y - text_height(l) / 2, INK_MUTED, tick, false);
		g_object_unref(l);
		g_free(s);
	}
	n = ticks(&p->ax, t, 32);
	for (size_t i = 0; i < n; i++) {
		double x = round(px(p, t[i])) + 0.5;
		cv_line(cv, x, p->y0, x, p->y0 + p->h, INK_GRID, 0.5, DASH_NONE);
		cv_role(cv, ROLE_GRID);
		char *s = tick_label(t[i]);
		PangoLayout *l = chart_text(cv, tick, false, s);
		cv_text(cv, s, x,
		        p->y0 + p->h + 4
		            + (double)pango_layout_get_baseline(l) / PANGO_SCALE,
		        ANCHOR_MIDDLE, INK_MUTED, tick);
		cv_role(cv, ROLE_TICK_X);
		g_object_unref(l);
		g_free(s);
	}
	cv_stroke_rect(cv, p->x0 + 0.5, p->y0 + 0.5, p->w, p->h, INK_MUTED, 1);
}

static void draw_y_label(ChartCanvas *cv, const Plot *p)
{
	const char *text = cv->chart->y_label ? cv->chart->y_label : "";
	PangoLayout *l = chart_text(cv, cv->st->label, false, text);
	double base = (double)pango_layout_get_baseline(l) / PANGO_SCALE;
	cv_text_up(cv, text, CHART_PAD + base,
	           p->y0 + p->h / 2 + text_width(l) / 2, INK_TEXT,
	           cv->st->label);
	g_object_unref(l);
}

/* Mark i's look: its own colour (after the series') and dash. */
static Ink mark_ink(const Chart *c, size_t i)
{
	/* never the light blue (5): too near the first series' blue */
	size_t first = c->n_series < 4 ? c->n_series : 1;
	return INK_OF_SERIES(first + i % (5 - first));
}

static Dash mark_dash(size_t i)
{
	return (Dash)(DASH_SHORT + i % (DASH_COUNT - 1));
}

typedef struct {
	double x, y, w, h;
} Box;

/* Tags: mark i's tag sits in row rows[i] (0: just above the plot) from
 * x start[i]; returns the number of rows. */
static size_t tag_rows(ChartCanvas *cv, const Plot *p, double width,
                       size_t *rows, double *start)
{
	const Chart *c = cv->chart;
	size_t n_rows = 0;
	size_t *order = g_new(size_t, c->n_marks + 1);
	size_t n = 0;
	for (size_t i = 0; i < c->n_marks; i++)
		if (c->marks[i].tag)
			order[n++] = i;
	/* right to left: a tag never reaches left of its own line */
	for (size_t a = 1; a < n; a++)
		for (size_t b = a; b > 0 && c->marks[order[b]].at
		                               > c->marks[order[b - 1]].at; b--) {
			size_t t = order[b];
			order[b] = order[b - 1], order[b - 1] = t;
		}
	double *end = g_new0(double, c->n_marks + 1);
	for (size_t a = 0; a < n; a++) {
		size_t i = order[a];
		PangoLayout *l = chart_text(cv, cv->st->small, false,
		                            c->marks[i].tag);
		double x = px(p, c->marks[i].at);
		start[i] = fmin(x + 3, width - CHART_PAD - text_width(l));
		end[i] = start[i] + text_width(l) + 4;
		g_object_unref(l);
		size_t r = 0; /* above every placed line this tag would cross */
		for (size_t b = 0; b < a; b++) {
			size_t j = order[b];
			double xj = px(p, c->marks[j].at);
			if (xj >= start[i] - 2 && xj <= end[i])
				r = MAX(r, rows[j] + 1);
		}
		for (bool moved = true; moved;) { /* and beside tags of its row */
			moved = false;
			for (size_t b = 0; b < a; b++) {
				size_t j = order[b];
				if (rows[j] == r && start[i] < end[j]
				    && start[j] < end[i])
					r++, moved = true;
			}
		}
		rows[i] = r;
		n_rows = MAX(n_rows, r + 1);
	}
	g_free(order);
	g_free(end);
	return n_rows;
}

static double tag_row_height(ChartCanvas *cv)
{
	PangoLayout *l = chart_text(cv, cv->st->small, false, "Ag");
	double h = text_height(l) + 2;
	g_object_unref(l);
	return h;
}

static void draw_marks(ChartCanvas *cv, const Plot *p, double width)
{
	const Chart *c = cv->chart;
	size_t *rows = g_new0(size_t, c->n_marks + 1);
	double *start = g_new0(double, c->n_marks + 1);
	tag_rows(cv, p, width, rows, start);
	double row_h = tag_row_height(cv);
	for (size_t i = 0; i < c->n_marks; i++) {
		double x = px(p, c->marks[i].at);
		double top = p->y0;
		if (c->marks[i].tag) {
			top = p->y0 - 4 - row_h * (double)rows[i];
			PangoLayout *l = chart_text(cv, cv->st->small, false,
			                            c->marks[i].tag);
			chart_show(cv, l, start[i], top - row_h + 1,
			           mark_ink(c, i), cv->st->small, false);
			g_object_unref(l);
		}
		cv_line(cv, x, top, x, p->y0 + p->h, mark_ink(c, i), 1.5,
		        mark_dash(i));
	}
	g_free(rows);
	g_free(start);
	if (c->diagonal) {
		double m = fmin(p->ax.max, p->ay.max);
		cv_line(cv, px(p, p->ax.min), py(p, p->ay.min), px(p, m),
		        py(p, m), INK_MUTED, 1, DASH_SHORT);
	}
}

static bool overlaps(const GArray *boxes, Box b)
{
	for (guint i = 0; i < boxes->len; i++) {
		const Box *o = &g_array_index(boxes, Box, i);
		if (b.x < o->x + o->w && o->x < b.x + b.w && b.y < o->y + o->h
		    && o->y < b.y + b.h)
			return true;
	}
	return false;
}

/* Whether a point label at (x, y) surely overlaps one of boxes, from a
 * lower bound of its size (at least w by h; see draw_series): the
 * least box it can have, on either side of its point unless the side
 * is sure, drawn in by a margin that floating-point rounding of the
 * real box's edges never reaches. */
static bool surely_overlaps(const GArray *boxes, double x, double y,
                            double right, double w, double h)
{
	const double margin = 1e-3;
	if (w <= 2 * margin || h <= 2 * margin)
		return false;
	Box after = {x + 5 + margin, y - h / 2 + margin, w - 2 * margin,
	             h - 2 * margin};
	Box before = after;
	before.x = x - 5 - w + margin;
	if (x + 5 + w > right) /* the real box, as wide or wider: flipped */
		return overlaps(boxes, before);
	return overlaps(boxes, after) && overlaps(boxes, before);
}

static void draw_series(ChartCanvas *cv, const Plot *p)
{
	const Chart *c = cv->chart;
	GArray *boxes = g_array_new(FALSE, FALSE, sizeof(Box));
	for (size_t i = 0; i < c->n_series; i++) {
		const ChartSeries *s = &c->series[i];
		if (s->joined) {
			double *xy = g_new(double, 2 * s->n_points + 2);
			for (size_t k = 0; k < s->n_points; k++) {
				xy[2 * k] = px(p, s->points[k].x);
				xy[2 * k + 1] = py(p, s->points[k].y);
			}
			cv_polyline(cv, xy, s->n_points, INK_OF_SERIES(i), 2.2,
			            DASH_NONE);
			g_free(xy);
		}
		for (size_t k = 0; k < s->n_points; k++) {
			const ChartPoint *pt = &s->points[k];
			double x = px(p, pt->x), y = py(p, pt->y);
			if (!s->joined || pt->label)
				cv_dot(cv, x, y, 3.5, INK_OF_SERIES(i));
			if (!pt->label)
				continue;
			/* measured (once a process) to learn whether it
			 * overlaps a label drawn before; laid out to be drawn
			 * only when it does not.  Thousands of labels, few
			 * drawn: a label measured at a smaller size (the wide
			 * layout's) is at least half as wide and tall at this
			 * one (scalable fonts, unhinted metrics), which often
			 * settles that it overlaps without measuring it. */
			double w, h;
			double small = CHART_STYLE_WIDE.small;
			if (small < cv->st->small
			    && !chart_line_extents_known(cv, cv->st->small, false,
			                                 pt->label, &w, &h)
			    && chart_line_extents_known(cv, small, false, pt->label,
			                                &w, &h)
			    && surely_overlaps(boxes, x, y, p->x0 + p->w, w / 2,
			                       h / 2))
				continue;
			chart_line_extents(cv, cv->st->small, false, pt->label, &w,
			                   &h);
			Box b = {x + 5, y - h / 2, w, h};
			if (b.x + b.w > p->x0 + p->w)
				b.x = x - 5 - b.w;
			if (!overlaps(boxes, b)) {
				g_array_append_val(boxes, b);
				PangoLayout *l = chart_text(cv, cv->st->small, false,
				                            pt->label);
				chart_show(cv, l, b.x, b.y, INK_TEXT, cv->st->small,
				           false);
				g_object_unref(l);
			}
		}
	}
	g_array_free(boxes, TRUE);
}

static size_t legend_items(const Chart *c, LegendItem *items, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < c->n_series && n < max; i++)
		items[n++] = (LegendItem){c->series[i].name, INK_OF_SERIES(i),
		                          c->series[i].joined ? SWATCH_LINE
		                                              : SWATCH_DOT, 0};
	for (size_t i = 0; i < c->n_marks && n < max; i++)
		items[n++] = (LegendItem){c->marks[i].label, mark_ink(c, i),
		                          SWATCH_DASH, mark_dash(i)};
	if (c->diagonal && c->legend_reference && n < max)
		items[n++] = (LegendItem){c->legend_reference, INK_MUTED,
		                          SWATCH_DASH, DASH_SHORT};
	return n;
}

double chart_layout_xy(ChartCanvas *cv, double width, bool draw)
{
	const Chart *c = cv->chart;
	double y = CHART_PAD + chart_title(cv, draw, width) + 4;
	LegendItem items[16];
	size_t n = legend_items(c, items, 16);
	y += chart_legend(cv, draw, y, width, items, n) + 12;

	double x0, x1, y1;
	data_range(c, &x0, &x1, &y1);
	Plot p;
	p.ax = make_axis(x0, x1, c->log2_x);
	p.ay = make_axis(0, y1, false);
	if (c->diagonal)
		p.ax = p.ay = make_axis(0, fmax(x1, y1), false);
	double label_h = chart_text_block(cv, false, 0, 0, width,
	                                  cv->st->label, false, INK_TEXT, "Ag");
	p.x0 = CHART_PAD + label_h + 8 + y_tick_width(cv, &p.ay) + 6;
	p.w = width - CHART_PAD - p.x0 - 6;
	p.h = round(p.w * (width < CHART_WIDTH ? 0.8 : 0.5));
	size_t *rows = g_new0(size_t, c->n_marks + 1);
	double *start = g_new0(double, c->n_marks + 1);
	size_t n_rows = tag_rows(cv, &p, width, rows, start);
	g_free(rows);
	g_free(start);
	p.y0 = y + 6 + (double)n_rows * tag_row_height(cv);
	if (draw) {
		draw_grid(cv, &p);
		draw_marks(cv, &p, width);
		draw_series(cv, &p);
		draw_y_label(cv, &p);
	}
	y = p.y0 + p.h + 4 + label_h + 6;
	y += chart_text_block(cv, draw, p.x0, y, p.w, cv->st->label, false,
	                      INK_TEXT, c->x_label) + 6;
	y += chart_footer(cv, draw, y, width);
	return ceil(y + CHART_PAD);
}
