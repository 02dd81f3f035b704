/* Markdown: parses the expanded guide once into the cmark-gfm AST that
 * the HTML and PDF back-ends (html.c, pdf.c) both read without changing
 * it, and small helpers over that tree (plain text, title, anchors).
 * Ownership: markdown_parse returns a document the caller frees with
 * cmark_node_free; text helpers return g_malloc'd strings. */
#ifndef GG_MARKDOWN_H
#define GG_MARKDOWN_H

#include <cmark-gfm.h>
#include <glib.h>
#include <stdbool.h>

/* Parses GitHub-flavoured Markdown (tables, strikethrough, autolinks)
 * with source positions. */
cmark_node *markdown_parse(const char *text);

/* Registers the GFM extensions once; call before markdown_parse. */
void markdown_init(void);
/* Releases the extension registry (leak-check teardown). */
void markdown_shutdown(void);

/* The extension list the HTML renderer needs. */
cmark_llist *markdown_extensions(void);

/* Concatenated literal text below node (code and text leaves). */
char *markdown_plain_text(cmark_node *node);

/* The document's first level-1 heading as plain text, or NULL. */
char *markdown_document_title(cmark_node *doc);

/* A URL fragment for heading text, unique within used (a set of
 * strings the caller owns): its letters and digits in any script,
 * lower-cased, runs of anything else as one '-'; "section" only when the
 * text has no letter or digit at all. */
char *markdown_slug(const char *text, GHashTable *used);

/* True for a paragraph whose only child is an image. */
bool markdown_is_figure(cmark_node *node);

/* Type name helpers for the GFM table nodes ("table", "table_row",
 * "table_cell", "table_header"). */
bool markdown_is(cmark_node *node, const char *type_string);

/* md with only the backslash escapes Markdown needs: the same HTML
 * (with this module's extensions), readable source.  Caller frees. */
char *markdown_readable(const char *md);
/* markdown_readable, and *doc the parse tree of its result (which
 * renders as md does), made without a parse more than the check needs
 * and never two trees alive at once.  Caller frees both. */
char *markdown_readable_parsed(const char *md, cmark_node **doc);

#endif
