/* Private to the chart stage: XY plots.
 * In: a Chart of that kind.  Out: its drawing on cr.
 * Ownership: only reads the Chart. */
#ifndef GG_CHART_XY_H
#define GG_CHART_XY_H

#include <cairo.h>
#include <stdbool.h>

#include "chart.h"

/* Lays out (and draws when draw) the whole chart at width; returns its
 * height. */
double chart_layout_xy(cairo_t *cr, const Chart *c, double width,
                       bool draw);

#endif
