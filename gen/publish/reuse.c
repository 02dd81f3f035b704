/* Reuse of an unchanged edition's output.  See reuse.h. */
#include "reuse.h"

#include "digest.h"
#include "util.h"

#include <string.h>

#define LIST_HEADER "gpuguide inputs 1"
#define LIST_MAX_BYTES (16u * 1024u * 1024u)
#define INPUT_MAX_BYTES (256u * 1024u * 1024u)

/* ---- the key ------------------------------------------------------------ */

/* A field of the key: its length, then its bytes, so no two different
 * lists of fields hash alike. */
static void add_field(GChecksum *sum, const char *label, const void *bytes,
                      size_t length)
{
	char head[64];
	int n = g_snprintf(head, sizeof head, "\n%s %zu\n", label, length);
	g_checksum_update(sum, (const guchar *)head, (gssize)n);
	if (length)
		g_checksum_update(sum, bytes, (gssize)length);
}

static void add_text(GChecksum *sum, const char *label, const char *text)
{
	add_field(sum, label, text ? text : "", text ? strlen(text) : 0);
}

static bool add_file(GChecksum *sum, const char *label, const char *path,
                     GError **error)
{
	char *bytes = NULL;
	size_t length = 0;
	if (!gg_read_file(path, INPUT_MAX_BYTES, &bytes, &length, error))
		return false;
	add_field(sum, label, bytes, length);
	g_free(bytes);
	return true;
}

/* Every regular file of dir, by name (and of its sub-folders when
 * recursive): its path below the folder and its bytes.  Links and other
 * kinds are skipped (the loader refuses them). */
static bool add_folder(GChecksum *sum, const char *dir, const char *below,
                       bool recursive, GError **error)
{
	GDir *d = g_dir_open(dir, 0, NULL);
	if (!d)
		return true;
	GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
	for (const char *name; (name = g_dir_read_name(d));)
		g_ptr_array_add(names, g_strdup(name));
	g_dir_close(d);
	g_ptr_array_sort(names, gg_compare_names);
	bool ok = true;
	for (guint i = 0; ok && i < names->len; i++) {
		const char *name = names->pdata[i];
		char *path = g_build_filename(dir, name, NULL);
		char *rel = *below ? g_strdup_printf("%s/%s", below, name)
		                   : g_strdup(name);
		if (g_file_test(path, G_FILE_TEST_IS_SYMLINK))
			;
		else if (g_file_test(path, G_FILE_TEST_IS_DIR))
			ok = !recursive || add_folder(sum, path, rel, true, error);
		else if (g_file_test(path, G_FILE_TEST_IS_REGULAR))
			ok = add_file(sum, rel, path, error);
		g_free(rel);
		g_free(path);
	}
	g_ptr_array_unref(names);
	return ok;
}

/* The previous_edition an edition's assumptions.csv names (the line
 * "previous_edition,NAME,..."), as results.c reads it; NULL without. */
static char *previous_edition_name(const char *edition_dir)
{
	char *path = g_build_filename(edition_dir, "assumptions.csv", NULL);
	char *text = NULL;
	size_t length = 0;
	char *name = NULL;
	if (gg_read_file(path, INPUT_MAX_BYTES, &text, &length, NULL)) {
		char **lines = g_strsplit(text, "\n", -1);
		for (char **l = lines; *l && !name; l++) {
			const char *p = *l;
			if (*p == '"')
				p++;
			if (!g_str_has_prefix(p, "previous_edition"))
				continue;
			p += strlen("previous_edition");
			p += *p == '"';
			if (*p++ != ',')
				continue;
			p += *p == '"';
			size_t n = strcspn(p, "\",\r");
			name = g_strndup(p, n);
		}
		/* one folder beside the edition, as results.c reads it; a
		 * name that would lead elsewhere is the loader's to refuse */
		if (name && (!*name || strchr(name, '/') || strchr(name, '\\')
		             || strcmp(name, ".") == 0 || strcmp(name, "..") == 0))
			g_clear_pointer(&name, g_free);
		g_strfreev(lines);
	}
	g_free(text);
	g_free(path);
	return name;
}

static void add_options(GChecksum *sum, const PublishConfig *cf,
                        const char *prefix, const char *nav)
{
	add_text(sum, "lang", cf->lang);
	add_text(sum, "lang folder", cf->lang_folder);
	for (size_t i = 0; i < cf->n_languages; i++) {
		add_text(sum, "language", cf->languages[i].code);
		add_text(sum, "folder", cf->languages[i].folder);
		add_text(sum, "name", cf->languages[i].name);
	}
	add_text(sum, "paper", cf->paper == PAPER_LETTER ? "letter" : "a4");
	add_text(sum, "base url", cf->base_url);
	add_text(sum, "prefix", prefix);
	add_text(sum, "nav", nav);
	add_text(sum, "SOURCE_DATE_EPOCH", g_getenv("SOURCE_DATE_EPOCH"));
}

