/* Chart stage: sorted horizontal bar charts with Pango text.  One layout
 * routine both measures and draws, so the height is always right.
 * See chart.h. */
#include "chart.h"

#include "util.h"

#include <cairo-svg.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

/* Okabe-Ito colours: distinguishable with every common colour-vision
 * deficiency. */
#define BLUE 0.000, 0.447, 0.698
#define SKY 0.337, 0.706, 0.914
#define ORANGE 0.902, 0.624, 0.000
#define GREY 0.600, 0.600, 0.600
#define INK 0.13, 0.13, 0.13
#define MUTED 0.40, 0.40, 0.40

enum { PAD = 12, ROW_GAP = 6, BAR_H = 14, SWATCH = 10 };

static PangoLayout *text_layout(cairo_t *cr, const Chart *c, double size,
                                bool bold, const char *text)
{
	PangoLayout *layout = pango_cairo_create_layout(cr);
	PangoContext *ctx = pango_layout_get_context(layout);
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	pango_cairo_context_set_font_options(ctx, fo);
	cairo_font_options_destroy(fo);
	pango_context_set_round_glyph_positions(ctx, FALSE);
	pango_layout_context_changed(layout);
	PangoFontDescription *fd = pango_font_description_from_string(
	    c->font_family ? c->font_family : "DejaVu Sans");
	pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
	if (bold)
		pango_font_description_set_weight(fd, PANGO_WEIGHT_BOLD);
	pango_layout_set_font_description(layout, fd);
	pango_font_description_free(fd);
	pango_layout_set_text(layout, text ? text : "", -1);
	return layout;
}

static double layout_width(PangoLayout *l)
{
	int w, h;
	pango_layout_get_size(l, &w, &h);
	return (double)w / PANGO_SCALE;
}

static double layout_height(PangoLayout *l)
{
	int w, h;
	pango_layout_get_size(l, &w, &h);
	return (double)h / PANGO_SCALE;
}

/* Draws (when draw) or measures a wrapped text block at (x, y); returns
 * its height. */
static double text_block(cairo_t *cr, const Chart *c, bool draw, double x,
                         double y, double width, double size, bool bold,
                         const char *text)
{
	PangoLayout *l = text_layout(cr, c, size, bold, text);
	pango_layout_set_width(l, (int)(width * PANGO_SCALE));
	pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
	double h = layout_height(l);
	if (draw) {
		cairo_move_to(cr, x, y);
		pango_cairo_show_layout(cr, l);
	}
	g_object_unref(l);
	return h;
}

static void hatch(cairo_t *cr, double x, double y, double w, double h)
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

static void bar_colour(cairo_t *cr, const ChartBar *b)
{
	if (b->flagged)
		cairo_set_source_rgb(cr, GREY);
	else if (b->reference)
		cairo_set_source_rgb(cr, ORANGE);
	else if (b->modelled)
		cairo_set_source_rgb(cr, SKY);
	else
		cairo_set_source_rgb(cr, BLUE);
}

static double legend(cairo_t *cr, const Chart *c, bool draw, double y)
{
	const char *texts[] = {c->legend_measured, c->legend_modelled,
	                       c->legend_reference};
	ChartBar kinds[] = {{0}, {.modelled = true}, {.reference = true}};
	double x = PAD, h = 0;
	for (int i = 0; i < 3; i++) {
		if (!texts[i])
			continue;
		PangoLayout *l = text_layout(cr, c, 10, false, texts[i]);
		h = fmax(h, layout_height(l));
		if (draw) {
			bar_colour(cr, &kinds[i]);
			cairo_rectangle(cr, x, y + 2, SWATCH, SWATCH);
			cairo_fill(cr);
			if (kinds[i].modelled)
				hatch(cr, x, y + 2, SWATCH, SWATCH);
			cairo_set_source_rgb(cr, MUTED);
			cairo_move_to(cr, x + SWATCH + 4, y);
			pango_cairo_show_layout(cr, l);
		}
		x += SWATCH + 4 + layout_width(l) + 16;
		g_object_unref(l);
	}
	return h;
}

/* Lays out the whole chart; draws it when draw is set.  Returns the
 * height. */
