/* Text.  See text.h. */
#include "text.h"

#include <fontconfig/fontconfig.h>

PangoContext *text_context_new(cairo_t *cr)
{
	PangoContext *ctx = pango_cairo_create_context(cr);
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	pango_cairo_context_set_font_options(ctx, fo);
	cairo_font_options_destroy(fo);
	pango_context_set_round_glyph_positions(ctx, FALSE);
	return ctx;
}

PangoLayout *text_layout_new(PangoContext *ctx, const char *family,
                             double size, bool absolute, bool bold)
{
	PangoLayout *l = pango_layout_new(ctx);
	PangoFontDescription *fd = pango_font_description_from_string(
	    family ? family : "");
	if (absolute)
		pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
	else
		pango_font_description_set_size(fd, (int)(size * PANGO_SCALE));
	if (bold)
		pango_font_description_set_weight(fd, PANGO_WEIGHT_BOLD);
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	return l;
}

double text_width(PangoLayout *l)
{
	PangoRectangle logical;
	pango_layout_get_extents(l, NULL, &logical);
	return (double)logical.width / PANGO_SCALE;
}

double text_height(PangoLayout *l)
{
	PangoRectangle logical;
	pango_layout_get_extents(l, NULL, &logical);
	return (double)logical.height / PANGO_SCALE;
}

void text_release_fonts(void)
{
	PangoFontMap *map = pango_cairo_font_map_get_default();
	/* Pango starts fontconfig in a thread of its own; listing the
	 * families waits for it, so FcFini below never runs beside it (a
	 * run that stops early otherwise aborts now and then in
	 * FcCacheFini). */
	PangoFontFamily **families = NULL;
	int n_families = 0;
	pango_font_map_list_families(map, &families, &n_families);
	g_free(families);
	gpointer alive = map;
	g_object_add_weak_pointer(G_OBJECT(map), &alive);
	pango_cairo_font_map_set_default(NULL);
	/* the old map is finalized asynchronously: wait for it (about 1 ms)
	 * before cairo's reset, which aborts while fonts are still in use */
	for (int i = 0; alive && i < 5000; i++)
		g_usleep(1000);
	if (alive) {
		/* still in use after 5 s (a loaded machine): resetting now
		 * would abort in cairo's or fontconfig's asserts; leave the
		 * fonts to the process exit (a leak checker then reports
		 * them, which is the lesser failure) */
		g_object_remove_weak_pointer(G_OBJECT(map), &alive);
		return;
	}
	cairo_debug_reset_static_data();
	FcFini();
}
