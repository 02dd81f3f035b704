/* Chart stage: XY plots, lines or scatter, with nice ticks, vertical
 * marks (thresholds, a break-even) and an optional diagonal.
 * See chart_xy.h. */
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

static double y_tick_width(cairo_t *cr, const Chart *c, const Axis *ay)
{
	double t[32], w = 0;
	size_t n = ticks(ay, t, 32);
	for (size_t i = 0; i < n; i++) {
		char *s = tick_label(t[i]);
		PangoLayout *l = chart_text(cr, c, CHART_STYLE.tick, false, s);
		w = fmax(w, text_width(l));
		g_object_unref(l);
		g_free(s);
	}
	return w;
}

static void draw_grid(cairo_t *cr, const Chart *c, const Plot *p)
{
	double t[32];
	size_t n = ticks(&p->ay, t, 32);
	cairo_set_line_width(cr, 1);
	for (size_t i = 0; i < n; i++) {
		double y = round(py(p, t[i])) + 0.5;
		chart_set_rgb(cr, CHART_STYLE.grid);
		cairo_move_to(cr, p->x0, y);
		cairo_line_to(cr, p->x0 + p->w, y);
		cairo_stroke(cr);
		char *s = tick_label(t[i]);
		PangoLayout *l = chart_text(cr, c, CHART_STYLE.tick, false, s);
		chart_set_rgb(cr, CHART_STYLE.muted);
		cairo_move_to(cr, p->x0 - 6 - text_width(l),
		              y - text_height(l) / 2);
		pango_cairo_show_layout(cr, l);
		g_object_unref(l);
		g_free(s);
	}
	n = ticks(&p->ax, t, 32);
	for (size_t i = 0; i < n; i++) {
		double x = round(px(p, t[i])) + 0.5;
		chart_set_rgb(cr, CHART_STYLE.grid);
		cairo_move_to(cr, x, p->y0);
		cairo_line_to(cr, x, p->y0 + p->h);
		cairo_stroke(cr);
		char *s = tick_label(t[i]);
		PangoLayout *l = chart_text(cr, c, CHART_STYLE.tick, false, s);
		chart_set_rgb(cr, CHART_STYLE.muted);
		cairo_move_to(cr, x - text_width(l) / 2, p->y0 + p->h + 4);
		pango_cairo_show_layout(cr, l);
		g_object_unref(l);
		g_free(s);
	}
	chart_set_rgb(cr, CHART_STYLE.muted);
	cairo_rectangle(cr, p->x0 + 0.5, p->y0 + 0.5, p->w, p->h);
	cairo_stroke(cr);
}

static void draw_y_label(cairo_t *cr, const Chart *c, const Plot *p)
{
	PangoLayout *l = chart_text(cr, c, CHART_STYLE.label, false, c->y_label);
	cairo_save(cr);
	chart_set_rgb(cr, CHART_STYLE.ink);
	cairo_move_to(cr, CHART_PAD,
	              p->y0 + p->h / 2 + text_width(l) / 2);
	cairo_rotate(cr, -G_PI / 2);
	pango_cairo_show_layout(cr, l);
	cairo_restore(cr);
	g_object_unref(l);
}

static void draw_marks(cairo_t *cr, const Chart *c, const Plot *p)
{
	double dash[] = {5, 3};
	for (size_t i = 0; i < c->n_marks; i++) {
		double x = px(p, c->marks[i].at);
		chart_set_rgb(cr, CHART_STYLE.series[3]);
		cairo_set_line_width(cr, 1.5);
		cairo_set_dash(cr, dash, 2, 0);
		cairo_move_to(cr, x, p->y0);
		cairo_line_to(cr, x, p->y0 + p->h);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
	}
	if (c->diagonal) {
		double m = fmin(p->ax.max, p->ay.max);
		chart_set_rgb(cr, CHART_STYLE.muted);
		cairo_set_dash(cr, dash, 2, 0);
		cairo_move_to(cr, px(p, p->ax.min), py(p, p->ay.min));
		cairo_line_to(cr, px(p, m), py(p, m));
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
	}
}

