/* HTML of one guide table: cmark-gfm's table node rendered with a
 * caption, column and row headers (scope), alignment classes, inside a
 * labelled scroll container that keyboards can reach (the first column's
 * row headers stay in view while it scrolls); "cards" tables also carry
 * each cell's column header (data-label) for the phone layout, where
 * each row becomes a card.
 * In: a cmark table node (read only).  Out: HTML.
 * Ownership: the caller frees the returned string. */
#ifndef GG_HTML_TABLE_H
#define GG_HTML_TABLE_H

#include <cmark-gfm.h>
#include <glib.h>
#include <stdbool.h>

typedef struct {
	const char *caption; /* plain text, escaped here */
	unsigned number;     /* unique on the page: id "tN" of the caption */
	bool cards;          /* stacked cards on narrow screens */
} HtmlTable;

char *html_table(cmark_node *table, const HtmlTable *o);

#endif
