/* Purchase requests, the page: text, section titles and table rows
 * at the requests' fixed sizes (page_style.h), the header with the
 * approval fields, the footer on every page and the title repeated on
 * pages after the first.  See request_internal.h. */
#include "request_internal.h"

#include "edition_label.h"
#include "format.h"
#include "util.h"

#include <math.h>
#include <string.h>

#define ST PAGE_REQUEST

/* ---- drawing helpers --------------------------------------------------- */

/* Text across the width at size, in a colour; returns its height. */
double req_text(Req *r, double size, bool bold, const char *t,
                   double indent, PageColour colour)
{
	PdfCanvas *c = r->c;
	PangoLayout *l = pdfkit_layout(c, NULL, size, bold, c->width - indent);
	pango_layout_set_text(l, t, -1);
	page_set_colour(c->cr, colour);
	double before = c->y;
	pdfkit_draw_layout(c, l, c->x + indent, NULL, 0);
	g_object_unref(l);
	return c->y - before;
}

void req_section(Req *r, const char *key)
{
	r->c->y += 4;
	/* the heading, a table header and a first row stay together */
	pdfkit_need(r->c, 70);
	req_text(r, ST.section, true, req_s(r, key), 0, ST.ink);
	r->c->y += 3;
}

#define MAX_CELLS 6

void req_row(Req *r, const ReqCell *cells, const double *fractions,
             const char *align, size_t n, bool bold, bool shade)
{
	PdfCanvas *c = r->c;
	PangoLayout *ls[MAX_CELLS] = {0}, *ds[MAX_CELLS] = {0};
	double h = 0;
	n = MIN(n, MAX_CELLS);
	for (size_t i = 0; i < n; i++) {
		double w = fractions[i] * c->width - 6;
		double cell_h = 0;
		if (*cells[i].text) {
			ls[i] = pdfkit_layout(c, NULL, ST.caption, bold, w);
			pango_layout_set_text(ls[i], cells[i].text, -1);
			if (align[i] == 'r')
				pango_layout_set_alignment(ls[i], PANGO_ALIGN_RIGHT);
			cell_h = text_height(ls[i]);
		}
		if (cells[i].detail && *cells[i].detail) {
			ds[i] = pdfkit_layout(c, NULL, ST.footnote, false, w);
			pango_layout_set_text(ds[i], cells[i].detail, -1);
			cell_h += text_height(ds[i]);
		}
		h = fmax(h, cell_h);
	}
	/* a header row (shaded) keeps two lines of its first row with it */
	pdfkit_need(c, h + 4 + (shade ? 3 * ST.caption : 0));
	if (shade) {
		page_set_colour(c->cr, ST.table_header);
		cairo_rectangle(c->cr, c->x, c->y, c->width, h + 4);
		cairo_fill(c->cr);
	}
	double x = c->x, top = c->y;
	for (size_t i = 0; i < n; i++) {
		c->y = top + 2;
		if (ls[i]) {
			page_set_colour(c->cr, ST.ink);
			pdfkit_draw_layout(c, ls[i], x + 3, NULL, 0);
			g_object_unref(ls[i]);
		}
		if (ds[i]) {
			PdfLink link = {cells[i].link_start, cells[i].link_end,
			                (char *)cells[i].link};
			bool linked = cells[i].link
			              && cells[i].link_end > cells[i].link_start;
			page_set_colour(c->cr, ST.muted);
			pdfkit_draw_layout(c, ds[i], x + 3, linked ? &link : NULL,
			                   linked ? 1 : 0);
			g_object_unref(ds[i]);
		}
		x += fractions[i] * c->width;
	}
	c->y = top + h + 4;
	page_set_colour(c->cr, ST.table_rule);
	cairo_set_line_width(c->cr, ST.table_rule_width);
	cairo_move_to(c->cr, c->x, c->y);
	cairo_line_to(c->cr, c->x + c->width, c->y);
	cairo_stroke(c->cr);
}

static GString *use_cases_served(const Req *r)
{
	GString *s = g_string_new(NULL);
	for (size_t i = 0; i < r->recs->n; i++) {
		const Recommendation *x = &r->recs->items[i];
		if (x->buy != r->b)
			continue;
		g_string_append_printf(s, "%s%s", s->len ? "; " : "",
		                       format_use_case_title(r->s, x->use_case));
	}
	return s;
}

void req_fields(Req *r, const char *const *keys, size_t n)
{
	PdfCanvas *c = r->c;
	const double line_h = 15, gap = 14, col_w = c->width / 2;
	for (size_t i = 0; i < n; i++) {
		size_t column = i % 2;
		double x = c->x + column * col_w;
		if (column == 0)
			pdfkit_need(c, line_h);
		PangoLayout *l = pdfkit_layout(c, NULL, ST.caption, false, -1);
		pango_layout_set_text(l, req_s(r, keys[i]), -1);
		double base_line = c->y + line_h - 4;
		double base = (double)pango_layout_get_baseline(l) / PANGO_SCALE;
		page_set_colour(c->cr, ST.muted);
		cairo_move_to(c->cr, x, base_line - base);
		pango_cairo_show_layout(c->cr, l);
		page_set_colour(c->cr, ST.table_rule);
		cairo_set_line_width(c->cr, ST.table_rule_width);
		cairo_move_to(c->cr, x + text_width(l) + 4, base_line + 1);
		cairo_line_to(c->cr, x + col_w - gap, base_line + 1);
		cairo_stroke(c->cr);
		g_object_unref(l);
		if (column == 1)
			c->y += line_h;
	}
	if (n % 2)
		c->y += line_h;
	c->y += 4;
}

