/* Private to the purchase requests (request.c: the sections and the
 * two passes; request_page.c: drawing, header, footer; request_lines.c:
 * line items, prices and their sources; request_text.c: words and
 * money): the state of one request and the drawing helpers.
 * Ownership: a Req borrows everything; helpers that return strings
 * return ones the caller frees. */
#ifndef GG_REQUEST_INTERNAL_H
#define GG_REQUEST_INTERNAL_H

#include "request.h"

#include "page_style.h"
#include "pdfkit.h"

typedef struct {
	const Recommendations *recs;
	const Costs *costs;
	const Edition *e;
	const Lang *s;
	const Build *b;
	PdfCanvas *c;
	const char *create_date;
	const char *lang;     /* document language */
	const char *base_url; /* --base-url, or NULL */
	const char *prefix;   /* the edition's folder in the site */
	Paper paper;
	int total_pages;      /* from the first pass; 0 before */
	PdfTexts *texts;      /* the edition's requests share one context */
} Req;

const char *req_s(const Req *r, const char *key);
char *req_money(const Req *r, double v);

/* A cell of a table row: text (plain), an optional second line in the
 * muted colour, and an optional link over part of that second line
 * (bytes [link_start, link_end) of it). */
typedef struct {
	const char *text;
	const char *detail;
	int link_start, link_end;
	const char *link; /* cairo tag attributes, or NULL */
} ReqCell;

/* A row of cells at fixed fractions of the width, right-aligned where
 * align has 'r'; moves to the next page whole. */
void req_row(Req *r, const ReqCell *cells, const double *fractions,
             const char *align, size_t n, bool bold, bool shade);
/* A section title, kept with 40 pt of what follows. */
void req_section(Req *r, const char *key);
/* Text across the width (from indent) at size in a colour; returns the
 * height it took. */
double req_text(Req *r, double size, bool bold, const char *t,
                double indent, PageColour colour);

/* request_page.c: the title, edition and use cases, and the approval
 * fields; the footer (page_end) and the title repeated on later pages
 * (page_start). */
void req_header(Req *r);
/* Labelled lines to fill in by hand, two to a row (keys of strings). */
void req_fields(Req *r, const char *const *keys, size_t n);

/* request_procure.c: for a market's edition (Edition.market), what its
 * procurement desk needs (total in capital numerals, supplier, invoice
 * and fund fields, three quotes, a used card's invoiceable alternative)
 * on a page of its own after the request; nothing for the home market. */
void req_procurement(Req *r);
void req_footer(PdfCanvas *c, void *data);
void req_repeated_header(PdfCanvas *c, void *data);

/* request_lines.c: the line items with their vendors and dates, the
 * lines left out of the total, the total and the quote date. */
void req_line_items(Req *r);

#endif
