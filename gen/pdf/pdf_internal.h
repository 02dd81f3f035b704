/* Private to the PDF back-end (pdf.c, pdf_inline.c, pdf_table.c): the
 * layout state of one pass, inline markup and tables.
 * Ownership: pdf_render returns bytes the caller frees with g_free;
 * an Inline owns its markup and links until pdf_inline_free. */
#ifndef GG_PDF_INTERNAL_H
#define GG_PDF_INTERNAL_H

#include "backend.h"
#include "pdfkit.h"
#include "chart.h"

#include <cmark-gfm.h>
#include <stdbool.h>

#define ZWSP "\xE2\x80\x8B" /* zero-width space: a break opportunity */

typedef struct {
	Paper paper;
	PdfMeta meta;          /* title, author, subject, keywords, date */
	const char *subtitle;  /* title page: edition and data date */
	const Values *values;  /* charts by name */
	const Lang *strings;
	const char *base_url;  /* --base-url, or NULL */
	const char *prefix;    /* the edition's folder in the site */
} PdfOptions;

bool pdf_render(cmark_node *doc, const PdfOptions *opt, char **bytes,
                size_t *length, GError **error);

typedef struct {
	char *text, *slug;
	int level, page;
} Heading;

/* A table printed as a reference list (pdf_refs.c). */
typedef struct {
	int column;          /* its Source column */
	GPtrArray *sources;  /* char *: each source once, in order of use */
	GPtrArray *urls;     /* char *: each source's address, or NULL */
	GHashTable *mark;    /* source text -> "[n]" */
	bool as_list;        /* a column holds prose: rows as paragraphs */
} PdfRefs;

typedef struct {
	PdfCanvas *c;
	const PdfOptions *opt;
	GArray *headings;      /* Heading: filled in pass 1, read in pass 2 */
	bool final_pass;
	GHashTable *slugs;     /* slugs given to headings so far */
	GHashTable *known;     /* every heading slug (from pass 1) */
	int outline_ids[7];
	int total_pages;
	GPtrArray *floats;     /* cmark_node *: figures waiting for a page */
	bool placing_floats;
	PdfRefs *refs;         /* the table being drawn, as references */
	GHashTable *link_by_text; /* link text -> address, for the pass */
	PdfTexts *texts;       /* measures shared by the passes */
	bool contents_only;    /* the pass stops after the contents */
	int body_page;         /* where the body started in the pass */
	GHashTable *geometries; /* table node -> its column widths and row
	                           boxes, for every pass */
} Pdf;

typedef struct {
	GString *markup;
	size_t plain; /* bytes of text (without markup) so far */
	GArray *links;
	const Pdf *pdf;
	bool break_long; /* table cells: long words may break after _ . / - */
} Inline;

bool pdf_render(cmark_node *doc, const PdfOptions *opt, char **bytes,
                size_t *length, GError **error);

/* Inline content as Pango markup (pdf_inline.c). */
Inline pdf_inline_new(const Pdf *p);
void pdf_inline_free(Inline *in);
void pdf_inline_markup(Inline *in, cmark_node *node);
/* markup in a span with the Pango attributes of strings key style_key
 * (font.emphasis, font.caption; empty: no span); caller frees. */
char *pdf_styled_span(const Pdf *p, const char *style_key,
                      const char *markup);
/* text with a word joiner after a digit followed by a CJK character
 * ("2020年" never breaks); caller frees. */
char *pdf_keep_numbers(const char *text);
/* text with a ZWSP where a long word may break; caller frees. */
char *pdf_breakable(const char *text);
/* Cairo tag attributes for a link of the guide (see pdf_inline.c), or
 * NULL when it is to be plain text; caller frees. */
char *pdf_link_target(const Pdf *p, const char *url);
/* Lays out a node's inline content and draws it at x + indent. */
void pdf_draw_inline(Pdf *p, cmark_node *n, const char *family,
                     double size, bool bold, double indent, double spacing);

/* Keep-together (pdf_keep.c).  The room a figure keeps under its chart
 * for the whole caption; the caption drawn there. */
double pdf_caption_room(Pdf *p, cmark_node *img, const char *note);
void pdf_draw_caption(Pdf *p, cmark_node *img, const char *note);
/* "drawn in N parts" for a chart split over pages, NULL for one part;
 * caller frees. */
char *pdf_split_note(Pdf *p, size_t parts);
/* The width a chart of the guide PDF is laid out at before it is scaled
 * to the text width: its smallest text prints at 7.5 pt or more. */
double pdf_chart_layout_width(const PdfCanvas *c);
/* The height of bars first .. first + n of a chart (as
 * chart_bar_part makes them; n PDF_CHART_WHOLE: the chart itself) laid
 * out at pdf_chart_layout_width, and chart_bars_fitting of such a
 * view. */
#define PDF_CHART_WHOLE ((size_t)-1)
double pdf_chart_height(const Pdf *p, const Chart *chart, size_t first,
                        size_t n);
size_t pdf_chart_bars_fitting(const Pdf *p, const Chart *chart,
                              size_t first, size_t n, double height);
/* The least room a figure needs to stay where it stands (figure()'s
 * rule; see pdf_keep.c). */
double pdf_figure_lead(Pdf *p, cmark_node *para);
/* TRUE when a figure that does not fit may float to the next page:
 * text of the same section follows it to fill this page. */
bool pdf_may_float(cmark_node *para);
/* The height a heading takes, with the gap under it. */
double pdf_heading_height(Pdf *p, cmark_node *n);
/* The least height of block n that must share a page with the heading
 * before it (0: none). */
double pdf_lead_height(Pdf *p, cmark_node *n, double indent);

/* Reference tables (pdf_refs.c): NULL unless the table has a Source
 * column (not its first) whose values repeat; freed with
 * pdf_references_free (NULL is fine). */
PdfRefs *pdf_references_new(Pdf *p, cmark_node *table);
void pdf_references_free(PdfRefs *r);
/* The number (from 0) of a row's source. */
int pdf_reference_of(const PdfRefs *r, cmark_node *row);
/* Rows (in order) as paragraphs: the first cell bold, the short cells
 * after it, the prose after a dash, the source's "[n]" last. */
void pdf_references_rows(Pdf *p, const PdfRefs *r, GPtrArray *rows);
/* The numbered list of sources, under the table. */
void pdf_references_draw(Pdf *p, const PdfRefs *r);

/* A table that repeats its header and never splits a row
 * (pdf_table.c). */
void pdf_table(Pdf *p, cmark_node *t);
/* The height of a table's header and first row. */
double pdf_table_lead(Pdf *p, cmark_node *t);
/* Forgets the tables' column widths and row boxes. */
void pdf_geometries_clear(Pdf *p);

#endif
