/* Private to the chart stage: XY plots.
 * In: a Chart of that kind.  Out: its marks on a canvas.
 * Ownership: only reads the Chart. */
#ifndef GG_CHART_XY_H
#define GG_CHART_XY_H

#include <stdbool.h>

#include "chart.h"
#include "chart_canvas.h"

/* Lays out (and records when draw) the whole chart at width; returns
 * its height. */
double chart_layout_xy(ChartCanvas *cv, double width, bool draw);

#endif
