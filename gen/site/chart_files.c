/* Chart back-end: every chart of an edition as the site's files, SVG for
 * wide screens and phones, each light and dark, and a PNG preview, drawn
 * by the chart stage (chart_render.h).  See chart_files.h. */
#include "chart_files.h"

#include "chart_render.h"
#include "digest.h"
#include "paths.h"
#include "util.h"

#include <string.h>

/* ---- PNG previews kept from the previous run --------------------------
 * The PNG is a chart's costly file (rasterized at twice the size, then
 * deflated), and it is drawn from the same canvas as the wide light SVG:
 * the same program drawing the same SVG draws the same PNG.  The memo
 * (PREFIX.gpuguide-charts, a file of the edition like any other) has a
 * line per PNG: the digest of the program and that SVG, two spaces, the
 * PNG's SHA-256, two spaces, its path.  A run that is not --full takes a
 * PNG whose key is in the previous run's memo over from the previous
 * output when it is there with that SHA-256 (not edited, not a link),
 * instead of drawing it; a full run and such a run write the same bytes.
 * The installed fonts are not in the key (gpuguide --full after a font
 * change), as for an edition (reuse.h). */

#define MEMO_NAME ".gpuguide-charts"
#define MEMO_HEADER "gpuguide charts 1"
#define MEMO_MAX_BYTES (4u * 1024u * 1024u)
#define HEX_LENGTH 64

typedef struct {
	GHashTable *previous; /* PNG path -> its line of the previous memo */
	GString *memo;        /* this run's */
} Memo;

static bool is_hex(const char *s)
{
	return strspn(s, "0123456789abcdef") >= HEX_LENGTH;
}

/* The path of a memo line "KEY  SHA256  path", or NULL when the line is
 * not one. */
static const char *memo_line_path(const char *line)
{
	const char *sha = line + HEX_LENGTH + 2;
	if (strlen(line) <= 2 * (HEX_LENGTH + 2) || !is_hex(line)
	    || strncmp(line + HEX_LENGTH, "  ", 2) != 0 || !is_hex(sha)
	    || strncmp(sha + HEX_LENGTH, "  ", 2) != 0)
		return NULL;
	return sha + HEX_LENGTH + 2;
}

/* The previous run's memo of the edition at prefix, by PNG path (each
 * key points into its line, the value); empty when there is none or it
 * does not parse. */
static GHashTable *memo_read(Site *site, const char *prefix)
{
	GHashTable *by_path = g_hash_table_new_full(g_str_hash, g_str_equal,
	                                            NULL, g_free);
	char *path = g_strconcat(prefix, MEMO_NAME, NULL);
	char *text = NULL;
	size_t length = 0;
	if (site_read_previous(site, path, MEMO_MAX_BYTES, &text, &length,
	                       NULL)
	    && text && strlen(text) == length) {
		char **lines = g_strsplit(text, "\n", -1);
		bool ours = lines[0] && strcmp(lines[0], MEMO_HEADER) == 0;
		for (char **l = lines + 1; ours && *l; l++) {
			if (!memo_line_path(*l))
				continue;
			char *line = g_strdup(*l);
			/* replace, not insert: the key is the new line's */
			g_hash_table_replace(by_path, (char *)memo_line_path(line),
			                     line);
		}
		g_strfreev(lines);
	}
	g_free(text);
	g_free(path);
	return by_path;
}

/* The key of a PNG: the program and the wide light SVG it shows. */
static char *png_key(const char *light_svg)
{
	Digest *d = digest_new();
	const char *program = digest_program();
	digest_add(d, program, strlen(program));
	digest_add(d, "\n", 1);
	digest_add(d, light_svg, strlen(light_svg));
	return digest_finish(d);
}

/* Takes the PNG at path over when the previous memo has key for it and
 * the previous output holds it as written: TRUE with *kept set, and its
 * SHA-256 in *sha (g_free'd by the caller).  FALSE only when it could
 * not be copied. */
