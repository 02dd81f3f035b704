/* PDF kit, text: the Pango context of a document's PDF outputs, layouts
 * of PdfTexts, their measures kept for every pass, and the widest
 * unbreakable piece of a text.  See pdfkit.h. */
#include "pdfkit.h"
#include "pdfkit_internal.h"

#include <cairo-pdf.h>
#include <string.h>

/* ---- texts ------------------------------------------------------------ */

/* Texts are kept from the pass that measured them to the one that
 * draws them as shaped records (pdfkit_shaped.c), up to this many bytes
 * of records: a text is then shaped once in all.  Beyond it the final
 * pass shapes again, keeping memory bounded.  A text whose every line
 * fits its wrap width is measured and drawn from its unwrapped record
 * (a table cell's, measured for the column widths). */
#define KEEP_SHAPED_BYTES (48 * 1024 * 1024)

/* A linked text (PdfText.linked) keeps its layout too: its links' areas
 * are the layout's (pango_layout_line_index_to_x), its glyphs are
 * drawn from the record, and it is not shaped again to be drawn.  Up to
 * this many bytes of layouts, each counted as 6 KB and 32 bytes a byte
 * of its text (about what a table cell's layout holds): every linked
 * text of the real data's documents is kept; a larger document shapes
 * the rest again rather than hold more. */
#define KEEP_LAYOUT_BYTES (16 * 1024 * 1024)

/* ---- layouts ---------------------------------------------------------------- */

/* A layout on the texts' context at a size in points, wrapping at
 * width (< 0: no wrapping). */
static PangoLayout *layout_new(PdfCanvas *c, const char *family,
                               double size, bool bold, double width,
                               PangoWrapMode wrap)
{
	PangoLayout *l = text_layout_new(c->texts->context,
	                                 family ? family : c->font, size, false,
	                                 bold);
	pango_layout_set_width(l, width < 0 ? -1 : (int)(width * PANGO_SCALE));
	pango_layout_set_wrap(l, wrap);
	return l;
}

PangoLayout *pdfkit_layout(PdfCanvas *c, const char *family, double size,
                           bool bold, double width)
{
	return layout_new(c, family, size, bold, width, PANGO_WRAP_WORD_CHAR);
}

PangoLayout *pdfkit_text_layout(PdfCanvas *c, const PdfText *t)
{
	PangoLayout *l = layout_new(c, t->family, t->size, t->bold, t->width,
	                            t->word_wrap ? PANGO_WRAP_WORD
	                                         : PANGO_WRAP_WORD_CHAR);
	if (t->markup)
		pango_layout_set_markup(l, t->text, -1);
	else
		pango_layout_set_text(l, t->text, -1);
	if (t->spacing)
		pango_layout_set_spacing(l, t->spacing);
	if (t->indent)
		pango_layout_set_indent(l, t->indent);
	if (t->align != PANGO_ALIGN_LEFT)
		pango_layout_set_alignment(l, t->align);
	return l;
}

/* What a text's measures depend on (not its alignment), as the bytes
 * of a key: the numbers, then the family and the text with their
 * terminating NULs. */
typedef struct {
	double size, width;
	int spacing, indent;
	int bold, markup, word_wrap;
} TextKeyHead;

static GBytes *text_key(const PdfCanvas *c, const PdfText *t)
{
	TextKeyHead head;
	memset(&head, 0, sizeof head); /* no stray padding bytes */
	bool wraps = t->width >= 0;
	head.size = t->size;
	head.width = wraps ? t->width : -1;
	head.spacing = t->spacing;
	head.indent = t->indent;
	head.bold = t->bold;
	head.markup = t->markup;
	head.word_wrap = wraps && t->word_wrap;
	const char *family = t->family ? t->family : c->font ? c->font : "";
	size_t nf = strlen(family) + 1, nt = strlen(t->text) + 1;
	guint8 *key = g_malloc(sizeof head + nf + nt);
	memcpy(key, &head, sizeof head);
	memcpy(key + sizeof head, family, nf);
	memcpy(key + sizeof head + nf, t->text, nt);
	return g_bytes_new_take(key, sizeof head + nf + nt);
}

