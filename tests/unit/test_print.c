/* Unit tests of the print layer (branch print): colours that hold over
 * page breaks, widow and orphan control, destination names, the
 * document language, and where the guide's links lead. */
#include "unit.h"

#include "page_style.h"
#include "pdf_internal.h"
#include "pdfkit.h"

#include <stdlib.h>
#include <string.h>

static void grey_head(PdfCanvas *c, void *data)
{
	(void)data;
	page_set_colour(c->cr, PAGE_GUIDE.faint);
	cairo_move_to(c->cr, c->x, 10);
	cairo_line_to(c->cr, c->x + 10, 10);
	cairo_stroke(c->cr);
}

/* A layout of n lines of body text. */
static PangoLayout *lines(PdfCanvas *c, int n)
{
	GString *s = g_string_new(NULL);
	for (int i = 0; i < n; i++)
		g_string_append_printf(s, "%sline %d", i ? "\n" : "", i);
	PangoLayout *l = pdfkit_layout(c, NULL, 10, false, c->width);
	pango_layout_set_text(l, s->str, -1);
	g_string_free(s, TRUE);
	return l;
}

static double line_height(PdfCanvas *c)
{
	PangoLayout *one = lines(c, 1);
	double h = text_height(one);
	g_object_unref(one);
	return h;
}

static bool source_is(cairo_t *cr, PageColour k)
{
	double r, g, b, a;
	return cairo_pattern_get_rgba(cairo_get_source(cr), &r, &g, &b, &a)
	           == CAIRO_STATUS_SUCCESS
	       && fabs(r - k.r) < 1e-9 && fabs(g - k.g) < 1e-9
	       && fabs(b - k.b) < 1e-9;
}

/* The last place of needle in n bytes (which may hold NULs), or -1. */
static long find_last(const char *bytes, size_t n, const char *needle)
{
	size_t k = strlen(needle);
	for (size_t i = n >= k ? n - k + 1 : 0; i-- > 0;)
		if (memcmp(bytes + i, needle, k) == 0)
			return (long)i;
	return -1;
}

static void test_colour_over_page_break(void)
{
	PdfMeta meta = {"t", "a", "s", "k", "2026-01-01T00:00:00Z", "en"};
	PdfCanvas *c = pdfkit_open(PAPER_A4, 56, &meta, "DejaVu Sans");
	c->page_end = grey_head;
	c->page_start = grey_head;
	page_set_colour(c->cr, PAGE_GUIDE.ink);
	PangoLayout *l = lines(c, 150); /* more than a page */
	pdfkit_draw_layout(c, l, c->x, NULL, 0);
	CHECK(c->page >= 2);
	/* the paragraph's lines on the next page are still in ink */
	CHECK(source_is(c->cr, PAGE_GUIDE.ink));
	g_object_unref(l);
	char *bytes = NULL;
	size_t n = 0;
	CHECK(pdfkit_close(c, &bytes, &n, NULL));
	/* the language went into the catalog, and the cross-reference
	 * table still starts where startxref says */
	CHECK(find_last(bytes, n, "/Type /Catalog\n   /Lang (en)") > 0);
	long sx = find_last(bytes, n, "startxref\n");
	CHECK(sx > 0 && strncmp(bytes + atol(bytes + sx + 10), "xref\n", 5) == 0);
	g_free(bytes);
}

static void test_widows_and_orphans(void)
{
	PdfMeta meta = {"t", "a", "s", "k", "2026-01-01T00:00:00Z", NULL};
	PdfCanvas *c = pdfkit_open(PAPER_A4, 56, &meta, "DejaVu Sans");
	double h = line_height(c);
	/* orphan: room for one line of five; the paragraph moves whole */
	c->y = c->bottom - h * 1.5;
	PangoLayout *l = lines(c, 5);
	pdfkit_draw_layout(c, l, c->x, NULL, 0);
	CHECK(c->page == 2);
	CHECK_NEAR(c->y, c->margin + text_height(l), 0.01);
	/* widow: room for four lines of five; two go over, three stay */
	c->y = c->bottom - h * 4.5;
	pdfkit_draw_layout(c, l, c->x, NULL, 0);
	CHECK(c->page == 3);
	CHECK_NEAR(c->y, c->margin + 2 * h, 0.5);
	/* a paragraph longer than two pages breaks twice */
	g_object_unref(l);
	l = lines(c, 140);
	c->y = c->margin;
	int page = c->page;
	pdfkit_draw_layout(c, l, c->x, NULL, 0);
	CHECK(c->page == page + 2);
	CHECK(c->y <= c->bottom);
	g_object_unref(l);
	char *bytes = NULL;
	size_t n = 0;
	CHECK(pdfkit_close(c, &bytes, &n, NULL));
	g_free(bytes);
}

static void test_destinations_and_links(void)
{
	char *name = pdfkit_dest_name("性能");
	bool ascii = true;
	for (const char *q = name; *q; q++)
		ascii &= (unsigned char)*q < 0x80;
	CHECK(ascii);
	CHECK_STR(name, "~e6~80~a7~e8~83~bd");
	g_free(name);
	name = pdfkit_dest_name("methodology");
	CHECK_STR(name, "methodology");
	g_free(name);
	char *attr = pdfkit_link_attributes("#性能");
	CHECK_STR(attr, "dest='~e6~80~a7~e8~83~bd'");
	g_free(attr);

	PdfOptions opt = {.prefix = "zh-CN/2020-09/"};
	Pdf p = {.opt = &opt};
	attr = pdf_link_target(&p, "requests/4x-rtx-3090.pdf");
	CHECK_STR(attr, "file='requests/4x-rtx-3090.pdf'");
	g_free(attr);
	CHECK(pdf_link_target(&p, "data/guide.json") == NULL); /* plain */
	CHECK(pdf_link_target(&p, "guide.pdf") == NULL);
	CHECK(pdf_link_target(&p, "#unknown") == NULL);
	opt.base_url = "https://user.github.io/repo";
	attr = pdf_link_target(&p, "../index.html");
	CHECK_STR(attr, "uri='https://user.github.io/repo/zh-CN/index.html'");
	g_free(attr);
	attr = pdf_link_target(&p, "data/guide.json");
	CHECK_STR(attr,
	          "uri='https://user.github.io/repo/zh-CN/2020-09/data/guide.json'");
	g_free(attr);
	attr = pdf_link_target(&p, "https://example.com/a'b");
	CHECK_STR(attr, "uri='https://example.com/a\\'b'");
	g_free(attr);
}

void test_print(void)
{
	test_colour_over_page_break();
	test_widows_and_orphans();
	test_destinations_and_links();
}
