/* PDF back-end: a flow layout over the AST's blocks, run twice: the first
 * pass learns on which page each heading lands, the second draws the
 * table of contents with those pages.  See pdf.h. */
#include "pdf.h"

#include "chart_render.h"
#include "markdown.h"
#include "paths.h"
#include "util.h"

#include <cairo-pdf.h>
#include <cmark-gfm-core-extensions.h>
#include <math.h>
#include <string.h>

#define MARGIN 56.0
#define BODY_SIZE 10.0
#define MONO "DejaVu Sans Mono"

typedef struct {
	char *text, *slug;
	int level, page;
} Heading;

typedef struct {
	PdfCanvas *c;
	const PdfOptions *opt;
	GArray *headings;      /* Heading: filled in pass 1, read in pass 2 */
	bool final_pass;
	GHashTable *slugs;     /* slugs given to headings so far */
	GHashTable *known;     /* every heading slug (from pass 1) */
	int outline_ids[7];
	int total_pages;
} Pdf;

static const char *S(const Pdf *p, const char *key)
{
	return lang_need(p->opt->strings, key, NULL);
}

/* ---- inline text ----------------------------------------------------- */

typedef struct {
	GString *markup;
	size_t plain; /* bytes of text (without markup) so far */
	GArray *links;
	const Pdf *pdf;
	bool break_long; /* table cells: long words may break after _ . / - */
} Inline;

#define LONG_WORD 14
#define ZWSP "\xE2\x80\x8B" /* zero-width space: a break opportunity */

static bool break_char(char c)
{
	return c == '_' || c == '.' || c == '/' || c == '-';
}

/* Adds a break opportunity after _ . / - inside words longer than
 * LONG_WORD characters (identifiers, file names, addresses). */
static char *breakable(const char *text)
{
	GString *s = g_string_new(NULL);
	size_t run = 0;
	for (const char *p = text; *p; p++) {
		run = (*p == ' ' || *p == '\n') ? 0 : run + 1;
		g_string_append_c(s, *p);
		if (break_char(*p) && p[1] && p[1] != ' ') {
			const char *q = p + 1;
			while (*q && *q != ' ' && *q != '\n')
				q++;
			if (run + (size_t)(q - p - 1) > LONG_WORD)
				g_string_append(s, ZWSP);
		}
	}
	return g_string_free(s, FALSE);
}

static void inline_markup(Inline *in, cmark_node *node);

static void text(Inline *in, const char *literal)
{
	char *broken = in->break_long ? breakable(literal) : g_strdup(literal);
	char *esc = g_markup_escape_text(broken, -1);
	g_string_append(in->markup, esc);
	in->plain += strlen(broken);
	g_free(esc);
	g_free(broken);
}

static void wrap(Inline *in, cmark_node *n, const char *open,
                 const char *close)
{
	g_string_append(in->markup, open);
	inline_markup(in, n);
	g_string_append(in->markup, close);
}

/* Links to a heading of this document or to the web; others stay text. */
static void link(Inline *in, cmark_node *n)
{
	const char *url = cmark_node_get_url(n);
	size_t start = in->plain;
	wrap(in, n, "<span foreground=\"#0b5cad\">", "</span>");
	char *attr = NULL;
	if (url && url[0] == '#') {
		if (in->pdf->known
		    && g_hash_table_contains(in->pdf->known, url + 1))
			attr = pdfkit_link_attributes(url);
	} else {
		attr = pdfkit_link_attributes(url);
	}
	if (attr) {
		PdfLink l = {(int)start, (int)in->plain, attr};
		g_array_append_val(in->links, l);
	}
}

