/* PDF back-end: a flow layout over the AST's blocks.  Each block is
 * measured with Pango, moved to a new page when it does not fit, and
 * drawn.  See pdf.h. */
#include "pdf.h"

#include "chart.h"
#include "markdown.h"
#include "util.h"

#include <cairo-pdf.h>
#include <cmark-gfm-core-extensions.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#define MARGIN 56.0
#define BODY_SIZE 10.0
#define FONT "DejaVu Sans"
#define MONO "DejaVu Sans Mono"

typedef struct {
	cairo_t *cr;
	cairo_surface_t *surface;
	const PdfOptions *opt;
	double page_w, page_h, x, width, y, bottom;
	int page;
	int outline_ids[7];
	const char *font;
} Pdf;

/* ---- text ---------------------------------------------------------- */

static PangoLayout *layout_new(Pdf *p, const char *family, double size,
                               bool bold, double width)
{
	PangoLayout *l = pango_cairo_create_layout(p->cr);
	PangoContext *ctx = pango_layout_get_context(l);
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	pango_cairo_context_set_font_options(ctx, fo);
	cairo_font_options_destroy(fo);
	pango_context_set_round_glyph_positions(ctx, FALSE);
	pango_layout_context_changed(l);
	PangoFontDescription *fd = pango_font_description_from_string(family);
	pango_font_description_set_size(fd, (int)(size * PANGO_SCALE));
	if (bold)
		pango_font_description_set_weight(fd, PANGO_WEIGHT_BOLD);
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_width(l, (int)(width * PANGO_SCALE));
	pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
	return l;
}

static void inline_markup(cmark_node *node, GString *out);

static void wrap(cmark_node *n, GString *out, const char *open,
                 const char *close)
{
	g_string_append(out, open);
	inline_markup(n, out);
	g_string_append(out, close);
}

/* Pango markup for the inline children of node. */
static void inline_markup(cmark_node *node, GString *out)
{
	for (cmark_node *c = cmark_node_first_child(node); c;
	     c = cmark_node_next(c)) {
		char *esc;
		switch (cmark_node_get_type(c)) {
		case CMARK_NODE_TEXT:
			esc = g_markup_escape_text(cmark_node_get_literal(c),
			                           -1);
			g_string_append(out, esc);
			g_free(esc);
			break;
		case CMARK_NODE_CODE:
			esc = g_markup_escape_text(cmark_node_get_literal(c),
			                           -1);
			g_string_append_printf(out, "<tt>%s</tt>", esc);
			g_free(esc);
			break;
		case CMARK_NODE_SOFTBREAK:
			g_string_append_c(out, ' ');
			break;
		case CMARK_NODE_LINEBREAK:
			g_string_append_c(out, '\n');
			break;
		case CMARK_NODE_EMPH:
			wrap(c, out, "<i>", "</i>");
			break;
		case CMARK_NODE_STRONG:
			wrap(c, out, "<b>", "</b>");
			break;
		case CMARK_NODE_LINK:
			wrap(c, out, "<span foreground=\"#0b5cad\">", "</span>");
			break;
		case CMARK_NODE_HTML_INLINE:
			break;
		default:
			if (markdown_is(c, "strikethrough"))
				wrap(c, out, "<s>", "</s>");
			else
				inline_markup(c, out);
		}
	}
}

/* ---- pages --------------------------------------------------------- */

static void footer(Pdf *p)
{
	char *label = g_strdup_printf("%s %d", strings_need(p->opt->strings,
	                              "pdf.page", NULL), p->page);
	PangoLayout *l = layout_new(p, p->font, 8, false, p->width);
	pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
	pango_layout_set_text(l, label, -1);
	cairo_set_source_rgb(p->cr, 0.4, 0.4, 0.4);
	cairo_move_to(p->cr, p->x, p->page_h - MARGIN / 2 - 8);
	pango_cairo_show_layout(p->cr, l);
	g_object_unref(l);
	g_free(label);
}

