/* Chart stage: shared text and legend drawing, building charts, and SVG
 * and PNG output.  The kinds are in chart_bars.c and chart_xy.c.
 * See chart.h. */
#include "chart_draw.h"

#include "text.h"
#include "util.h"

#include <cairo-svg.h>
#include <math.h>
#include <string.h>

const Rgb CHART_SERIES[6] = {{0.000, 0.447, 0.698},  /* blue */
                             {0.902, 0.624, 0.000},  /* orange */
                             {0.000, 0.620, 0.451},  /* bluish green */
                             {0.835, 0.369, 0.000},  /* vermillion */
                             {0.800, 0.475, 0.655},  /* reddish purple */
                             {0.337, 0.706, 0.914}}; /* sky blue */
const Rgb CHART_INK = {0.13, 0.13, 0.13};
const Rgb CHART_MUTED = {0.40, 0.40, 0.40};
const Rgb CHART_GRID = {0.88, 0.88, 0.88};
const Rgb CHART_GREY = {0.62, 0.62, 0.62};

void chart_set_rgb(cairo_t *cr, Rgb c)
{
	cairo_set_source_rgb(cr, c.r, c.g, c.b);
}

/* ---- text ----------------------------------------------------------- */

PangoLayout *chart_text(cairo_t *cr, const Chart *c, double size, bool bold,
                        const char *text)
{
	PangoLayout *layout = text_layout_new(cr, c->font_family, size, true,
	                                      bold);
	pango_layout_set_text(layout, text ? text : "", -1);
	return layout;
}

double chart_text_block(cairo_t *cr, const Chart *c, bool draw, double x,
                        double y, double width, double size, bool bold,
                        const char *text)
{
	if (!text || !*text)
		return 0;
	PangoLayout *l = chart_text(cr, c, size, bold, text);
	pango_layout_set_width(l, (int)(width * PANGO_SCALE));
	pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
	double h = text_height(l);
	if (draw) {
		cairo_move_to(cr, x, y);
		pango_cairo_show_layout(cr, l);
	}
	g_object_unref(l);
	return h;
}