/* The measures of t's text unwrapped, when known, if every line of it
 * fits in t's width: then wrapping changes nothing (with no indent),
 * and those are t's measures too. */
static PdfMetrics *fitting_unwrapped(PdfCanvas *c, const PdfText *t)
{
	if (t->width < 0 || t->indent)
		return NULL;
	PdfText unwrapped = *t;
	unwrapped.width = -1;
	GBytes *key = text_key(c, &unwrapped);
	PdfMetrics *m = g_hash_table_lookup(c->texts->metrics, key);
	g_bytes_unref(key);
	return m && m->width * PANGO_SCALE <= (int)(t->width * PANGO_SCALE)
	           ? m
	           : NULL;
}

/* The measures of t, and its layout when it had to be made (*made,
 * when not NULL; caller unrefs). */
static PdfMetrics *measure(PdfCanvas *c, const PdfText *t,
                           PangoLayout **made)
{
	GBytes *key = text_key(c, t);
	PdfMetrics *m = g_hash_table_lookup(c->texts->metrics, key);
	if (m) {
		g_bytes_unref(key);
		return m;
	}
	PdfMetrics *same = made ? NULL : fitting_unwrapped(c, t);
	if (same) {
		m = g_memdup2(same, sizeof *same);
		m->lines = g_memdup2(same->lines,
		                     sizeof *m->lines * (guint)MAX(m->n_lines, 1));
		m->shaped = NULL;
		m->layout = NULL;
		g_hash_table_insert(c->texts->metrics, key, m);
		return m;
	}
	PangoLayout *l = pdfkit_text_layout(c, t);
	m = pdfkit_metrics_of(l);
	g_hash_table_insert(c->texts->metrics, key, m);
	if (c->texts->kept_bytes < KEEP_SHAPED_BYTES) {
		m->shaped = pdfkit_shaped_new(l);
		c->texts->kept_bytes += pdfkit_shaped_bytes(m->shaped);
		if (t->linked && m->shaped
		    && c->texts->layout_bytes < KEEP_LAYOUT_BYTES) {
			m->layout = g_object_ref(l);
			c->texts->layout_bytes += 6144 + 32 * strlen(t->text);
		}
	}
	if (made)
		*made = l;
	else
		g_object_unref(l);
	return m;
}

const PdfMetrics *pdfkit_measure(PdfCanvas *c, const PdfText *t)
{
	return measure(c, t, NULL);
}

/* For a layout of one line whose runs all go left to right with their
 * clusters in order: x[i] for every byte index i that starts a cluster
 * (the width of the glyphs before it), x[n] the line's width, -1
 * elsewhere.  Pango's index_to_x gives exactly these at a cursor
 * position that starts a cluster, but counts the characters from the
 * start of the text on every call.  NULL for any other layout. */
static int *cluster_x(PangoLayout *l, int n)
{
	if (pango_layout_get_line_count(l) != 1)
		return NULL;
	PangoLayoutLine *line = pango_layout_get_line_readonly(l, 0);
	int *x = g_new(int, n + 1);
	for (int i = 0; i <= n; i++)
		x[i] = -1;
	int width = 0, last = -1;
	for (GSList *r = line->runs; r; r = r->next) {
		PangoGlyphItem *run = r->data;
		if (run->item->analysis.level % 2) {
			g_free(x);
			return NULL;
		}
		for (int g = 0; g < run->glyphs->num_glyphs; g++) {
			int at = run->item->offset + run->glyphs->log_clusters[g];
			if (at < last || at < 0 || at >= n) {
				g_free(x);
				return NULL;
			}
			if (at != last)
				x[at] = width;
			last = at;
			width += run->glyphs->glyphs[g].geometry.width;
		}
	}
	x[n] = width;
	return x;
}

