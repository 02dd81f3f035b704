/* PDF back-end: lays out the cmark-gfm AST as a typeset report with Pango
 * and Cairo: a title page, a table of contents with page numbers and
 * links, an outline, headings that never sit alone at a page foot, inline
 * styles and links, lists, quotes, code, tables that repeat their header
 * and never split a row, and charts drawn as vectors by chart.c.
 * In: a parsed document (read only), the Values holding its charts
 * (found by name through paths_chart_name), Lang.  Out: PDF bytes; as a
 * back-end, PREFIX/guide.pdf.
 * Figures keep their captions; a figure that does not fit floats to
 * the next page while the text after it fills this one; headings stay
 * with what follows; links the PDF cannot follow print as plain text;
 * long tables whose sources repeat print each source once, numbered.
 * The layout is pdf.c (pages, blocks, floats, passes), pdf_inline.c
 * (inline markup, link targets), pdf_table.c (tables), pdf_keep.c
 * (keep-together) and pdf_refs.c (reference lists), sharing
 * pdf_internal.h.
 * Ownership: nothing is kept; the Site owns what it writes. */
#ifndef GG_PDF_H
#define GG_PDF_H

#include "backend.h"

/* The back-end: the guide as PREFIX/guide.pdf. */
bool pdf_write(const EditionResult *r, Site *site, GError **error);

#endif
