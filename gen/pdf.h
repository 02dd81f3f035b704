/* PDF back-end: lays out the cmark-gfm AST with Pango and Cairo into
 * pages; charts are drawn as vectors by chart.c in place of their images.
 * In: a parsed document, the Values that hold its charts, Strings.
 * Out: PDF bytes.
 * Ownership: pdf_render returns bytes the caller frees with g_free. */
#ifndef GG_PDF_H
#define GG_PDF_H

#include "strings.h"
#include "template.h"

#include <cmark-gfm.h>
#include <stdbool.h>

typedef enum { PAPER_A4, PAPER_LETTER } Paper;

typedef struct {
	Paper paper;
	const char *title;
	const char *subject;
	const char *create_date; /* ISO 8601, e.g. 2020-09-07T00:00:00Z */
	const Values *values;    /* charts by name */
	const Strings *strings;
} PdfOptions;

bool pdf_render(cmark_node *doc, const PdfOptions *opt, char **bytes,
                size_t *length, GError **error);

#endif
