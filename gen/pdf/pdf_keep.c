/* PDF back-end, keep-together: what must share a page.  A figure keeps
 * room for its whole caption under the chart; a heading moves to the
 * next page unless the first lines of what follows it (two lines of a
 * paragraph, a table's header and first row, a figure as figure()
 * places it) fit under it.  A figure that does not fit where it stands
 * floats to the top of the next page while the text after it fills this
 * one (pdf.c), so no page is left half empty before a tall chart.  Widows and orphans inside a paragraph are
 * pdfkit's (pdfkit_draw_layout).  See pdf_internal.h. */
#include "pdf_internal.h"

#include "chart_render.h"
#include "markdown.h"
#include "page_style.h"
#include "paths.h"
#include "util.h"

#include <math.h>
#include <string.h>

/* The caption of an image (its title, and note after it when not NULL)
 * at the text width, as markup in *t (caller frees the returned markup). */
static char *caption_text(Pdf *p, cmark_node *img, const char *note,
                          PdfText *t)
{
	const char *title = cmark_node_get_title(img);
	char *text = note ? gg_fill2(lang_need(p->opt->strings, "format.aside", NULL), title ? title : "",
	                             note)
	                  : g_strdup(title ? title : "");
	char *caption = g_markup_escape_text(text, -1);
	char *m = pdf_styled_span(p, "font.caption", caption);
	g_free(text);
	g_free(caption);
	*t = (PdfText){.size = PAGE_GUIDE.caption, .width = p->c->width,
	               .text = m, .markup = true};
	return m;
}

char *pdf_split_note(Pdf *p, size_t parts)
{
	if (parts < 2)
		return NULL;
	char *count = g_strdup_printf("%zu", parts);
	char *note = gg_fill2(lang_need(p->opt->strings, "chart.print_split", NULL), count, "");
	g_free(count);
	return note;
}

double pdf_chart_layout_width(const PdfCanvas *c)
{
	return fmin(CHART_WIDTH, c->width / 7.5 * CHART_STYLE_WIDE.small);
}

/* ---- chart views ----------------------------------------------------- */

/* chart_height keeps every height it finds for the process, so the
 * passes lay a view out once. */
double pdf_chart_height(const Pdf *p, const Chart *chart, size_t first,
                        size_t n)
{
	Chart view = n == PDF_CHART_WHOLE ? *chart
	                                  : chart_bar_part(chart, first, n);
	return chart_height(&view, pdf_chart_layout_width(p->c));
}

size_t pdf_chart_bars_fitting(const Pdf *p, const Chart *chart,
                              size_t first, size_t n, double height)
{
	Chart rest = chart_bar_part(chart, first, n);
	return chart_bars_fitting(&rest, pdf_chart_layout_width(p->c), height);
}

/* The room a figure keeps under its chart on the same page: the whole
 * caption and the gaps around it (at least the 40 pt figures always
 * kept), so a caption never starts a page of its own. */
double pdf_caption_room(Pdf *p, cmark_node *img, const char *note)
{
	PdfText t;
	char *m = caption_text(p, img, note, &t);
	double h = pdfkit_measure(p->c, &t)->height + 6;
	g_free(m);
	return fmax(h, 40);
}

/* Draws the caption under the chart (it fits: see caption_room). */
void pdf_draw_caption(Pdf *p, cmark_node *img, const char *note)
{
	PdfCanvas *c = p->c;
	PdfText t;
	char *m = caption_text(p, img, note, &t);
	page_set_colour(c->cr, PAGE_GUIDE.muted);
	pdfkit_draw_text(c, &t, c->x, NULL, 0);
	g_free(m);
	c->y += 12;
}

/* The least height a figure needs to stay on the page it starts on:
 * figure() in pdf.c draws a chart at the full text width (laid out at
 * pdf_chart_layout_width); a bar chart starts where a third of a page
 * is left, split into parts that fill the pages, while an XY chart
 * starts the next page when it does not fit whole.  This mirrors that rule, so a heading before a figure
 * can move with it. */
double pdf_figure_lead(Pdf *p, cmark_node *para)
{
	PdfCanvas *c = p->c;
	cmark_node *img = cmark_node_first_child(para);
	char *name = paths_chart_name(cmark_node_get_url(img));
	const Chart *chart = name ? values_chart(p->opt->values, name) : NULL;
	g_free(name);
	if (!chart)
		return PAGE_GUIDE.body * 2;
	double reserve = pdf_caption_room(p, img, NULL);
	double layout_w = pdf_chart_layout_width(c);
	double h = pdf_chart_height(p, chart, 0, PDF_CHART_WHOLE)
	           * (c->width / layout_w);
	double room = c->bottom - c->margin - reserve;
	if (chart->kind != CHART_XY) /* its first bars fill a third */
		return fmin(h, room / 3) + reserve;
	return h > room ? room : h + reserve;
}

bool pdf_may_float(cmark_node *para)
{
	cmark_node *next = cmark_node_next(para);
	return next && !(cmark_node_get_type(next) == CMARK_NODE_HEADING
	                 && cmark_node_get_heading_level(next) <= 2);
}

/* The height of the first lines of a paragraph at the body size: two
 * (a paragraph of three lines or fewer whole, which widow control would
 * keep together anyway). */
static double paragraph_lead(Pdf *p, cmark_node *n, double indent)
{
	PdfCanvas *c = p->c;
	Inline in = pdf_inline_new(p);
	pdf_inline_markup(&in, n);
	PdfText t = {.size = PAGE_GUIDE.body, .width = c->width - indent,
	             .text = in.markup->str, .markup = true,
	             .spacing = (int)(PAGE_GUIDE.body * 0.35 * PANGO_SCALE)};
	const PdfMetrics *m = pdfkit_measure(c, &t);
	double h = m->height;
	if (m->n_lines > 3)
		h = m->lines[1].y + m->lines[1].height;
	pdf_inline_free(&in);
	return h;
}

double pdf_lead_height(Pdf *p, cmark_node *n, double indent)
{
	if (!n)
		return 0;
	switch (cmark_node_get_type(n)) {
	case CMARK_NODE_PARAGRAPH:
		if (!markdown_is_figure(n))
			return paragraph_lead(p, n, indent);
		/* a figure that does not fit floats: what follows it
		 * comes next on the page */
		return pdf_may_float(n)
		           ? fmin(pdf_figure_lead(p, n),
		                  pdf_lead_height(p, cmark_node_next(n), indent))
		           : pdf_figure_lead(p, n);
	case CMARK_NODE_LIST:
	case CMARK_NODE_ITEM:
	case CMARK_NODE_BLOCK_QUOTE:
		return pdf_lead_height(p, cmark_node_first_child(n), indent + 16);
	case CMARK_NODE_CODE_BLOCK:
		return 80;
	case CMARK_NODE_HEADING: {
		int level = cmark_node_get_heading_level(n);
		return pdf_heading_height(p, n) + PAGE_GUIDE.heading[level - 1]
		       + pdf_lead_height(p, cmark_node_next(n), indent);
	}
	default:
		return markdown_is(n, "table") ? pdf_table_lead(p, n) : 0;
	}
}

double pdf_heading_height(Pdf *p, cmark_node *n)
{
	int level = cmark_node_get_heading_level(n);
	double size = PAGE_GUIDE.heading[level - 1];
	char *text = markdown_plain_text(n);
	PdfText t = {.size = size, .bold = true, .width = p->c->width,
	             .text = text, .spacing = (int)(size * 0.1 * PANGO_SCALE)};
	double h = pdfkit_measure(p->c, &t)->height + size * 0.5;
	g_free(text);
	return h;
}
