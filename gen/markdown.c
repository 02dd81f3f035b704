/* Markdown: cmark-gfm set-up and tree helpers.  See markdown.h. */
#include "markdown.h"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm/registry.h>
#include <string.h>

static cmark_parser *new_parser(void)
{
	cmark_parser *p = cmark_parser_new(CMARK_OPT_SOURCEPOS
	                                   | CMARK_OPT_FOOTNOTES);
	const char *names[] = {"table", "strikethrough", "autolink"};
	for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
		cmark_syntax_extension *ext =
		    cmark_find_syntax_extension(names[i]);
		if (ext)
			cmark_parser_attach_syntax_extension(p, ext);
	}
	return p;
}

static cmark_llist *extensions;

void markdown_init(void)
{
	cmark_gfm_core_extensions_ensure_registered();
	if (!extensions) {
		cmark_parser *p = new_parser();
		/* The list belongs to the parser; keep a copy of the
		 * pointers, the extensions themselves are global. */
		cmark_mem *mem = cmark_get_default_mem_allocator();
		for (cmark_llist *l = cmark_parser_get_syntax_extensions(p); l;
		     l = l->next)
			extensions = cmark_llist_append(mem, extensions,
			                                l->data);
		cmark_parser_free(p);
	}
}

void markdown_shutdown(void)
{
	if (extensions)
		cmark_llist_free(cmark_get_default_mem_allocator(), extensions);
	extensions = NULL;
	cmark_release_plugins();
}

cmark_llist *markdown_extensions(void)
{
	return extensions;
}

cmark_node *markdown_parse(const char *text)
{
	cmark_parser *p = new_parser();
	cmark_parser_feed(p, text, strlen(text));
	cmark_node *doc = cmark_parser_finish(p);
	cmark_parser_free(p);
	return doc;
}

static void plain_text(cmark_node *node, GString *out)
{
	for (cmark_node *c = cmark_node_first_child(node); c;
	     c = cmark_node_next(c)) {
		switch (cmark_node_get_type(c)) {
		case CMARK_NODE_TEXT:
		case CMARK_NODE_CODE:
			g_string_append(out, cmark_node_get_literal(c));
			break;
		case CMARK_NODE_SOFTBREAK:
		case CMARK_NODE_LINEBREAK:
			g_string_append_c(out, ' ');
			break;
		default:
			plain_text(c, out);
		}
	}
}

char *markdown_plain_text(cmark_node *node)
{
	GString *s = g_string_new(NULL);
	plain_text(node, s);
	return g_string_free(s, FALSE);
}

char *markdown_document_title(cmark_node *doc)
{
	for (cmark_node *n = cmark_node_first_child(doc); n;
	     n = cmark_node_next(n))
		if (cmark_node_get_type(n) == CMARK_NODE_HEADING
		    && cmark_node_get_heading_level(n) == 1)
			return markdown_plain_text(n);
	return NULL;
}

char *markdown_slug(const char *text, GHashTable *used)
{
	/* Letters and digits of every script, lower-cased; HTML ids and URL
	 * fragments take UTF-8, so a Chinese heading keeps its words. */
	GString *s = g_string_new(NULL);
	bool dash = false;
	const char *p = g_utf8_validate(text, -1, NULL) ? text : "";
	for (; *p; p = g_utf8_next_char(p)) {
		gunichar ch = g_utf8_get_char(p);
		if (g_unichar_isalnum(ch)) {
			if (dash && s->len)
				g_string_append_c(s, '-');
			g_string_append_unichar(s, g_unichar_tolower(ch));
			dash = false;
		} else {
			dash = true;
		}
	}
	if (!s->len)
		g_string_append(s, "section");
	char *base = g_string_free(s, FALSE);
	char *slug = g_strdup(base);
	for (int n = 2; g_hash_table_contains(used, slug); n++) {
		g_free(slug);
		slug = g_strdup_printf("%s-%d", base, n);
	}
	g_free(base);
	g_hash_table_add(used, g_strdup(slug));
	return slug;
}

bool markdown_is_figure(cmark_node *node)
{
	cmark_node *child = cmark_node_first_child(node);
	return cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH && child
	       && cmark_node_get_type(child) == CMARK_NODE_IMAGE
	       && !cmark_node_next(child);
}

bool markdown_is(cmark_node *node, const char *type_string)
{
	return strcmp(cmark_node_get_type_string(node), type_string) == 0;
}
