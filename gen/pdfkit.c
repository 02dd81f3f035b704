/* PDF kit.  See pdfkit.h. */
#include "pdfkit.h"

#include "text.h"
#include "util.h"

#include <cairo-pdf.h>
#include <string.h>

static cairo_status_t append_bytes(void *closure, const unsigned char *data,
                                   unsigned int length)
{
	g_byte_array_append(closure, data, length);
	return CAIRO_STATUS_SUCCESS;
}

void pdfkit_paper_size(Paper paper, double *w, double *h)
{
	*w = paper == PAPER_LETTER ? 612 : 595.276;
	*h = paper == PAPER_LETTER ? 792 : 841.89;
}

PdfCanvas *pdfkit_open(Paper paper, double margin, const PdfMeta *meta,
                       const char *font)
{
	PdfCanvas *c = g_new0(PdfCanvas, 1);
	pdfkit_paper_size(paper, &c->page_w, &c->page_h);
	c->margin = margin;
	c->x = margin;
	c->width = c->page_w - 2 * margin;
	c->y = margin;
	c->bottom = c->page_h - margin;
	c->page = 1;
	c->font = font;
	c->bytes = g_byte_array_new();
	c->surface = cairo_pdf_surface_create_for_stream(
	    append_bytes, c->bytes, c->page_w, c->page_h);
	const struct {
		cairo_pdf_metadata_t key;
		const char *value;
	} fields[] = {{CAIRO_PDF_METADATA_TITLE, meta->title},
	              {CAIRO_PDF_METADATA_AUTHOR, meta->author},
	              {CAIRO_PDF_METADATA_SUBJECT, meta->subject},
	              {CAIRO_PDF_METADATA_KEYWORDS, meta->keywords},
	              {CAIRO_PDF_METADATA_CREATOR, "gpuguide"},
	              {CAIRO_PDF_METADATA_CREATE_DATE, meta->create_date},
	              {CAIRO_PDF_METADATA_MOD_DATE, meta->create_date}};
	for (size_t i = 0; i < G_N_ELEMENTS(fields); i++)
		if (fields[i].value)
			cairo_pdf_surface_set_metadata(c->surface, fields[i].key,
			                               fields[i].value);
	c->cr = cairo_create(c->surface);
	return c;
}

bool pdfkit_close(PdfCanvas *c, char **bytes, size_t *length,
                  GError **error)
{
	if (c->page_end)
		c->page_end(c, c->page_end_data);
	cairo_show_page(c->cr);
	cairo_destroy(c->cr);
	cairo_surface_finish(c->surface);
	cairo_status_t st = cairo_surface_status(c->surface);
	cairo_surface_destroy(c->surface);
	bool ok = st == CAIRO_STATUS_SUCCESS;
	if (ok) {
		*length = c->bytes->len;
		*bytes = (char *)g_byte_array_free(c->bytes, FALSE);
	} else {
		g_byte_array_free(c->bytes, TRUE);
		g_set_error(error, GG_ERROR, GG_ERR_ENV, "PDF: %s",
		            cairo_status_to_string(st));
	}
	g_free(c);
	return ok;
}

PangoLayout *pdfkit_layout(PdfCanvas *c, const char *family, double size,
                           bool bold, double width)
{
	PangoLayout *l = text_layout_new(c->cr, family ? family : c->font, size,
	                                 false, bold);
	pango_layout_set_width(l, width < 0 ? -1 : (int)(width * PANGO_SCALE));
	pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
	return l;
}

void pdfkit_new_page(PdfCanvas *c)
{
	if (c->page_end)
		c->page_end(c, c->page_end_data);
	cairo_show_page(c->cr);
	c->page++;
	c->y = c->margin;
}

void pdfkit_need(PdfCanvas *c, double h)
{
	if (c->y + h > c->bottom && c->y > c->margin)
		pdfkit_new_page(c);
}

/* Link areas of one layout line: the part of each link on this line. */
static void line_links(PdfCanvas *c, PangoLayoutLine *line, double x,
                       double top, double height, const PdfLink *links,
                       size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int a = MAX(links[i].start, line->start_index);
		int b = MIN(links[i].end, line->start_index + line->length);
		if (a >= b || !links[i].attributes)
			continue;
		int xa, xb;
		pango_layout_line_index_to_x(line, a, FALSE, &xa);
		pango_layout_line_index_to_x(line, b, FALSE, &xb);
		double x0 = x + (double)MIN(xa, xb) / PANGO_SCALE;
		double w = (double)ABS(xb - xa) / PANGO_SCALE;
		if (w <= 0)
			continue;
		char *attr = g_strdup_printf("%s rect=[%.2f %.2f %.2f %.2f]",
		                             links[i].attributes, x0, top, w,
		                             height);
		cairo_tag_begin(c->cr, CAIRO_TAG_LINK, attr);
		cairo_tag_end(c->cr, CAIRO_TAG_LINK);
		g_free(attr);
	}
}

void pdfkit_draw_layout(PdfCanvas *c, PangoLayout *l, double x,
                        const PdfLink *links, size_t n_links)
{
	PangoLayoutIter *it = pango_layout_get_iter(l);
	double top = 0; /* layout y that sits at c->y */
	do {
		PangoRectangle logical;
		pango_layout_iter_get_line_extents(it, NULL, &logical);
		double ly = (double)logical.y / PANGO_SCALE;
		double lh = (double)logical.height / PANGO_SCALE;
		if (c->y + (ly - top) + lh > c->bottom && c->y > c->margin) {
			c->y += ly - top;
			pdfkit_new_page(c);
			top = ly;
		}
		PangoLayoutLine *line = pango_layout_iter_get_line_readonly(it);
		double baseline = (double)pango_layout_iter_get_baseline(it)
		                  / PANGO_SCALE;
		double line_x = x + (double)logical.x / PANGO_SCALE;
		cairo_move_to(c->cr, line_x, c->y + baseline - top);
		pango_cairo_show_layout_line(c->cr, line);
		line_links(c, line, line_x, c->y + ly - top, lh, links,
		           n_links);
	} while (pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
	c->y += text_height(l) - top;
}

static char *escape_attribute(const char *s)
{
	GString *out = g_string_new(NULL);
	for (; *s; s++) {
		if (*s == '\'' || *s == '\\')
			g_string_append_c(out, '\\');
		g_string_append_c(out, *s);
	}
	return g_string_free(out, FALSE);
}

char *pdfkit_link_attributes(const char *url)
{
	if (!url)
		return NULL;
	const char *kind = NULL;
	const char *target = url;
	if (url[0] == '#' && url[1]) {
		kind = "dest";
		target = url + 1;
	} else if (g_str_has_prefix(url, "https://")
	           || g_str_has_prefix(url, "http://")) {
		kind = "uri";
	}
	if (!kind)
		return NULL;
	char *e = escape_attribute(target);
	char *attr = g_strdup_printf("%s='%s'", kind, e);
	g_free(e);
	return attr;
}
