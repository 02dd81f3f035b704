/* PDF kit, measures: the texts of a document (one Pango context at 72
 * dpi and the measures kept per text) and a layout's measures, below the
 * files that lay text out (pdfkit_text.c) and flow it over pages
 * (pdfkit.c).  See pdfkit.h and pdfkit_internal.h. */
#include "pdfkit.h"
#include "pdfkit_internal.h"

#include <cairo-pdf.h>

void pdfkit_metrics_free(gpointer data)
{
	PdfMetrics *m = data;
	pdfkit_shaped_free(m->shaped);
	g_free(m->lines);
	g_free(m);
}

PdfTexts *pdfkit_texts_new(void)
{
	PdfTexts *t = g_new0(PdfTexts, 1);
	/* the context a layout made on a PDF surface gets (its font
	 * options), with hinting off and unrounded glyph positions so every
	 * surface measures alike, at 72 dpi: sizes are points (at Pango's
	 * default 96 dpi a "10" would print at 13.3 pt) */
	cairo_surface_t *s = cairo_pdf_surface_create_for_stream(NULL, NULL,
	                                                         1, 1);
	cairo_t *cr = cairo_create(s);
	t->context = text_context_new(cr);
	pango_cairo_context_set_resolution(t->context, 72);
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	t->metrics = g_hash_table_new_full(g_bytes_hash, g_bytes_equal,
	                                   (GDestroyNotify)g_bytes_unref,
	                                   pdfkit_metrics_free);
	return t;
}

void pdfkit_texts_free(PdfTexts *t)
{
	if (!t)
		return;
	g_hash_table_destroy(t->metrics);
	g_object_unref(t->context);
	g_free(t);
}

PdfMetrics *pdfkit_metrics_of(PangoLayout *l)
{
	PdfMetrics *m = g_new0(PdfMetrics, 1);
	PangoRectangle logical;
	pango_layout_get_extents(l, NULL, &logical);
	m->width = (double)logical.width / PANGO_SCALE;
	m->height = (double)logical.height / PANGO_SCALE;
	m->baseline = (double)pango_layout_get_baseline(l) / PANGO_SCALE;
	m->n_lines = pango_layout_get_line_count(l);
	m->lines = g_new0(PdfLineBox, m->n_lines > 0 ? m->n_lines : 1);
	PangoLayoutIter *it = pango_layout_get_iter(l);
	for (int i = 0; i < m->n_lines; i++) {
		pango_layout_iter_get_line_extents(it, NULL, &logical);
		m->lines[i].y = (double)logical.y / PANGO_SCALE;
		m->lines[i].height = (double)logical.height / PANGO_SCALE;
		pango_layout_iter_next_line(it);
	}
	pango_layout_iter_free(it);
	m->widest = -1;
	return m;
}
