/* Chart stage, shared drawing: text blocks, hatching, whiskers, legends,
 * the title and the source line, used by every chart kind, recorded on
 * a display list.  See chart_draw.h. */
#include "chart_draw.h"

#include "text.h"

#include <math.h>
#include <string.h>

/* ---- text ----------------------------------------------------------- */

PangoLayout *chart_text(ChartCanvas *cv, double size, bool bold,
                        const char *text)
{
	if (!cv->text_context)
		cv->text_context = text_context_new(cv->measure);
	PangoLayout *layout = text_layout_new(cv->text_context,
	                                      cv->chart->font_family, size,
	                                      true, bold);
	pango_layout_set_text(layout, text ? text : "", -1);
	return layout;
}

void chart_show(ChartCanvas *cv, PangoLayout *l, double x, double y,
                Ink ink, double size, bool bold)
{
	cv_layout(cv, l, x, y, ink, size, bold);
}

double chart_text_block(ChartCanvas *cv, bool draw, double x, double y,
                        double width, double size, bool bold, Ink ink,
                        const char *text)
{
	if (!text || !*text)
		return 0;
	/* printable ASCII narrower than width: one line at the left, from
	 * the kept extents (chart_plain_line), as cv_layout records it */
	double line_w, line_h, base;
	if (chart_plain_line(cv, size, bold, text, &line_w, &line_h, &base)
	    && (int)(line_w * PANGO_SCALE) < (int)(width * PANGO_SCALE)) {
		if (draw)
			cv_text_line(cv, text, x, y + base, ANCHOR_START, ink,
			             size, bold);
		return line_h;
	}
	PangoLayout *l = chart_text(cv, size, bold, text);
	pango_layout_set_width(l, (int)(width * PANGO_SCALE));
	pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
	double h = text_height(l);
	if (draw)
		chart_show(cv, l, x, y, ink, size, bold);
	g_object_unref(l);
	return h;
}

void chart_hatch(ChartCanvas *cv, double x, double y, double w, double h,
                 Ink ink)
{
	cv_hatch(cv, x, y, w, h, ink);
}

void chart_whisker(ChartCanvas *cv, double x0, double x1, double y,
                   double cap)
{
	double lw = cv->st->whisker;
	cv_line(cv, x0, y, x1, y, INK_TEXT, lw, DASH_NONE);
	cv_line(cv, x0, y - cap, x0, y + cap, INK_TEXT, lw, DASH_NONE);
	cv_line(cv, x1, y - cap, x1, y + cap, INK_TEXT, lw, DASH_NONE);
}

static void swatch(ChartCanvas *cv, const LegendItem *it, double x,
                   double y, double text_h)
{
	double s = 10, top = y + (text_h - s) / 2, mid = y + text_h / 2;
	switch (it->style) {
	case SWATCH_SOLID:
	case SWATCH_HATCHED:
		cv_fill(cv, x, top, s, s, it->colour);
		if (it->style == SWATCH_HATCHED)
			chart_hatch(cv, x, top, s, s, INK_BG);
		break;
	case SWATCH_OUTLINE:
		cv_stroke_rect(cv, x + 0.75, top + 0.75, s - 1.5, s - 1.5,
		               it->colour, 1.5);
		break;
	case SWATCH_WHISKER:
		chart_whisker(cv, x, x + s, mid, 3.5);
		break;
	case SWATCH_DOT:
		cv_dot(cv, x + s / 2, mid, 3.5, it->colour);
		break;
	case SWATCH_LINE:
	case SWATCH_DASH:
		cv_line(cv, x - 2, mid, x + s + 2, mid, it->colour, 2,
		        it->style == SWATCH_DASH ? it->dash : DASH_NONE);
		break;
	}
}

double chart_legend(ChartCanvas *cv, bool draw, double y, double width,
                    const LegendItem *items, size_t n)
{
	const ChartStyle *st = cv->st;
	double x = CHART_PAD, row_h = 0, top = y;
	double room = width - 2 * CHART_PAD - st->swatch; /* widest an item may be */
	for (size_t i = 0; i < n; i++) {
		PangoLayout *l = chart_text(cv, st->tick, false, items[i].text);
		if (text_width(l) > room) { /* a long item wraps on its own */
			pango_layout_set_width(l, (int)(room * PANGO_SCALE));
			pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
		}
		double w = st->swatch + text_width(l);
		if (x > CHART_PAD && x + w > width - CHART_PAD) {
			x = CHART_PAD;
			y += row_h + 4;
			row_h = 0;
		}
		row_h = fmax(row_h, text_height(l));
		if (draw) {
			PangoLayout *one = chart_text(cv, st->tick, false, "Ag");
			swatch(cv, &items[i], x, y, text_height(one));
			g_object_unref(one);
			chart_show(cv, l, x + st->swatch, y, INK_MUTED, st->tick,
			           false);
		}
		x += w + st->legend_gap;
		g_object_unref(l);
	}
	return n ? y + row_h - top : 0;
}

double chart_title(ChartCanvas *cv, bool draw, double width)
{
	return chart_text_block(cv, draw, CHART_PAD, CHART_PAD,
	                        width - 2 * CHART_PAD, cv->st->title, true,
	                        INK_TEXT, cv->chart->title);
}

double chart_footer(ChartCanvas *cv, bool draw, double y, double width)
{
	return chart_text_block(cv, draw, CHART_PAD, y, width - 2 * CHART_PAD,
	                        cv->st->small, false, INK_MUTED,
	                        cv->chart->source_line);
}
