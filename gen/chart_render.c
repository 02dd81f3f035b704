/* Chart stage, output: a chart laid out by its kind (chart_bars.c,
 * chart_xy.c), drawn on any cairo_t and written as SVG and PNG.
 * See chart_render.h. */
#include "chart_render.h"

#include "chart_bars.h"
#include "chart_xy.h"
#include "paths.h"
#include "util.h"

#include <cairo-svg.h>
#include <string.h>

/* ---- dispatch and output ---------------------------------------------- */

static double layout(cairo_t *cr, const Chart *c, double width, bool draw)
{
	return c->kind == CHART_XY ? chart_layout_xy(cr, c, width, draw)
	                           : chart_layout_bars(cr, c, width, draw);
}

double chart_height(const Chart *chart, double width)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
	                                                1, 1);
	cairo_t *cr = cairo_create(s);
	double h = layout(cr, chart, width, false);
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	return h;
}

void chart_draw(cairo_t *cr, const Chart *chart, double width)
{
	cairo_save(cr);
	cairo_rectangle(cr, 0, 0, width, chart_height(chart, width));
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill(cr);
	layout(cr, chart, width, true);
	cairo_restore(cr);
}

static cairo_status_t append_bytes(void *closure, const unsigned char *data,
                                   unsigned int length)
{
	g_byte_array_append(closure, data, length);
	return CAIRO_STATUS_SUCCESS;
}

/* Puts <title> and <desc> right after the opening <svg ...> tag. */
static char *add_svg_title(const Chart *c, const char *svg)
{
	const char *open = strstr(svg, "<svg");
	const char *end = open ? strchr(open, '>') : NULL;
	if (!end)
		return g_strdup(svg);
	char *title = g_markup_escape_text(c->title ? c->title : "", -1);
	char *alt = chart_alt_text(c);
	char *desc = g_markup_escape_text(alt, -1);
	char *out = g_strdup_printf("%.*s\n<title>%s</title>\n<desc>%s</desc>%s",
	                            (int)(end + 1 - svg), svg, title, desc,
	                            end + 1);
	g_free(title);
	g_free(alt);
	g_free(desc);
	return out;
}

/* cairo names an SVG's groups "surfaceN" with N counted over the whole
 * process, so a chart's bytes would depend on what was drawn before it.
 * Renumbers them in order of first appearance: the same chart, the same
 * bytes, whatever the run drew first. */
static gboolean renumber_surface(const GMatchInfo *m, GString *out,
                                 gpointer ids)
{
	char *old = g_match_info_fetch(m, 0);
	gpointer id = g_hash_table_lookup(ids, old);
	if (!id) {
		id = GUINT_TO_POINTER(g_hash_table_size(ids) + 1);
		g_hash_table_insert(ids, g_strdup(old), id);
	}
	g_string_append_printf(out, "surface%u", GPOINTER_TO_UINT(id));
	g_free(old);
	return FALSE;
}

static char *stable_surface_ids(const char *svg)
{
	GRegex *re = g_regex_new("surface[0-9]+", 0, 0, NULL);
	GHashTable *ids = g_hash_table_new_full(g_str_hash, g_str_equal,
	                                        g_free, NULL);
	char *out = g_regex_replace_eval(re, svg, -1, 0, 0, renumber_surface,
	                                 ids, NULL);
	g_hash_table_destroy(ids);
	g_regex_unref(re);
	return out;
}

void chart_render_svg(const Chart *chart, double width, char **bytes,
                      size_t *length)
{
	double h = chart_height(chart, width);
	GByteArray *buf = g_byte_array_new();
	cairo_surface_t *s = cairo_svg_surface_create_for_stream(
	    append_bytes, buf, width, h);
	cairo_svg_surface_restrict_to_version(s, CAIRO_SVG_VERSION_1_1);
	cairo_t *cr = cairo_create(s);
	chart_draw(cr, chart, width);
	cairo_destroy(cr);
	cairo_surface_finish(s);
	cairo_surface_destroy(s);
	g_byte_array_append(buf, (const guint8 *)"", 1);
	char *raw = (char *)g_byte_array_free(buf, FALSE);
	char *svg = stable_surface_ids(raw);
	g_free(raw);
	*bytes = add_svg_title(chart, svg);
	*length = strlen(*bytes);
	g_free(svg);
}

bool chart_render_png(const Chart *chart, char **bytes, size_t *length,
                      GError **error)
{
	double h = chart_height(chart, CHART_WIDTH);
	cairo_surface_t *s = cairo_image_surface_create(
	    CAIRO_FORMAT_RGB24, (int)(CHART_WIDTH * 2), (int)(h * 2));
	cairo_t *cr = cairo_create(s);
	cairo_scale(cr, 2, 2);
	chart_draw(cr, chart, CHART_WIDTH);
	cairo_destroy(cr);
	GByteArray *buf = g_byte_array_new();
	cairo_status_t st = cairo_surface_write_to_png_stream(s, append_bytes,
	                                                      buf);
	cairo_surface_destroy(s);
	if (st != CAIRO_STATUS_SUCCESS) {
		g_byte_array_free(buf, TRUE);
		g_set_error(error, GG_ERROR, GG_ERR_ENV,
		            "chart %s: PNG encoding failed: %s", chart->name,
		            cairo_status_to_string(st));
		return false;
	}
	*length = buf->len;
	*bytes = (char *)g_byte_array_free(buf, FALSE);
	return true;
}

static bool write_file(Site *site, char *path, char *bytes, size_t n,
                       GError **error)
{
	bool ok = site_write(site, path, bytes, n, error);
	g_free(path);
	g_free(bytes);
	return ok;
}

bool chart_write_all(const EditionResult *r, Site *site, GError **error)
{
	for (size_t i = 0; i < values_chart_count(r->values); i++) {
		const Chart *c = values_chart_at(r->values, i);
		char *bytes = NULL;
		size_t n = 0;
		chart_render_svg(c, CHART_WIDTH, &bytes, &n);
		if (!write_file(site, paths_chart(r->prefix, c->name, CHART_SVG),
		                bytes, n, error))
			return false;
		chart_render_svg(c, CHART_NARROW_WIDTH, &bytes, &n);
		if (!write_file(site,
		                paths_chart(r->prefix, c->name, CHART_SVG_NARROW),
		                bytes, n, error))
			return false;
		if (!chart_render_png(c, &bytes, &n, error)
		    || !write_file(site, paths_chart(r->prefix, c->name, CHART_PNG),
		                   bytes, n, error))
			return false;
	}
	return true;
}
