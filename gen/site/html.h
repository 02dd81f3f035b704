/* HTML back-end: the parsed guide rendered as one page inside
 * templates/layout.html, with heading anchors, a table of contents,
 * figures with captions (a narrower chart for phones), and the page
 * values of the layout ({{str.KEY}} for every language string, root,
 * editions, description, og_image...).  The tree is only read: each
 * top-level block is rendered on its own and decorated as text.
 * Tables get captions, header scopes and a scroll container
 * (html_table.h); the picker's place and words (assets/picker.js).
 * In: an EditionResult.  Out: PREFIX/index.html, PREFIX/reference.html
 * (the long reference tables, HTML_REFERENCE_PAGE), PREFIX/guide.md (with
 * only the escapes Markdown needs: markdown_readable) and, under
 * --base-url, PREFIX/social-card.png.
 * Ownership: html_render_page returns a string the caller frees. */
#ifndef GG_HTML_H
#define GG_HTML_H

#include "backend.h"

/* The layout's values every page has: the language and every language
 * string as {{str.KEY}}, HTML-escaped.  Caller frees with values_free. */
Values *html_page_values(const char *lang, const Lang *strings);

/* The reference page beside an edition's page: the guide's blocks
 * after the comment "<!-- html: reference page -->" up to the next
 * level-1 or level-2 heading (the long reference tables: rows left out,
 * assumptions, sources), which the guide's page replaces with a link
 * (strings html.reference_link, html.reference_title).  Print and
 * guide.md keep them in place. */
#define HTML_REFERENCE_PAGE "reference.html"

typedef struct {
	Values *page;                   /* its layout values (in) */
	const GPtrArray *section_links; /* as below, to reference.html */
	char *html;                     /* out: the page, or NULL when the
	                                   guide has no reference part */
} HtmlReference;

/* Renders doc (read only) into layout (read from layout_path); page
 * gets title, toc and content.  Tables are captioned with their
 * section's heading (strings: html.table_caption for a section's second
 * and later tables; strings may be NULL).  Heading i gets id "S<i>"
 * and, after its text, section_links[2k] i section_links[2k+1] for each k (links to
 * the same section in other languages; may be NULL).  charts (may be
 * NULL) gives each chart figure its variants and size.  ref (may be
 * NULL) gets the reference page, its level-3 headings at level 2. */
char *html_render_page(cmark_node *doc, const char *layout_path,
                       const char *layout, Values *page,
                       const GPtrArray *section_links, HtmlReference *ref,
                       const Lang *strings, const Values *charts,
                       GError **error);

/* The page GitHub Pages shows for a missing address (404.html):
 * self-contained, as it is served at any depth. */
bool html_write_404(const PublishConfig *config, Site *site,
                    GError **error);

/* The picker's words of config's language, assets/words-LANG.js,
 * and for the first language the shared assets/style.css and
 * assets/picker.js (templates/style.css and picker.js without comments
 * and indentation: html_minify.h) and assets/favicon.svg. */
bool html_write_assets(const PublishConfig *config, Site *site,
                       GError **error);

/* Links to the other editions from edition self: names[0] is the
 * current edition (at the top, shown as current_label when not NULL),
 * others in folders of their name. */
char *html_editions_nav(const char *const *names, size_t n, size_t self,
                        const char *current_label);

/* The back-end: index.html, reference.html (when the guide has a
 * reference part) and guide.md of the edition. */
bool html_write(const EditionResult *r, Site *site, GError **error);

#endif
