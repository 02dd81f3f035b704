/* The site's stylesheet and script as served.  See html_minify.h. */
#include "html_minify.h"

#include <glib.h>
#include <stdbool.h>
#include <string.h>

/* Characters around which CSS needs no white space. */
static bool css_tight(char c)
{
	return c && strchr("{};,>", c) != NULL;
}

/* Copies the quoted string starting at *p (quote included) to out and
 * moves *p past its closing quote. */
static void copy_string(GString *out, const char **p)
{
	char quote = **p;
	g_string_append_c(out, *(*p)++);
	while (**p && **p != quote) {
		if (**p == '\\' && (*p)[1])
			g_string_append_c(out, *(*p)++);
		g_string_append_c(out, *(*p)++);
	}
	if (**p)
		g_string_append_c(out, *(*p)++);
}

char *html_minify_css(const char *css)
{
	GString *out = g_string_new(NULL);
	int depth = 0;
	bool space = false; /* white space seen since the last character */
	for (const char *p = css; *p;) {
		if (p[0] == '/' && p[1] == '*') {
			const char *end = strstr(p + 2, "*/");
			p = end ? end + 2 : p + strlen(p);
			space = true;
			continue;
		}
		if (g_ascii_isspace(*p)) {
			space = true;
			p++;
			continue;
		}
		char last = out->len ? out->str[out->len - 1] : '\0';
		if (*p == '}' && last == ';')
			g_string_truncate(out, out->len - 1);
		if (space && out->len && last != '\n' && !css_tight(last)
		    && last != ':' && !css_tight(*p))
			g_string_append_c(out, ' ');
		space = false;
		if (*p == '"' || *p == '\'') {
			copy_string(out, &p);
			continue;
		}
		depth += *p == '{';
		depth -= *p == '}';
		g_string_append_c(out, *p++);
		if (out->str[out->len - 1] == '}' && depth == 0)
			g_string_append_c(out, '\n');
	}
	if (out->len && out->str[out->len - 1] != '\n')
		g_string_append_c(out, '\n');
	return g_string_free(out, FALSE);
}

char *html_minify_js(const char *js)
{
	GString *out = g_string_new(NULL);
	const char *p = js;
	while (g_ascii_isspace(*p))
		p++;
	if (p[0] == '/' && p[1] == '*') {
		const char *end = strstr(p + 2, "*/");
		p = end ? end + 2 : p + strlen(p);
	}
	while (*p) {
		while (*p == ' ' || *p == '\t')
			p++;
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		if (len) {
			g_string_append_len(out, p, (gssize)len);
			g_string_append_c(out, '\n');
		}
		p += len + (eol != NULL);
	}
	return g_string_free(out, FALSE);
}
