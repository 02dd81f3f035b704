/* libFuzzer target for the names and addresses built in C (gen/util/validate.c)
 * and the message escaping of gen/util/util.c.  Each input, NUL-terminated,
 * is tried as an edition folder name, as a --base-url and as message text.
 * Checks (abort on failure):
 *   - an accepted edition name matches [A-Za-z0-9][A-Za-z0-9_-]{0,63} and
 *     is none of assets, charts, data, requests; a refusal says why;
 *   - an accepted --base-url starts with http:// or https://, has a host,
 *     and holds no byte that could leave an attribute (" ' < > space,
 *     controls, non-ASCII);
 *   - gg_url_segment leaves only unreserved characters and '%XX';
 *   - gg_attr_escape leaves no " ' < > and no '&' outside an entity;
 *   - gg_visible leaves no control character and valid UTF-8.
 * Build and run: tests/fuzz/build.sh, tests/fuzz/run.sh SECONDS. */
#include "util.h"
#include "validate.h"

#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_name(const char *s)
{
	const char *why = NULL;
	if (!gg_edition_name_ok(s, &why)) {
		if (!why)
			abort();
		return;
	}
	size_t n = strlen(s);
	if (n < 1 || n > 64 || !g_ascii_isalnum(s[0]))
		abort();
	for (size_t i = 0; i < n; i++)
		if (!g_ascii_isalnum(s[i]) && s[i] != '-' && s[i] != '_')
			abort();
	if (!strcmp(s, "assets") || !strcmp(s, "charts") || !strcmp(s, "data")
	    || !strcmp(s, "requests"))
		abort();
}

static void check_url(const char *s)
{
	const char *why = NULL;
	if (!gg_base_url_ok(s, &why)) {
		if (!why)
			abort();
		return;
	}
	const char *rest = !strncmp(s, "https://", 8) ? s + 8
	                   : !strncmp(s, "http://", 7) ? s + 7 : NULL;
	if (!rest || strcspn(rest, "/?#") == 0)
		abort();
	for (const char *p = s; *p; p++) {
		unsigned char c = (unsigned char)*p;
		if (c <= 0x20 || c >= 0x7F || strchr("\"'<>", c))
			abort();
	}
}

static void check_escapes(const char *s)
{
	char *seg = gg_url_segment(s);
	for (const char *p = seg; *p; p++)
		if (!g_ascii_isalnum(*p) && !strchr("-._~", *p)) {
			if (*p != '%' || !g_ascii_isxdigit(p[1])
			    || !g_ascii_isxdigit(p[2]))
				abort();
			p += 2;
		}
	g_free(seg);
	if (g_utf8_validate(s, -1, NULL)) {
		char *attr = gg_attr_escape(s);
		if (strpbrk(attr, "\"'<>"))
			abort();
		for (const char *p = strchr(attr, '&'); p; p = strchr(p + 1, '&'))
			if (!strchr(p, ';'))
				abort();
		g_free(attr);
	}
	char *shown = gg_visible(s);
	if (!g_utf8_validate(shown, -1, NULL))
		abort();
	for (const char *p = shown; *p; p++) {
		unsigned char c = (unsigned char)*p;
		if ((c < 0x20 && c != '\n') || c == 0x7F)
			abort();
	}
	g_free(shown);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = g_strndup((const char *)data, size);
	check_name(text);
	check_url(text);
	check_escapes(text);
	g_free(text);
	return 0;
}
