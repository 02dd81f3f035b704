/* PDF back-end: lays out the cmark-gfm AST as a typeset report with Pango
 * and Cairo: a title page, a table of contents with page numbers and
 * links, an outline, headings that never sit alone at a page foot, inline
 * styles and links, lists, quotes, code, tables that repeat their header
 * and never split a row, and charts drawn as vectors by chart.c.
 * In: a parsed document (read only), the Values holding its charts
 * (found by name through paths_chart_name), Lang.  Out: PDF bytes; as a
 * back-end, PREFIX/guide.pdf.
 * The layout is pdf.c (pages, blocks, passes), pdf_inline.c (inline
 * markup) and pdf_table.c (tables), sharing pdf_internal.h.
 * Ownership: nothing is kept; the Site owns what it writes. */
#ifndef GG_PDF_H
#define GG_PDF_H

#include "backend.h"

/* The back-end: the guide as PREFIX/guide.pdf. */
bool pdf_write(const EditionResult *r, Site *site, GError **error);

#endif
