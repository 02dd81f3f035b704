/* Private to the chart stage: text, hatching, whiskers, legends, the
 * title and the source line shared by the layout functions of each
 * chart kind (chart_bars.c, chart_xy.c), implemented in chart_draw.c.
 * Every function measures when draw is false and records its marks on
 * the canvas when it is true, so heights computed before drawing always
 * match.
 * Ownership: chart_text returns a layout the caller unrefs; the rest
 * only read the Chart. */
#ifndef GG_CHART_DRAW_H
#define GG_CHART_DRAW_H

#include "chart.h"
#include "chart_canvas.h"
#include "chart_style.h"
#include "text.h"

#define CHART_PAD (cv->st->pad)

/* A layout with the chart's font at size px (bold optional); caller
 * unrefs. */
PangoLayout *chart_text(ChartCanvas *cv, double size, bool bold,
                        const char *text);

/* A wrapped block at (x, y) of the given width; returns its height. */
double chart_text_block(ChartCanvas *cv, bool draw, double x, double y,
                        double width, double size, bool bold, Ink ink,
                        const char *text);

/* A layout recorded with its top-left corner at x, y. */
void chart_show(ChartCanvas *cv, PangoLayout *l, double x, double y,
                Ink ink, double size, bool bold);

/* Diagonal stripes over a rectangle: "modelled".  Stripes in the
 * background colour on a filled bar, in ink on an outlined one. */
void chart_hatch(ChartCanvas *cv, double x, double y, double w, double h,
                 Ink ink);

/* A whisker from x0 to x1 at height y, capped by ticks of half-height
 * cap: the range of a modelled value. */
void chart_whisker(ChartCanvas *cv, double x0, double x1, double y,
                   double cap);

typedef enum { SWATCH_SOLID, SWATCH_HATCHED, SWATCH_OUTLINE, SWATCH_LINE,
               SWATCH_DOT, SWATCH_DASH, SWATCH_WHISKER } SwatchStyle;

typedef struct {
	const char *text;
	Ink colour;
	SwatchStyle style;
	Dash dash; /* SWATCH_DASH: its pattern */
} LegendItem;

/* One row (wrapping when needed) of legend items at y; returns height. */
double chart_legend(ChartCanvas *cv, bool draw, double y, double width,
                    const LegendItem *items, size_t n);

/* Title at the top and the source line at the bottom. */
double chart_title(ChartCanvas *cv, bool draw, double width);
double chart_footer(ChartCanvas *cv, bool draw, double y, double width);

#endif
