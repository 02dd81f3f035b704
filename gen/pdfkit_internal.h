/* Private to the PDF kit (pdfkit.c, pdfkit_text.c): measures made from
 * a layout, and the flow of a text's lines over pages.
 * Ownership: pdfkit_metrics_of returns measures freed with
 * pdfkit_metrics_free (which also drops a kept layout). */
#ifndef GG_PDFKIT_INTERNAL_H
#define GG_PDFKIT_INTERNAL_H

#include "pdfkit.h"

/* A laid-out text's measures (widest not yet known, no kept layout). */
PdfMetrics *pdfkit_metrics_of(PangoLayout *l);
void pdfkit_metrics_free(gpointer metrics);

/* Flows n lines of boxes box (a text of height h) down the page from
 * c->y, breaking pages as pdfkit_draw_layout does, drawing the lines of
 * l at x with their links when l is not NULL; advances y. */
void pdfkit_flow(PdfCanvas *c, PangoLayout *l, const PdfLineBox *box, int n,
                 double h, double x, const PdfLink *links, size_t n_links);

#endif
