/* Data stage: an edition folder of CSV files in, typed and cross-checked
 * tables out.  Every schema rule of data/README.md is enforced here.
 * In: a folder path.  Out: Edition.
 * Ownership: edition_load returns an Edition the caller frees with
 * edition_free; every string and array inside belongs to the Edition, and
 * later stages only read it (const Edition *). */
#ifndef GG_DATA_H
#define GG_DATA_H

#include "edition.h"

#include <glib.h>

/* Loads and validates every file of the edition in dir.  Returns NULL with
 * *error set ("file:line:col: message", GG_ERR_INPUT) on the first
 * problem.  With an `edition_date` assumption, every benchmark, price and
 * cloud row must be dated on or before it (the edition knows nothing
 * later); a later row is an error at its date field. */
Edition *edition_load(const char *dir, GError **error);
void edition_free(Edition *edition);

/* Loads the benchmarks.csv in dir (e.g. an edition's later/ folder of
 * measurements published after its date) against e's GPUs, with the
 * schema rules of benchmarks.csv and no date rule.  Returns the rows
 * (free with edition_benchmarks_free) or NULL with *error set. */
Benchmark *edition_load_benchmarks(const Edition *e, const char *dir,
                                   size_t *count, GError **error);
void edition_benchmarks_free(Benchmark *rows, size_t count);

/* The edition folders under data_dir, "current" first then by name, or
 * data_dir alone when it is an edition itself (a folder with gpus.csv);
 * each name checked as an output folder name (validate.h).  Returns a
 * list of paths the caller frees (g_ptr_array_unref), or NULL with
 * *error set. */
GPtrArray *data_find_editions(const char *data_dir, GError **error);

#endif
