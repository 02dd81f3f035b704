/* Chart back-end: every chart of an edition as the site's files, SVG for
 * wide screens and phones, each light and dark, and a PNG preview, drawn
 * by the chart stage (chart_render.h).  See chart_files.h. */
#include "chart_files.h"

#include "chart_render.h"
#include "paths.h"
#include "util.h"

#include <string.h>

static bool write_file(Site *site, char *path, char *bytes, size_t n,
                       GError **error)
{
	bool ok = site_write(site, path, bytes, n, error);
	g_free(path);
	g_free(bytes);
	return ok;
}

/* One layout of a chart as SVG, light and dark, at the paths of kind. */
static bool write_svgs(const EditionResult *r, Site *site,
                       const ChartCanvas *cv, ChartFile kind, GError **error)
{
	const char *name = cv->chart->name;
	char *dark = chart_dark_name(name);
	char *light_svg = chart_canvas_svg(cv, &CHART_LIGHT);
	char *dark_svg = chart_canvas_svg(cv, &CHART_DARK);
	bool ok = write_file(site, paths_chart(r->prefix, name, kind),
	                     light_svg, strlen(light_svg), error);
	if (ok)
		ok = write_file(site, paths_chart(r->prefix, dark, kind),
		                dark_svg, strlen(dark_svg), error);
	else
		g_free(dark_svg);
	g_free(dark);
	return ok;
}

static bool write_chart(const EditionResult *r, Site *site, const Chart *c,
                        GError **error)
{
	ChartCanvas *wide = chart_canvas_new(c, CHART_WIDTH);
	ChartCanvas *narrow = chart_canvas_new(c, CHART_NARROW_WIDTH);
	char *png = NULL;
	size_t n = 0;
	bool ok = write_svgs(r, site, wide, CHART_SVG, error)
	          && write_svgs(r, site, narrow, CHART_SVG_NARROW, error)
	          && chart_canvas_png(wide, &CHART_LIGHT, &png, &n, error)
	          && write_file(site, paths_chart(r->prefix, c->name, CHART_PNG),
	                        png, n, error);
	chart_canvas_free(wide);
	chart_canvas_free(narrow);
	return ok;
}

bool chart_write_all(const EditionResult *r, Site *site, GError **error)
{
	for (size_t i = 0; i < values_chart_count(r->values); i++)
		if (!write_chart(r, site, values_chart_at(r->values, i), error))
			return false;
	return true;
}
