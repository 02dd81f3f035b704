/* PDF back-end: a flow layout over the AST's blocks, run as measuring
 * passes that learn on which page each heading lands and how long the
 * contents is, then a final pass that draws the table of contents with
 * those pages (see pdf_render).  See pdf.h. */
#include "pdf.h"

#include "pdf_internal.h"
#include "page_style.h"

#include "chart_render.h"
#include "edition_label.h"
#include "markdown.h"
#include "paths.h"
#include "util.h"

#include <cairo-pdf.h>
#include <cmark-gfm-core-extensions.h>
#include <math.h>
#include <string.h>

#define ST PAGE_GUIDE

static const char *S(const Pdf *p, const char *key)
{
	return lang_need(p->opt->strings, key, NULL);
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
	PangoLayout *l = pdfkit_layout(c, NULL, ST.small, false, c->width);
	pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
	pango_layout_set_text(l, label, -1);
	page_set_colour(c->cr, ST.faint);
	cairo_move_to(c->cr, c->x, c->page_h - ST.margin / 2 - 8);
	pango_cairo_show_layout(c->cr, l);
	g_object_unref(l);
	/* running head */
	l = pdfkit_layout(c, NULL, ST.small, false, c->width);
	pango_layout_set_text(l, p->opt->meta.title, -1);
	pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
	cairo_move_to(c->cr, c->x, ST.margin / 2);
	pango_cairo_show_layout(c->cr, l);
	g_object_unref(l);
	g_free(label);
	g_free(n);
	g_free(total);
}

/* A plain text at size across the text column, drawn in colour. */
static void plain_text(Pdf *p, const char *text, double size, bool bold,
                       PageColour colour)
{
	PdfText t = {.size = size, .bold = bold, .width = p->c->width,
	             .text = text};
	page_set_colour(p->c->cr, colour);
	pdfkit_draw_text(p->c, &t, p->c->x, NULL, 0);
}

static void title_page(Pdf *p)
{
	PdfCanvas *c = p->c;
	c->y = c->page_h * 0.30;
	char *title = pdf_keep_numbers(p->opt->meta.title);
	plain_text(p, title, ST.title, true, ST.ink);
	g_free(title);
	c->y += 18;
	plain_text(p, p->opt->subtitle, ST.subtitle, false, ST.muted);
	c->y += 40;
	plain_text(p, p->opt->meta.subject, ST.body, false, ST.ink);
	pdfkit_new_page(c);
}

/* One contents line: the heading, dot leaders, the page, all a link. */
static void toc_entry(Pdf *p, const Heading *h)
{
	PdfCanvas *c = p->c;
	double indent = h->level == 2 ? 0 : 16;
	double size = ST.contents[h->level == 2 ? 0 : 1];
	char *page = g_strdup_printf("%d", h->page);
	PdfText num = {.size = size, .width = -1, .text = page};
	const PdfMetrics *num_m = pdfkit_measure(c, &num);
	double num_w = num_m->width;
	PdfText entry = {.size = size, .bold = h->level == 2,
	                 .width = c->width - indent - num_w - 24,
	                 .text = h->text};
	const PdfMetrics *entry_m = pdfkit_measure(c, &entry);
	pdfkit_need(c, entry_m->height + 4);
	double top = c->y;
	page_set_colour(c->cr, ST.ink);
	pdfkit_draw_text(c, &entry, c->x + indent, NULL, 0);
	if (pdfkit_drawing(c)) {
		/* leaders from the end of the text's last line to the
		 * number */
		double end_x = c->x + indent + entry_m->width + 6;
		double right = c->x + c->width - num_w - 6;
		page_set_colour(c->cr, ST.leader);
		for (double x = end_x; x < right; x += 4) {
			cairo_rectangle(c->cr, x, c->y - 4, 0.8, 0.8);
		}
		cairo_fill(c->cr);
		page_set_colour(c->cr, ST.ink);
		cairo_move_to(c->cr, c->x + c->width - num_w,
		              c->y - num_m->height);
		PangoLayout *l = pdfkit_text_layout(c, &num);
		pango_cairo_show_layout(c->cr, l);
		g_object_unref(l);
		char *name = pdfkit_dest_name(h->slug);
		char *attr = g_strdup_printf(
		    "dest='%s' rect=[%.2f %.2f %.2f %.2f]", name, c->x + indent,
		    top, c->width - indent, c->y - top);
		cairo_tag_begin(c->cr, CAIRO_TAG_LINK, attr);
		cairo_tag_end(c->cr, CAIRO_TAG_LINK);
		g_free(attr);
		g_free(name);
	}
	c->y += h->level == 2 ? 5 : 2;
	g_free(page);
}

