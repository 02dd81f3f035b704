/* PDF back-end, tables: column widths from the cells' text, a smaller
 * size for wide tables, a header repeated on every page, rows never
 * split.  See pdf_internal.h. */
#include "pdf_internal.h"

#include "markdown.h"
#include "page_style.h"

#include <cmark-gfm-core-extensions.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- tables ---------------------------------------------------------- */

/* A row's height and baseline (row_height_baseline). */
typedef struct {
	double height, baseline;
} RowBox;

typedef struct {
	size_t n_cols;
	double *widths;
	double size;   /* text size: smaller for wide tables */
	RowBox header; /* and the body rows' boxes in print order, once */
	RowBox *rows;  /* known (NULL before) */
} TableGeometry;

/* The "[n]" that stands for a source cell in a reference table, or
 * NULL for any other cell. */
static const char *reference_mark(const Pdf *p, cmark_node *cell,
                                  bool header)
{
	if (header || !p->refs)
		return NULL;
	int i = 0;
	for (cmark_node *c = cmark_node_previous(cell); c;
	     c = cmark_node_previous(c))
		i++;
	if (i != p->refs->column)
		return NULL;
	char *text = markdown_plain_text(cell);
	const char *mark = g_hash_table_lookup(p->refs->mark, text);
	g_free(text);
	return mark;
}

/* A cell's text (its markup in in, or its reference mark) at size,
 * wrapping at width (< 0: not). */
static PdfText cell_text(Pdf *p, cmark_node *cell, double width,
                         bool header, double size, Inline *in)
{
	in->break_long = true;
	const char *mark = reference_mark(p, cell, header);
	if (mark)
		g_string_append(in->markup, mark);
	else
		pdf_inline_markup(in, cell);
	return (PdfText){.size = size, .bold = header, .width = width,
	                 .text = in->markup->str, .markup = true,
	                 .linked = in->links->len > 0};
}

/* Length of text in columns: a CJK character is as wide as two Latin
 * ones. */
static size_t display_length(const char *text)
{
	size_t n = 0;
	for (const char *q = text; *q; q = g_utf8_next_char(q))
		n += g_unichar_iswide(g_utf8_get_char(q)) ? 2 : 1;
	return n;
}

/* The widths of a cell: *full, its text unwrapped; *least and *word,
 * the least it may wrap to.  Short cells (a GPU name, a price, up to
 * keep_short columns, 16 in *least and none in *word; a header of up
 * to 4 CJK characters in both) stay on one line when the table allows
 * it; others may wrap at Pango's break opportunities in the text as it
 * is drawn, so their widest unbreakable piece counts (a number kept
 * with the CJK character after it is one piece).  (A layout wrapped at
 * a tiny width would break and hyphenate inside words instead.) */
static void cell_widths(Pdf *p, cmark_node *cell, bool header, double size,
                        double *full, double *least, double *word)
{
	const char *mark = reference_mark(p, cell, header);
	char *text = mark ? g_strdup(mark) : markdown_plain_text(cell);
	size_t length = display_length(text);
	size_t keep_least = header ? 8 : 16, keep_word = header ? 8 : 0;
	Inline in = pdf_inline_new(p);
	PdfText t = cell_text(p, cell, -1, header, size, &in);
	double widest = 0;
	if (length > keep_least || length > keep_word)
		widest = pdfkit_widest_piece(p->c, &t) + 8;
	*full = pdfkit_measure(p->c, &t)->width + 8;
	*least = length <= keep_least ? *full : widest;
	*word = length <= keep_word ? *full : widest;
	pdf_inline_free(&in);
	g_free(text);
}

/* Column widths: each column gets at least its least width (see above);
 * the room left is shared in proportion to how much more each column
 * would use unwrapped. */
