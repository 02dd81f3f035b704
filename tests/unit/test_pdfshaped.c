/* Unit tests of shaped records (gen/pdf/pdfkit_shaped.c): a text measured
 * in an earlier pass is drawn from its record, and the PDF's bytes are
 * those of the same text laid out again and drawn by Pango; a layout
 * the record cannot stand for gets none. */
#include "unit.h"

#include "pdfkit.h"
#include "pdfkit_internal.h"

#include <string.h>

#define LINK_SPAN "<span foreground=\"#1f5fa8\">"

/* Texts that take every path of a record: runs of fonts and colours,
 * alignments, a width it fits unwrapped, wrapped lines with a first
 * line indent and a hanging one, Chinese. */
static const PdfText TEXTS[] = {
    {.size = 9, .width = -1, .text = "RTX 4090 (used) at $1,450"},
    {.size = 7.5, .width = 120, .markup = true,
     .text = "<b>4\xC3\x97 RTX</b> 5090 " LINK_SPAN "source</span> "
             "<tt>fp16_flops</tt>",
     .align = PANGO_ALIGN_RIGHT},
    {.size = 7.5, .width = 90, .text = "1.47 (1.23\xE2\x80\x93" "1.72)",
     .align = PANGO_ALIGN_RIGHT},
    {.size = 8, .width = 200, .text = "centred title",
     .align = PANGO_ALIGN_CENTER},
    {.size = 10, .width = 160, .word_wrap = true,
     .indent = 12 * PANGO_SCALE,
     .text = "A paragraph long enough to wrap over several lines of "
             "the narrow column it is set in, indented at its start."},
    {.size = 10, .width = 160, .indent = -14 * PANGO_SCALE,
     .spacing = 2 * PANGO_SCALE,
     .text = "1. A list item whose later lines hang under its first "
             "word, spaced apart, over three lines or more."},
    {.size = 9, .width = 100,
     .text = "\xE6\x80\xA7\xE8\x83\xBD\xE4\xB8\x8E\xE4\xBB\xB7\xE6\xA0"
             "\xBC\xEF\xBC\x8C" "2020\xE2\x81\xA0\xE5\xB9\xB4 RTX 3090"},
};

/* The PDF of TEXTS drawn one under the other; measured first (in a
 * measuring pass on the same texts) or not. */
static char *draw_all(bool measured_first, size_t *n)
{
	PdfMeta meta = {.title = "t", .create_date = "2020-09-07T00:00:00Z"};
	PdfTexts *texts = pdfkit_texts_new();
	if (measured_first) {
		PdfCanvas *m = pdfkit_open_measuring(PAPER_A4, 56, "DejaVu Sans",
		                                     texts);
		for (size_t i = 0; i < G_N_ELEMENTS(TEXTS); i++) {
			const PdfMetrics *metrics = pdfkit_measure(m, &TEXTS[i]);
			CHECK(metrics->shaped != NULL);
		}
		char *none = NULL;
		size_t zero = 0;
		pdfkit_close(m, &none, &zero, NULL);
	}
	PdfCanvas *d = pdfkit_open_shared(PAPER_A4, 56, &meta, "DejaVu Sans",
	                                  texts);
	for (size_t i = 0; i < G_N_ELEMENTS(TEXTS); i++) {
		pdfkit_draw_text(d, &TEXTS[i], d->x + 10, NULL, 0);
		d->y += 6;
	}
	char *bytes = NULL;
	CHECK(pdfkit_close(d, &bytes, n, NULL));
	pdfkit_texts_free(texts);
	return bytes;
}

/* Whether a layout of t gets a record. */
static bool recorded(PdfCanvas *c, const PdfText *t)
{
	PangoLayout *l = pdfkit_text_layout(c, t);
	PdfShaped *s = pdfkit_shaped_new(l);
	bool yes = s != NULL;
	CHECK(!yes || pdfkit_shaped_bytes(s) > strlen(t->text));
	pdfkit_shaped_free(s);
	g_object_unref(l);
	return yes;
}

void test_pdfshaped(void)
{
	size_t n_laid = 0, n_shaped = 0;
	char *laid = draw_all(false, &n_laid);
	char *shaped = draw_all(true, &n_shaped);
	CHECK(laid && n_laid > 1000);
	CHECK(n_shaped == n_laid && memcmp(shaped, laid, n_laid) == 0);
	g_free(laid);
	g_free(shaped);

	PdfCanvas *c = pdfkit_open_measuring(PAPER_A4, 56, "DejaVu Sans",
	                                     NULL);
	CHECK(recorded(c, &TEXTS[1]));
	/* an underline is drawn by Pango's renderer, a right-to-left run
	 * in visual order: no record, laid out again when drawn */
	PdfText underlined = {.size = 9, .width = -1, .markup = true,
	                      .text = "<u>underlined</u> text"};
	CHECK(!recorded(c, &underlined));
	PdfText hebrew = {.size = 9, .width = -1,
	                  .text = "GPU \xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D"};
	CHECK(!recorded(c, &hebrew));
	char *none = NULL;
	size_t zero = 0;
	pdfkit_close(c, &none, &zero, NULL);
}