static void inline_markup(Inline *in, cmark_node *node)
{
	for (cmark_node *c = cmark_node_first_child(node); c;
	     c = cmark_node_next(c)) {
		switch (cmark_node_get_type(c)) {
		case CMARK_NODE_TEXT:
			text(in, cmark_node_get_literal(c));
			break;
		case CMARK_NODE_CODE:
			g_string_append(in->markup, "<tt>");
			text(in, cmark_node_get_literal(c));
			g_string_append(in->markup, "</tt>");
			break;
		case CMARK_NODE_SOFTBREAK:
			text(in, " ");
			break;
		case CMARK_NODE_LINEBREAK:
			text(in, "\n");
			break;
		case CMARK_NODE_EMPH:
			wrap(in, c, "<i>", "</i>");
			break;
		case CMARK_NODE_STRONG:
			wrap(in, c, "<b>", "</b>");
			break;
		case CMARK_NODE_LINK:
			link(in, c);
			break;
		case CMARK_NODE_HTML_INLINE:
			break;
		default:
			if (markdown_is(c, "strikethrough"))
				wrap(in, c, "<s>", "</s>");
			else
				inline_markup(in, c);
		}
	}
}

static Inline inline_new(const Pdf *p)
{
	return (Inline){g_string_new(NULL), 0,
	                g_array_new(FALSE, FALSE, sizeof(PdfLink)), p, false};
}

static void inline_free(Inline *in)
{
	for (guint i = 0; i < in->links->len; i++)
		g_free(g_array_index(in->links, PdfLink, i).attributes);
	g_array_free(in->links, TRUE);
	g_string_free(in->markup, TRUE);
}

/* Lays out a node's inline content and draws it at x + indent. */
static void draw_inline(Pdf *p, cmark_node *n, const char *family,
                        double size, bool bold, double indent,
                        double spacing)
{
	Inline in = inline_new(p);
	inline_markup(&in, n);
	PangoLayout *l = pdfkit_layout(p->c, family, size, bold,
	                               p->c->width - indent);
	pango_layout_set_markup(l, in.markup->str, -1);
	pango_layout_set_spacing(l, (int)(size * spacing * PANGO_SCALE));
	cairo_set_source_rgb(p->c->cr, 0.1, 0.1, 0.1);
	pdfkit_draw_layout(p->c, l, p->c->x + indent,
	                   (PdfLink *)in.links->data, in.links->len);
	g_object_unref(l);
	inline_free(&in);
}

/* ---- pages ----------------------------------------------------------- */

static void page_end(PdfCanvas *c, void *data)
{
	Pdf *p = data;
	if (c->page == 1)
		return; /* the title page carries no number */
	char *n = g_strdup_printf("%d", c->page);
	char *total = g_strdup_printf("%d", p->total_pages);
	char *label = gg_fill2(S(p, "pdf.page_of"), n, total);
	PangoLayout *l = pdfkit_layout(c, NULL, 8, false, c->width);
	pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
	pango_layout_set_text(l, label, -1);
	cairo_set_source_rgb(c->cr, 0.4, 0.4, 0.4);
	cairo_move_to(c->cr, c->x, c->page_h - MARGIN / 2 - 8);
	pango_cairo_show_layout(c->cr, l);
	g_object_unref(l);
	/* running head */
	l = pdfkit_layout(c, NULL, 8, false, c->width);
	pango_layout_set_text(l, p->opt->meta.title, -1);
	pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
	cairo_move_to(c->cr, c->x, MARGIN / 2);
	pango_cairo_show_layout(c->cr, l);
	g_object_unref(l);
	g_free(label);
	g_free(n);
	g_free(total);
}

static void title_page(Pdf *p)
{
	PdfCanvas *c = p->c;
	c->y = c->page_h * 0.30;
	PangoLayout *l = pdfkit_layout(c, NULL, 26, true, c->width);
	pango_layout_set_text(l, p->opt->meta.title, -1);
	cairo_set_source_rgb(c->cr, 0.1, 0.1, 0.1);
	pdfkit_draw_layout(c, l, c->x, NULL, 0);
	g_object_unref(l);
	c->y += 18;
	l = pdfkit_layout(c, NULL, 13, false, c->width);
	pango_layout_set_text(l, p->opt->subtitle, -1);
	cairo_set_source_rgb(c->cr, 0.3, 0.3, 0.3);
	pdfkit_draw_layout(c, l, c->x, NULL, 0);
	g_object_unref(l);
	c->y += 40;
	l = pdfkit_layout(c, NULL, 10, false, c->width);
	pango_layout_set_text(l, p->opt->meta.subject, -1);
	pdfkit_draw_layout(c, l, c->x, NULL, 0);
	g_object_unref(l);
	pdfkit_new_page(c);
}

