/* Chart stage, shared drawing: colours, text blocks, hatching, legends,
 * the title and the source line, used by every chart kind.
 * See chart_draw.h. */
#include "chart_draw.h"

#include "text.h"

#include <math.h>
#include <string.h>

const ChartStyle CHART_STYLE = {
    .pad = 12, .title = 15, .label = 11, .tick = 10, .small = 9,
    .swatch = 14, .legend_gap = 16, .whisker = 1.2,
    .series = {{0.000, 0.447, 0.698},  /* blue */
               {0.902, 0.624, 0.000},  /* orange */
               {0.000, 0.620, 0.451},  /* bluish green */
               {0.835, 0.369, 0.000},  /* vermillion */
               {0.800, 0.475, 0.655},  /* reddish purple */
               {0.337, 0.706, 0.914}}, /* sky blue */
    .ink = {0.13, 0.13, 0.13},
    .muted = {0.40, 0.40, 0.40},
    .grid = {0.88, 0.88, 0.88},
    .grey = {0.62, 0.62, 0.62}};

void chart_set_rgb(cairo_t *cr, Rgb c)
{
	cairo_set_source_rgb(cr, c.r, c.g, c.b);
}

/* ---- text ----------------------------------------------------------- */

PangoLayout *chart_text(cairo_t *cr, const Chart *c, double size, bool bold,
                        const char *text)
{
	PangoLayout *layout = text_layout_new(cr, c->font_family, size, true,
	                                      bold);
	pango_layout_set_text(layout, text ? text : "", -1);
	return layout;
}

double chart_text_block(cairo_t *cr, const Chart *c, bool draw, double x,
                        double y, double width, double size, bool bold,
                        const char *text)
{
	if (!text || !*text)
		return 0;
	PangoLayout *l = chart_text(cr, c, size, bold, text);
	pango_layout_set_width(l, (int)(width * PANGO_SCALE));
	pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
	double h = text_height(l);
	if (draw) {
		cairo_move_to(cr, x, y);
		pango_cairo_show_layout(cr, l);
	}
	g_object_unref(l);
	return h;
}

void chart_hatch(cairo_t *cr, double x, double y, double w, double h)
{
	cairo_save(cr);
	cairo_rectangle(cr, x, y, w, h);
	cairo_clip(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_set_line_width(cr, 1.2);
	for (double d = -h; d < w; d += 5) {
		cairo_move_to(cr, x + d, y + h);
		cairo_line_to(cr, x + d + h, y);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

void chart_whisker(cairo_t *cr, double x0, double x1, double y, double cap)
{
	chart_set_rgb(cr, CHART_STYLE.ink);
	cairo_set_line_width(cr, CHART_STYLE.whisker);
	cairo_move_to(cr, x0, y);
	cairo_line_to(cr, x1, y);
	cairo_move_to(cr, x0, y - cap);
	cairo_line_to(cr, x0, y + cap);
	cairo_move_to(cr, x1, y - cap);
	cairo_line_to(cr, x1, y + cap);
	cairo_stroke(cr);
}

static void swatch(cairo_t *cr, const LegendItem *it, double x, double y)
{
	enum { S = 10 };
	chart_set_rgb(cr, it->colour);
	switch (it->style) {
	case SWATCH_SOLID:
	case SWATCH_HATCHED:
		cairo_rectangle(cr, x, y + 2, S, S);
		cairo_fill(cr);
		if (it->style == SWATCH_HATCHED)
			chart_hatch(cr, x, y + 2, S, S);
		break;
	case SWATCH_FADED:
		cairo_set_source_rgba(cr, it->colour.r, it->colour.g,
		                      it->colour.b, 0.35);
		cairo_rectangle(cr, x, y + 2, S, S);
		cairo_fill(cr);
		chart_set_rgb(cr, it->colour);
		cairo_set_line_width(cr, 1);
		cairo_rectangle(cr, x + 0.5, y + 2.5, S - 1, S - 1);
		cairo_stroke(cr);
		break;
	case SWATCH_WHISKER:
		chart_whisker(cr, x, x + S, y + 7, 3.5);
		break;
	case SWATCH_DOT:
		cairo_arc(cr, x + S / 2.0, y + 7, 3.5, 0, 2 * G_PI);
		cairo_fill(cr);
		break;
	case SWATCH_LINE:
	case SWATCH_DASH:
		cairo_set_line_width(cr, 2);
		if (it->style == SWATCH_DASH) {
			double dash[] = {4, 3};
			cairo_set_dash(cr, dash, 2, 0);
		}
		cairo_move_to(cr, x - 2, y + 7);
		cairo_line_to(cr, x + S + 2, y + 7);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
		break;
	}
}

double chart_legend(cairo_t *cr, const Chart *c, bool draw, double y,
                    double width, const LegendItem *items, size_t n)
{
	double x = CHART_PAD, row_h = 0, top = y;
	double room = width - 2 * CHART_PAD - CHART_STYLE.swatch; /* widest an item may be */
	for (size_t i = 0; i < n; i++) {
		PangoLayout *l = chart_text(cr, c, CHART_STYLE.tick, false, items[i].text);
		if (text_width(l) > room) { /* a long item wraps on its own */
			pango_layout_set_width(l, (int)(room * PANGO_SCALE));
			pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
		}
		double w = CHART_STYLE.swatch + text_width(l);
		if (x > CHART_PAD && x + w > width - CHART_PAD) {
			x = CHART_PAD;
			y += row_h + 4;
			row_h = 0;
		}
		row_h = fmax(row_h, text_height(l));
		if (draw) {
			swatch(cr, &items[i], x, y);
			chart_set_rgb(cr, CHART_STYLE.muted);
			cairo_move_to(cr, x + CHART_STYLE.swatch, y);
			pango_cairo_show_layout(cr, l);
		}
		x += w + CHART_STYLE.legend_gap;
		g_object_unref(l);
	}
	return n ? y + row_h - top : 0;
}

double chart_title(cairo_t *cr, const Chart *c, bool draw, double width)
{
	if (draw)
		chart_set_rgb(cr, CHART_STYLE.ink);
	return chart_text_block(cr, c, draw, CHART_PAD, CHART_PAD,
	                        width - 2 * CHART_PAD, CHART_STYLE.title, true, c->title);
}

double chart_footer(cairo_t *cr, const Chart *c, bool draw, double y,
                    double width)
{
	if (draw)
		chart_set_rgb(cr, CHART_STYLE.muted);
	return chart_text_block(cr, c, draw, CHART_PAD, y,
	                        width - 2 * CHART_PAD, CHART_STYLE.small, false,
	                        c->source_line);
}
