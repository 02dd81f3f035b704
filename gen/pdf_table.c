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

typedef struct {
	size_t n_cols;
	double *widths;
	double size; /* text size: smaller for wide tables */
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

static PangoLayout *cell_layout(Pdf *p, cmark_node *cell, double width,
                                bool header, double size, Inline *in)
{
	in->break_long = true;
	const char *mark = reference_mark(p, cell, header);
	if (mark)
		g_string_append(in->markup, mark);
	else
		pdf_inline_markup(in, cell);
	PangoLayout *l = pdfkit_layout(p->c, NULL, size, header, width);
	pango_layout_set_markup(l, in->markup->str, -1);
	return l;
}

/* Widest line of the cell's text at a wrap width (< 0: no wrapping). */
static double cell_text_width(Pdf *p, cmark_node *cell, bool header,
                              double size, double wrap_width)
{
	Inline in = pdf_inline_new(p);
	PangoLayout *l = cell_layout(p, cell, -1, header, size, &in);
	pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	pango_layout_set_width(l, wrap_width < 0
	                              ? -1
	                              : (int)(wrap_width * PANGO_SCALE));
	double w = text_width(l) + 8;
	g_object_unref(l);
	pdf_inline_free(&in);
	return w;
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

/* The widest unbreakable piece of a laid-out, unwrapped text: the break
 * opportunities are Pango's (UAX #14: spaces in Latin text, between
 * most characters in Chinese, never before 。，), plus the ZWSPs of
 * pdf_breakable. */
static double widest_piece(PangoLayout *l)
{
	const char *text = pango_layout_get_text(l);
	int n_attrs = 0;
	const PangoLogAttr *attrs = pango_layout_get_log_attrs_readonly(l,
	                                                              &n_attrs);
	double widest = 0;
	int start = 0; /* byte index of the piece */
	int end = 0;   /* its end without trailing white space */
	int i = 0;     /* character index */
	for (const char *q = text;; q = g_utf8_next_char(q), i++) {
		int at = (int)(q - text);
		if (i > 0 && (!*q || (i < n_attrs && attrs[i].is_line_break))) {
			if (end > start) {
				int line = 0, x0 = 0, x1 = 0;
				pango_layout_index_to_line_x(l, start, FALSE,
				                             &line, &x0);
				pango_layout_index_to_line_x(l, end, FALSE,
				                             &line, &x1);
				widest = fmax(widest, (double)abs(x1 - x0)
				                          / PANGO_SCALE);
			}
			start = end = at;
		}
		if (!*q)
			break;
		if (!(i < n_attrs && attrs[i].is_white))
			end = (int)(g_utf8_next_char(q) - text);
	}
	return widest;
}

/* The least width a cell may wrap to: short cells (a GPU name, a price,
 * up to keep_short columns; a header of up to 4 CJK characters) stay on
 * one line when the table allows it; others may wrap at Pango's
 * break opportunities, so their widest unbreakable piece counts.  (A
 * layout wrapped at a tiny width would break and hyphenate inside words
 * instead.) */
static double cell_least_width(Pdf *p, cmark_node *cell, bool header,
                               double size, size_t keep_short)
{
	const char *mark = reference_mark(p, cell, header);
	char *text = mark ? g_strdup(mark) : markdown_plain_text(cell);
	if (display_length(text) <= keep_short) {
		g_free(text);
		return cell_text_width(p, cell, header, size, -1);
	}
	char *broken = pdf_breakable(text);
	PangoLayout *l = pdfkit_layout(p->c, NULL, size, header, -1);
	pango_layout_set_text(l, broken, -1);
	double widest = widest_piece(l) + 8;
	g_object_unref(l);
	g_free(broken);
	g_free(text);
	return widest;
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
			g.widths[i] = fmax(g.widths[i],
			                   cell_text_width(p, c, head, g.size, -1));
			least[i] = fmax(least[i], cell_least_width(
			                              p, c, head, g.size,
			                              head ? 8 : 16));
			word[i] = fmax(word[i], cell_least_width(
			                            p, c, head, g.size,
			                            head ? 8 : 0));
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
		PangoLayout *l = cell_layout(p, c, g->widths[i] - 8, header,
		                             g->size, &in);
		double b = (double)pango_layout_get_baseline(l) / PANGO_SCALE;
		base = fmax(base, b);
		below = fmax(below, text_height(l) - b);
		g_object_unref(l);
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

static void draw_row(Pdf *p, cmark_node *row, const TableGeometry *g,
                     const uint8_t *align, bool header)
{
	PdfCanvas *c = p->c;
	double baseline = 0;
	double h = row_height_baseline(p, row, g, header, &baseline);
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
		PangoLayout *l = cell_layout(p, cell, g->widths[i] - 8, header,
		                             g->size, &in);
		if (align && align[i] == 'r')
			pango_layout_set_alignment(l, PANGO_ALIGN_RIGHT);
		else if (align && align[i] == 'c')
			pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
		page_set_colour(c->cr, PAGE_GUIDE.ink);
		c->y = top + 3 + baseline
		       - (double)pango_layout_get_baseline(l) / PANGO_SCALE;
		pdfkit_draw_layout(c, l, x + 4, (PdfLink *)in.links->data,
		                   in.links->len);
		g_object_unref(l);
		pdf_inline_free(&in);
		x += g->widths[i];
	}
	c->y = top + h;
	page_set_colour(c->cr, PAGE_GUIDE.table_rule);
	cairo_set_line_width(c->cr, PAGE_GUIDE.table_rule_width);
	cairo_move_to(c->cr, c->x, c->y);
	cairo_line_to(c->cr, c->x + c->width, c->y);
	cairo_stroke(c->cr);
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
	TableGeometry g = table_geometry(p, t);
	const uint8_t *align = cmark_gfm_extensions_get_table_alignments(t);
	cmark_node *header = cmark_node_first_child(t);
	double hh = row_height(p, header, &g, true);
	GPtrArray *rows = body_rows(p, t);
	pdfkit_need(c, hh + (rows->len ? row_height(p, rows->pdata[0], &g,
	                                            false) : 0));
	draw_row(p, header, &g, align, true);
	for (guint i = 0; i < rows->len; i++) {
		cmark_node *row = rows->pdata[i];
		double h = row_height(p, row, &g, false);
		if (c->y + h > c->bottom) { /* repeat the header */
			pdfkit_new_page(c);
			pdfkit_need(c, hh + h); /* below a figure placed there */
			draw_row(p, header, &g, align, true);
		}
		draw_row(p, row, &g, align, false);
	}
	c->y += 10;
	if (p->refs)
		pdf_references_draw(p, p->refs);
	pdf_references_free(p->refs);
	p->refs = NULL;
	g_ptr_array_free(rows, TRUE);
	g_free(g.widths);
}

double pdf_table_lead(Pdf *p, cmark_node *t)
{
	p->refs = pdf_references_new(p, t);
	if (p->refs && p->refs->as_list) {
		pdf_references_free(p->refs);
		p->refs = NULL;
		return 3 * PAGE_GUIDE.caption * 1.4;
	}
	TableGeometry g = table_geometry(p, t);
	cmark_node *header = cmark_node_first_child(t);
	cmark_node *first = cmark_node_next(header);
	double h = row_height(p, header, &g, true)
	           + (first ? row_height(p, first, &g, false) : 0);
	pdf_references_free(p->refs);
	p->refs = NULL;
	g_free(g.widths);
	return h;
}