/* One contents line: the heading, dot leaders, the page, all a link. */
static void toc_entry(Pdf *p, const Heading *h)
{
	PdfCanvas *c = p->c;
	double indent = h->level == 2 ? 0 : 16;
	double size = h->level == 2 ? 11 : 9.5;
	PangoLayout *num = pdfkit_layout(c, NULL, size, false, -1);
	char *page = g_strdup_printf("%d", h->page);
	pango_layout_set_text(num, page, -1);
	double num_w = text_width(num);
	PangoLayout *l = pdfkit_layout(c, NULL, size, h->level == 2,
	                               c->width - indent - num_w - 24);
	pango_layout_set_text(l, h->text, -1);
	double height = text_height(l);
	pdfkit_need(c, height + 4);
	double top = c->y;
	cairo_set_source_rgb(c->cr, 0.1, 0.1, 0.1);
	pdfkit_draw_layout(c, l, c->x + indent, NULL, 0);
	/* leaders from the end of the text's last line to the number */
	double end_x = c->x + indent + text_width(l) + 6;
	double right = c->x + c->width - num_w - 6;
	cairo_set_source_rgb(c->cr, 0.6, 0.6, 0.6);
	for (double x = end_x; x < right; x += 4) {
		cairo_rectangle(c->cr, x, c->y - 4, 0.8, 0.8);
	}
	cairo_fill(c->cr);
	cairo_set_source_rgb(c->cr, 0.1, 0.1, 0.1);
	cairo_move_to(c->cr, c->x + c->width - num_w,
	              c->y - text_height(num));
	pango_cairo_show_layout(c->cr, num);
	char *attr = g_strdup_printf("dest='%s' rect=[%.2f %.2f %.2f %.2f]",
	                             h->slug, c->x + indent, top,
	                             c->width - indent, c->y - top);
	cairo_tag_begin(c->cr, CAIRO_TAG_LINK, attr);
	cairo_tag_end(c->cr, CAIRO_TAG_LINK);
	c->y += h->level == 2 ? 5 : 2;
	g_free(attr);
	g_free(page);
	g_object_unref(num);
	g_object_unref(l);
}

static void contents(Pdf *p, const GArray *headings)
{
	PdfCanvas *c = p->c;
	PangoLayout *l = pdfkit_layout(c, NULL, 18, true, c->width);
	pango_layout_set_text(l, S(p, "pdf.contents"), -1);
	cairo_set_source_rgb(c->cr, 0.1, 0.1, 0.1);
	pdfkit_draw_layout(c, l, c->x, NULL, 0);
	g_object_unref(l);
	c->y += 12;
	for (guint i = 0; i < headings->len; i++) {
		const Heading *h = &g_array_index(headings, Heading, i);
		if (h->level >= 2 && h->level <= 3)
			toc_entry(p, h);
	}
	pdfkit_new_page(c);
}

/* ---- blocks ---------------------------------------------------------- */

static void heading(Pdf *p, cmark_node *n)
{
	static const double sizes[] = {0, 20, 15, 12, 11, 10, 10};
	PdfCanvas *c = p->c;
	int level = cmark_node_get_heading_level(n);
	double size = sizes[level];
	/* keep a heading with the first lines of what follows it */
	pdfkit_need(c, size * 2 + 60);
	if (c->y > c->margin)
		c->y += level <= 2 ? size * 0.8 : size * 0.4;
	char *text = markdown_plain_text(n);
	char *slug = markdown_slug(text, p->slugs);
	Heading h = {g_strdup(text), g_strdup(slug), level, c->page};
	if (!p->final_pass)
		g_array_append_val(p->headings, h);
	else {
		g_free(h.text);
		g_free(h.slug);
	}
	char *dest = g_strdup_printf("name='%s'", slug);
	cairo_tag_begin(c->cr, CAIRO_TAG_DEST, dest);
	if (level <= 3) {
		char *target = g_strdup_printf("dest='%s'", slug);
		int parent = level > 1 ? p->outline_ids[level - 1] : 0;
		p->outline_ids[level] = cairo_pdf_surface_add_outline(
		    c->surface, parent, text, target,
		    level == 1 ? CAIRO_PDF_OUTLINE_FLAG_OPEN : 0);
		g_free(target);
	}
	draw_inline(p, n, NULL, size, true, 0, 0.1);
	cairo_tag_end(c->cr, CAIRO_TAG_DEST);
	c->y += size * 0.5;
	g_free(dest);
	g_free(slug);
	g_free(text);
}