static void contents(Pdf *p, const GArray *headings)
{
	PdfCanvas *c = p->c;
	plain_text(p, S(p, "pdf.contents"), ST.heading[0] - 2, true, ST.ink);
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
	PdfCanvas *c = p->c;
	int level = cmark_node_get_heading_level(n);
	double size = ST.heading[level - 1];
	/* keep a heading with the first lines of what follows it */
	double gap = level <= 2 ? size * 0.8 : size * 0.4;
	double keep = gap + pdf_heading_height(p, n)
	              + pdf_lead_height(p, cmark_node_next(n), 0);
	pdfkit_need(c, fmin(keep, c->bottom - c->margin));
	if (c->y > c->margin)
		c->y += gap;
	char *text = markdown_plain_text(n);
	char *slug = markdown_slug(text, p->slugs);
	Heading h = {g_strdup(text), g_strdup(slug), level, c->page};
	if (!p->final_pass)
		g_array_append_val(p->headings, h);
	else {
		g_free(h.text);
		g_free(h.slug);
	}
	char *name = pdfkit_dest_name(slug);
	char *dest = g_strdup_printf("name='%s'", name);
	cairo_tag_begin(c->cr, CAIRO_TAG_DEST, dest);
	if (level <= 3 && pdfkit_drawing(c)) {
		char *target = g_strdup_printf("dest='%s'", name);
		int parent = level > 1 ? p->outline_ids[level - 1] : 0;
		p->outline_ids[level] = cairo_pdf_surface_add_outline(
		    c->surface, parent, text, target,
		    level == 1 ? CAIRO_PDF_OUTLINE_FLAG_OPEN : 0);
		g_free(target);
	}
	pdf_draw_inline(p, n, NULL, size, true, 0, 0.1);
	cairo_tag_end(c->cr, CAIRO_TAG_DEST);
	c->y += size * 0.5;
	g_free(dest);
	g_free(name);
	g_free(slug);
	g_free(text);
}

static void rule(Pdf *p)
{
	PdfCanvas *c = p->c;
	pdfkit_need(c, 12);
	page_set_colour(c->cr, ST.rule);
	cairo_set_line_width(c->cr, ST.rule_width);
	cairo_move_to(c->cr, c->x, c->y + 6);
	cairo_line_to(c->cr, c->x + c->width, c->y + 6);
	cairo_stroke(c->cr);
	c->y += 12;
}

static void code_block(Pdf *p, cmark_node *n, double indent)
{
	PdfCanvas *c = p->c;
	PdfText t = {.family = S(p, "font.mono"), .size = ST.caption,
	             .width = c->width - indent - 12,
	             .text = cmark_node_get_literal(n)};
	double height = pdfkit_measure(c, &t)->height;
	pdfkit_need(c, fmin(height, 80) + 12);
	page_set_colour(c->cr, ST.code_bg);
	cairo_rectangle(c->cr, c->x + indent, c->y,
	                c->width - indent, fmin(height, c->bottom - c->y) + 8);
	cairo_fill(c->cr);
	c->y += 4;
	page_set_colour(c->cr, ST.ink);
	pdfkit_draw_text(c, &t, c->x + indent + 6, NULL, 0);
	c->y += 10;
}

/* Draws bars first .. first + n of chart (n PDF_CHART_WHOLE: all of it),
 * laid out layout_w wide and scaled by scale, centred at the canvas's
 * y. */
static void draw_view(PdfCanvas *c, const Chart *chart, size_t first,
                      size_t n, double layout_w, double scale)
{
	/* the canvas borrows view's bars */
	Chart view = n == PDF_CHART_WHOLE ? *chart
	                                  : chart_bar_part(chart, first, n);
	ChartCanvas *cv = chart_canvas_new(n == PDF_CHART_WHOLE ? chart : &view,
	                                   layout_w);
	double fit = scale * layout_w / c->width; /* of the text width */
	cairo_save(c->cr);
	cairo_translate(c->cr, c->x + c->width * (1 - fit) / 2, c->y);
	cairo_scale(c->cr, scale, scale);
	chart_canvas_replay(cv, c->cr, &CHART_LIGHT);
	cairo_restore(c->cr);
	chart_canvas_free(cv);
}

/* A chart at the full text width, laid out at the web width (so its
 * smallest text, 11.5 px, prints at 7.5 pt or more on A4 and Letter).
 * A bar chart taller than a page is split into parts that each fill a
 * page, every part with the title, legend, axis and the whole chart's
 * scale; the caption, after the last part, says so. */