static TableGeometry table_geometry(Pdf *p, cmark_node *table)
{
	TableGeometry g = {0};
	cmark_node *first = cmark_node_first_child(table);
	for (cmark_node *c = cmark_node_first_child(first); c;
	     c = cmark_node_next(c))
		g.n_cols++;
	g.size = g.n_cols >= 7 ? 7.5 : 8.5;
	g.widths = g_new0(double, g.n_cols);
	double *least = g_new0(double, g.n_cols);
	double *word = g_new0(double, g.n_cols);
	for (cmark_node *row = first; row; row = cmark_node_next(row)) {
		size_t i = 0;
		for (cmark_node *c = cmark_node_first_child(row);
		     c && i < g.n_cols; c = cmark_node_next(c), i++) {
			bool head = row == first;
			double full, l, w;
			cell_widths(p, c, head, g.size, &full, &l, &w);
			g.widths[i] = fmax(g.widths[i], full);
			least[i] = fmax(least[i], l);
			word[i] = fmax(word[i], w);
		}
	}
	double total = 0, total_least = 0, width = p->c->width;
	for (size_t i = 0; i < g.n_cols; i++) {
		total += g.widths[i];
		total_least += least[i];
	}
	if (total_least > width) { /* short cells must wrap after all */
		total_least = 0;
		for (size_t i = 0; i < g.n_cols; i++)
			total_least += least[i] = word[i];
	}
	if (total_least > width) {
		/* even single words do not fit.  Narrow columns keep their
		 * width; the wide ones share the rest by what each needs at
		 * least and at most, and their cells break inside words. */
		double kept = 0, shared = 0;
		for (size_t i = 0; i < g.n_cols; i++) {
			if (least[i] <= width * 0.15)
				kept += least[i];
			else
				shared += least[i] + g.widths[i];
		}
		for (size_t i = 0; i < g.n_cols; i++)
			g.widths[i] = least[i] <= width * 0.15
			                  ? least[i]
			                  : (least[i] + g.widths[i])
			                        * fmax(width - kept, 0) / shared;
	} else if (total > width) {
		double room = fmax(width - total_least, 0);
		double want = total - total_least;
		for (size_t i = 0; i < g.n_cols; i++)
			g.widths[i] = least[i]
			              + (want > 0 ? room * (g.widths[i] - least[i])
			                                / want
			                          : 0);
	}
	g_free(least);
	g_free(word);
	return g;
}

static void geometry_free(gpointer data)
{
	TableGeometry *g = data;
	g_free(g->widths);
	g_free(g->rows);
	g_free(g);
}

/* A table's geometry, kept in p->geometries for every pass: the cells'
 * markup differs between passes only in the colour of links to
 * headings, which changes no measure; p->refs is the table's. */
static TableGeometry *geometry_of(Pdf *p, cmark_node *table)
{
	if (!p->geometries)
		p->geometries = g_hash_table_new_full(NULL, NULL, NULL,
		                                      geometry_free);
	TableGeometry *g = g_hash_table_lookup(p->geometries, table);
	if (!g) {
		g = g_new(TableGeometry, 1);
		*g = table_geometry(p, table);
		g_hash_table_insert(p->geometries, table, g);
	}
	return g;
}

void pdf_geometries_clear(Pdf *p)
{
	if (p->geometries)
		g_hash_table_destroy(p->geometries);
	p->geometries = NULL;
}

/* The row's height; *baseline: the lowest first baseline of its cells
 * (from the cell top), on which every cell's first line sits, so a
 * cell in a CJK font (taller ascent) lines up with its Latin
 * neighbours. */
static double row_height_baseline(Pdf *p, cmark_node *row,
                                  const TableGeometry *g, bool header,
                                  double *baseline)
{
	double base = 0, below = 0; /* below: height under the baseline */
	size_t i = 0;
	for (cmark_node *c = cmark_node_first_child(row); c && i < g->n_cols;
	     c = cmark_node_next(c), i++) {
		Inline in = pdf_inline_new(p);
		PdfText t = cell_text(p, c, g->widths[i] - 8, header, g->size,
		                      &in);
		const PdfMetrics *m = pdfkit_measure(p->c, &t);
		base = fmax(base, m->baseline);
		below = fmax(below, m->height - m->baseline);
		pdf_inline_free(&in);
	}
	if (baseline)
		*baseline = base;
	return base + below + 6;
}

static double row_height(Pdf *p, cmark_node *row, const TableGeometry *g,
                         bool header)
{
	return row_height_baseline(p, row, g, header, NULL);
}

static RowBox row_box(Pdf *p, cmark_node *row, const TableGeometry *g,
                      bool header)
{
	RowBox b;
	b.height = row_height_baseline(p, row, g, header, &b.baseline);
	return b;
}