typedef struct {
	double x, y, w, h;
} Box;

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

static void draw_series(cairo_t *cr, const Chart *c, const Plot *p)
{
	GArray *boxes = g_array_new(FALSE, FALSE, sizeof(Box));
	for (size_t i = 0; i < c->n_series; i++) {
		const ChartSeries *s = &c->series[i];
		chart_set_rgb(cr, CHART_STYLE.series[i % 6]);
		if (s->joined) {
			cairo_set_line_width(cr, 2.2);
			for (size_t k = 0; k < s->n_points; k++)
				(k ? cairo_line_to : cairo_move_to)(
				    cr, px(p, s->points[k].x),
				    py(p, s->points[k].y));
			cairo_stroke(cr);
		}
		for (size_t k = 0; k < s->n_points; k++) {
			const ChartPoint *pt = &s->points[k];
			double x = px(p, pt->x), y = py(p, pt->y);
			if (!s->joined || pt->label) {
				chart_set_rgb(cr, CHART_STYLE.series[i % 6]);
				cairo_arc(cr, x, y, 3.5, 0, 2 * G_PI);
				cairo_fill(cr);
			}
			if (!pt->label)
				continue;
			PangoLayout *l = chart_text(cr, c, CHART_STYLE.small, false, pt->label);
			Box b = {x + 5, y - text_height(l) / 2,
			         text_width(l), text_height(l)};
			if (b.x + b.w > p->x0 + p->w)
				b.x = x - 5 - b.w;
			if (!overlaps(boxes, b)) {
				g_array_append_val(boxes, b);
				chart_set_rgb(cr, CHART_STYLE.ink);
				cairo_move_to(cr, b.x, b.y);
				pango_cairo_show_layout(cr, l);
			}
			g_object_unref(l);
		}
	}
	g_array_free(boxes, TRUE);
}

static size_t legend_items(const Chart *c, LegendItem *items, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < c->n_series && n < max; i++)
		items[n++] = (LegendItem){c->series[i].name, CHART_STYLE.series[i % 6],
		                          c->series[i].joined ? SWATCH_LINE
		                                              : SWATCH_DOT};
	for (size_t i = 0; i < c->n_marks && n < max; i++)
		items[n++] = (LegendItem){c->marks[i].label, CHART_STYLE.series[3],
		                          SWATCH_DASH};
	if (c->diagonal && c->legend_reference && n < max)
		items[n++] = (LegendItem){c->legend_reference, CHART_STYLE.muted,
		                          SWATCH_DASH};
	return n;
}

double chart_layout_xy(cairo_t *cr, const Chart *c, double width, bool draw)
{
	double y = CHART_PAD + chart_title(cr, c, draw, width) + 4;
	LegendItem items[16];
	size_t n = legend_items(c, items, 16);
	y += chart_legend(cr, c, draw, y, width, items, n) + 12;

	double x0, x1, y1;
	data_range(c, &x0, &x1, &y1);
	Plot p;
	p.ax = make_axis(x0, x1, c->log2_x);
	p.ay = make_axis(0, y1, false);
	if (c->diagonal)
		p.ax = p.ay = make_axis(0, fmax(x1, y1), false);
	double label_h = chart_text_block(cr, c, false, 0, 0, width, CHART_STYLE.label, false,
	                                  "Ag");
	p.x0 = CHART_PAD + label_h + 8 + y_tick_width(cr, c, &p.ay) + 6;
	p.y0 = y + 6;
	p.w = width - CHART_PAD - p.x0 - 6;
	p.h = round(p.w * 0.5);
	if (draw) {
		draw_grid(cr, c, &p);
		draw_marks(cr, c, &p);
		draw_series(cr, c, &p);
		draw_y_label(cr, c, &p);
		chart_set_rgb(cr, CHART_STYLE.ink);
	}
	y = p.y0 + p.h + 4 + label_h + 6;
	y += chart_text_block(cr, c, draw, p.x0, y, p.w, CHART_STYLE.label, false,
	                      c->x_label) + 6;
	y += chart_footer(cr, c, draw, y, width);
	return ceil(y + CHART_PAD);
}