static void figure(Pdf *p, cmark_node *para)
{
	PdfCanvas *c = p->c;
	cmark_node *img = cmark_node_first_child(para);
	char *name = paths_chart_name(cmark_node_get_url(img));
	const Chart *chart = name ? values_chart(p->opt->values, name) : NULL;
	g_free(name);
	if (!chart) { /* an image the PDF cannot draw: keep its alt text */
		pdf_draw_inline(p, img, NULL, ST.body, false, 0, 0.3);
		c->y += 8;
		return;
	}
	double layout_w = pdf_chart_layout_width(c);
	double scale = c->width / layout_w;
	/* a whole page, less the caption with a split note */
	char *most = pdf_split_note(p, 9);
	double room = c->bottom - c->margin - pdf_caption_room(p, img, most);
	g_free(most);
	size_t parts = 0;
	/* a bar chart shows its first CHART_MAX_BARS bars, as on the site
	 * (its caption says so) */
	size_t total = MIN(chart->n_bars, (size_t)CHART_MAX_BARS);
	/* the view drawn next: the whole chart, or bars first .. first + n
	 * (heights kept across passes; a canvas only where it is drawn) */
	size_t view_first = 0, view_n = PDF_CHART_WHOLE;
	double view_h = pdf_chart_height(p, chart, 0, PDF_CHART_WHOLE);
	char *note = NULL;
	for (size_t first = 0;;) {
		size_t n = total - first;
		double left = c->bottom - c->y - (c->bottom - c->margin - room);
		if (view_h * scale > left) {
			/* a bar chart fills what is left of a page of at least a
			 * third with its first bars; otherwise a new page */
			size_t k = 0;
			if (chart->kind != CHART_XY && left >= room / 3)
				k = pdf_chart_bars_fitting(p, chart, first, n,
				                           left / scale);
			if (k < 3 && c->y > c->margin) {
				pdfkit_new_page(c);
				left = room;
				if (chart->kind != CHART_XY
				    && view_h * scale > room)
					k = pdf_chart_bars_fitting(p, chart, first,
					                           n, room / scale);
			}
			if (k > 0 && k < n) {
				n = k;
				view_first = first;
				view_n = n;
				view_h = pdf_chart_height(p, chart, first, n);
			}
		}
		bool last = chart->kind == CHART_XY || first + n >= total;
		if (last)
			note = pdf_split_note(p, parts + 1);
		double h = view_h * scale;
		double fit = fmin(1, room / h); /* an XY chart taller than a page */
		if (pdfkit_drawing(c))
			draw_view(c, chart, view_first, view_n, layout_w,
			          scale * fit);
		c->y += h * fit + 4;
		parts++;
		first += n;
		if (last)
			break;
		pdfkit_new_page(c);
		view_first = first;
		view_n = total - first;
		view_h = pdf_chart_height(p, chart, first, total - first);
	}
	pdf_draw_caption(p, img, note);
	g_free(note);
}

/* ---- floating figures -------------------------------------------------- */

/* Page start: the figures waiting for a page go at its top, in order
 * (a figure that does not fit under the one before it starts the next
 * page itself). */
static void place_floats(PdfCanvas *c, void *data)
{
	(void)c;
	Pdf *p = data;
	if (p->placing_floats)
		return;
	p->placing_floats = true;
	while (p->floats->len > 0)
		figure(p, g_ptr_array_steal_index(p->floats, 0));
	p->placing_floats = false;
}

/* A figure where it stands when it fits (or when nothing of its section
 * follows to fill the page); otherwise it waits for the next page. */
static void place_figure(Pdf *p, cmark_node *n)
{
	PdfCanvas *c = p->c;
	bool fits = pdf_figure_lead(p, n) <= c->bottom - c->y
	            || c->y <= c->margin;
	if (p->floats->len == 0 && (fits || !pdf_may_float(n)))
		figure(p, n);
	else
		g_ptr_array_add(p->floats, n);
}

/* Places the waiting figures before a section ends: here while they
 * fit, the rest at the top of the next page.  With may_defer, a figure
 * that does not fit on a page still more than half empty keeps waiting
 * (the next section's text fills the page; page_start places it), so no
 * page is left half empty before a tall chart. */
static void flush_floats(Pdf *p, bool may_defer)
{
	PdfCanvas *c = p->c;
	while (p->floats->len > 0) {
		cmark_node *n = g_ptr_array_index(p->floats, 0);
		if (pdf_figure_lead(p, n) <= c->bottom - c->y) {
			g_ptr_array_remove_index(p->floats, 0);
			figure(p, n);
		} else if (may_defer
		           && c->bottom - c->y > (c->bottom - c->margin) / 2) {
			return;
		} else {
			pdfkit_new_page(c);
		}
	}
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
		if (pdfkit_drawing(c)) {
			PangoLayout *m = pdfkit_layout(c, NULL, ST.body, false,
			                               16);
			pango_layout_set_text(m, mark, -1);
			page_set_colour(c->cr, ST.ink);
			cairo_move_to(c->cr, c->x + indent, c->y);
			pango_cairo_show_layout(c->cr, m);
			g_object_unref(m);
		}
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
	page_set_colour(c->cr, ST.quote_bar);
	cairo_set_line_width(c->cr, ST.quote_bar_width);
	cairo_move_to(c->cr, c->x + indent + 4, page == c->page ? top
	                                                        : c->margin);
	cairo_line_to(c->cr, c->x + indent + 4, c->y - 6);
	cairo_stroke(c->cr);
}