static double layout_chart(cairo_t *cr, const Chart *c, double width,
                           bool draw)
{
	double inner = width - 2 * PAD;
	double y = PAD;
	if (draw)
		cairo_set_source_rgb(cr, INK);
	y += text_block(cr, c, draw, PAD, y, inner, 15, true, c->title) + 4;
	y += legend(cr, c, draw, y) + 10;

	double label_w = 0, value_w = 0, max_value = 0;
	for (size_t i = 0; i < c->n_bars; i++) {
		PangoLayout *l = text_layout(cr, c, 11, false, c->bars[i].label);
		label_w = fmax(label_w, layout_width(l));
		g_object_unref(l);
		l = text_layout(cr, c, 11, false, c->bars[i].value_text);
		value_w = fmax(value_w, layout_width(l));
		g_object_unref(l);
		max_value = fmax(max_value, c->bars[i].value);
	}
	label_w = fmin(label_w, inner * 0.4);
	double bar_x = PAD + label_w + 8;
	double bar_span = fmax(inner - label_w - 8 - value_w - 6, 10);

	double bars_top = y;
	for (size_t i = 0; i < c->n_bars; i++) {
		const ChartBar *b = &c->bars[i];
		if (draw)
			cairo_set_source_rgb(cr, INK);
		double lh = text_block(cr, c, false, 0, 0, label_w, 11,
		                       b->reference, b->label);
		double row_h = fmax(lh, BAR_H + 2);
		if (draw) {
			PangoLayout *l = text_layout(cr, c, 11, b->reference,
			                             b->label);
			pango_layout_set_width(l, (int)(label_w * PANGO_SCALE));
			pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
			pango_layout_set_alignment(l, PANGO_ALIGN_RIGHT);
			cairo_move_to(cr, PAD, y + (row_h - lh) / 2);
			pango_cairo_show_layout(cr, l);
			g_object_unref(l);

			double w = max_value > 0
			               ? bar_span * b->value / max_value
			               : 0;
			double by = y + (row_h - BAR_H) / 2;
			bar_colour(cr, b);
			cairo_rectangle(cr, bar_x, by, w, BAR_H);
			cairo_fill(cr);
			if (b->modelled && !b->flagged)
				hatch(cr, bar_x, by, w, BAR_H);

			l = text_layout(cr, c, 11, false, b->value_text);
			cairo_set_source_rgb(cr, INK);
			cairo_move_to(cr, bar_x + w + 6,
			              y + (row_h - layout_height(l)) / 2);
			pango_cairo_show_layout(cr, l);
			g_object_unref(l);
		}
		y += row_h + ROW_GAP;
	}
	if (draw) { /* the zero line */
		cairo_set_source_rgb(cr, MUTED);
		cairo_set_line_width(cr, 1);
		cairo_move_to(cr, bar_x - 0.5, bars_top - 2);
		cairo_line_to(cr, bar_x - 0.5, y - ROW_GAP + 2);
		cairo_stroke(cr);
	}
	y += 4;
	if (draw)
		cairo_set_source_rgb(cr, INK);
	y += text_block(cr, c, draw, bar_x, y, bar_span + value_w, 11, false,
	                c->axis_label) + 6;
	if (draw)
		cairo_set_source_rgb(cr, MUTED);
	y += text_block(cr, c, draw, PAD, y, inner, 9, false, c->source_line);
	return ceil(y + PAD);
}

static cairo_t *scratch_context(void)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
	                                                1, 1);
	cairo_t *cr = cairo_create(s);
	cairo_surface_destroy(s);
	return cr;
}

double chart_height(const Chart *chart, double width)
{
	cairo_t *cr = scratch_context();
	double h = layout_chart(cr, chart, width, false);
	cairo_destroy(cr);
	return h;
}

void chart_draw(cairo_t *cr, const Chart *chart, double width)
{
	cairo_save(cr);
	cairo_rectangle(cr, 0, 0, width, chart_height(chart, width));
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill(cr);
	layout_chart(cr, chart, width, true);
	cairo_restore(cr);
}

char *chart_alt_text(const Chart *c)
{
	GString *s = g_string_new(c->title);
	g_string_append(s, ":");
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
	char *title = g_markup_escape_text(c->title, -1);
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

void chart_render_svg(const Chart *chart, char **bytes, size_t *length)
{
	double h = chart_height(chart, CHART_WIDTH);
	GByteArray *buf = g_byte_array_new();
	cairo_surface_t *s = cairo_svg_surface_create_for_stream(
	    append_bytes, buf, CHART_WIDTH, h);
	cairo_svg_surface_restrict_to_version(s, CAIRO_SVG_VERSION_1_1);
	cairo_t *cr = cairo_create(s);
	chart_draw(cr, chart, CHART_WIDTH);
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
		g_set_error(error, GG_ERROR, GG_ERR_ENV, "chart %s: PNG encoding failed: %s", chart->name,
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
	}
	g_free(c->bars);
	g_free(c->name);
	g_free(c->title);
	g_free(c->axis_label);
	g_free(c->source_line);
	g_free(c->caption);
	g_free(c->legend_measured);
	g_free(c->legend_modelled);
	g_free(c->legend_reference);
	g_free(c->font_family);
	g_free(c);
}
