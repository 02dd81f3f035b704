/* Social card.  See social_card.h. */
#include "social_card.h"

#include "markdown.h"
#include "paths.h"

#include <cairo.h>
#include <pango/pangocairo.h>
#include <string.h>

static cairo_status_t append_bytes(void *closure, const unsigned char *data,
                                   unsigned int length)
{
	g_byte_array_append(closure, data, length);
	return CAIRO_STATUS_SUCCESS;
}

/* Text wrapped at width, top-left at (x, y); returns its height. */
static int draw_text(cairo_t *cr, const char *text, const char *font,
                     int size, const char *weight, double x, double y,
                     int width, int max_lines)
{
	PangoLayout *layout = pango_cairo_create_layout(cr);
	char *desc_text = g_strdup_printf("%s %s %dpx", font, weight, size);
	PangoFontDescription *desc =
	    pango_font_description_from_string(desc_text);
	pango_layout_set_font_description(layout, desc);
	pango_layout_set_width(layout, width * PANGO_SCALE);
	pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
	pango_layout_set_height(layout, -max_lines);
	pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
	pango_layout_set_text(layout, text, -1);
	cairo_move_to(cr, x, y);
	pango_cairo_show_layout(cr, layout);
	int w, h;
	pango_layout_get_pixel_size(layout, &w, &h);
	pango_font_description_free(desc);
	g_free(desc_text);
	g_object_unref(layout);
	return h;
}

GByteArray *social_card_png(const char *title, const char *edition,
                            const char *pick, const char *font)
{
	cairo_surface_t *s = cairo_image_surface_create(
	    CAIRO_FORMAT_RGB24, SOCIAL_CARD_WIDTH, SOCIAL_CARD_HEIGHT);
	cairo_t *cr = cairo_create(s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 0x0b / 255.0, 0x5c / 255.0, 0xad / 255.0);
	cairo_rectangle(cr, 0, 0, SOCIAL_CARD_WIDTH, 18);
	cairo_fill(cr);
	const double margin = 72;
	const int width = SOCIAL_CARD_WIDTH - 2 * (int)margin;
	cairo_set_source_rgb(cr, 0x0b / 255.0, 0x5c / 255.0, 0xad / 255.0);
	double y = 70;
	y += draw_text(cr, "gpuguide", font, 40, "Bold", margin, y, width, 1);
	y += 36;
	cairo_set_source_rgb(cr, 0x1f / 255.0, 0x23 / 255.0, 0x28 / 255.0);
	y += draw_text(cr, title, font, 64, "Bold", margin, y, width, 3);
	y += 28;
	cairo_set_source_rgb(cr, 0x59 / 255.0, 0x63 / 255.0, 0x6e / 255.0);
	y += draw_text(cr, edition, font, 34, "Regular", margin, y, width, 1);
	if (pick && *pick) {
		y += 24;
		cairo_set_source_rgb(cr, 0x1f / 255.0, 0x23 / 255.0,
		                     0x28 / 255.0);
		draw_text(cr, pick, font, 32, "Regular", margin, y, width, 3);
	}
	cairo_destroy(cr);
	GByteArray *png = g_byte_array_new();
	cairo_surface_write_to_png_stream(s, append_bytes, png);
	cairo_surface_destroy(s);
	return png;
}

/* The value without Markdown's backslash escapes and emphasis marks. */
static char *plain(const char *md)
{
	cmark_node *doc = markdown_parse(md ? md : "");
	char *text = markdown_plain_text(doc);
	cmark_node_free(doc);
	return text;
}

bool social_card_write(const EditionResult *r, Site *site, GError **error)
{
	const PublishConfig *cf = r->config;
	if (!cf->base_url)
		return true;
	char *title = markdown_document_title(r->doc);
	/* the title names the edition already */
	char *edition_md = g_strdup_printf(
	    "%s %s", lang_get(cf->strings, "layout.data_as_of"),
	    r->edition->data_date);
	char *edition = plain(edition_md);
	char *pick = plain(values_scalar(r->values, "top_sentence"));
	const char *font = lang_get(cf->strings, "font.sans");
	GByteArray *png = social_card_png(title ? title : "", edition, pick,
	                                  font ? font : "sans");
	char *path = paths_page(r->prefix, SOCIAL_CARD_FILE);
	bool ok = site_write(site, path, png->data, png->len, error);
	g_free(path);
	g_byte_array_unref(png);
	g_free(pick);
	g_free(edition);
	g_free(edition_md);
	g_free(title);
	return ok;
}
