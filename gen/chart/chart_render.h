/* Chart stage, output: a figure laid out once into a display list
 * (chart_canvas.h) and replayed onto any cairo_t (the PDF back-ends draw
 * it as vectors with real text), written as SVG with <text> (site, light
 * and dark, wide and for phones) and PNG at twice the size (previews).
 * In: a Chart (read only).  Out: drawings and file bytes (the site's
 * chart files are gen/site/chart_files.c's).
 * Ownership: the renderers return bytes the caller frees with g_free. */
#ifndef GG_CHART_RENDER_H
#define GG_CHART_RENDER_H

#include "chart.h"
#include "chart_canvas.h"

#include <cairo.h>

/* Height the chart needs at the given width. */
double chart_height(const Chart *chart, double width);

/* Draws the chart (light theme) with its top-left corner at the current
 * origin. */
void chart_draw(cairo_t *cr, const Chart *chart, double width);

/* Bar charts too tall for a page: how many bars (at least one) fit
 * with the title, legend and footer in height at width. */
size_t chart_bars_fitting(const Chart *chart, double width, double height);

/* A view of bars first .. first + n of a bar chart, on the whole
 * chart's value axis.  It borrows every string and array of chart:
 * never chart_free it. */
Chart chart_bar_part(const Chart *chart, size_t first, size_t n);

/* SVG (with <title> and <desc>) laid out at width, light or dark. */
void chart_render_svg(const Chart *chart, double width, bool dark,
                      char **bytes, size_t *length);

/* PNG of a laid-out chart at scale 2 (chart_png.c), drawn on pixels
 * kept for the next PNG until chart_png_release. */
bool chart_canvas_png(const ChartCanvas *cv, const ChartTheme *theme,
                      char **bytes, size_t *length, GError **error);
void chart_png_release(void);

/* The file stem of a chart's dark variant: NAME-dark; caller frees. */
char *chart_dark_name(const char *name);

/* Frees what the layouts remember for the whole process (the widths of
 * labels, the heights of charts by width); call at exit. */
void chart_release_memos(void);

#endif
