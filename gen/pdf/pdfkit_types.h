/* PDF kit: its types, which the kit's files (pdfkit.c, pdfkit_text.c,
 * pdfkit_shaped.c) share and its users read: a canvas, a text as the
 * layout sees it, its measures and link areas.  Ownership is stated in
 * pdfkit.h, where the functions that make and free them are. */
#ifndef GG_PDFKIT_TYPES_H
#define GG_PDFKIT_TYPES_H

#include <cairo.h>
#include <glib.h>
#include <pango/pangocairo.h>

#include "paper.h"
#include "text.h"
#include <stdbool.h>

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

/* One Pango context (the PDF surface's font options, 72 dpi, hinting
 * off) and the measures of every text laid out on it. */
typedef struct PdfTexts PdfTexts;
typedef struct PdfShaped PdfShaped;

/* A text as the layout sees it: everything its lines depend on. */
typedef struct {
	const char *family;   /* Pango family list; NULL: the canvas's font */
	double size;          /* points */
	bool bold;
	double width;         /* wrap width in points; < 0: no wrapping */
	const char *text;
	bool markup;          /* text is Pango markup */
	int spacing;          /* between lines, Pango units */
	int indent;           /* first line, Pango units (< 0: hanging) */
	bool word_wrap;       /* wrap between words only (else WORD_CHAR) */
	PangoAlignment align; /* drawing only: no measure depends on it */
	bool linked;          /* drawn with links: its measuring keeps the
	                         layout for their areas (not in the key) */
} PdfText;

typedef struct {
	double y, height; /* a line's logical box, points from the top */
} PdfLineBox;

/* A text's measures (logical extents, points). */
typedef struct {
	double width, height;
	double baseline; /* of the first line, from the top */
	int n_lines;
	PdfLineBox *lines;
	double widest;   /* widest unbreakable piece; < 0: not asked yet */
	struct PdfShaped *shaped; /* pdfkit's: the glyphs, kept to be
	                             drawn, or NULL */
	PangoLayout *layout;      /* pdfkit's: a linked text's, kept for
	                             its links' areas, or NULL */
} PdfMetrics;

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
	GArray *rules;    /* PdfRule: drawn when the page ends */
	PdfTexts *texts;  /* the context and measures it lays text out with */
	bool own_texts;   /* made by pdfkit_open: freed with the canvas */
	bool measuring;   /* draws nothing (pdfkit_open_measuring) */
};

#endif