char *reuse_key(const PublishConfig *cf, const char *edition_dir,
                const char *prefix, const char *nav,
                const char *previous_path, GError **error)
{
	GChecksum *sum = g_checksum_new(G_CHECKSUM_SHA256);
	add_text(sum, LIST_HEADER, digest_program());
	add_options(sum, cf, prefix, nav);
	bool ok = add_folder(sum, edition_dir, "", false, error);
	char *previous = ok ? previous_edition_name(edition_dir) : NULL;
	if (previous) {
		char *dir = g_build_filename(edition_dir, "..", previous, NULL);
		char *gpus = g_build_filename(dir, "gpus.csv", NULL);
		add_text(sum, "previous edition", previous);
		if (g_file_test(gpus, G_FILE_TEST_IS_REGULAR))
			ok = add_folder(sum, dir, "", false, error);
		g_free(gpus);
		g_free(dir);
		g_free(previous);
	}
	add_text(sum, "templates", "");
	ok = ok && add_folder(sum, cf->templates_dir, "", true, error);
	char *json = NULL;
	size_t length = 0;
	ok = ok && gg_read_file_optional(previous_path, GG_JSON_MAX_BYTES,
	                                 &json, &length, error);
	if (ok && json)
		add_field(sum, "previous run", json, length);
	g_free(json);
	char *key = ok ? g_strdup(g_checksum_get_string(sum)) : NULL;
	g_checksum_free(sum);
	return key;
}

/* ---- the list of an edition's files -------------------------------------- */

static char *list_path(const char *prefix)
{
	return g_strconcat(prefix, REUSE_LIST, NULL);
}

/* The path of a list line "SHA256  relpath", or NULL when the line is
 * not one. */
static const char *line_path(const char *line)
{
	size_t n = strspn(line, "0123456789abcdef");
	return n == 64 && line[64] == ' ' && line[65] == ' ' && line[66]
	           ? line + 66 : NULL;
}

bool reuse_write_list(Site *site, const char *prefix, const char *key,
                      const GPtrArray *lines, GError **error)
{
	char *own = list_path(prefix);
	GString *text = g_string_new(LIST_HEADER "\n");
	g_string_append_printf(text, "%s\n", key);
	for (guint i = 0; i < lines->len; i++) {
		const char *path = line_path(lines->pdata[i]);
		const char *next = i + 1 < lines->len
		                       ? line_path(lines->pdata[i + 1]) : NULL;
		/* a file written twice: its last bytes (the sort is stable) */
		if (!path || strcmp(path, own) == 0
		    || (next && strcmp(path, next) == 0))
			continue;
		g_string_append_printf(text, "%s\n", (char *)lines->pdata[i]);
	}
	bool ok = site_write(site, own, text->str, text->len, error);
	g_string_free(text, TRUE);
	g_free(own);
	return ok;
}

/* Whether a list line names a file of the edition that the previous
 * output still holds as it was written. */
static bool line_reusable(Site *site, const char *line, const char *prefix,
                          const char *own)
{
	const char *path = line_path(line);
	if (!path || !g_str_has_prefix(path, prefix) || strcmp(path, own) == 0)
		return false;
	char *now = site_previous_digest(site, path);
	bool same = now && strncmp(now, line, 64) == 0;
	g_free(now);
	return same;
}

/* The lines of a previous list that carries key and whose every file is
 * there as it was; NULL otherwise. */
static char **reusable_lines(Site *site, const char *prefix,
                             const char *key)
{
	char *own = list_path(prefix);
	char *text = NULL;
	size_t length = 0;
	char **lines = NULL;
	if (site_read_previous(site, own, LIST_MAX_BYTES, &text, &length, NULL)
	    && text && strlen(text) == length && length
	    && text[length - 1] == '\n') {
		text[length - 1] = 0;
		lines = g_strsplit(text, "\n", -1);
	}
	bool ok = lines && lines[0] && strcmp(lines[0], LIST_HEADER) == 0
	          && lines[1] && strcmp(lines[1], key) == 0;
	for (char **l = ok ? lines + 2 : NULL; l && *l && ok; l++)
		ok = line_reusable(site, *l, prefix, own);
	g_free(text);
	g_free(own);
	if (!ok) {
		g_strfreev(lines);
		return NULL;
	}
	return lines;
}

bool reuse_previous(Site *site, const char *prefix, const char *key,
                    bool *reused, GError **error)
{
	*reused = false;
	char **lines = reusable_lines(site, prefix, key);
	if (!lines)
		return true;
	GPtrArray *kept = g_ptr_array_new();
	bool ok = true;
	for (char **l = lines + 2; ok && *l; l++) {
		char *digest = g_strndup(*l, 64);
		ok = site_reuse(site, line_path(*l), digest, error);
		g_free(digest);
		g_ptr_array_add(kept, *l);
	}
	ok = ok && reuse_write_list(site, prefix, key, kept, error);
	*reused = ok;
	g_ptr_array_unref(kept);
	g_strfreev(lines);
	return ok;
}
