/* HTML back-end: the cmark-gfm AST rendered as one page inside
 * templates/layout.html, with heading anchors, a table of contents and
 * figures with captions.
 * In: a parsed document (modified in place: anchors and figures are added)
 * and the page's layout values.  Out: HTML text.
 * Ownership: html_render_page returns a string the caller frees. */
#ifndef GG_HTML_H
#define GG_HTML_H

#include "template.h"

#include <cmark-gfm.h>

typedef struct {
	const char *layout_path; /* for error messages */
	const char *layout;      /* layout.html text */
	Values *values;          /* page values; html adds toc, content, title */
} HtmlPage;

char *html_render_page(cmark_node *doc, HtmlPage *page, GError **error);

/* The document's first level-1 heading as plain text (caller frees), or
 * NULL. */
char *html_document_title(cmark_node *doc);

#endif
