/* libFuzzer target for the schema layer (gen/data/data.c over gen/data/csvload.c).
 * The input becomes gpus.csv in a private temporary folder that also holds
 * fixed, valid copies of the other edition files of tests/data/mini (read
 * once at start-up from $GPUGUIDE_MINI, default "tests/data/mini"); then
 * edition_load runs on that folder.  Typed columns, ranges, choices, dates,
 * duplicate keys and the references of prices/benchmarks/cloud to gpus.csv
 * are all exercised.
 * Build and run: tests/fuzz/build.sh, tests/fuzz/run.sh SECONDS. */
#include "data.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const OTHER_FILES[] = {
    "prices.csv", "systems.csv", "benchmarks.csv", "assumptions.csv",
    "use_cases.csv", "cloud.csv", NULL};

static char *g_dir;       /* the private edition folder */
static char *g_gpus_path; /* g_dir/gpus.csv */

static void write_file(const char *path, const void *data, size_t size)
{
	FILE *f = fopen(path, "wb");
	if (!f) {
		perror(path);
		abort();
	}
	if (size && fwrite(data, 1, size, f) != size) {
		perror(path);
		abort();
	}
	if (fclose(f) != 0) {
		perror(path);
		abort();
	}
}

static void cleanup(void)
{
	if (!g_dir)
		return;
	for (size_t i = 0; OTHER_FILES[i]; i++) {
		char *p = g_build_filename(g_dir, OTHER_FILES[i], NULL);
		g_unlink(p);
		g_free(p);
	}
	g_unlink(g_gpus_path);
	g_rmdir(g_dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	const char *mini = getenv("GPUGUIDE_MINI");
	if (!mini || !*mini)
		mini = "tests/data/mini";
	GError *error = NULL;
	g_dir = g_dir_make_tmp("gpuguide-fuzz-XXXXXX", &error);
	if (!g_dir) {
		fprintf(stderr, "fuzz_edition: %s\n", error->message);
		abort();
	}
	for (size_t i = 0; OTHER_FILES[i]; i++) {
		char *src = g_build_filename(mini, OTHER_FILES[i], NULL);
		char *text = NULL;
		gsize n = 0;
		if (!g_file_get_contents(src, &text, &n, &error)) {
			fprintf(stderr,
			        "fuzz_edition: %s (set GPUGUIDE_MINI to the "
			        "tests/data/mini folder)\n",
			        error->message);
			abort();
		}
		char *dst = g_build_filename(g_dir, OTHER_FILES[i], NULL);
		write_file(dst, text, n);
		g_free(dst);
		g_free(text);
		g_free(src);
	}
	g_gpus_path = g_build_filename(g_dir, "gpus.csv", NULL);
	atexit(cleanup);
	return 0;
}

/* Invariants every loaded edition must keep (data.h). */
static void check_edition(const Edition *e)
{
	if (e->n_gpus == 0 || !e->gpus || !e->data_date)
		abort();
	for (size_t i = 0; i < e->n_gpus; i++) {
		const Gpu *g = &e->gpus[i];
		if (!g->name || !g->name[0]
		    || edition_find_gpu(e, g->name) != (long)i)
			abort(); /* names are unique and non-empty */
		if (!(g->memory_gb > 0) || !(g->bandwidth_gbs > 0)
		    || g->tensor_gen < 0 || g->tensor_gen > 5
		    || !(g->slot_width >= 0))
			abort();
		if (!g->from.source || !g->from.date || !g->from.url
		    || !g->from.note)
			abort();
	}
	for (size_t i = 0; i < e->n_prices; i++)
		if (e->prices[i].gpu >= e->n_gpus || !(e->prices[i].price > 0))
			abort();
	for (size_t i = 0; i < e->n_benchmarks; i++)
		if (e->benchmarks[i].gpu >= e->n_gpus)
			abort();
	for (size_t i = 0; i < e->n_cloud; i++)
		if (e->cloud[i].gpu >= e->n_gpus)
			abort();
	for (int n = 1; n <= 8; n *= 2)
		if (!edition_system(e, n))
			abort();
	(void)edition_count_sources(e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	write_file(g_gpus_path, data, size);
	GError *error = NULL;
	Edition *e = edition_load(g_dir, &error);
	if (!e) {
		if (!error || !error->message)
			abort();
		g_error_free(error);
		return 0;
	}
	if (error)
		abort();
	check_edition(e);
	edition_free(e);
	return 0;
}
