/* PDF kit: canvases, pages, text flowed over pages with links, and
 * the PDF's bytes.  Text layouts and measures are pdfkit_text.c's.
 * See pdfkit.h. */
#include "pdfkit.h"
#include "pdfkit_internal.h"

#include "text.h"
#include "util.h"

#include <cairo-pdf.h>
#include <stdio.h>
#include <stdlib.h>
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

/* ---- canvases ---------------------------------------------------------- */

static PdfCanvas *canvas_new(Paper paper, double margin, const char *font,
                             PdfTexts *texts)
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
	c->own_texts = !texts;
	c->texts = texts ? texts : pdfkit_texts_new();
	return c;
}

PdfCanvas *pdfkit_open_shared(Paper paper, double margin,
                              const PdfMeta *meta, const char *font,
                              PdfTexts *texts)
{
	PdfCanvas *c = canvas_new(paper, margin, font, texts);
	c->lang = meta->lang;
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

PdfCanvas *pdfkit_open(Paper paper, double margin, const PdfMeta *meta,
                       const char *font)
{
	return pdfkit_open_shared(paper, margin, meta, font, NULL);
}

PdfCanvas *pdfkit_open_measuring(Paper paper, double margin,
                                 const char *font, PdfTexts *texts)
{
	PdfCanvas *c = canvas_new(paper, margin, font, texts);
	c->measuring = true;
	/* cairo's context in error: every drawing call on it does nothing */
	c->cr = cairo_create(NULL);
	return c;
}

bool pdfkit_drawing(const PdfCanvas *c)
{
	return !c->measuring;
}

/* Last occurrence of needle in the first n bytes of hay, or NULL. */
static const guint8 *find_last(const guint8 *hay, size_t n,
                               const char *needle)
{
	size_t k = strlen(needle);
	for (size_t i = n >= k ? n - k + 1 : 0; i-- > 0;)
		if (memcmp(hay + i, needle, k) == 0)
			return hay + i;
	return NULL;
}

/* Sets the document language (the catalog's /Lang, which cairo 1.16
 * cannot write): inserts it into the catalog and moves the offsets of
 * the cross-reference table past it.  Leaves the bytes alone when their
 * shape is not cairo's (one classic xref table after the catalog). */
static void set_language(GByteArray *pdf, const char *lang)
{
	if (!lang || !*lang || strpbrk(lang, "()\\"))
		return;
	const char *key = "<< /Type /Catalog";
	const guint8 *cat = find_last(pdf->data, pdf->len, key);
	const guint8 *xref = find_last(pdf->data, pdf->len, "\nxref\n");
	const guint8 *start = find_last(pdf->data, pdf->len, "\nstartxref\n");
	if (!cat || !xref || !start || xref < cat || start < xref)
		return;
	size_t at = (size_t)(cat - pdf->data) + strlen(key);
	size_t xref_at = (size_t)(xref - pdf->data) + 6;
	size_t start_at = (size_t)(start - pdf->data) + 11;
	unsigned first = 0, count = 0;
	int used = 0;
	/* sscanf reads a string: a NUL just past the bytes ends it there */
	g_byte_array_append(pdf, (const guint8 *)"", 1);
	g_byte_array_set_size(pdf, pdf->len - 1);
	if (sscanf((const char *)pdf->data + xref_at, "%u %u\n%n", &first,
	           &count, &used) != 2 || used == 0
	    || xref_at + (size_t)used + 20 * (size_t)count > start_at)
		return;
	char *insert = g_strdup_printf("\n   /Lang (%s)", lang);
	size_t grow = strlen(insert);
	for (unsigned i = 0; i < count; i++) {
		char *entry = (char *)pdf->data + xref_at + used + 20 * i;
		unsigned long offset = strtoul(entry, NULL, 10);
		if (entry[17] == 'n' && offset > at) {
			char digits[11];
			g_snprintf(digits, sizeof digits, "%010lu", offset + grow);
			memcpy(entry, digits, 10);
		}
	}
	unsigned long startxref = strtoul((const char *)pdf->data + start_at,
	                                  NULL, 10);
	char *tail = g_strdup_printf("%lu\n%%%%EOF\n", startxref + grow);
	g_byte_array_set_size(pdf, start_at);
	g_byte_array_append(pdf, (const guint8 *)tail, strlen(tail));
	/* the insertion last: it moves everything after it */
	GByteArray *copy = g_byte_array_sized_new(pdf->len + grow);
	g_byte_array_append(copy, pdf->data, at);
	g_byte_array_append(copy, (const guint8 *)insert, grow);
	g_byte_array_append(copy, pdf->data + at, pdf->len - at);
	g_byte_array_set_size(pdf, 0);
	g_byte_array_append(pdf, copy->data, copy->len);
	g_byte_array_free(copy, TRUE);
	g_free(tail);
	g_free(insert);
}

/* Cairo 1.16 writes a link to another file ("file='x.pdf'"; with
 * page=N it fails) as a go-to-remote action whose destination lacks its
 * view ("/D [0 null null 0]"), which viewers reject.  Rewrites it in
 * place, same length, as the first page fitted to the window. */
static void fix_remote_destinations(GByteArray *pdf)
{
	static const char bad[] = "/D [0 null null 0]";
	static const char good[] = "/D [0 /Fit]       ";
	G_STATIC_ASSERT(sizeof bad == sizeof good);
	size_t k = sizeof bad - 1;
	for (size_t i = 0; i + k <= pdf->len; i++) {
		if (memcmp(pdf->data + i, bad, k) != 0)
			continue;
		size_t from = i > 200 ? i - 200 : 0;
		if (g_strstr_len((const char *)pdf->data + from, (gssize)(i - from),
		                 "/S /GoToR"))
			memcpy(pdf->data + i, good, k);
	}
}

/* A rule waiting for its page's end (pdfkit_rule). */
typedef struct {
	double x0, x1, y, width, rgb[3];
} PdfRule;

void pdfkit_rule(PdfCanvas *c, double x0, double x1, double y, double w,
                 const double rgb[3])
{
	if (c->measuring)
		return;
	if (!c->rules)
		c->rules = g_array_new(FALSE, FALSE, sizeof(PdfRule));
	PdfRule r = {x0, x1, y, w, {rgb[0], rgb[1], rgb[2]}};
	g_array_append_val(c->rules, r);
}

static bool same_style(const PdfRule *a, const PdfRule *b)
{
	return a->width == b->width && memcmp(a->rgb, b->rgb, sizeof a->rgb)
	                                   == 0;
}

/* The page's rules, one path per colour and width, in the order their
 * styles first came. */
static void stroke_rules(PdfCanvas *c)
{
	if (!c->rules || !c->rules->len)
		return;
	PdfRule *all = (PdfRule *)(void *)c->rules->data;
	guint n = c->rules->len;
	bool *done = g_new0(bool, n);
	for (guint i = 0; i < n; i++) {
		if (done[i])
			continue;
		cairo_save(c->cr);
		cairo_set_source_rgb(c->cr, all[i].rgb[0], all[i].rgb[1],
		                     all[i].rgb[2]);
		cairo_set_line_width(c->cr, all[i].width);
		for (guint k = i; k < n; k++) {
			if (done[k] || !same_style(&all[i], &all[k]))
				continue;
			cairo_move_to(c->cr, all[k].x0, all[k].y);
			cairo_line_to(c->cr, all[k].x1, all[k].y);
			done[k] = true;
		}
		cairo_stroke(c->cr);
		cairo_restore(c->cr);
	}
	g_free(done);
	g_array_set_size(c->rules, 0);
}

/* The page-end callback draws running heads and page numbers in its own
 * colours and fonts: it runs inside cairo_save/cairo_restore, so
 * nothing it sets (the head's grey) carries over to the body text that
 * continues on the next page.  The page's rules are stroked first. */
static void end_page(PdfCanvas *c)
{
	if (c->measuring)
		return;
	stroke_rules(c);
	if (c->page_end) {
		cairo_save(c->cr);
		c->page_end(c, c->page_end_data);
		cairo_restore(c->cr);
	}
	cairo_show_page(c->cr);
}

static void canvas_free(PdfCanvas *c)
{
	if (c->rules)
		g_array_free(c->rules, TRUE);
	if (c->own_texts)
		pdfkit_texts_free(c->texts);
	g_free(c);
}

bool pdfkit_close(PdfCanvas *c, char **bytes, size_t *length,
                  GError **error)
{
	if (c->measuring) {
		cairo_destroy(c->cr);
		*bytes = NULL;
		*length = 0;
		canvas_free(c);
		return true;
	}
	end_page(c);
	cairo_destroy(c->cr);
	cairo_surface_finish(c->surface);
	cairo_status_t st = cairo_surface_status(c->surface);
	cairo_surface_destroy(c->surface);
	bool ok = st == CAIRO_STATUS_SUCCESS;
	if (ok) {
		fix_remote_destinations(c->bytes);
		set_language(c->bytes, c->lang);
	}
	if (ok) {
		*length = c->bytes->len;
		*bytes = (char *)g_byte_array_free(c->bytes, FALSE);
	} else {
		g_byte_array_free(c->bytes, TRUE);
		g_set_error(error, GG_ERROR, GG_ERR_ENV, "PDF: %s",
		            cairo_status_to_string(st));
	}
	canvas_free(c);
	return ok;
}

/* ---- pages --------------------------------------------------------------- */

void pdfkit_new_page(PdfCanvas *c)
{
	end_page(c);
	c->page++;
	c->y = c->margin;
	if (c->page_start) { /* in its own graphics state, as page_end */
		cairo_save(c->cr);
		c->page_start(c, c->page_start_data);
		cairo_restore(c->cr);
	}
}

void pdfkit_need(PdfCanvas *c, double h)
{
	/* twice at most: what page_start placed may leave too little */
	for (int i = 0; i < 2 && c->y + h > c->bottom && c->y > c->margin; i++)
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

/* Where pages break inside a layout of n lines whose line start sits at
 * c->y: breaks[i] is TRUE when line i starts a new page.  A line that
 * does not fit moves to the next page, with two exceptions that keep
 * paragraphs whole at their ends: a first line that would stand alone at
 * a page foot (an orphan) moves with the rest, and a last line that
 * would stand alone at a page head (a widow) takes the line before it
 * along, when at least two lines stay behind.  Planned again after each
 * break, as the new page may begin with something else (a figure placed
 * at its top, see page_start). */
static void plan_breaks(const PdfCanvas *c, const PdfLineBox *box, int n,
                        int start, gboolean *breaks)
{
	double y = c->y, top = box[start].y; /* top: layout y that sits at y */
	int first = start;                   /* first line on the page */
	bool content_above = c->y > c->margin;
	for (int i = start; i < n; i++)
		breaks[i] = FALSE;
	for (int i = start; i < n; i++) {
		bool fits = y + (box[i].y - top) + box[i].height <= c->bottom;
		bool movable = i > first || (i == start && content_above);
		if (fits || !movable)
			continue;
		int at = i;
		if (i == 1 && first == 0 && start == 0 && content_above)
			at = 0; /* orphan */
		else if (i == n - 1 && i - first >= 3)
			at = i - 1; /* widow */
		breaks[at] = TRUE;
		y = c->margin;
		top = box[at].y;
		first = at;
		content_above = false;
		i = at;
	}
}

/* Flows n lines of boxes box (a text of height h) down the page from
 * c->y, breaking pages as plan_breaks says, drawing the lines of ink at
 * x (a layout's with their links) when ink is not NULL; advances y. */
void pdfkit_flow(PdfCanvas *c, const PdfInk *ink, const PdfLineBox *box,
                 int n, double h, double x, const PdfLink *links,
                 size_t n_links)
{
	gboolean *breaks = g_new0(gboolean, n > 0 ? n : 1);
	if (n > 0)
		plan_breaks(c, box, n, 0, breaks);
	PangoLayoutIter *it = ink && ink->layout
	                          ? pango_layout_get_iter(ink->layout)
	                          : NULL;
	const PdfShaped *shaped = ink ? ink->shaped : NULL;
	GSList *areas = shaped && ink->areas
	                    ? pango_layout_get_lines_readonly(ink->areas)
	                    : NULL;
	double top = 0; /* layout y that sits at c->y */
	for (int i = 0; i < n; i++) {
		for (int tries = 0; breaks[i] && tries < 3; tries++) {
			c->y += box[i].y - top;
			pdfkit_new_page(c);
			top = box[i].y;
			plan_breaks(c, box, n, i, breaks);
		}
		if (shaped)
			pdfkit_shaped_draw_line(c->cr, shaped, i, ink->align,
			                        ink->width, x, c->y, top);
		if (areas) {
			line_links(c, areas->data,
			           pdfkit_shaped_line_left(shaped, i, ink->align,
			                                   ink->width, x),
			           c->y + box[i].y - top, box[i].height, links,
			           n_links);
			areas = areas->next;
		}
		if (!it)
			continue;
		PangoRectangle logical;
		pango_layout_iter_get_line_extents(it, NULL, &logical);
		PangoLayoutLine *line = pango_layout_iter_get_line_readonly(it);
		double baseline = (double)pango_layout_iter_get_baseline(it)
		                  / PANGO_SCALE;
		double line_x = x + (double)logical.x / PANGO_SCALE;
		cairo_move_to(c->cr, line_x, c->y + baseline - top);
		pango_cairo_show_layout_line(c->cr, line);
		line_links(c, line, line_x, c->y + box[i].y - top,
		           box[i].height, links, n_links);
		pango_layout_iter_next_line(it);
	}
	if (it)
		pango_layout_iter_free(it);
	g_free(breaks);
	c->y += h - top;
}

void pdfkit_draw_layout(PdfCanvas *c, PangoLayout *l, double x,
                        const PdfLink *links, size_t n_links)
{
	PdfMetrics *m = pdfkit_metrics_of(l);
	PdfInk ink = {.layout = l};
	pdfkit_flow(c, c->measuring ? NULL : &ink, m->lines, m->n_lines,
	            m->height, x, links, n_links);
	pdfkit_metrics_free(m);
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
	char *name = NULL;
	if (url[0] == '#' && url[1]) {
		kind = "dest";
		target = name = pdfkit_dest_name(url + 1);
	} else if (g_str_has_prefix(url, "https://")
	           || g_str_has_prefix(url, "http://")) {
		kind = "uri";
	}
	if (!kind)
		return NULL;
	char *e = escape_attribute(target);
	char *attr = g_strdup_printf("%s='%s'", kind, e);
	g_free(e);
	g_free(name);
	return attr;
}

char *pdfkit_file_link_attributes(const char *path)
{
	char *e = escape_attribute(path);
	char *attr = g_strdup_printf("file='%s'", e);
	g_free(e);
	return attr;
}

char *pdfkit_dest_name(const char *slug)
{
	GString *s = g_string_new(NULL);
	for (const unsigned char *q = (const unsigned char *)slug; *q; q++) {
		if (*q < 0x80 && *q != '~')
			g_string_append_c(s, (char)*q);
		else
			g_string_append_printf(s, "~%02x", *q);
	}
	return g_string_free(s, FALSE);
}