static void rule(Pdf *p)
{
	PdfCanvas *c = p->c;
	pdfkit_need(c, 12);
	cairo_set_source_rgb(c->cr, 0.7, 0.7, 0.7);
	cairo_set_line_width(c->cr, 0.5);
	cairo_move_to(c->cr, c->x, c->y + 6);
	cairo_line_to(c->cr, c->x + c->width, c->y + 6);
	cairo_stroke(c->cr);
	c->y += 12;
}

static void code_block(Pdf *p, cmark_node *n, double indent)
{
	PdfCanvas *c = p->c;
	PangoLayout *l = pdfkit_layout(c, MONO, 8.5, false,
	                               c->width - indent - 12);
	pango_layout_set_text(l, cmark_node_get_literal(n), -1);
	double height = text_height(l);
	pdfkit_need(c, fmin(height, 80) + 12);
	cairo_set_source_rgb(c->cr, 0.95, 0.95, 0.95);
	cairo_rectangle(c->cr, c->x + indent, c->y,
	                c->width - indent, fmin(height, c->bottom - c->y) + 8);
	cairo_fill(c->cr);
	c->y += 4;
	cairo_set_source_rgb(c->cr, 0.1, 0.1, 0.1);
	pdfkit_draw_layout(c, l, c->x + indent + 6, NULL, 0);
	c->y += 10;
	g_object_unref(l);
}

static void figure(Pdf *p, cmark_node *para)
{
	PdfCanvas *c = p->c;
	cmark_node *img = cmark_node_first_child(para);
	char *name = paths_chart_name(cmark_node_get_url(img));
	const Chart *chart = name ? values_chart(p->opt->values, name) : NULL;
	g_free(name);
	if (!chart) { /* an image the PDF cannot draw: keep its alt text */
		draw_inline(p, img, NULL, BODY_SIZE, false, 0, 0.3);
		c->y += 8;
		return;
	}
	double h = chart_height(chart, c->width);
	double room = c->bottom - c->margin - 40; /* a whole page */
	double left = c->bottom - c->y - 40;      /* what this page has */
	double scale = 1;
	if (h > left && left >= room / 2 && left / h >= 0.55) {
		scale = left / h; /* shrink a little rather than leave a gap */
	} else if (h > left) {
		pdfkit_new_page(c);
		scale = h > room ? room / h : 1;
	}
	cairo_save(c->cr);
	cairo_translate(c->cr, c->x + c->width * (1 - scale) / 2, c->y);
	cairo_scale(c->cr, scale, scale);
	chart_draw(c->cr, chart, c->width);
	cairo_restore(c->cr);
	c->y += h * scale + 4;
	PangoLayout *l = pdfkit_layout(c, NULL, 8.5, false, c->width);
	char *caption = g_markup_escape_text(cmark_node_get_title(img), -1);
	char *m = g_strdup_printf("<i>%s</i>", caption);
	pango_layout_set_markup(l, m, -1);
	cairo_set_source_rgb(c->cr, 0.3, 0.3, 0.3);
	pdfkit_draw_layout(c, l, c->x, NULL, 0);
	g_object_unref(l);
	g_free(caption);
	g_free(m);
	c->y += 12;
}

/* ---- tables ---------------------------------------------------------- */

typedef struct {
	size_t n_cols;
	double *widths;
	double size; /* text size: smaller for wide tables */
} TableGeometry;

