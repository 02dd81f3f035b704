/* A file the site writer takes in parts (site_file_*): the bytes are the
 * parts in order, the run's list notes their SHA-256, the previous
 * output's same file is linked (it keeps its inode and time), a changed
 * one is new, and the marker or a path outside the tree is refused; what
 * was added reads back (site_file_read) while the file is being written,
 * whether its writing is put off (the previous output has the same
 * bytes so far) or not. */
#include "unit.h"
#include "digest.h"
#include "site.h"

#include <glib/gstdio.h>
#include <sys/stat.h>

/* The parts added so far read back from their second byte on, and a
 * path outside the tree is refused. */
static void check_read_back(Site *site, SiteFile *f,
                            const char *const *parts)
{
	GString *all = g_string_new(NULL);
	for (const char *const *p = parts; *p; p++)
		g_string_append(all, *p);
	char buf[64] = "";
	size_t got = 99;
	GError *error = NULL;
	CHECK(site_file_read(f, 1, buf, sizeof buf - 1, &got, &error));
	CHECK(all->len > 0 && got == all->len - 1);
	CHECK_STR(buf, all->str + 1);
	CHECK(!site_read_new(site, "../parts.json", 0, buf, 8, &got, &error));
	CHECK(error != NULL && got == 0);
	g_clear_error(&error);
	g_string_free(all, TRUE);
}

/* One run into out writing data/parts.json as parts; returns the list
 * line of that file (g_free), or NULL when the run failed. */
static char *run_with_parts(const char *out, const char *top,
                            const char *const *parts)
{
	char *data = g_build_filename(top, "data", NULL);
	char *templates = g_build_filename(top, "templates", NULL);
	GError *error = NULL;
	Site *site = site_open(out, data, templates, &error);
	g_free(data);
	g_free(templates);
	if (!site) {
		g_clear_error(&error);
		return NULL;
	}
	site_record_start(site);
	SiteFile *f = site_file_open(site, "data/parts.json", &error);
	bool ok = f != NULL;
	for (const char *const *p = parts; ok && *p; p++)
		ok = site_file_add(f, *p, strlen(*p), &error);
	if (ok)
		check_read_back(site, f, parts);
	ok = ok && site_file_close(f, &error);
	GPtrArray *lines = site_record_stop(site);
	char *line = ok && lines && lines->len == 1
	                 ? g_strdup(lines->pdata[0]) : NULL;
	if (lines)
		g_ptr_array_unref(lines);
	if (ok && site_commit(site, &error))
		return line;
	if (!ok)
		site_abort(site);
	g_clear_error(&error);
	g_free(line);
	return NULL;
}

static void check_refused_path(const char *out, const char *top,
                               const char *relpath)
{
	char *data = g_build_filename(top, "data", NULL);
	char *templates = g_build_filename(top, "templates", NULL);
	GError *error = NULL;
	Site *site = site_open(out, data, templates, &error);
	CHECK(site != NULL);
	if (site) {
		CHECK(site_file_open(site, relpath, &error) == NULL);
		CHECK(error && strstr(error->message, relpath));
		site_abort(site);
	}
	g_clear_error(&error);
	g_free(data);
	g_free(templates);
}

/* Removes path and everything under it (no link followed). */
static void remove_tree(const char *path)
{
	GDir *dir = g_file_test(path, G_FILE_TEST_IS_SYMLINK)
	                ? NULL : g_dir_open(path, 0, NULL);
	for (const char *name; dir && (name = g_dir_read_name(dir));) {
		char *child = g_build_filename(path, name, NULL);
		remove_tree(child);
		g_free(child);
	}
	if (dir) {
		g_dir_close(dir);
		g_rmdir(path);
	} else
		g_unlink(path);
}

void test_sitefile(void)
{
	char *top = g_dir_make_tmp("gg-sitefile-XXXXXX", NULL);
	char *out = g_build_filename(top, "out", NULL);
	char *file = g_build_filename(out, "data", "parts.json", NULL);
	const char *const parts[] = {"{\"a\": ", "[1, 2]", "", "}\n", NULL};
	char *line = run_with_parts(out, top, parts);
	char *want = digest_sha256_hex("{\"a\": [1, 2]}\n", 14);
	char *want_line = g_strdup_printf("%s  data/parts.json", want);
	CHECK_STR(line, want_line);
	char *text = NULL;
	CHECK(g_file_get_contents(file, &text, NULL, NULL));
	CHECK_STR(text, "{\"a\": [1, 2]}\n");
	struct stat first, second, third;
	CHECK(g_stat(file, &first) == 0);
	/* the same bytes in other parts: the previous file is kept */
	const char *const again[] = {"{\"a\": [1", ", 2]}\n", NULL};
	g_free(line);
	line = run_with_parts(out, top, again);
	CHECK_STR(line, want_line);
	CHECK(g_stat(file, &second) == 0 && second.st_ino == first.st_ino);
	/* other bytes of the same length: a new file */
	const char *const other[] = {"{\"a\": [1, 3]}\n", NULL};
	g_free(line);
	line = run_with_parts(out, top, other);
	CHECK(line && !strstr(line, want));
	CHECK(g_stat(file, &third) == 0 && third.st_ino != first.st_ino);
	g_free(text);
	CHECK(g_file_get_contents(file, &text, NULL, NULL));
	CHECK_STR(text, "{\"a\": [1, 3]}\n");
	/* the previous file's first bytes alone: a new file */
	const char *const prefix[] = {"{\"a\": [1, 3]", NULL};
	struct stat fourth;
	g_free(line);
	line = run_with_parts(out, top, prefix);
	CHECK(g_stat(file, &fourth) == 0 && fourth.st_ino != third.st_ino);
	g_free(text);
	CHECK(g_file_get_contents(file, &text, NULL, NULL));
	CHECK_STR(text, "{\"a\": [1, 3]");
	/* the same first part, then another: the first copied, then the
	 * rest written */
	const char *const later[] = {"{\"a\": [1", ", 9]}\n", NULL};
	g_free(line);
	line = run_with_parts(out, top, later);
	g_free(text);
	CHECK(g_file_get_contents(file, &text, NULL, NULL));
	CHECK_STR(text, "{\"a\": [1, 9]}\n");
	check_refused_path(out, top, ".gpuguide");
	check_refused_path(out, top, "../outside.json");
	g_free(text);
	g_free(line);
	g_free(want_line);
	g_free(want);
	remove_tree(top);
	g_free(file);
	g_free(out);
	g_free(top);
}