void chart_hatch(cairo_t *cr, double x, double y, double w, double h)
{
	cairo_save(cr);
	cairo_rectangle(cr, x, y, w, h);
	cairo_clip(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_set_line_width(cr, 1.2);
	for (double d = -h; d < w; d += 5) {
		cairo_move_to(cr, x + d, y + h);
		cairo_line_to(cr, x + d + h, y);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

static void swatch(cairo_t *cr, const LegendItem *it, double x, double y)
{
	enum { S = 10 };
	chart_set_rgb(cr, it->colour);
	switch (it->style) {
	case SWATCH_SOLID:
	case SWATCH_HATCHED:
		cairo_rectangle(cr, x, y + 2, S, S);
		cairo_fill(cr);
		if (it->style == SWATCH_HATCHED)
			chart_hatch(cr, x, y + 2, S, S);
		break;
	case SWATCH_FADED:
		cairo_set_source_rgba(cr, it->colour.r, it->colour.g,
		                      it->colour.b, 0.35);
		cairo_rectangle(cr, x, y + 2, S, S);
		cairo_fill(cr);
		chart_set_rgb(cr, it->colour);
		cairo_set_line_width(cr, 1);
		cairo_rectangle(cr, x + 0.5, y + 2.5, S - 1, S - 1);
		cairo_stroke(cr);
		break;
	case SWATCH_DOT:
		cairo_arc(cr, x + S / 2.0, y + 7, 3.5, 0, 2 * G_PI);
		cairo_fill(cr);
		break;
	case SWATCH_LINE:
	case SWATCH_DASH:
		cairo_set_line_width(cr, 2);
		if (it->style == SWATCH_DASH) {
			double dash[] = {4, 3};
			cairo_set_dash(cr, dash, 2, 0);
		}
		cairo_move_to(cr, x - 2, y + 7);
		cairo_line_to(cr, x + S + 2, y + 7);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
		break;
	}
}

double chart_legend(cairo_t *cr, const Chart *c, bool draw, double y,
                    double width, const LegendItem *items, size_t n)
{
	double x = CHART_PAD, row_h = 0, top = y;
	double room = width - 2 * CHART_PAD - 14; /* widest an item may be */
	for (size_t i = 0; i < n; i++) {
		PangoLayout *l = chart_text(cr, c, 10, false, items[i].text);
		if (text_width(l) > room) { /* a long item wraps on its own */
			pango_layout_set_width(l, (int)(room * PANGO_SCALE));
			pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
		}
		double w = 14 + text_width(l);
		if (x > CHART_PAD && x + w > width - CHART_PAD) {
			x = CHART_PAD;
			y += row_h + 4;
			row_h = 0;
		}
		row_h = fmax(row_h, text_height(l));
		if (draw) {
			swatch(cr, &items[i], x, y);
			chart_set_rgb(cr, CHART_MUTED);
			cairo_move_to(cr, x + 14, y);
			pango_cairo_show_layout(cr, l);
		}
		x += w + 16;
		g_object_unref(l);
	}
	return n ? y + row_h - top : 0;
}

double chart_title(cairo_t *cr, const Chart *c, bool draw, double width)
{
	if (draw)
		chart_set_rgb(cr, CHART_INK);
	return chart_text_block(cr, c, draw, CHART_PAD, CHART_PAD,
	                        width - 2 * CHART_PAD, 15, true, c->title);
}

double chart_footer(cairo_t *cr, const Chart *c, bool draw, double y,
                    double width)
{
	if (draw)
		chart_set_rgb(cr, CHART_MUTED);
	return chart_text_block(cr, c, draw, CHART_PAD, y,
	                        width - 2 * CHART_PAD, 9, false,
	                        c->source_line);
}

/* ---- building --------------------------------------------------------- */

Chart *chart_new(ChartKind kind, const char *name)
{
	Chart *c = g_new0(Chart, 1);
	c->kind = kind;
	c->name = g_strdup(name);
	return c;
}

void chart_add_bar(Chart *c, ChartBar bar)
{
	c->bars = g_renew(ChartBar, c->bars, c->n_bars + 1);
	c->bars[c->n_bars++] = bar;
}

size_t chart_add_series(Chart *c, char *name, bool joined)
{
	c->series = g_renew(ChartSeries, c->series, c->n_series + 1);
	c->series[c->n_series] = (ChartSeries){name, NULL, 0, joined};
	return c->n_series++;
}

void chart_add_point(Chart *c, size_t series, double x, double y,
                     char *label)
{
	ChartSeries *s = &c->series[series];
	s->points = g_renew(ChartPoint, s->points, s->n_points + 1);
	s->points[s->n_points++] = (ChartPoint){x, y, label};
}

void chart_add_mark(Chart *c, double at, char *label)
{
	c->marks = g_renew(ChartMark, c->marks, c->n_marks + 1);
	c->marks[c->n_marks++] = (ChartMark){at, label};
}

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

char *chart_alt_text(const Chart *c)
{
	GString *s = g_string_new(c->title);
	g_string_append(s, ":");
	if (c->kind == CHART_XY) {
		for (size_t i = 0; i < c->n_series; i++)
			g_string_append_printf(s, "%s %s", i ? "," : "",
			                       c->series[i].name);
		for (size_t i = 0; i < c->n_marks; i++)
			g_string_append_printf(s, "; %s", c->marks[i].label);
		return g_string_free(s, FALSE);
	}
	for (size_t i = 0; i < c->n_bars && i < 3; i++)
		g_string_append_printf(s, "%s %s %s", i ? "," : "",
		                       c->bars[i].label, c->bars[i].value_text);
	if (c->n_bars > 3)
		g_string_append(s, ", ...");
	return g_string_free(s, FALSE);
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
	char *svg = (char *)g_byte_array_free(buf, FALSE);
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

void chart_free(Chart *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n_bars; i++) {
		g_free(c->bars[i].label);
		g_free(c->bars[i].value_text);
		g_free(c->bars[i].value2_text);
	}
	for (size_t i = 0; i < c->n_series; i++) {
		for (size_t k = 0; k < c->series[i].n_points; k++)
			g_free(c->series[i].points[k].label);
		g_free(c->series[i].points);
		g_free(c->series[i].name);
	}
	for (size_t i = 0; i < c->n_marks; i++)
		g_free(c->marks[i].label);
	g_free(c->bars);
	g_free(c->series);
	g_free(c->marks);
	g_free(c->name);
	g_free(c->title);
	g_free(c->caption);
	g_free(c->source_line);
	g_free(c->x_label);
	g_free(c->y_label);
	g_free(c->legend_measured);
	g_free(c->legend_modelled);
	g_free(c->legend_reference);
	g_free(c->legend_flagged);
	g_free(c->series_names[0]);
	g_free(c->series_names[1]);
	g_free(c->font_family);
	g_free(c);
}