static void new_page(Pdf *p)
{
	footer(p);
	cairo_show_page(p->cr);
	p->page++;
	p->y = MARGIN;
}

/* Moves to a new page unless h more points fit on this one. */
static void need(Pdf *p, double h)
{
	if (p->y + h > p->bottom && p->y > MARGIN)
		new_page(p);
}

/* Draws a layout line by line, breaking pages between lines. */
static void draw_layout(Pdf *p, PangoLayout *l, double x)
{
	PangoLayoutIter *it = pango_layout_get_iter(l);
	double top = 0;
	do {
		PangoRectangle logical;
		pango_layout_iter_get_line_extents(it, NULL, &logical);
		double ly = (double)logical.y / PANGO_SCALE;
		double lh = (double)logical.height / PANGO_SCALE;
		if (p->y + (ly - top) + lh > p->bottom) {
			p->y += ly - top;
			new_page(p);
			top = ly;
		}
		int baseline = pango_layout_iter_get_baseline(it);
		cairo_set_source_rgb(p->cr, 0.1, 0.1, 0.1);
		cairo_move_to(p->cr, x,
		              p->y + ((double)baseline / PANGO_SCALE - top));
		pango_cairo_show_layout_line(p->cr,
		                             pango_layout_iter_get_line_readonly(it));
	} while (pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
	int w, h;
	pango_layout_get_size(l, &w, &h);
	p->y += (double)h / PANGO_SCALE - top;
}

static void text_block(Pdf *p, cmark_node *n, const char *family,
                       double size, bool bold, double indent, double after)
{
	GString *m = g_string_new(NULL);
	inline_markup(n, m);
	PangoLayout *l = layout_new(p, family, size, bold, p->width - indent);
	pango_layout_set_markup(l, m->str, -1);
	pango_layout_set_spacing(l, (int)(size * 0.3 * PANGO_SCALE));
	draw_layout(p, l, p->x + indent);
	g_object_unref(l);
	g_string_free(m, TRUE);
	p->y += after;
}

static void heading(Pdf *p, cmark_node *n)
{
	static const double sizes[] = {0, 20, 15, 12, 11, 10, 10};
	int level = cmark_node_get_heading_level(n);
	double size = sizes[level];
	/* Keep a heading with the start of what follows it. */
	need(p, size * 2 + 60);
	p->y += level <= 2 ? size * 0.8 : size * 0.4;
	char *text = markdown_plain_text(n);
	int parent = level > 1 ? p->outline_ids[level - 1] : 0;
	char *link = g_strdup_printf("page=%d pos=[%.0f %.0f]", p->page, p->x,
	                             p->y);
	if (level <= 3)
		p->outline_ids[level] = cairo_pdf_surface_add_outline(
		    p->surface, parent, text, link,
		    level == 1 ? CAIRO_PDF_OUTLINE_FLAG_OPEN : 0);
	g_free(link);
	g_free(text);
	text_block(p, n, p->font, size, true, 0, size * 0.5);
}

static void rule(Pdf *p)
{
	need(p, 12);
	cairo_set_source_rgb(p->cr, 0.7, 0.7, 0.7);
	cairo_set_line_width(p->cr, 0.5);
	cairo_move_to(p->cr, p->x, p->y + 6);
	cairo_line_to(p->cr, p->x + p->width, p->y + 6);
	cairo_stroke(p->cr);
	p->y += 12;
}

static void code_block(Pdf *p, cmark_node *n)
{
	PangoLayout *l = layout_new(p, MONO, 8.5, false, p->width - 12);
	pango_layout_set_text(l, cmark_node_get_literal(n), -1);
	int w, h;
	pango_layout_get_size(l, &w, &h);
	double height = (double)h / PANGO_SCALE;
	need(p, fmin(height, 80) + 12);
	cairo_set_source_rgb(p->cr, 0.95, 0.95, 0.95);
	cairo_rectangle(p->cr, p->x, p->y, p->width,
	                fmin(height, p->bottom - p->y) + 8);
	cairo_fill(p->cr);
	p->y += 4;
	draw_layout(p, l, p->x + 6);
	p->y += 10;
	g_object_unref(l);
}

static void figure(Pdf *p, cmark_node *para)
{
	cmark_node *img = cmark_node_first_child(para);
	const char *url = cmark_node_get_url(img);
	const char *slash = strrchr(url, '/');
	char *name = g_strdup(slash ? slash + 1 : url);
	char *dot = strrchr(name, '.');
	if (dot)
		*dot = '\0';
	const Chart *chart = values_chart(p->opt->values, name);
	g_free(name);
	if (!chart) { /* an image the PDF cannot draw: keep its alt text */
		text_block(p, img, p->font, BODY_SIZE, false, 0, 8);
		return;
	}
	/* A chart taller than a page is drawn smaller: it stays vector. */
	double h = chart_height(chart, p->width);
	double room = p->bottom - MARGIN - 40; /* a whole page */
	double left = p->bottom - p->y - 40;   /* what this page has left */
	double scale = 1;
	if (h > left && left >= room / 2 && left / h >= 0.55) {
		scale = left / h; /* shrink a little rather than leave a gap */
	} else if (h > left) {
		new_page(p);
		scale = h > room ? room / h : 1;
	}
	cairo_save(p->cr);
	cairo_translate(p->cr, p->x + p->width * (1 - scale) / 2, p->y);
	cairo_scale(p->cr, scale, scale);
	chart_draw(p->cr, chart, p->width);
	cairo_restore(p->cr);
	p->y += h * scale + 4;
	PangoLayout *l = layout_new(p, p->font, 8.5, false, p->width);
	char *caption = g_markup_escape_text(cmark_node_get_title(img), -1);
	char *m = g_strdup_printf("<i>%s</i>", caption);
	pango_layout_set_markup(l, m, -1);
	draw_layout(p, l, p->x);
	g_object_unref(l);
	g_free(caption);
	g_free(m);
	p->y += 12;
}

/* ---- tables -------------------------------------------------------- */

typedef struct {
	size_t n_cols;
	double *widths;
} TableGeometry;

static PangoLayout *cell_layout(Pdf *p, cmark_node *cell, double width,
                                bool header)
{
	GString *m = g_string_new(NULL);
	inline_markup(cell, m);
	PangoLayout *l = layout_new(p, p->font, 8.5, header, width);
	pango_layout_set_markup(l, m->str, -1);
	g_string_free(m, TRUE);
	return l;
}

/* Widest line of the cell's text at the given wrap width (-1: none). */
static double cell_text_width(Pdf *p, cmark_node *cell, bool header,
                              double wrap_width)
{
	PangoLayout *l = cell_layout(p, cell, -1, header);
	pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	pango_layout_set_width(l, wrap_width < 0 ? -1
	                                         : (int)(wrap_width * PANGO_SCALE));
	PangoRectangle logical;
	pango_layout_get_extents(l, NULL, &logical);
	g_object_unref(l);
	return (double)logical.width / PANGO_SCALE + 8;
}

/* Column widths: every column gets at least its longest word; the room
 * left is shared in proportion to how much more each column would use
 * unwrapped. */
static TableGeometry table_geometry(Pdf *p, cmark_node *table)
{
	TableGeometry g = {0};
	cmark_node *first = cmark_node_first_child(table);
	for (cmark_node *c = cmark_node_first_child(first); c;
	     c = cmark_node_next(c))
		g.n_cols++;
	g.widths = g_new0(double, g.n_cols);
	double *least = g_new0(double, g.n_cols);
	for (cmark_node *row = first; row; row = cmark_node_next(row)) {
		size_t i = 0;
		for (cmark_node *c = cmark_node_first_child(row);
		     c && i < g.n_cols; c = cmark_node_next(c), i++) {
			bool head = row == first;
			g.widths[i] = fmax(g.widths[i],
			                   cell_text_width(p, c, head, -1));
			least[i] = fmax(least[i],
			                cell_text_width(p, c, head, 1));
		}
	}
	double total = 0, total_least = 0;
	for (size_t i = 0; i < g.n_cols; i++) {
		total += g.widths[i];
		total_least += least[i];
	}
	if (total > p->width) {
		double room = fmax(p->width - total_least, 0);
		double want = total - total_least;
		for (size_t i = 0; i < g.n_cols; i++)
			g.widths[i] = least[i]
			              + (want > 0 ? room * (g.widths[i] - least[i])
			                                / want
			                          : 0);
	}
	g_free(least);
	return g;
}

static double row_height(Pdf *p, cmark_node *row, const TableGeometry *g,
                         bool header)
{
	double h = 0;
	size_t i = 0;
	for (cmark_node *c = cmark_node_first_child(row); c && i < g->n_cols;
	     c = cmark_node_next(c), i++) {
		PangoLayout *l = cell_layout(p, c, g->widths[i] - 8, header);
		int w, lh;
		pango_layout_get_size(l, &w, &lh);
		h = fmax(h, (double)lh / PANGO_SCALE);
		g_object_unref(l);
	}
	return h + 6;
}

static void draw_row(Pdf *p, cmark_node *row, const TableGeometry *g,
                     const uint8_t *align, bool header)
{
	double h = row_height(p, row, g, header);
	if (header) {
		cairo_set_source_rgb(p->cr, 0.92, 0.94, 0.97);
		cairo_rectangle(p->cr, p->x, p->y, p->width, h);
		cairo_fill(p->cr);
	}
	double x = p->x;
	size_t i = 0;
	for (cmark_node *c = cmark_node_first_child(row); c && i < g->n_cols;
	     c = cmark_node_next(c), i++) {
		PangoLayout *l = cell_layout(p, c, g->widths[i] - 8, header);
		if (align && align[i] == 'r')
			pango_layout_set_alignment(l, PANGO_ALIGN_RIGHT);
		else if (align && align[i] == 'c')
			pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
		cairo_set_source_rgb(p->cr, 0.1, 0.1, 0.1);
		cairo_move_to(p->cr, x + 4, p->y + 3);
		pango_cairo_show_layout(p->cr, l);
		g_object_unref(l);
		x += g->widths[i];
	}
	cairo_set_source_rgb(p->cr, 0.8, 0.8, 0.8);
	cairo_set_line_width(p->cr, 0.4);
	cairo_move_to(p->cr, p->x, p->y + h);
	cairo_line_to(p->cr, p->x + p->width, p->y + h);
	cairo_stroke(p->cr);
	p->y += h;
}

static void table(Pdf *p, cmark_node *t)
{
	TableGeometry g = table_geometry(p, t);
	const uint8_t *align = cmark_gfm_extensions_get_table_alignments(t);
	cmark_node *header = cmark_node_first_child(t);
	double hh = row_height(p, header, &g, true);
	cmark_node *second = cmark_node_next(header);
	need(p, hh + (second ? row_height(p, second, &g, false) : 0));
	draw_row(p, header, &g, align, true);
	for (cmark_node *row = second; row; row = cmark_node_next(row)) {
		double h = row_height(p, row, &g, false);
		if (p->y + h > p->bottom) { /* repeat the header */
			new_page(p);
			draw_row(p, header, &g, align, true);
		}
		draw_row(p, row, &g, align, false);
	}
	p->y += 10;
	g_free(g.widths);
}

/* ---- blocks -------------------------------------------------------- */

static void blocks(Pdf *p, cmark_node *parent, double indent);

static void list(Pdf *p, cmark_node *l, double indent)
{
	bool ordered = cmark_node_get_list_type(l) == CMARK_ORDERED_LIST;
	int number = cmark_node_get_list_start(l);
	for (cmark_node *item = cmark_node_first_child(l); item;
	     item = cmark_node_next(item), number++) {
		char *mark = ordered ? g_strdup_printf("%d.", number)
		                     : g_strdup("\xE2\x80\xA2");
		need(p, 14);
		PangoLayout *m = layout_new(p, p->font, BODY_SIZE, false, 14);
		pango_layout_set_text(m, mark, -1);
		cairo_set_source_rgb(p->cr, 0.1, 0.1, 0.1);
		cairo_move_to(p->cr, p->x + indent, p->y);
		pango_cairo_show_layout(p->cr, m);
		g_object_unref(m);
		g_free(mark);
		blocks(p, item, indent + 16);
	}
	p->y += 4;
}

static void paragraph(Pdf *p, cmark_node *n, double indent)
{
	bool tight = cmark_node_get_type(cmark_node_parent(n))
	             == CMARK_NODE_ITEM;
	GString *m = g_string_new(NULL);
	inline_markup(n, m);
	PangoLayout *l = layout_new(p, p->font, BODY_SIZE, false,
	                            p->width - indent);
	pango_layout_set_markup(l, m->str, -1);
	pango_layout_set_spacing(l, (int)(BODY_SIZE * 0.35 * PANGO_SCALE));
	draw_layout(p, l, p->x + indent);
	g_object_unref(l);
	g_string_free(m, TRUE);
	p->y += tight ? 3 : 8;
}

static void blocks(Pdf *p, cmark_node *parent, double indent)
{
	for (cmark_node *n = cmark_node_first_child(parent); n;
	     n = cmark_node_next(n)) {
		switch (cmark_node_get_type(n)) {
		case CMARK_NODE_HEADING:
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
			blocks(p, n, indent + 14);
			break;
		case CMARK_NODE_CODE_BLOCK:
			code_block(p, n);
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

static cairo_status_t append_bytes(void *closure, const unsigned char *data,
                                   unsigned int length)
{
	g_byte_array_append(closure, data, length);
	return CAIRO_STATUS_SUCCESS;
}

bool pdf_render(cmark_node *doc, const PdfOptions *opt, char **bytes,
                size_t *length, GError **error)
{
	Pdf p = {.opt = opt, .page = 1, .font = FONT};
	const char *family = strings_get(opt->strings, "font.family");
	if (family)
		p.font = family;
	p.page_w = opt->paper == PAPER_LETTER ? 612 : 595.276;
	p.page_h = opt->paper == PAPER_LETTER ? 792 : 841.89;
	p.x = MARGIN;
	p.y = MARGIN;
	p.width = p.page_w - 2 * MARGIN;
	p.bottom = p.page_h - MARGIN;
	GByteArray *buf = g_byte_array_new();
	p.surface = cairo_pdf_surface_create_for_stream(append_bytes, buf,
	                                                p.page_w, p.page_h);
	cairo_pdf_surface_set_metadata(p.surface, CAIRO_PDF_METADATA_TITLE,
	                               opt->title);
	cairo_pdf_surface_set_metadata(p.surface, CAIRO_PDF_METADATA_SUBJECT,
	                               opt->subject);
	cairo_pdf_surface_set_metadata(p.surface, CAIRO_PDF_METADATA_CREATOR,
	                               "gpuguide");
	cairo_pdf_surface_set_metadata(p.surface,
	                               CAIRO_PDF_METADATA_CREATE_DATE,
	                               opt->create_date);
	p.cr = cairo_create(p.surface);
	blocks(&p, doc, 0);
	footer(&p);
	cairo_show_page(p.cr);
	cairo_destroy(p.cr);
	cairo_surface_finish(p.surface);
	cairo_status_t st = cairo_surface_status(p.surface);
	cairo_surface_destroy(p.surface);
	if (st != CAIRO_STATUS_SUCCESS) {
		g_byte_array_free(buf, TRUE);
		g_set_error(error, GG_ERROR, GG_ERR_ENV, "PDF: %s",
		            cairo_status_to_string(st));
		return false;
	}
	*length = buf->len;
	*bytes = (char *)g_byte_array_free(buf, FALSE);
	return true;
}
