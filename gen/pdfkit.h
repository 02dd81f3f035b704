/* PDF kit: the page machinery shared by the PDF outputs (the guide in
 * pdf.c, purchase requests in request*.c): a Cairo PDF surface written to
 * memory with its metadata, deterministic Pango text, page breaks with a
 * page-end callback, and text drawn line by line with link areas.
 * Ownership: pdfkit_open returns a PdfCanvas that pdfkit_close frees; the
 * PDF bytes it hands back belong to the caller (g_free). */
#ifndef GG_PDFKIT_H
#define GG_PDFKIT_H

#include <cairo.h>
#include <glib.h>
#include <pango/pangocairo.h>

#include "text.h"
#include <stdbool.h>

typedef enum { PAPER_A4, PAPER_LETTER } Paper;

typedef struct {
	const char *title, *author, *subject, *keywords;
	const char *create_date; /* ISO 8601, e.g. 2020-09-07T00:00:00Z */
	const char *lang;        /* document language ("en", "zh-CN"), or
	                            NULL; kept by pointer */
} PdfMeta;

/* A link over bytes [start, end) of a layout's text: uri='...' for web
 * addresses, dest='...' for places inside the document. */
typedef struct {
	int start, end;
	char *attributes; /* cairo tag attributes, owned */
} PdfLink;

typedef struct PdfCanvas PdfCanvas;
typedef void (*PdfPageEnd)(PdfCanvas *canvas, void *data);

struct PdfCanvas {
	cairo_surface_t *surface;
	cairo_t *cr;
	GByteArray *bytes;
	double page_w, page_h, margin;
	double x, width; /* text column */
	double y, bottom;
	int page;
	const char *font; /* body font family */
	const char *lang; /* document language (PdfMeta.lang) */
	PdfPageEnd page_end;
	void *page_end_data;
	/* called when a new page begins (after y is set to its top), to
	 * place what waits for it (floating figures); may advance y */
	PdfPageEnd page_start;
	void *page_start_data;
};

PdfCanvas *pdfkit_open(Paper paper, double margin, const PdfMeta *meta,
                       const char *font);

/* Finishes the last page and the document; FALSE with *error when cairo
 * reports a problem.  Frees the canvas either way. */
bool pdfkit_close(PdfCanvas *c, char **bytes, size_t *length,
                  GError **error);

/* A layout at size points (bold optional; at 72 dpi, so a size is the
 * printed size), wrapping at width (< 0: no wrapping), with hinting off
 * so every surface measures alike. */
PangoLayout *pdfkit_layout(PdfCanvas *c, const char *family, double size,
                           bool bold, double width);

/* Ends the page (calling page_end) and starts the next (calling
 * page_start). */
void pdfkit_new_page(PdfCanvas *c);

/* Starts a new page unless h more points fit on this one (and another
 * when what the new page began with leaves less than h). */
void pdfkit_need(PdfCanvas *c, double h);

/* Draws l at x from the current y, line by line, breaking pages between
 * lines, with links over their byte ranges; advances y. */
void pdfkit_draw_layout(PdfCanvas *c, PangoLayout *l, double x,
                        const PdfLink *links, size_t n_links);

/* Tag attribute text for a link target: "dest='x'" for "#x", "uri='...'"
 * for http(s) addresses, NULL for anything else.  Caller frees. */
char *pdfkit_link_attributes(const char *url);

/* The ASCII name of a destination for a heading slug: bytes outside
 * ASCII (and ~) as ~xx.  Cairo 1.16 writes a destination's name in the
 * name tree as raw UTF-8 but a link's /Dest to it as UTF-16, so a
 * non-ASCII name ("性能") would never match.  Caller frees. */
char *pdfkit_dest_name(const char *slug);

/* Tag attribute text for a link to page 1 of another PDF file at a path
 * relative to this one ("requests/x.pdf").  Caller frees. */
char *pdfkit_file_link_attributes(const char *path);

/* The paper's width and height in points. */
void pdfkit_paper_size(Paper paper, double *w, double *h);

#endif
