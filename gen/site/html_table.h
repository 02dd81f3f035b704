/* HTML of one guide table: cmark-gfm's table node rendered with a
 * caption, column and row headers (scope), alignment classes, inside a
 * labelled scroll container that keyboards can reach (the first column's
 * row headers stay in view while it scrolls); "cards" tables also carry
 * each cell's column header (data-label) for the phone layout, where
 * each row becomes a card.  Long tables refer to the page's list of
 * sources by number rather than repeating a source's name.
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
	/* The page's list of sources (html_source_list) and the header of a
	 * Source column; both NULL: none.  The list itself (Source its first
	 * column) numbers its rows "[N]" with id "srcN"; a longer table's
	 * Source cell that names one of them gives the number as a link
	 * ("[N]") instead of the name again. */
	GHashTable *sources;
	const char *source_header;
	const char *sources_page; /* the list's page, NULL or "": this one */
} HtmlTable;

char *html_table(cmark_node *table, const HtmlTable *o);

/* A list of sources: when table's first column header reads header,
 * a map from each source's plain text to its row number
 * (GUINT_TO_POINTER, from 1; 0 for a name two rows share, which stays
 * written out); else NULL.  Free with g_hash_table_destroy. */
GHashTable *html_source_list(cmark_node *table, const char *header);

#endif