static PangoLayout *cell_layout(Pdf *p, cmark_node *cell, double width,
                                bool header, double size, Inline *in)
{
	in->break_long = true;
	inline_markup(in, cell);
	PangoLayout *l = pdfkit_layout(p->c, NULL, size, header, width);
	pango_layout_set_markup(l, in->markup->str, -1);
	return l;
}

/* Widest line of the cell's text at a wrap width (< 0: no wrapping). */
static double cell_text_width(Pdf *p, cmark_node *cell, bool header,
                              double size, double wrap_width)
{
	Inline in = inline_new(p);
	PangoLayout *l = cell_layout(p, cell, -1, header, size, &in);
	pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	pango_layout_set_width(l, wrap_width < 0
	                              ? -1
	                              : (int)(wrap_width * PANGO_SCALE));
	double w = text_width(l) + 8;
	g_object_unref(l);
	inline_free(&in);
	return w;
}

/* The least width a cell may wrap to: short cells (a GPU name, a price)
 * stay on one line when the table allows it; others may wrap between
 * words, so their longest word counts.  (A layout wrapped at a tiny
 * width would break and hyphenate inside words instead.) */
static double cell_least_width(Pdf *p, cmark_node *cell, bool header,
                               double size, bool keep_short)
{
	char *text = markdown_plain_text(cell);
	if (keep_short && g_utf8_strlen(text, -1) <= 16) {
		g_free(text);
		return cell_text_width(p, cell, header, size, -1);
	}
	double widest = 0;
	char *broken = breakable(text);
	char **words = g_strsplit(broken, ZWSP, -1);
	g_free(broken);
	char *joined = g_strjoinv(" ", words);
	g_strfreev(words);
	words = g_strsplit_set(joined, " \n", -1);
	g_free(joined);
	for (char **w = words; *w; w++) {
		if (!**w)
			continue;
		PangoLayout *l = pdfkit_layout(p->c, NULL, size, header, -1);
		pango_layout_set_text(l, *w, -1);
		widest = fmax(widest, text_width(l) + 8);
		g_object_unref(l);
	}
	g_strfreev(words);
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
			                              p, c, head, g.size, !head));
			word[i] = fmax(word[i], cell_least_width(p, c, head,
			                                         g.size, false));
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

static double row_height(Pdf *p, cmark_node *row, const TableGeometry *g,
                         bool header)
{
	double h = 0;
	size_t i = 0;
	for (cmark_node *c = cmark_node_first_child(row); c && i < g->n_cols;
	     c = cmark_node_next(c), i++) {
		Inline in = inline_new(p);
		PangoLayout *l = cell_layout(p, c, g->widths[i] - 8, header,
		                             g->size, &in);
		h = fmax(h, text_height(l));
		g_object_unref(l);
		inline_free(&in);
	}
	return h + 6;
}

static void draw_row(Pdf *p, cmark_node *row, const TableGeometry *g,
                     const uint8_t *align, bool header)
{
	PdfCanvas *c = p->c;
	double h = row_height(p, row, g, header);
	if (header) {
		cairo_set_source_rgb(c->cr, 0.92, 0.94, 0.97);
		cairo_rectangle(c->cr, c->x, c->y, c->width, h);
		cairo_fill(c->cr);
	}
	double x = c->x, top = c->y;
	size_t i = 0;
	for (cmark_node *cell = cmark_node_first_child(row);
	     cell && i < g->n_cols; cell = cmark_node_next(cell), i++) {
		Inline in = inline_new(p);
		PangoLayout *l = cell_layout(p, cell, g->widths[i] - 8, header,
		                             g->size, &in);
		if (align && align[i] == 'r')
			pango_layout_set_alignment(l, PANGO_ALIGN_RIGHT);
		else if (align && align[i] == 'c')
			pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
		cairo_set_source_rgb(c->cr, 0.1, 0.1, 0.1);
		c->y = top + 3;
		pdfkit_draw_layout(c, l, x + 4, (PdfLink *)in.links->data,
		                   in.links->len);
		g_object_unref(l);
		inline_free(&in);
		x += g->widths[i];
	}
	c->y = top + h;
	cairo_set_source_rgb(c->cr, 0.8, 0.8, 0.8);
	cairo_set_line_width(c->cr, 0.4);
	cairo_move_to(c->cr, c->x, c->y);
	cairo_line_to(c->cr, c->x + c->width, c->y);
	cairo_stroke(c->cr);
}

