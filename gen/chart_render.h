/* Chart stage, output: figures drawn once with Cairo and Pango onto any
 * cairo_t (the PDF back-ends draw them as vectors), and written as SVG
 * (site) and PNG at twice the size (previews).
 * In: a Chart (read only).  Out: drawings and file bytes; as a back-end,
 * every chart of an edition as files (chart_write_all).
 * Ownership: the renderers return bytes the caller frees with g_free. */
#ifndef GG_CHART_RENDER_H
#define GG_CHART_RENDER_H

#include "backend.h"
#include "chart.h"

#include <cairo.h>

/* Height the chart needs at the given width. */
double chart_height(const Chart *chart, double width);

/* Draws the chart with its top-left corner at the current origin. */
void chart_draw(cairo_t *cr, const Chart *chart, double width);

/* SVG (with <title> and <desc>) laid out at width, and PNG (CHART_WIDTH at
 * scale 2) file bytes; caller frees *bytes.  The order of
 * chart_render_svg calls fixes the SVG ids. */
void chart_render_svg(const Chart *chart, double width, char **bytes,
                      size_t *length);
bool chart_render_png(const Chart *chart, char **bytes, size_t *length,
                      GError **error);

/* The back-end: every chart of r as SVG for wide screens, a narrower SVG
 * for phones and a PNG preview, at the paths of paths.h. */
bool chart_write_all(const EditionResult *r, Site *site, GError **error);

#endif