/* The approval fields a purchasing office fills in by hand: labelled
 * lines, two to a row (keys request.field.*), the signatures last. */
static void approval_fields(Req *r)
{
	static const char *const FIELDS[] = {
	    "request.field.requester", "request.field.cost_centre",
	    "request.field.approver", "request.field.date",
	    "request.field.vendor_quote", "request.field.delivery_address",
	    "request.field.requester_signature",
	    "request.field.approver_signature"};
	req_section(r, "request.approval");
	req_fields(r, FIELDS, G_N_ELEMENTS(FIELDS));
}

void req_header(Req *r)
{
	char *name = format_build_name(r->s, r->e, r->b);
	char *title = gg_fill2(req_s(r, "request.title"), name, "");
	req_text(r, ST.title, true, title, 0, ST.ink);
	/* the edition by its date, never its folder's name */
	char *edition = edition_dated_label(r->s, r->e);
	char *sub = gg_fill2(req_s(r, "request.subtitle"), edition, r->e->data_date);
	g_free(edition);
	r->c->y += 2;
	req_text(r, ST.subtitle, false, sub, 0, ST.muted);
	GString *uses = use_cases_served(r);
	char *for_text = gg_fill2(req_s(r, "request.for"), uses->str, "");
	req_text(r, ST.subtitle, false, for_text, 0, ST.muted);
	g_string_free(uses, TRUE);
	g_free(for_text);
	g_free(sub);
	g_free(title);
	g_free(name);
	approval_fields(r);
}

/* The guide's address: under --base-url the edition's page (*link gets
 * its link attributes), else the guide's file named (no link).  Caller
 * frees. */
static char *guide_address(const Req *r, char **link)
{
	if (r->base_url && *r->base_url) {
		char *url = g_strconcat(r->base_url,
		                        g_str_has_suffix(r->base_url, "/") ? ""
		                                                           : "/",
		                        r->prefix ? r->prefix : "", NULL);
		*link = pdfkit_link_attributes(url);
		return url;
	}
	/* a relative link dies once the PDF is attached to an email: name
	 * the guide's file instead */
	*link = NULL;
	return g_strdup(req_s(r, "request.guide_file"));
}

/* Page end: the footer (edition, the guide's address, page n of N). */
void req_footer(PdfCanvas *c, void *data)
{
	Req *r = data;
	char *dated = edition_dated_label(r->s, r->e);
	char *edition = gg_fill2(req_s(r, "request.footer_edition"), dated,
	                         r->e->data_date);
	g_free(dated);
	char *link = NULL;
	char *address = guide_address(r, &link);
	char *marked = gg_fill2(req_s(r, "request.footer"), edition, "\x01");
	char *at = strchr(marked, '\x01');
	int start = at ? (int)(at - marked) : 0;
	if (at)
		*at = '\0';
	char *line = g_strconcat(marked, at ? address : "", at ? at + 1 : "",
	                         NULL);
	char *n = g_strdup_printf("%d", c->page);
	char *total = g_strdup_printf("%d", MAX(r->total_pages, c->page));
	char *page = gg_fill2(req_s(r, "pdf.page_of"), n, total);
	double y = c->page_h - ST.margin + 10;
	PangoLayout *p = pdfkit_layout(c, NULL, ST.small, false, -1);
	pango_layout_set_text(p, page, -1);
	double page_w = text_width(p);
	PangoLayout *l = pdfkit_layout(c, NULL, ST.small, false,
	                               c->width - page_w - 12);
	pango_layout_set_text(l, line, -1);
	page_set_colour(c->cr, ST.rule);
	cairo_set_line_width(c->cr, ST.rule_width);
	cairo_move_to(c->cr, c->x, y - 4);
	cairo_line_to(c->cr, c->x + c->width, y - 4);
	cairo_stroke(c->cr);
	page_set_colour(c->cr, ST.muted);
	double saved_y = c->y, saved_bottom = c->bottom;
	c->y = y;
	c->bottom = c->page_h; /* the footer sits in the bottom margin */
	PdfLink links[] = {{start, start + (int)strlen(address), link}};
	pdfkit_draw_layout(c, l, c->x, links, at && link ? 1 : 0);
	cairo_move_to(c->cr, c->x + c->width - page_w, y);
	pango_cairo_show_layout(c->cr, p);
	c->y = saved_y;
	c->bottom = saved_bottom;
	g_object_unref(l);
	g_object_unref(p);
	g_free(page);
	g_free(total);
	g_free(n);
	g_free(line);
	g_free(marked);
	g_free(address);
	g_free(link);
	g_free(edition);
}

/* Page start (pages after the first): the request's title again. */
void req_repeated_header(PdfCanvas *c, void *data)
{
	Req *r = data;
	char *name = format_build_name(r->s, r->e, r->b);
	char *title = gg_fill2(req_s(r, "request.title"), name, "");
	char *continued = gg_fill2(req_s(r, "request.continued"), title, "");
	req_text(r, ST.section, true, continued, 0, ST.ink);
	page_set_colour(c->cr, ST.rule);
	cairo_set_line_width(c->cr, ST.rule_width);
	cairo_move_to(c->cr, c->x, c->y + 3);
	cairo_line_to(c->cr, c->x + c->width, c->y + 3);
	cairo_stroke(c->cr);
	c->y += 10;
	g_free(continued);
	g_free(title);
	g_free(name);
}

