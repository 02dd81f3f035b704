/* Private to the chart stage: text, colours and legends shared by the
 * drawing functions of each chart kind (chart_bars.c, chart_xy.c),
 * implemented in chart_draw.c.
 * Every function measures when draw is false and draws when it is true,
 * so heights computed before drawing always match.
 * Ownership: chart_text returns a layout the caller unrefs; the rest
 * only read the Chart. */
#ifndef GG_CHART_DRAW_H
#define GG_CHART_DRAW_H

#include "chart.h"
#include "chart_style.h"
#include "text.h"

#include <pango/pangocairo.h>

#define CHART_PAD (CHART_STYLE.pad)

void chart_set_rgb(cairo_t *cr, Rgb c);

/* A layout with the chart's font at size px (bold optional); caller
 * unrefs. */
PangoLayout *chart_text(cairo_t *cr, const Chart *c, double size, bool bold,
                        const char *text);

/* A wrapped block at (x, y) of the given width; returns its height. */
double chart_text_block(cairo_t *cr, const Chart *c, bool draw, double x,
                        double y, double width, double size, bool bold,
                        const char *text);

/* Diagonal white stripes over a rectangle: "modelled". */
void chart_hatch(cairo_t *cr, double x, double y, double w, double h);

/* A whisker from x0 to x1 at height y, capped by ticks of half-height
 * cap: the range of a modelled value. */
void chart_whisker(cairo_t *cr, double x0, double x1, double y, double cap);

typedef enum { SWATCH_SOLID, SWATCH_HATCHED, SWATCH_FADED, SWATCH_LINE,
               SWATCH_DOT, SWATCH_DASH, SWATCH_WHISKER } SwatchStyle;

typedef struct {
	const char *text;
	Rgb colour;
	SwatchStyle style;
} LegendItem;

/* One row (wrapping when needed) of legend items at y; returns height. */
double chart_legend(cairo_t *cr, const Chart *c, bool draw, double y,
                    double width, const LegendItem *items, size_t n);

/* Title at the top and the source line at the bottom. */
double chart_title(cairo_t *cr, const Chart *c, bool draw, double width);
double chart_footer(cairo_t *cr, const Chart *c, bool draw, double y,
                    double width);

#endif
