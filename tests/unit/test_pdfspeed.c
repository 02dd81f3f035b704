/* Unit tests of the measuring layout (branch pdfspeed): a measuring
 * canvas flows text onto the same pages as a drawing one, draws
 * nothing and writes no bytes; cached measures equal a fresh layout's,
 * also when a wrapped text is measured from its unwrapped layout. */
#include "unit.h"

#include "pdfkit.h"

#include <string.h>

static int pages_ended;

static void count_end(PdfCanvas *c, void *data)
{
	(void)c;
	(void)data;
	pages_ended++;
}

/* A paragraph of n sentences. */
static char *paragraph(int n)
{
	GString *s = g_string_new(NULL);
	for (int i = 0; i < n; i++)
		g_string_append_printf(s, "%sSentence %d of a long paragraph "
		                          "that wraps over many lines.",
		                       i ? " " : "", i);
	return g_string_free(s, FALSE);
}

/* Flows three long paragraphs; returns the last page, *y the end. */
static int flow(PdfCanvas *c, const char *text, double *y)
{
	c->page_end = count_end;
	for (int i = 0; i < 3; i++) {
		PdfText t = {.size = 10, .width = c->width - 10 * i,
		             .text = text,
		             .spacing = (int)(10 * 0.35 * PANGO_SCALE)};
		pdfkit_draw_text(c, &t, c->x, NULL, 0);
		c->y += 8;
	}
	*y = c->y;
	return c->page;
}

static void same_metrics(PdfCanvas *c, const PdfText *t)
{
	const PdfMetrics *m = pdfkit_measure(c, t);
	PangoLayout *l = pdfkit_text_layout(c, t);
	PangoRectangle logical;
	pango_layout_get_extents(l, NULL, &logical);
	CHECK(m->width == (double)logical.width / PANGO_SCALE);
	CHECK(m->height == (double)logical.height / PANGO_SCALE);
	CHECK(m->baseline
	      == (double)pango_layout_get_baseline(l) / PANGO_SCALE);
	CHECK(m->n_lines == pango_layout_get_line_count(l));
	g_object_unref(l);
}

/* The widest piece as Pango's index_to_line_x measures it (the way
 * pdfkit did before it read the glyph widths itself). */
static double widest_by_pango(PangoLayout *l)
{
	const char *text = pango_layout_get_text(l);
	int n_attrs = 0;
	const PangoLogAttr *attrs = pango_layout_get_log_attrs_readonly(l,
	                                                              &n_attrs);
	double widest = 0;
	int start = 0, end = 0, i = 0;
	for (const char *q = text;; q = g_utf8_next_char(q), i++) {
		int at = (int)(q - text);
		if (i > 0 && (!*q || (i < n_attrs && attrs[i].is_line_break))) {
			if (end > start) {
				int line = 0, x0 = 0, x1 = 0;
				pango_layout_index_to_line_x(l, start, FALSE,
				                             &line, &x0);
				pango_layout_index_to_line_x(l, end, FALSE,
				                             &line, &x1);
				widest = MAX(widest, (double)ABS(x1 - x0)
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

static void widest_agrees(PdfCanvas *c, const char *text, bool markup,
                          bool bold)
{
	PdfText t = {.size = 8.5, .bold = bold, .width = -1, .text = text,
	             .markup = markup};
	PangoLayout *l = pdfkit_text_layout(c, &t);
	double expected = widest_by_pango(l);
	g_object_unref(l);
	CHECK(expected > 0);
	CHECK(pdfkit_widest_piece(c, &t) == expected);
}

void test_pdfspeed(void)
{
	char *text = paragraph(120);
	PdfMeta meta = {.title = "t", .create_date = "2020-09-07T00:00:00Z"};
	PdfTexts *texts = pdfkit_texts_new();

	/* the same flow, measured and drawn */
	PdfCanvas *m = pdfkit_open_measuring(PAPER_A4, 56, "DejaVu Sans",
	                                     texts);
	pages_ended = 0;
	double y_measured = 0;
	int measured = flow(m, text, &y_measured);
	CHECK(!pdfkit_drawing(m));
	CHECK(pages_ended == 0); /* no page furniture when measuring */
	char *bytes = (char *)"x";
	size_t n = 1;
	CHECK(pdfkit_close(m, &bytes, &n, NULL));
	CHECK(bytes == NULL && n == 0);

	PdfCanvas *d = pdfkit_open_shared(PAPER_A4, 56, &meta, "DejaVu Sans",
	                                  texts);
	pages_ended = 0;
	double y_drawn = 0;
	int drawn = flow(d, text, &y_drawn);
	CHECK(pdfkit_drawing(d));
	CHECK(measured >= 3); /* the paragraphs broke pages */
	CHECK(drawn == measured);
	CHECK(y_drawn == y_measured);
	CHECK(pages_ended == drawn - 1);
	CHECK(pdfkit_close(d, &bytes, &n, NULL));
	CHECK(bytes && n > 1000 && memcmp(bytes, "%PDF", 4) == 0);
	g_free(bytes);

	/* measures are kept: the same text gives the same record */
	PdfCanvas *c = pdfkit_open_measuring(PAPER_A4, 56, "DejaVu Sans",
	                                     texts);
	PdfText t = {.size = 9, .bold = true, .width = -1,
	             .text = "<b>RTX</b> 3090 &amp; more", .markup = true};
	const PdfMetrics *a = pdfkit_measure(c, &t);
	CHECK(pdfkit_measure(c, &t) == a);
	same_metrics(c, &t);
	/* wrapped at a width it fits: measured from the unwrapped text,
	 * equal to a layout of its own */
	t.width = a->width + 1;
	same_metrics(c, &t);
	CHECK(pdfkit_measure(c, &t)->n_lines == 1);
	/* wrapped narrower: a layout of its own, more lines */
	t.width = a->width / 2;
	same_metrics(c, &t);
	CHECK(pdfkit_measure(c, &t)->n_lines > 1);
	/* the widest piece is a word, narrower than the whole */
	PdfText plain = {.size = 9, .width = -1, .text = "short longestword x"};
	double widest = pdfkit_widest_piece(c, &plain);
	CHECK(widest > 0 && widest < pdfkit_measure(c, &plain)->width);
	/* the widest piece read from the glyphs equals Pango's measure:
	 * Latin, breaks after _ . / - (ZWSP), Chinese, a number kept with
	 * its CJK character (word joiner), markup, two lines, ligatures */
	widest_agrees(c, "NVIDIA GeForce RTX 4090 Founders Edition", false,
	              false);
	widest_agrees(c, "tests/synth/\xE2\x80\x8B" "make_edition.py "
	                 "lambdal_\xE2\x80\x8B" "benchmark", false, true);
	widest_agrees(c, "\xE6\x80\xA7\xE8\x83\xBD\xE4\xB8\x8E"
	                 "\xE4\xBB\xB7\xE6\xA0\xBC\xEF\xBC\x8C" "2020"
	                 "\xE2\x81\xA0\xE5\xB9\xB4 office fit", false,
	              false);
	widest_agrees(c, "<b>RTX</b> 3090 <i>official</i> &amp; "
	                 "<tt>fp16_flops</tt>", true, false);
	widest_agrees(c, "first line\nsecond, longer line", false, false);
	widest_agrees(c, "affine fluffy office", false, false);
	pdfkit_close(c, &bytes, &n, NULL);
	pdfkit_texts_free(texts);
	g_free(text);
}