static void paragraph(Pdf *p, cmark_node *n, double indent)
{
	bool in_item = cmark_node_get_type(cmark_node_parent(n))
	               == CMARK_NODE_ITEM;
	pdf_draw_inline(p, n, NULL, ST.body, false, indent, 0.35);
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
			if (cmark_node_get_heading_level(n) == 2)
				flush_floats(p, true);
			heading(p, n);
			break;
		case CMARK_NODE_PARAGRAPH:
			if (markdown_is_figure(n))
				place_figure(p, n);
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
				pdf_table(p, n);
			/* raw HTML has no place in print */
		}
	}
}

/* ---- passes ----------------------------------------------------------- */

/* One pass over the document: on a measuring canvas unless it is the
 * final pass, whose bytes are the PDF (NULL before). */
static bool render_pass(Pdf *p, cmark_node *doc, const GArray *headings,
                        char **bytes, size_t *length, GError **error)
{
	p->c = p->final_pass
	           ? pdfkit_open_shared(p->opt->paper, ST.margin, &p->opt->meta,
	                                S(p, "font.sans"), p->texts)
	           : pdfkit_open_measuring(p->opt->paper, ST.margin,
	                                   S(p, "font.sans"), p->texts);
	p->c->page_end = page_end;
	p->c->page_end_data = p;
	p->c->page_start = place_floats;
	p->c->page_start_data = p;
	p->floats = g_ptr_array_new();
	p->slugs = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	                                 NULL);
	memset(p->outline_ids, 0, sizeof p->outline_ids);
	title_page(p);
	contents(p, headings);
	p->body_page = p->c->page;
	if (!p->contents_only) {
		blocks(p, doc, 0);
		flush_floats(p, false);
	}
	g_ptr_array_free(p->floats, TRUE);
	p->floats = NULL;
	if (p->link_by_text)
		g_hash_table_destroy(p->link_by_text);
	p->link_by_text = NULL;
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

/* Three passes, the first two measuring only.  Pass 1 lays out the
 * body after an empty contents and learns the page of every heading.
 * The body does not depend on what comes before it but for the page it
 * starts on (a new page after the contents), so pass 2 lays out only the
 * title page and the contents with those pages: the headings then move
 * by as many pages as the contents grew.  The final pass draws, with the
 * contents of pass 2 (its entries as long as the final ones). */
bool pdf_render(cmark_node *doc, const PdfOptions *opt, char **bytes,
                size_t *length, GError **error)
{
	Pdf p = {.opt = opt,
	         .headings = g_array_new(FALSE, FALSE, sizeof(Heading)),
	         .texts = pdfkit_texts_new()};
	char *scratch = NULL;
	size_t n = 0;
	GArray *placeholder = g_array_new(FALSE, FALSE, sizeof(Heading));
	bool ok = render_pass(&p, doc, placeholder, &scratch, &n, error);
	int body_page = p.body_page, pages = p.total_pages;
	if (ok) {
		GArray *first = p.headings;
		p.headings = g_array_new(FALSE, FALSE, sizeof(Heading));
		p.contents_only = true;
		ok = render_pass(&p, doc, first, &scratch, &n, error);
		p.contents_only = false;
		free_headings(p.headings);
		p.headings = first;
		int shift = p.body_page - body_page;
		for (guint i = 0; i < first->len; i++)
			g_array_index(first, Heading, i).page += shift;
		p.total_pages = pages + shift;
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
	pdf_geometries_clear(&p);
	pdfkit_texts_free(p.texts);
	return ok;
}

bool pdf_write(const EditionResult *r, Site *site, GError **error)
{
	const Lang *s = r->config->strings;
	GError *err = NULL;
	char *title = markdown_document_title(r->doc);
	/* the edition by its date, never its folder's name */
	char *edition = edition_dated_label(s, r->edition);
	char *subtitle = gg_fill2(lang_need(s, "pdf.subtitle", &err),
	                          edition, r->edition->data_date);
	g_free(edition);
	PdfOptions po = {
	    .paper = r->config->paper,
	    .meta = {.title = title ? title : "gpuguide",
	             .author = lang_need(s, "pdf.author", &err),
	             .subject = lang_need(s, "site.description", &err),
	             .keywords = lang_need(s, "pdf.keywords", &err),
	             .create_date = r->create_date,
	             .lang = r->config->lang},
	    .subtitle = subtitle,
	    .values = r->values,
	    .strings = s,
	    .base_url = r->config->base_url,
	    .prefix = r->prefix};
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
