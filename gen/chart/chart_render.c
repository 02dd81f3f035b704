/* Chart stage, output: a chart laid out by its kind (chart_bars.c,
 * chart_xy.c) into a display list, replayed on any cairo_t and written
 * as SVG (chart_svg.c) and PNG (chart_png.c) bytes; the site's chart
 * files are written by gen/site/chart_files.c.  See chart_render.h. */
#include "chart_render.h"

#include "chart_bars.h"
#include "chart_xy.h"
#include "util.h"

#include <math.h>
#include <string.h>

/* Heights of the charts laid out in this process, by chart (serial,
 * part) and width: the chart stage, the HTML and the PDF each ask. */
typedef struct {
	guint64 serial;
	size_t first, n;
	double axis_end, width;
} HeightKey;

static GHashTable *heights; /* HeightKey -> double */

static guint height_hash(gconstpointer p)
{
	const HeightKey *k = p;
	return (guint)(k->serial * 2654435761u) ^ (guint)(k->first * 40503u)
	       ^ (guint)(k->n * 7919u) ^ g_double_hash(&k->width);
}

static gboolean height_equal(gconstpointer a, gconstpointer b)
{
	const HeightKey *x = a, *y = b;
	return x->serial == y->serial && x->first == y->first && x->n == y->n
	       && x->axis_end == y->axis_end && x->width == y->width;
}

static HeightKey height_key(const Chart *chart, double width)
{
	return (HeightKey){chart->serial, chart->part_first, chart->n_bars,
	                   chart->axis_end, width};
}

static void remember_height(const Chart *chart, double width, double h)
{
	if (!chart->serial)
		return;
	if (!heights)
		heights = g_hash_table_new_full(height_hash, height_equal, g_free,
		                                g_free);
	HeightKey *k = g_new(HeightKey, 1);
	*k = height_key(chart, width);
	g_hash_table_replace(heights, k, g_memdup2(&h, sizeof h));
}

static const double *remembered_height(const Chart *chart, double width)
{
	if (!chart->serial || !heights)
		return NULL;
	HeightKey k = height_key(chart, width);
	return g_hash_table_lookup(heights, &k);
}

/* The chart laid out at width; its marks recorded when draw. */
static ChartCanvas *canvas_make(const Chart *chart, double width, bool draw)
{
	ChartCanvas *cv = g_new0(ChartCanvas, 1);
	cv->chart = chart;
	cv->st = chart_style_for(width);
	cv->measure_surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
	                                                 1, 1);
	cv->measure = cairo_create(cv->measure_surface);
	cv->marks = g_array_new(FALSE, FALSE, sizeof(DrawMark));
	cv->points = g_array_new(FALSE, FALSE, sizeof(double));
	cv->width = width;
	cv->height = chart->kind == CHART_XY
	                 ? chart_layout_xy(cv, width, draw)
	                 : chart_layout_bars(cv, width, draw);
	remember_height(chart, width, cv->height);
	return cv;
}

ChartCanvas *chart_canvas_new(const Chart *chart, double width)
{
	return canvas_make(chart, width, true);
}

double chart_height(const Chart *chart, double width)
{
	const double *known = remembered_height(chart, width);
	if (known)
		return *known;
	ChartCanvas *cv = canvas_make(chart, width, false);
	double h = cv->height;
	chart_canvas_free(cv);
	return h;
}

void chart_draw(cairo_t *cr, const Chart *chart, double width)
{
	ChartCanvas *cv = chart_canvas_new(chart, width);
	chart_canvas_replay(cv, cr, &CHART_LIGHT);
	chart_canvas_free(cv);
}

void chart_render_svg(const Chart *chart, double width, bool dark,
                      char **bytes, size_t *length)
{
	ChartCanvas *cv = chart_canvas_new(chart, width);
	*bytes = chart_canvas_svg(cv, dark ? &CHART_DARK : &CHART_LIGHT);
	*length = strlen(*bytes);
	chart_canvas_free(cv);
}

Chart chart_bar_part(const Chart *chart, size_t first, size_t n)
{
	Chart part = *chart;
	part.axis_end = chart_bar_axis_end(chart, NULL);
	part.bars = chart->bars + MIN(first, chart->n_bars);
	part.n_bars = MIN(n, chart->n_bars - MIN(first, chart->n_bars));
	part.part_first = chart->part_first + MIN(first, chart->n_bars);
	return part;
}

size_t chart_bars_fitting(const Chart *chart, double width, double height)
{
	size_t n = MIN(chart->n_bars, (size_t)CHART_MAX_BARS);
	Chart none = chart_bar_part(chart, 0, 0);
	double h0 = chart_height(&none, width);
	double row = n ? (chart_height(chart, width) - h0) / (double)n : 1;
	size_t fit = row > 0 ? (size_t)fmax((height - h0) / row, 1) : n;
	fit = MIN(fit, n);
	for (; fit > 1; fit--) { /* rows differ (wrapped labels): check */
		Chart part = chart_bar_part(chart, 0, fit);
		if (chart_height(&part, width) <= height)
			break;
	}
	return fit;
}

void chart_release_memos(void)
{
	chart_line_widths_free();
	if (heights)
		g_hash_table_destroy(heights);
	heights = NULL;
}

char *chart_dark_name(const char *name)
{
	return g_strconcat(name, "-dark", NULL);
}
