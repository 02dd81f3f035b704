/* PDF back-end, reference tables: a long table with a Source column
 * whose sources repeat (the assumptions) prints each source once, as a
 * numbered reference list under the table with its address as a live
 * link; the rows, grouped by source, refer to it by number ("[3]").
 * The address is the cell's own link, else the address the document
 * links that source's name to elsewhere (its Sources table).
 * See pdf_internal.h. */
#include "pdf_internal.h"

#include "markdown.h"
#include "page_style.h"

#include <string.h>

#define MIN_ROWS 6   /* shorter tables stay as they are */
#define PROSE 60     /* mean characters of a column of prose */

/* Every link of the document by its text (first one wins), kept in the
 * Pdf for the pass. */
static GHashTable *links_by_text(Pdf *p, cmark_node *any)
{
	if (p->link_by_text)
		return p->link_by_text;
	cmark_node *root = any;
	while (cmark_node_parent(root))
		root = cmark_node_parent(root);
	p->link_by_text = g_hash_table_new_full(g_str_hash, g_str_equal,
	                                        g_free, g_free);
	cmark_iter *it = cmark_iter_new(root);
	cmark_event_type ev;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev != CMARK_EVENT_ENTER
		    || cmark_node_get_type(n) != CMARK_NODE_LINK)
			continue;
		char *text = markdown_plain_text(n);
		if (g_hash_table_contains(p->link_by_text, text))
			g_free(text);
		else
			g_hash_table_insert(p->link_by_text, text,
			                    g_strdup(cmark_node_get_url(n)));
	}
	cmark_iter_free(it);
	return p->link_by_text;
}

/* The cell at column i of a row, or NULL. */
static cmark_node *cell_at(cmark_node *row, int i)
{
	cmark_node *c = cmark_node_first_child(row);
	for (; c && i > 0; i--)
		c = cmark_node_next(c);
	return c;
}

/* The address of the first link inside a node, or NULL. */
static const char *own_link(cmark_node *n)
{
	for (cmark_node *c = cmark_node_first_child(n); c;
	     c = cmark_node_next(c)) {
		if (cmark_node_get_type(c) == CMARK_NODE_LINK)
			return cmark_node_get_url(c);
		const char *inner = own_link(c);
		if (inner)
			return inner;
	}
	return NULL;
}

/* The Source column of a table (header text strings table.source, not
 * the first column), or -1. */
static int source_column(const Pdf *p, cmark_node *table)
{
	const char *name = lang_need(p->opt->strings, "table.source", NULL);
	int i = 0;
	for (cmark_node *c = cmark_node_first_child(
	         cmark_node_first_child(table));
	     c; c = cmark_node_next(c), i++) {
		char *text = markdown_plain_text(c);
		bool match = strcmp(text, name) == 0;
		g_free(text);
		if (match)
			return i > 0 ? i : -1;
	}
	return -1;
}

PdfRefs *pdf_references_new(Pdf *p, cmark_node *table)
{
	int column = source_column(p, table);
	if (column < 0)
		return NULL;
	PdfRefs *r = g_new0(PdfRefs, 1);
	r->column = column;
	r->sources = g_ptr_array_new_with_free_func(g_free);
	r->urls = g_ptr_array_new_with_free_func(g_free);
	r->mark = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	                                g_free);
	size_t rows = 0, n_cols = 0;
	GHashTable *links = links_by_text(p, table);
	for (cmark_node *c = cmark_node_first_child(cmark_node_first_child(table));
	     c; c = cmark_node_next(c))
		n_cols++;
	size_t *chars = g_new0(size_t, n_cols);
	for (cmark_node *row = cmark_node_next(cmark_node_first_child(table));
	     row; row = cmark_node_next(row), rows++) {
		for (size_t i = 0; i < n_cols; i++) {
			cmark_node *any = cell_at(row, (int)i);
			char *t = any ? markdown_plain_text(any) : g_strdup("");
			chars[i] += (size_t)g_utf8_strlen(t, -1);
			g_free(t);
		}
		cmark_node *cell = cell_at(row, column);
		if (!cell)
			continue;
		char *text = markdown_plain_text(cell);
		if (!*text || g_hash_table_contains(r->mark, text)) {
			g_free(text);
			continue;
		}
		const char *url = own_link(cell);
		if (!url)
			url = g_hash_table_lookup(links, text);
		g_ptr_array_add(r->urls, g_strdup(url));
		g_hash_table_insert(r->mark, g_strdup(text),
		                    g_strdup_printf("[%u]", r->sources->len + 1));
		g_ptr_array_add(r->sources, text);
	}
	for (size_t i = 0; rows > 0 && i < n_cols; i++)
		r->as_list |= (int)i != column && chars[i] / rows >= PROSE;
	g_free(chars);
	if (rows < MIN_ROWS || r->sources->len * 2 > rows) {
		pdf_references_free(r); /* sources hardly repeat: a table */
		return NULL;
	}
	return r;
}