static void table(Pdf *p, cmark_node *t)
{
	PdfCanvas *c = p->c;
	TableGeometry g = table_geometry(p, t);
	const uint8_t *align = cmark_gfm_extensions_get_table_alignments(t);
	cmark_node *header = cmark_node_first_child(t);
	double hh = row_height(p, header, &g, true);
	cmark_node *second = cmark_node_next(header);
	pdfkit_need(c, hh + (second ? row_height(p, second, &g, false) : 0));
	draw_row(p, header, &g, align, true);
	for (cmark_node *row = second; row; row = cmark_node_next(row)) {
		double h = row_height(p, row, &g, false);
		if (c->y + h > c->bottom) { /* repeat the header */
			pdfkit_new_page(c);
			draw_row(p, header, &g, align, true);
		}
		draw_row(p, row, &g, align, false);
	}
	c->y += 10;
	g_free(g.widths);
}

/* ---- block walk ------------------------------------------------------- */

static void blocks(Pdf *p, cmark_node *parent, double indent);

static void list(Pdf *p, cmark_node *l, double indent)
{
	PdfCanvas *c = p->c;
	bool ordered = cmark_node_get_list_type(l) == CMARK_ORDERED_LIST;
	int number = cmark_node_get_list_start(l);
	for (cmark_node *item = cmark_node_first_child(l); item;
	     item = cmark_node_next(item), number++) {
		char *mark = ordered ? g_strdup_printf("%d.", number)
		                     : g_strdup("\xE2\x80\xA2");
		pdfkit_need(c, 14);
		PangoLayout *m = pdfkit_layout(c, NULL, BODY_SIZE, false, 16);
		pango_layout_set_text(m, mark, -1);
		cairo_set_source_rgb(c->cr, 0.1, 0.1, 0.1);
		cairo_move_to(c->cr, c->x + indent, c->y);
		pango_cairo_show_layout(c->cr, m);
		g_object_unref(m);
		g_free(mark);
		blocks(p, item, indent + 16);
	}
	c->y += 4;
}

static void block_quote(Pdf *p, cmark_node *n, double indent)
{
	PdfCanvas *c = p->c;
	int page = c->page;
	double top = c->y;
	blocks(p, n, indent + 14);
	cairo_set_source_rgb(c->cr, 0.75, 0.78, 0.85);
	cairo_set_line_width(c->cr, 2);
	cairo_move_to(c->cr, c->x + indent + 4, page == c->page ? top
	                                                        : c->margin);
	cairo_line_to(c->cr, c->x + indent + 4, c->y - 6);
	cairo_stroke(c->cr);
}

static void paragraph(Pdf *p, cmark_node *n, double indent)
{
	bool in_item = cmark_node_get_type(cmark_node_parent(n))
	               == CMARK_NODE_ITEM;
	draw_inline(p, n, NULL, BODY_SIZE, false, indent, 0.35);
	p->c->y += in_item ? 3 : 8;
}

static void blocks(Pdf *p, cmark_node *parent, double indent)
{
	for (cmark_node *n = cmark_node_first_child(parent); n;
	     n = cmark_node_next(n)) {
		switch (cmark_node_get_type(n)) {
		case CMARK_NODE_HEADING:
			if (cmark_node_get_heading_level(n) == 1)
				break; /* the title page shows it */
			heading(p, n);
			break;
		case CMARK_NODE_PARAGRAPH:
			if (markdown_is_figure(n))
				figure(p, n);
			else
				paragraph(p, n, indent);
			break;
		case CMARK_NODE_LIST:
			list(p, n, indent);
			break;
		case CMARK_NODE_BLOCK_QUOTE:
			block_quote(p, n, indent);
			break;
		case CMARK_NODE_CODE_BLOCK:
			code_block(p, n, indent);
			break;
		case CMARK_NODE_THEMATIC_BREAK:
			rule(p);
			break;
		default:
			if (markdown_is(n, "table"))
				table(p, n);
			/* raw HTML has no place in print */
		}
	}
}

