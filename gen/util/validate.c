/* Validation and escaping of names and addresses built in C.  See
 * validate.h. */
#include "validate.h"

#include <glib.h>
#include <string.h>

bool gg_edition_name_ok(const char *name, const char **why)
{
	static const char *const taken[] = {"assets", "charts", "data",
	                                    "requests", NULL};
	size_t n = strlen(name);
	if (n == 0 || n > EDITION_NAME_MAX) {
		*why = "an edition name has 1 to 64 characters";
		return false;
	}
	if (!g_ascii_isalnum(name[0])) {
		*why = "an edition name starts with a letter or digit (hidden "
		       "folders are not editions)";
		return false;
	}
	for (const char *p = name; *p; p++)
		if (!g_ascii_isalnum(*p) && *p != '-' && *p != '_') {
			*why = "an edition name uses only A-Z, a-z, 0-9, '-' "
			       "and '_'";
			return false;
		}
	if (g_strv_contains(taken, name)) {
		*why = "an edition cannot be called assets, charts, data or "
		       "requests (the site uses those folders)";
		return false;
	}
	return true;
}

/* TRUE when url is http(s)://HOST... with only the characters an
 * address may hold unescaped; *rest points past the scheme. */
static bool http_address_shape(const char *url, const char **rest)
{
	*rest = g_str_has_prefix(url, "https://") ? url + 8
	        : g_str_has_prefix(url, "http://") ? url + 7
	                                            : NULL;
	return *rest && strlen(url) <= BASE_URL_MAX;
}

static bool address_chars_ok(const char *url)
{
	for (const char *p = url; *p; p++) {
		unsigned char c = (unsigned char)*p;
		if (c <= 0x20 || c >= 0x7F || strchr("\"'<>\\`{}|^", c))
			return false;
	}
	return true;
}

/* The host: up to the first '/', '?' or '#', without user info, and as
 * GLib's URI parser reads it. */
static bool address_host_ok(const char *url, const char *rest)
{
	size_t host_len = strcspn(rest, "/?#");
	if (host_len == 0 || memchr(rest, '@', host_len) || rest[0] == ':'
	    || rest[0] == '.')
		return false;
	GUri *uri = g_uri_parse(url, G_URI_FLAGS_NONE, NULL);
	bool ok = uri && g_uri_get_host(uri) && *g_uri_get_host(uri);
	if (uri)
		g_uri_unref(uri);
	return ok;
}

bool gg_address_ok(const char *url, const char **why)
{
	const char *rest;
	*why = NULL;
	if (!*url)
		return true;
	if (!http_address_shape(url, &rest))
		*why = "an address must start with https:// or http:// "
		       "(no javascript:, data: or file: addresses)";
	else if (!address_chars_ok(url))
		*why = "an address must not hold spaces, quotes, angle "
		       "brackets, backslashes, non-ASCII or control characters "
		       "(percent-encode them)";
	else if (!address_host_ok(url, rest))
		*why = "an address needs a host, such as https://example.org/";
	return *why == NULL;
}

bool gg_base_url_ok(const char *url, const char **why)
{
	*why = "--base-url takes an http(s) address with a host, such as "
	       "https://example.org/guide/";
	const char *rest;
	if (!http_address_shape(url, &rest))
		return false;
	if (!address_chars_ok(url)) {
		*why = "--base-url must not hold spaces, quotes, angle "
		       "brackets, backslashes, non-ASCII or control "
		       "characters (percent-encode them)";
		return false;
	}
	if (!address_host_ok(url, rest))
		return false;
	if (strpbrk(rest, "?#")) {
		*why = "--base-url takes an http(s) address with a host and no "
		       "query or fragment, such as https://example.org/guide/";
		return false;
	}
	return true;
}

char *gg_url_segment(const char *text)
{
	return g_uri_escape_string(text, NULL, FALSE);
}

char *gg_attr_escape(const char *text)
{
	return g_markup_escape_text(text, -1);
}

char *gg_name_stem(const char *name)
{
	GString *s = g_string_new(NULL);
	bool dash = false;
	for (const char *p = name; *p; p++) {
		if (g_ascii_isalnum(*p)) {
			if (dash && s->len)
				g_string_append_c(s, '-');
			g_string_append_c(s, g_ascii_tolower(*p));
			dash = false;
		} else {
			dash = true;
		}
	}
	return g_string_free(s, FALSE);
}
