/* Chart stage: figures drawn once with Cairo and Pango onto any cairo_t,
 * and written as SVG (site) and PNG at twice the size (previews).
 * In: Chart values built by the guide stage.  Out: drawings and files.
 * Ownership: a Chart owns its strings and bars; chart_free releases them.
 * Drawing functions only read the Chart. */
#ifndef GG_CHART_H
#define GG_CHART_H

#include <cairo.h>
#include <glib.h>
#include <stdbool.h>

typedef struct {
	char *label;
	double value;
	char *value_text; /* as printed beside the bar */
	bool reference;   /* the normalization GPU: marked */
	bool modelled;    /* not measured: drawn hatched */
	bool flagged;     /* excluded or impractical: drawn grey */
} ChartBar;

typedef struct {
	char *name; /* file stem: out/charts/NAME.svg */
	char *title, *axis_label, *source_line, *caption;
	char *legend_measured, *legend_modelled, *legend_reference;
	char *font_family; /* "DejaVu Sans" */
	ChartBar *bars;
	size_t n_bars;
} Chart;

#define CHART_WIDTH 720.0 /* CSS pixels / PDF points of the web figure */

/* Height the chart needs at the given width. */
double chart_height(const Chart *chart, double width);

/* Draws the chart with its top-left corner at the current origin. */
void chart_draw(cairo_t *cr, const Chart *chart, double width);

/* Alt text naming the top three bars; caller frees. */
char *chart_alt_text(const Chart *chart);

/* SVG (with <title> and <desc>) and PNG (scale 2) file bytes; caller frees
 * *bytes.  The order of chart_render_svg calls fixes the SVG ids. */
void chart_render_svg(const Chart *chart, char **bytes, size_t *length);
bool chart_render_png(const Chart *chart, char **bytes, size_t *length,
                      GError **error);

void chart_free(Chart *chart);

#endif