static bool png_from_memo(const Memo *m, Site *site, const char *path,
                          const char *key, bool *kept, char **sha,
                          GError **error)
{
	*kept = false;
	const char *line = m->previous ? g_hash_table_lookup(m->previous, path)
	                               : NULL;
	if (!line || strncmp(line, key, HEX_LENGTH) != 0)
		return true;
	char *listed = g_strndup(line + HEX_LENGTH + 2, HEX_LENGTH);
	char *now = site_previous_digest(site, path);
	bool same = now && strcmp(now, listed) == 0;
	g_free(now);
	if (!same) {
		g_free(listed);
		return true;
	}
	if (!site_reuse(site, path, listed, error)) {
		g_free(listed);
		return false;
	}
	*kept = true;
	*sha = listed;
	return true;
}

/* ---- the files ------------------------------------------------------------ */

static bool write_file(Site *site, char *path, char *bytes, size_t n,
                       GError **error)
{
	bool ok = site_write(site, path, bytes, n, error);
	g_free(path);
	g_free(bytes);
	return ok;
}

/* One layout of a chart as SVG, light and dark, at the paths of kind;
 * key (when not NULL) gets the key of the PNG drawn from this layout. */
static bool write_svgs(const EditionResult *r, Site *site,
                       const ChartCanvas *cv, ChartFile kind, char **key,
                       GError **error)
{
	const char *name = cv->chart->name;
	char *dark = chart_dark_name(name);
	char *light_svg = chart_canvas_svg(cv, &CHART_LIGHT);
	char *dark_svg = chart_canvas_svg(cv, &CHART_DARK);
	if (key)
		*key = png_key(light_svg);
	bool ok = write_file(site, paths_chart(r->prefix, name, kind),
	                     light_svg, strlen(light_svg), error);
	if (ok)
		ok = write_file(site, paths_chart(r->prefix, dark, kind),
		                dark_svg, strlen(dark_svg), error);
	else
		g_free(dark_svg);
	g_free(dark);
	return ok;
}

/* The PNG of the wide layout: taken over or drawn, then its memo line. */
static bool write_png(Site *site, const ChartCanvas *wide, char *path,
                      const char *key, Memo *m, GError **error)
{
	bool kept = false;
	char *sha = NULL;
	bool ok = png_from_memo(m, site, path, key, &kept, &sha, error);
	if (ok && !kept) {
		char *png = NULL;
		size_t n = 0;
		ok = chart_canvas_png(wide, &CHART_LIGHT, &png, &n, error);
		if (ok)
			sha = digest_sha256_hex(png, n);
		ok = ok && site_write(site, path, png, n, error);
		g_free(png);
	}
	if (ok)
		g_string_append_printf(m->memo, "%s  %s  %s\n", key, sha, path);
	g_free(sha);
	g_free(path);
	return ok;
}

static bool write_chart(const EditionResult *r, Site *site, const Chart *c,
                        Memo *m, GError **error)
{
	ChartCanvas *wide = chart_canvas_new(c, CHART_WIDTH);
	ChartCanvas *narrow = chart_canvas_new(c, CHART_NARROW_WIDTH);
	char *key = NULL;
	bool ok = write_svgs(r, site, wide, CHART_SVG, &key, error)
	          && write_svgs(r, site, narrow, CHART_SVG_NARROW, NULL, error)
	          && write_png(site, wide,
	                       paths_chart(r->prefix, c->name, CHART_PNG), key,
	                       m, error);
	g_free(key);
	chart_canvas_free(wide);
	chart_canvas_free(narrow);
	return ok;
}

bool chart_write_all(const EditionResult *r, Site *site, GError **error)
{
	Memo m = {.previous = r->config->full ? NULL
	                                      : memo_read(site, r->prefix),
	          .memo = g_string_new(MEMO_HEADER "\n")};
	bool ok = true;
	for (size_t i = 0; ok && i < values_chart_count(r->values); i++)
		ok = write_chart(r, site, values_chart_at(r->values, i), &m,
		                 error);
	chart_png_release(); /* the stages after this one have the memory */
	char *path = g_strconcat(r->prefix, MEMO_NAME, NULL);
	ok = ok && site_write(site, path, m.memo->str, m.memo->len, error);
	g_free(path);
	g_string_free(m.memo, TRUE);
	if (m.previous)
		g_hash_table_unref(m.previous);
	return ok;
}