/* ---- passes ----------------------------------------------------------- */

static bool render_pass(Pdf *p, cmark_node *doc, const GArray *headings,
                        char **bytes, size_t *length, GError **error)
{
	p->c = pdfkit_open(p->opt->paper, MARGIN, &p->opt->meta,
	                   lang_get(p->opt->strings, "font.family"));
	p->c->page_end = page_end;
	p->c->page_end_data = p;
	p->slugs = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	                                 NULL);
	memset(p->outline_ids, 0, sizeof p->outline_ids);
	title_page(p);
	contents(p, headings);
	blocks(p, doc, 0);
	int pages = p->c->page;
	bool ok = pdfkit_close(p->c, bytes, length, error);
	p->c = NULL;
	g_hash_table_destroy(p->slugs);
	p->total_pages = pages;
	return ok;
}

static void free_headings(GArray *a)
{
	for (guint i = 0; i < a->len; i++) {
		g_free(g_array_index(a, Heading, i).text);
		g_free(g_array_index(a, Heading, i).slug);
	}
	g_array_free(a, TRUE);
}

bool pdf_render(cmark_node *doc, const PdfOptions *opt, char **bytes,
                size_t *length, GError **error)
{
	Pdf p = {.opt = opt,
	         .headings = g_array_new(FALSE, FALSE, sizeof(Heading))};
	/* Pass 1: contents with every heading on page 0 take as many lines
	 * as the real ones, so the pages found here stay true in pass 2. */
	char *scratch = NULL;
	size_t n = 0;
	GArray *placeholder = g_array_new(FALSE, FALSE, sizeof(Heading));
	bool ok = render_pass(&p, doc, placeholder, &scratch, &n, error);
	g_free(scratch);
	if (ok) {
		/* The pass-1 contents were empty: render once more with
		 * entries of the right length, then the final pass. */
		GArray *first = p.headings;
		p.headings = g_array_new(FALSE, FALSE, sizeof(Heading));
		ok = render_pass(&p, doc, first, &scratch, &n, error);
		g_free(scratch);
		free_headings(first);
	}
	if (ok) {
		p.known = g_hash_table_new(g_str_hash, g_str_equal);
		for (guint i = 0; i < p.headings->len; i++)
			g_hash_table_add(p.known,
			                 g_array_index(p.headings, Heading, i).slug);
		p.final_pass = true;
		ok = render_pass(&p, doc, p.headings, bytes, length, error);
		g_hash_table_destroy(p.known);
	}
	g_array_free(placeholder, TRUE);
	free_headings(p.headings);
	return ok;
}

bool pdf_write(const EditionResult *r, Site *site, GError **error)
{
	const Lang *s = r->config->strings;
	GError *err = NULL;
	char *title = markdown_document_title(r->doc);
	char *subtitle = gg_fill2(lang_need(s, "pdf.subtitle", &err),
	                          r->edition->name, r->edition->data_date);
	PdfOptions po = {
	    .paper = r->config->paper,
	    .meta = {.title = title ? title : "gpuguide",
	             .author = lang_need(s, "pdf.author", &err),
	             .subject = lang_need(s, "site.description", &err),
	             .keywords = lang_need(s, "pdf.keywords", &err),
	             .create_date = r->create_date},
	    .subtitle = subtitle,
	    .values = r->values,
	    .strings = s};
	char *bytes = NULL;
	size_t n = 0;
	bool ok = !err && pdf_render(r->doc, &po, &bytes, &n, &err);
	char *path = paths_page(r->prefix, "guide.pdf");
	ok = ok && site_write(site, path, bytes, n, &err);
	if (err)
		g_propagate_error(error, err);
	g_free(path);
	g_free(bytes);
	g_free(subtitle);
	g_free(title);
	return ok;
}