static void draw_row(Pdf *p, cmark_node *row, const TableGeometry *g,
                     const uint8_t *align, bool header, RowBox box)
{
	PdfCanvas *c = p->c;
	double baseline = box.baseline, h = box.height;
	if (!pdfkit_drawing(c) && c->y + h <= c->bottom) {
		c->y += h; /* every cell fits: no page breaks inside */
		return;
	}
	if (header) {
		page_set_colour(c->cr, PAGE_GUIDE.table_header);
		cairo_rectangle(c->cr, c->x, c->y, c->width, h);
		cairo_fill(c->cr);
	}
	double x = c->x, top = c->y;
	size_t i = 0;
	for (cmark_node *cell = cmark_node_first_child(row);
	     cell && i < g->n_cols; cell = cmark_node_next(cell), i++) {
		Inline in = pdf_inline_new(p);
		PdfText t = cell_text(p, cell, g->widths[i] - 8, header,
		                      g->size, &in);
		if (align && align[i] == 'r')
			t.align = PANGO_ALIGN_RIGHT;
		else if (align && align[i] == 'c')
			t.align = PANGO_ALIGN_CENTER;
		page_set_colour(c->cr, PAGE_GUIDE.ink);
		c->y = top + 3 + baseline - pdfkit_measure(c, &t)->baseline;
		pdfkit_draw_text(c, &t, x + 4, (PdfLink *)in.links->data,
		                 in.links->len);
		pdf_inline_free(&in);
		x += g->widths[i];
	}
	c->y = top + h;
	const PageColour k = PAGE_GUIDE.table_rule;
	const double rgb[3] = {k.r, k.g, k.b};
	pdfkit_rule(c, c->x, c->x + c->width, c->y,
	            PAGE_GUIDE.table_rule_width, rgb);
}

/* The table's body rows in the order they are printed: as they come,
 * or grouped by source (stable) in a reference table. */
static GPtrArray *body_rows(const Pdf *p, cmark_node *t)
{
	GPtrArray *rows = g_ptr_array_new();
	cmark_node *header = cmark_node_first_child(t);
	if (!p->refs) {
		for (cmark_node *r = cmark_node_next(header); r;
		     r = cmark_node_next(r))
			g_ptr_array_add(rows, r);
		return rows;
	}
	for (guint k = 0; k < p->refs->sources->len; k++)
		for (cmark_node *r = cmark_node_next(header); r;
		     r = cmark_node_next(r))
			if (pdf_reference_of(p->refs, r) == (int)k)
				g_ptr_array_add(rows, r);
	return rows;
}

void pdf_table(Pdf *p, cmark_node *t)
{
	PdfCanvas *c = p->c;
	p->refs = pdf_references_new(p, t);
	if (p->refs && p->refs->as_list) { /* rows of prose: a list */
		GPtrArray *rows = body_rows(p, t);
		pdf_references_rows(p, p->refs, rows);
		pdf_references_draw(p, p->refs);
		g_ptr_array_free(rows, TRUE);
		pdf_references_free(p->refs);
		p->refs = NULL;
		return;
	}
	TableGeometry *g = geometry_of(p, t);
	const uint8_t *align = cmark_gfm_extensions_get_table_alignments(t);
	cmark_node *header = cmark_node_first_child(t);
	GPtrArray *rows = body_rows(p, t);
	if (!g->rows) {
		g->header = row_box(p, header, g, true);
		g->rows = g_new(RowBox, rows->len + 1);
		for (guint i = 0; i < rows->len; i++)
			g->rows[i] = row_box(p, rows->pdata[i], g, false);
	}
	RowBox hb = g->header;
	const RowBox *boxes = g->rows;
	pdfkit_need(c, hb.height + (rows->len ? boxes[0].height : 0));
	draw_row(p, header, g, align, true, hb);
	for (guint i = 0; i < rows->len; i++) {
		cmark_node *row = rows->pdata[i];
		double h = boxes[i].height;
		if (c->y + h > c->bottom) { /* repeat the header */
			pdfkit_new_page(c);
			pdfkit_need(c, hb.height + h); /* below a figure placed
			                                  there */
			draw_row(p, header, g, align, true, hb);
		}
		draw_row(p, row, g, align, false, boxes[i]);
	}
	c->y += 10;
	if (p->refs)
		pdf_references_draw(p, p->refs);
	pdf_references_free(p->refs);
	p->refs = NULL;
	g_ptr_array_free(rows, TRUE);
}

double pdf_table_lead(Pdf *p, cmark_node *t)
{
	p->refs = pdf_references_new(p, t);
	if (p->refs && p->refs->as_list) {
		pdf_references_free(p->refs);
		p->refs = NULL;
		return 3 * PAGE_GUIDE.caption * 1.4;
	}
	const TableGeometry *g = geometry_of(p, t);
	cmark_node *header = cmark_node_first_child(t);
	cmark_node *first = cmark_node_next(header);
	double h = row_height(p, header, g, true)
	           + (first ? row_height(p, first, g, false) : 0);
	pdf_references_free(p->refs);
	p->refs = NULL;
	return h;
}
