/* PDF back-end: lays out the cmark-gfm AST as a typeset report with Pango
 * and Cairo: a title page, a table of contents with page numbers and
 * links, an outline, headings that never sit alone at a page foot, inline
 * styles and links, lists, quotes, code, tables that repeat their header
 * and never split a row, and charts drawn as vectors by chart.c.
 * In: a parsed document (read only), the Values holding its charts
 * (found by name through paths_chart_name), Lang.  Out: PDF bytes; as a
 * back-end, PREFIX/guide.pdf.
 * Ownership: pdf_render returns bytes the caller frees with g_free. */
#ifndef GG_PDF_H
#define GG_PDF_H

#include "backend.h"

#include <cmark-gfm.h>
#include <stdbool.h>

typedef struct {
	Paper paper;
	PdfMeta meta;          /* title, author, subject, keywords, date */
	const char *subtitle;  /* title page: edition and data date */
	const Values *values;  /* charts by name */
	const Lang *strings;
} PdfOptions;

bool pdf_render(cmark_node *doc, const PdfOptions *opt, char **bytes,
                size_t *length, GError **error);

/* The back-end: the guide as PREFIX/guide.pdf. */
bool pdf_write(const EditionResult *r, Site *site, GError **error);

#endif
