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
	pdfkit_close(c, &bytes, &n, NULL);
	pdfkit_texts_free(texts);
	g_free(text);
}
