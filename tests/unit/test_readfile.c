/* gg_read_file, the one reader of every input file: regular files only
 * (a FIFO or a device, also through a symlink, is refused without
 * blocking), a size cap, the file named in every error (issue 28). */
#include "unit.h"
#include "template.h"
#include "util.h"

#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* The read of path fails with an input error naming path and saying why. */
static void check_refused(const char *path, size_t cap, const char *why)
{
	char *text = NULL;
	size_t n = 0;
	GError *error = NULL;
	CHECK(!gg_read_file(path, cap, &text, &n, &error));
	CHECK(text == NULL);
	CHECK(error && g_error_matches(error, GG_ERROR, GG_ERR_INPUT)
	      && strstr(error->message, path) && strstr(error->message, why));
	g_clear_error(&error);
	/* the optional reader refuses the same (it only forgives ENOENT) */
	CHECK(!gg_read_file_optional(path, cap, &text, &n, &error));
	CHECK(error != NULL);
	g_clear_error(&error);
}

/* {{section:NAME}} whose file leads outside the templates folder. */
static void check_section_outside(const char *dir)
{
	char *sections = g_build_filename(dir, "sections", NULL);
	char *evil = g_build_filename(sections, "evil.md", NULL);
	char *inner = g_build_filename(sections, "fine.md", NULL);
	g_mkdir(sections, 0700);
	CHECK(symlink("/etc/passwd", evil) == 0);
	CHECK(g_file_set_contents(inner, "fine\n", -1, NULL));
	const char *dirs[] = {sections, NULL};
	Values *v = values_new();
	GError *error = NULL;
	char *out = template_expand_sections("g.md", "{{section:evil}}", v,
	                                     dir, dirs, &error);
	CHECK(out == NULL);
	CHECK(error && strstr(error->message, evil)
	      && strstr(error->message, "outside the templates folder"));
	g_clear_error(&error);
	out = template_expand_sections("g.md", "{{section:fine}}", v, dir,
	                               dirs, &error);
	CHECK_STR(out, "fine\n");
	g_free(out);
	g_clear_error(&error);
	values_free(v);
	g_unlink(evil);
	g_unlink(inner);
	g_rmdir(sections);
	g_free(evil);
	g_free(inner);
	g_free(sections);
}

void test_readfile(void)
{
	char *dir = g_dir_make_tmp("gg-read-XXXXXX", NULL);
	CHECK(dir != NULL);
	if (!dir)
		return;
	char *fifo = g_build_filename(dir, "fifo", NULL);
	char *zero = g_build_filename(dir, "zero", NULL);
	char *plain = g_build_filename(dir, "plain.json", NULL);
	char *missing = g_build_filename(dir, "missing.json", NULL);
	CHECK(mkfifo(fifo, 0600) == 0);
	CHECK(symlink("/dev/zero", zero) == 0);
	CHECK(g_file_set_contents(plain, "{\"a\": 1}\n", -1, NULL));
	/* an open FIFO with no writer would block a plain open or read */
	check_refused(fifo, 1024, "not a regular file");
	check_refused(zero, 1024, "not a regular file");
	check_refused(dir, 1024, "not a regular file");
	check_refused(plain, 4, "limit is 4 bytes");
	char *text = NULL;
	size_t n = 0;
	CHECK(gg_read_file(plain, 9, &text, &n, NULL));
	CHECK(n == 9 && text && strcmp(text, "{\"a\": 1}\n") == 0);
	g_free(text);
	text = NULL;
	GError *error = NULL;
	CHECK(!gg_read_file(missing, 1024, &text, &n, &error));
	CHECK(error && strstr(error->message, missing)
	      && strstr(error->message, "cannot open"));
	g_clear_error(&error);
	CHECK(gg_read_file_optional(missing, 1024, &text, &n, &error));
	CHECK(text == NULL && error == NULL);
	check_section_outside(dir);
	g_unlink(fifo);
	g_unlink(zero);
	g_unlink(plain);
	g_rmdir(dir);
	g_free(fifo);
	g_free(zero);
	g_free(plain);
	g_free(missing);
	g_free(dir);
}
