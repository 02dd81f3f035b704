/* HTML back-end.  See html.h. */
#include "html.h"

#include "markdown.h"

#include <string.h>

/* Replaces an image-only paragraph by a <figure> with its caption (the
 * image's title). */
static void make_figure(cmark_node *para)
{
	cmark_node *img = cmark_node_first_child(para);
	char *alt = markdown_plain_text(img);
	char *alt_e = g_markup_escape_text(alt, -1);
	char *src_e = g_markup_escape_text(cmark_node_get_url(img), -1);
	char *cap_e = g_markup_escape_text(cmark_node_get_title(img), -1);
	/* Phones get the same chart laid out narrower: charts/x-narrow.svg */
	char *narrow = g_str_has_suffix(src_e, ".svg")
	                   ? g_strdup_printf("%.*s-narrow.svg",
	                                     (int)strlen(src_e) - 4, src_e)
	                   : g_strdup(src_e);
	char *html = g_strdup_printf(
	    "<figure>\n<picture>\n<source media=\"(max-width: 600px)\" "
	    "srcset=\"%s\">\n<img src=\"%s\" alt=\"%s\" loading=\"lazy\">\n"
	    "</picture>\n<figcaption>%s</figcaption>\n</figure>\n",
	    narrow, src_e, alt_e, cap_e);
	g_free(narrow);
	cmark_node *block = cmark_node_new(CMARK_NODE_HTML_BLOCK);
	cmark_node_set_literal(block, html);
	cmark_node_replace(para, block);
	cmark_node_free(para);
	g_free(html);
	g_free(alt);
	g_free(alt_e);
	g_free(src_e);
	g_free(cap_e);
}

/* Gives a heading an id anchor and records level-2 headings in toc. */
static void anchor_heading(cmark_node *h, GHashTable *used, GString *toc)
{
	char *text = markdown_plain_text(h);
	char *slug = markdown_slug(text, used);
	char *a = g_strdup_printf("<a class=\"anchor\" id=\"%s\" "
	                          "href=\"#%s\" aria-hidden=\"true\">#</a>",
	                          slug, slug);
	cmark_node *inline_html = cmark_node_new(CMARK_NODE_HTML_INLINE);
	cmark_node_set_literal(inline_html, a);
	cmark_node_prepend_child(h, inline_html);
	if (cmark_node_get_heading_level(h) == 2) {
		char *text_e = g_markup_escape_text(text, -1);
		g_string_append_printf(toc, "<li><a href=\"#%s\">%s</a></li>\n",
		                       slug, text_e);
		g_free(text_e);
	}
	g_free(a);
	g_free(slug);
	g_free(text);
}

/* One pass over the top-level blocks: figures and anchors. */
static char *decorate(cmark_node *doc)
{
	GHashTable *used = g_hash_table_new_full(g_str_hash, g_str_equal,
	                                         g_free, NULL);
	GString *toc = g_string_new("<ol>\n");
	cmark_node *next;
	for (cmark_node *n = cmark_node_first_child(doc); n; n = next) {
		next = cmark_node_next(n);
		if (markdown_is_figure(n))
			make_figure(n);
		else if (cmark_node_get_type(n) == CMARK_NODE_HEADING)
			anchor_heading(n, used, toc);
	}
	g_string_append(toc, "</ol>\n");
	g_hash_table_destroy(used);
	return g_string_free(toc, FALSE);
}

char *html_document_title(cmark_node *doc)
{
	for (cmark_node *n = cmark_node_first_child(doc); n;
	     n = cmark_node_next(n))
		if (cmark_node_get_type(n) == CMARK_NODE_HEADING
		    && cmark_node_get_heading_level(n) == 1)
			return markdown_plain_text(n);
	return NULL;
}

char *html_render_page(cmark_node *doc, HtmlPage *page, GError **error)
{
	char *title = html_document_title(doc);
	values_set_scalar(page->values, "title",
	                  g_markup_escape_text(title ? title : "", -1));
	g_free(title);
	values_set_scalar(page->values, "toc", decorate(doc));
	values_set_scalar(page->values, "content",
	                  cmark_render_html(doc, CMARK_OPT_UNSAFE,
	                                    markdown_extensions()));
	return template_expand(page->layout_path, page->layout, page->values,
	                       error);
}