int pdf_reference_of(const PdfRefs *r, cmark_node *row)
{
	cmark_node *cell = cell_at(row, r->column);
	char *text = cell ? markdown_plain_text(cell) : g_strdup("");
	int k = -1;
	for (guint i = 0; i < r->sources->len; i++)
		if (strcmp(r->sources->pdata[i], text) == 0)
			k = (int)i;
	g_free(text);
	/* rows without a source come last, after every group */
	return k >= 0 ? k : (int)r->sources->len - 1;
}

/* Appends plain text to an Inline's markup, counting its bytes so link
 * areas stay right. */
static void append_text(Inline *in, const char *text)
{
	char *esc = g_markup_escape_text(text, -1);
	g_string_append(in->markup, esc);
	in->plain += strlen(text);
	g_free(esc);
}

/* The column of prose: the one with the longest text in the row. */
static int prose_column(const PdfRefs *r, cmark_node *row)
{
	int best = -1, i = 0;
	long longest = -1;
	for (cmark_node *c = cmark_node_first_child(row); c;
	     c = cmark_node_next(c), i++) {
		char *t = markdown_plain_text(c);
		long n = g_utf8_strlen(t, -1);
		if (i != r->column && i > 0 && n > longest) {
			longest = n;
			best = i;
		}
		g_free(t);
	}
	return best;
}

void pdf_references_rows(Pdf *p, const PdfRefs *r, GPtrArray *rows)
{
	PdfCanvas *c = p->c;
	const double size = PAGE_GUIDE.caption, hang = 14;
	for (guint k = 0; k < rows->len; k++) {
		cmark_node *row = rows->pdata[k];
		int prose = prose_column(r, row), i = 0;
		Inline in = pdf_inline_new(p);
		in.break_long = true;
		for (cmark_node *cell = cmark_node_first_child(row); cell;
		     cell = cmark_node_next(cell), i++) {
			char *t = markdown_plain_text(cell);
			bool empty = !*t || strcmp(t, "\xE2\x80\x94") == 0;
			g_free(t);
			if (i == r->column || empty)
				continue;
			if (i == 0)
				g_string_append(in.markup, "<b>");
			else
				append_text(&in, i == prose ? " \xE2\x80\x94 " : "  ");
			pdf_inline_markup(&in, cell);
			if (i == 0)
				g_string_append(in.markup, "</b>");
		}
		int source = pdf_reference_of(r, row);
		char *mark = g_strdup_printf(" [%d]", source + 1);
		append_text(&in, mark);
		PdfText t = {.size = size, .width = c->width,
		             .text = in.markup->str, .markup = true,
		             .indent = (int)(-hang * PANGO_SCALE),
		             .linked = in.links->len > 0};
		page_set_colour(c->cr, PAGE_GUIDE.ink);
		pdfkit_draw_text(c, &t, c->x, (PdfLink *)in.links->data,
		                 in.links->len);
		c->y += 3;
		g_free(mark);
		pdf_inline_free(&in);
	}
	c->y += 6;
}

/* "[n]" hanging in the margin of the list, the source beside it; the
 * source is a link where the PDF can follow its address. */
void pdf_references_draw(Pdf *p, const PdfRefs *r)
{
	PdfCanvas *c = p->c;
	const double size = PAGE_GUIDE.caption, hang = 26;
	for (guint i = 0; i < r->sources->len; i++) {
		const char *text = r->sources->pdata[i];
		char *attr = pdf_link_target(p, r->urls->pdata[i]);
		char *mark = g_strdup_printf("[%u]", i + 1);
		char *broken = pdf_breakable(text);
		PdfText t = {.size = size, .width = c->width - hang,
		             .text = broken, .linked = attr != NULL};
		pdfkit_need(c, pdfkit_measure(c, &t)->height + 2);
		page_set_colour(c->cr, PAGE_GUIDE.ink);
		if (pdfkit_drawing(c)) {
			PangoLayout *m = pdfkit_layout(c, NULL, size, false,
			                               hang);
			pango_layout_set_text(m, mark, -1);
			cairo_move_to(c->cr, c->x, c->y);
			pango_cairo_show_layout(c->cr, m);
			g_object_unref(m);
		}
		PdfLink link = {0, (int)strlen(broken), attr};
		page_set_colour(c->cr, attr ? PAGE_GUIDE.link : PAGE_GUIDE.ink);
		pdfkit_draw_text(c, &t, c->x + hang, attr ? &link : NULL,
		                 attr ? 1 : 0);
		c->y += 2;
		g_free(broken);
		g_free(mark);
		g_free(attr);
	}
	c->y += 8;
}

void pdf_references_free(PdfRefs *r)
{
	if (!r)
		return;
	g_ptr_array_free(r->sources, TRUE);
	g_ptr_array_free(r->urls, TRUE);
	g_hash_table_destroy(r->mark);
	g_free(r);
}
