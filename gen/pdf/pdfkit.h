/* PDF kit: the page machinery shared by the PDF outputs (the guide in
 * pdf.c, purchase requests in request*.c): a Cairo PDF surface written to
 * memory with its metadata, deterministic Pango text, page breaks with a
 * page-end callback, and text drawn line by line with link areas.
 * Layout passes that only learn where things land use a measuring
 * canvas: the same page flow with nothing drawn (no surface; its cairo_t
 * is cairo's inert error object, on which drawing calls do nothing, and
 * no page-end callback runs).  Text is described by a PdfText; its
 * measures are kept in a PdfTexts shared by the canvases of one
 * document, so a paragraph is shaped once for every pass that measures
 * it, and drawn from the glyphs kept then (pdfkit_shaped.c).
 * Ownership: pdfkit_open returns a PdfCanvas that pdfkit_close frees; the
 * PDF bytes it hands back belong to the caller (g_free).  A PdfTexts
 * belongs to whoever made it (pdfkit_texts_free), and outlives the
 * canvases given it; measures it returns live as long as it does. */
#ifndef GG_PDFKIT_H
#define GG_PDFKIT_H

#include "pdfkit_types.h"

/* A canvas that draws into a PDF, with texts of its own. */
PdfCanvas *pdfkit_open(Paper paper, double margin, const PdfMeta *meta,
                       const char *font);

/* A canvas that draws into a PDF with shared texts (kept by pointer). */
PdfCanvas *pdfkit_open_shared(Paper paper, double margin,
                              const PdfMeta *meta, const char *font,
                              PdfTexts *texts);

/* A canvas on which the same flow only measures: pages are counted,
 * page_start runs, nothing is drawn; pdfkit_close gives no bytes. */
PdfCanvas *pdfkit_open_measuring(Paper paper, double margin,
                                 const char *font, PdfTexts *texts);

/* TRUE unless the canvas only measures: what is drawn only (glyphs,
 * charts, page furniture) may be skipped when FALSE. */
bool pdfkit_drawing(const PdfCanvas *c);

PdfTexts *pdfkit_texts_new(void);
void pdfkit_texts_free(PdfTexts *t);

/* A new layout of t (caller unrefs). */
PangoLayout *pdfkit_text_layout(PdfCanvas *c, const PdfText *t);

/* t's measures, laid out once per PdfTexts. */
const PdfMetrics *pdfkit_measure(PdfCanvas *c, const PdfText *t);

/* The widest piece of t, unwrapped, between its break opportunities
 * (Pango's, UAX #14, and any ZWSP), without trailing white space. */
double pdfkit_widest_piece(PdfCanvas *c, const PdfText *t);

/* pdfkit_draw_layout for a text: on a measuring canvas from its
 * measures alone, without laying it out again. */
void pdfkit_draw_text(PdfCanvas *c, const PdfText *t, double x,
                      const PdfLink *links, size_t n_links);

/* Finishes the last page and the document; FALSE with *error when cairo
 * reports a problem.  Frees the canvas either way.  A measuring canvas
 * gives *bytes NULL and *length 0. */
bool pdfkit_close(PdfCanvas *c, char **bytes, size_t *length,
                  GError **error);

/* A layout at size points (bold optional; at 72 dpi, so a size is the
 * printed size), wrapping at width (< 0: no wrapping), with hinting off
 * so every surface measures alike. */
PangoLayout *pdfkit_layout(PdfCanvas *c, const char *family, double size,
                           bool bold, double width);

/* A horizontal rule from x0 to x1 at y, w wide, in colour rgb: stroked
 * with the page's other rules of its colour and width, in one path,
 * when the page ends.  (On cairo's PDF surface a stroke between texts
 * costs about what a line of text does; a table draws one per row.)
 * Nothing on a measuring canvas. */
void pdfkit_rule(PdfCanvas *c, double x0, double x1, double y, double w,
                 const double rgb[3]);

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
