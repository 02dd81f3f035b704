/* Validation and escaping of the names and addresses that C code (not the
 * Markdown path) puts into file names, links and HTML attributes: edition
 * folder names, --base-url, GPU file stems.
 * In: text.  Out: verdicts, or escaped copies.
 * Ownership: functions returning char * return a g_malloc'd string the
 * caller frees; "why" strings are static. */
#ifndef GG_VALIDATE_H
#define GG_VALIDATE_H

#include <stdbool.h>

#define EDITION_NAME_MAX 64 /* characters of an edition folder name */
#define BASE_URL_MAX 2000   /* characters of --base-url */

/* An edition folder name published as a folder of the site: 1 to
 * EDITION_NAME_MAX characters from A-Z a-z 0-9 '-' '_', starting with a
 * letter or digit (so no hidden folder, no "index.html", no space, quote
 * or URL syntax), and not a folder the site itself uses (assets, charts,
 * data, requests).  FALSE with *why set to a static explanation. */
bool gg_edition_name_ok(const char *name, const char **why);

/* --base-url: an absolute http:// or https:// address with a host, at most
 * BASE_URL_MAX characters, without spaces, quotes, angle brackets,
 * backslashes or control characters.  FALSE with *why set. */
bool gg_base_url_ok(const char *url, const char **why);

/* An address column of the data (url, precision_url): empty, or an
 * absolute http:// or https:// address with a host, at most
 * BASE_URL_MAX characters, without spaces, quotes, angle brackets,
 * backslashes, non-ASCII or control characters (query and fragment
 * allowed).  So javascript:, data:, file: and markup never reach a link
 * or the export.  FALSE with *why set to a static explanation. */
bool gg_address_ok(const char *url, const char **why);

/* One path segment percent-encoded (RFC 3986: everything but
 * A-Z a-z 0-9 - . _ ~). */
char *gg_url_segment(const char *text);

/* text escaped for an HTML attribute value in double or single quotes
 * (& < > " '). */
char *gg_attr_escape(const char *text);

/* The file-name stem a GPU name gives (lower-case runs of ASCII letters
 * and digits joined by '-'; "" when there are none): two GPUs with the
 * same stem would share their purchase request file. */
char *gg_name_stem(const char *name);

#endif
