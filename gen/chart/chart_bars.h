/* Private to the chart stage: sorted horizontal bars, single or grouped.
 * In: a Chart of that kind.  Out: its marks on a canvas, and what kinds
 * of marks it shows (for its caption).
 * Ownership: only reads the Chart. */
#ifndef GG_CHART_BARS_H
#define GG_CHART_BARS_H

#include <stdbool.h>

#include "chart.h"
#include "chart_canvas.h"

/* Lays out (and records when draw) the whole chart at width; returns
 * its height. */
double chart_layout_bars(ChartCanvas *cv, double width, bool draw);

/* Where the value axis ends: the longest bar, whisker or mark, or, when
 * one bar is far longer than the rest, a little past the next (*broken
 * set; NULL: not asked). */
double chart_bar_axis_end(const Chart *c, bool *broken);

#endif
