/* Template stage: author Markdown checked for raw HTML and unsafe link
 * addresses before it is expanded.  See template_markup.h. */
#include "template_markup.h"

#include "markdown.h"
#include "util.h"

#include <cmark-gfm.h>
#include <string.h>

static const char *const SAFE_SCHEMES[] = {"http", "https", "mailto"};

bool template_address_is_safe(const char *address)
{
	const unsigned char *p = (const unsigned char *)address;
	while (*p && *p <= ' ')
		p++; /* browsers skip these before the scheme */
	const unsigned char *s = p;
	while (g_ascii_isalnum(*s) || *s == '+' || *s == '-' || *s == '.'
	       || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	if (*s != ':' || s == p)
		return true; /* no scheme: relative, or #fragment */
	GString *scheme = g_string_new(NULL);
	for (const unsigned char *q = p; q < s; q++)
		if (*q != '\t' && *q != '\n' && *q != '\r')
			g_string_append_c(scheme, g_ascii_tolower(*q));
	bool safe = false;
	for (size_t i = 0; i < G_N_ELEMENTS(SAFE_SCHEMES); i++)
		safe = safe || strcmp(scheme->str, SAFE_SCHEMES[i]) == 0;
	g_string_free(scheme, TRUE);
	return safe;
}

static bool is_comment(const char *html)
{
	while (*html == ' ' || *html == '\n')
		html++;
	if (!g_str_has_prefix(html, "<!--"))
		return false;
	const char *end = strstr(html + 4, "-->");
	if (!end)
		return false;
	for (end += 3; *end; end++)
		if (*end != ' ' && *end != '\n' && *end != '\r')
			return false;
	return true;
}

/* The first node of tree that breaks the rule, and why (static text). */
static cmark_node *first_unsafe(cmark_node *tree, const char **why)
{
	cmark_iter *it = cmark_iter_new(tree);
	cmark_node *bad = NULL;
	cmark_event_type ev;
	while (!bad && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev != CMARK_EVENT_ENTER)
			continue;
		cmark_node_type t = cmark_node_get_type(n);
		if ((t == CMARK_NODE_HTML_BLOCK || t == CMARK_NODE_HTML_INLINE)
		    && !is_comment(cmark_node_get_literal(n))) {
			bad = n;
			*why = "raw HTML is not published: write Markdown "
			       "(only <!-- comments --> may stand in a "
			       "template)";
		} else if ((t == CMARK_NODE_LINK || t == CMARK_NODE_IMAGE)
		           && !template_address_is_safe(
		                  cmark_node_get_url(n))) {
			bad = n;
			*why = "a link may only go to an http://, https:// or "
			       "mailto: address, a relative path or a "
			       "#fragment";
		}
	}
	cmark_iter_free(it);
	return bad;
}

bool template_markup_check(const char *path, const char *text,
                           GError **error)
{
	cmark_node *tree = markdown_parse(text);
	const char *why = NULL;
	cmark_node *bad = first_unsafe(tree, &why);
	if (bad) {
		int line = cmark_node_get_start_line(bad);
		int col = cmark_node_get_start_column(bad);
		gg_set_input_error(error, path, line > 0 ? line : 1,
		                   col > 0 ? col : 1, "%s", why);
	}
	cmark_node_free(tree);
	return bad == NULL;
}
