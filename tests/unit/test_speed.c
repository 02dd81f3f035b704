/* Speed branch (issue 20): jobs in worker processes give what a serial
 * run gives; unchanged files are linked, not rewritten; assumption and
 * lifecycle lookups by hash agree with a scan. */
#include "unit.h"

#include "data.h"
#include "jobs.h"
#include "util.h"

#include <glib/gstdio.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>

/* Job i says "job i"; job `fail` fails with an input error; job `die`
 * ends its process without reporting (only meaningful in a worker). */
typedef struct {
	size_t fail, die;
	pid_t parent;
} JobSpec;

static bool test_job(size_t i, void *data, GPtrArray *lines, GError **error)
{
	const JobSpec *s = data;
	if (i == s->die && getpid() != s->parent)
		_exit(7);
	g_ptr_array_add(lines, g_strdup_printf("job %zu", i));
	if (i == s->fail) {
		gg_set_input_error(error, "x.csv", 3, 4, "bad %zu", i);
		return false;
	}
	return true;
}

static char *run_jobs(size_t n, unsigned parallel, JobSpec spec, int *code,
                      char **message)
{
	GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
	GError *error = NULL;
	const char *names[] = {"en/a", "en/b", "zh/a", "zh/b", "x/y"};
	bool ok = jobs_run(n, parallel, test_job, &spec, names, lines, &error);
	*code = ok ? 0 : error->code;
	*message = ok ? NULL : g_strdup(error->message);
	g_clear_error(&error);
	g_ptr_array_add(lines, NULL);
	char *joined = ok ? g_strjoinv(",", (char **)lines->pdata) : NULL;
	g_ptr_array_free(lines, TRUE);
	return joined;
}

static void test_jobs(void)
{
	JobSpec all = {SIZE_MAX, SIZE_MAX, getpid()};
	int code;
	char *msg;
	char *serial = run_jobs(5, 1, all, &code, &msg);
	CHECK_STR(serial, "job 0,job 1,job 2,job 3,job 4");
	char *parallel = run_jobs(5, 2, all, &code, &msg);
	CHECK_STR(parallel, "job 0,job 1,job 2,job 3,job 4");
	CHECK(code == 0);
	g_free(serial);
	g_free(parallel);
	/* the first failure in job order, as a serial run reports it */
	JobSpec two = {2, SIZE_MAX, getpid()};
	g_free(run_jobs(5, 1, two, &code, &msg));
	CHECK(code == GG_ERR_INPUT);
	CHECK_STR(msg, "x.csv:3:4: bad 2");
	g_free(msg);
	g_free(run_jobs(5, 3, two, &code, &msg));
	CHECK(code == GG_ERR_INPUT);
	CHECK_STR(msg, "x.csv:3:4: bad 2");
	g_free(msg);
	/* a worker that dies is an environment error naming its job */
	JobSpec dies = {SIZE_MAX, 1, getpid()};
	g_free(run_jobs(4, 2, dies, &code, &msg));
	CHECK(code == GG_ERR_ENV);
	CHECK(msg && strstr(msg, "en/b") && strstr(msg, "status 7"));
	g_free(msg);
	CHECK(jobs_default_parallel() >= 1);
}

static void test_link_if_same(void)
{
	char *dir = g_dir_make_tmp("gg-link-XXXXXX", NULL);
	CHECK(dir != NULL);
	if (!dir)
		return;
	char *old = g_build_filename(dir, "old", NULL);
	char *copy = g_build_filename(dir, "new", NULL);
	char *other = g_build_filename(dir, "other", NULL);
	CHECK(g_file_set_contents(old, "same bytes", -1, NULL));
	CHECK(gg_link_if_same(old, copy, "same bytes", 10));
	GStatBuf a, b;
	CHECK(g_stat(old, &a) == 0 && g_stat(copy, &b) == 0
	      && a.st_ino == b.st_ino);
	CHECK(!gg_link_if_same(old, other, "same bytez", 10));
	CHECK(!gg_link_if_same(old, other, "same byte", 9));
	CHECK(!gg_link_if_same(old, other, "same bytes!", 11));
	CHECK(!g_file_test(other, G_FILE_TEST_EXISTS));
	char *missing = g_build_filename(dir, "missing", NULL);
	CHECK(!gg_link_if_same(missing, other, "", 0));
	g_unlink(old);
	g_unlink(copy);
	g_rmdir(dir);
	g_free(missing);
	g_free(other);
	g_free(copy);
	g_free(old);
	g_free(dir);
}

/* The hashed lookups answer what a scan of the rows answers. */
static void test_indexed_lookups(void)
{
	Edition *e = edition_load(FROZEN_DATA "/current", NULL);
	CHECK(e != NULL);
	if (!e)
		return;
	CHECK(e->assumption_index != NULL);
	for (size_t i = 0; i < e->n_assumptions; i++) {
		const Assumption *a = edition_assumption(e, e->assumptions[i].key);
		CHECK(a && strcmp(a->key, e->assumptions[i].key) == 0);
	}
	CHECK(edition_assumption(e, "no_such_assumption") == NULL);
	size_t with = 0;
	for (size_t g = 0; g < e->n_gpus; g++) {
		const Lifecycle *l = edition_lifecycle(e, g);
		const Lifecycle *scan = NULL;
		for (size_t k = 0; !scan && k < e->n_lifecycle; k++)
			if (e->lifecycle[k].gpu == g)
				scan = &e->lifecycle[k];
		CHECK(l == scan);
		with += l != NULL;
	}
	CHECK(with > 0);
	edition_free(e);
}

void test_speed(void)
{
	test_jobs();
	test_link_if_same();
	test_indexed_lookups();
}
