/* Private to the PDF kit (pdfkit.c, pdfkit_text.c, pdfkit_shaped.c):
 * measures made from a layout, a laid-out text kept compact for
 * drawing, and the flow of a text's lines over pages.
 * Ownership: pdfkit_metrics_of returns measures freed with
 * pdfkit_metrics_free (which also frees their shaped record);
 * pdfkit_shaped_new returns a record freed with pdfkit_shaped_free. */
#ifndef GG_PDFKIT_INTERNAL_H
#define GG_PDFKIT_INTERNAL_H

#include "pdfkit.h"

/* A document's texts: their context and measures (pdfkit_shaped.c). */
struct PdfTexts {
	PangoContext *context;
	GHashTable *metrics; /* GBytes text key -> PdfMetrics */
	size_t kept_bytes;   /* of the shaped records kept */
	size_t layout_bytes; /* of the layouts kept, as counted */
};

/* A laid-out text's measures (widest not yet known, no kept layout). */
PdfMetrics *pdfkit_metrics_of(PangoLayout *l);
void pdfkit_metrics_free(gpointer metrics);

/* A laid-out text's lines kept compact: per run its font, foreground
 * colour, baseline shift and glyphs; NULL for a layout the record
 * cannot stand for (a run right to left or vertical, an attribute other
 * than a foreground colour, a glyph offset of its own), which is then
 * laid out again to be drawn. */
PdfShaped *pdfkit_shaped_new(PangoLayout *l);
void pdfkit_shaped_free(PdfShaped *s);
size_t pdfkit_shaped_bytes(const PdfShaped *s);

/* Whether s draws at this alignment as its layout would (an indented
 * text only at the left). */
bool pdfkit_shaped_drawable(const PdfShaped *s, PangoAlignment align);

/* Draws line i of s as pango_cairo_show_layout_line draws a layout's
 * line, the layout's left at x and its top at y - top, aligned in a
 * layout width wide (Pango units; < 0: unwrapped). */
void pdfkit_shaped_draw_line(cairo_t *cr, const PdfShaped *s, int i,
                             PangoAlignment align, int width, double x,
                             double y, double top);

/* The x of line i of s drawn at x (pdfkit_shaped_draw_line): where
 * its layout's line would start. */
double pdfkit_shaped_line_left(const PdfShaped *s, int i,
                               PangoAlignment align, int width, double x);

/* What pdfkit_flow draws: a layout's lines, a shaped record's (aligned
 * in width, Pango units, < 0: unwrapped), or nothing (all NULL); with a
 * shaped record, areas (or NULL) is the same text's layout, whose lines
 * give the links' areas. */
typedef struct {
	PangoLayout *layout;
	const PdfShaped *shaped;
	PangoAlignment align;
	int width;
	PangoLayout *areas;
} PdfInk;

/* Flows n lines of boxes box (a text of height h) down the page from
 * c->y, breaking pages as pdfkit_draw_layout does, drawing the lines of
 * ink at x (with their links, for a layout); advances y. */
void pdfkit_flow(PdfCanvas *c, const PdfInk *ink, const PdfLineBox *box,
                 int n, double h, double x, const PdfLink *links,
                 size_t n_links);

#endif