/* The x of byte index at (character i) in l, from xs when it holds it. */
static int index_x(PangoLayout *l, const int *xs, int n, int at, int i,
                   const PangoLogAttr *attrs, int n_attrs)
{
	if (xs && xs[at] >= 0
	    && (at == n || (i < n_attrs && attrs[i].is_cursor_position)))
		return xs[at];
	int line = 0, x = 0;
	pango_layout_index_to_line_x(l, at, FALSE, &line, &x);
	return x;
}

/* The widest unbreakable piece of a laid-out, unwrapped text: the break
 * opportunities are Pango's (UAX #14: spaces in Latin text, between
 * most characters in Chinese, never before 。，), plus any ZWSP. */
static double widest_piece(PangoLayout *l)
{
	const char *text = pango_layout_get_text(l);
	int n = (int)strlen(text);
	int n_attrs = 0;
	const PangoLogAttr *attrs = pango_layout_get_log_attrs_readonly(l,
	                                                              &n_attrs);
	int *xs = cluster_x(l, n);
	double widest = 0;
	int start = 0, start_i = 0; /* byte, character index of the piece */
	int end = 0, end_i = 0;     /* its end without trailing white space */
	int i = 0;                  /* character index */
	for (const char *q = text;; q = g_utf8_next_char(q), i++) {
		int at = (int)(q - text);
		if (i > 0 && (!*q || (i < n_attrs && attrs[i].is_line_break))) {
			if (end > start) {
				int x0 = index_x(l, xs, n, start, start_i, attrs,
				                 n_attrs);
				int x1 = index_x(l, xs, n, end, end_i, attrs,
				                 n_attrs);
				widest = MAX(widest, (double)ABS(x1 - x0)
				                         / PANGO_SCALE);
			}
			start = end = at;
			start_i = end_i = i;
		}
		if (!*q)
			break;
		if (!(i < n_attrs && attrs[i].is_white)) {
			end = (int)(g_utf8_next_char(q) - text);
			end_i = i + 1;
		}
	}
	g_free(xs);
	return widest;
}

double pdfkit_widest_piece(PdfCanvas *c, const PdfText *t)
{
	PdfText unwrapped = *t;
	unwrapped.width = -1;
	PangoLayout *l = NULL;
	PdfMetrics *m = measure(c, &unwrapped, &l);
	if (m->widest < 0) {
		if (!l)
			l = pdfkit_text_layout(c, &unwrapped);
		m->widest = widest_piece(l);
	}
	if (l)
		g_object_unref(l);
	return m->widest;
}

void pdfkit_draw_text(PdfCanvas *c, const PdfText *t, double x,
                      const PdfLink *links, size_t n_links)
{
	if (c->measuring) {
		const PdfMetrics *m = pdfkit_measure(c, t);
		pdfkit_flow(c, NULL, m->lines, m->n_lines, m->height, x, NULL,
		            0);
		return;
	}
	/* the glyphs kept from measuring, of this text or of its unwrapped
	 * self when that fits (drawn the same); links need the layout */
	GBytes *key = text_key(c, t);
	PdfMetrics *m = g_hash_table_lookup(c->texts->metrics, key);
	g_bytes_unref(key);
	if (m && !m->shaped)
		m = fitting_unwrapped(c, t);
	if (m && (n_links == 0 || m->layout)
	    && pdfkit_shaped_drawable(m->shaped, t->align)) {
		PdfInk ink = {.shaped = m->shaped,
		              .align = t->align,
		              .width = t->width < 0
		                           ? -1
		                           : (int)(t->width * PANGO_SCALE),
		              .areas = n_links ? m->layout : NULL};
		pdfkit_flow(c, &ink, m->lines, m->n_lines, m->height, x, links,
		            n_links);
		return;
	}
	PangoLayout *l = pdfkit_text_layout(c, t);
	pdfkit_draw_layout(c, l, x, links, n_links);
	g_object_unref(l);
}
