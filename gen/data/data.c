/* Data stage: loads an edition's CSV files through csvload, checks each
 * against its schema (data/README.md) and resolves references between
 * files.  See data.h. */
#include "data_internal.h"

#include "csvload.h"
#include "util.h"
#include "validate.h"

#include <math.h>
#include <string.h>

/* Reads every row of spec->file in dir into a new array of items. */
static void *load_file(const char *dir, const FileSpec *spec, Edition *e,
                       size_t *count, GError **error)
{
	char *path = g_build_filename(dir, spec->file, NULL);
	CsvTable *t = csv_table_load(path, error);
	g_free(path);
	if (!t || !dc_check_shape(t, spec->columns, error)) {
		csv_table_free(t);
		return NULL;
	}
	char *items = g_malloc0(spec->item_size * (t->n_rows + 1));
	GHashTable *keys = g_hash_table_new_full(g_str_hash, g_str_equal,
	                                         g_free, NULL);
	Cursor c = {.table = t, .file = spec->file, .error = error};
	size_t n = 0;
	for (; n < t->n_rows && !c.failed; n++) {
		c.row = &t->rows[n];
		void *item = items + n * spec->item_size;
		spec->read(&c, e, item);
		if (spec->key && !c.failed) {
			char *key = spec->key(item);
			dc_unique(&c, keys, key, spec->key_column, spec->key_what);
			g_free(key);
		}
	}
	g_hash_table_destroy(keys);
	dc_cursor_clear(&c);
	csv_table_free(t);
	if (c.failed) {
		for (size_t i = 0; i < n; i++)
			spec->free(items + i * spec->item_size);
		g_free(items);
		return NULL;
	}
	*count = n;
	return items;
}

/* Loads spec->file when the edition has it; an edition without it has
 * zero rows.  Returns false only on a bad file. */
static bool load_optional(const char *dir, const FileSpec *spec, Edition *e,
                          void **items, size_t *count, GError **error)
{
	char *path = g_build_filename(dir, spec->file, NULL);
	bool present = g_file_test(path, G_FILE_TEST_EXISTS);
	g_free(path);
	*count = 0;
	if (!present)
		return true;
	*items = load_file(dir, spec, e, count, error);
	return *items != NULL;
}

#define LOAD_OPTIONAL(spec, field)                                          \
	load_optional(dir, &(spec), e, (void **)&e->field, &e->n_##field,   \
	              error)

/* Name -> index for edition_find_gpu: references cost O(1), not a scan
 * of the GPU list. */
static bool index_gpus(Edition *e)
{
	if (e->gpu_stems)
		g_hash_table_destroy(e->gpu_stems);
	e->gpu_stems = NULL;
	e->gpu_index = g_hash_table_new(g_str_hash, g_str_equal);
	for (size_t i = 0; i < e->n_gpus; i++)
		g_hash_table_insert(e->gpu_index, e->gpus[i].name,
		                    GSIZE_TO_POINTER(i + 1));
	return true;
}

/* Key -> first row for edition_assumption and edition_lifecycle: the
 * model asks for assumptions per GPU and per benchmark row, so a lookup
 * must not scan the file.  Editions built by hand (unit tests) have no
 * index and are scanned. */
static bool index_rows(Edition *e)
{
	e->assumption_index = g_hash_table_new(g_str_hash, g_str_equal);
	for (size_t i = e->n_assumptions; i-- > 0;)
		g_hash_table_insert(e->assumption_index, e->assumptions[i].key,
		                    GSIZE_TO_POINTER(i + 1));
	e->lifecycle_index = g_hash_table_new(NULL, NULL);
	for (size_t i = e->n_lifecycle; i-- > 0;)
		g_hash_table_insert(e->lifecycle_index,
		                    GSIZE_TO_POINTER(e->lifecycle[i].gpu + 1),
		                    GSIZE_TO_POINTER(i + 1));
	return true;
}

#define LOAD(spec, field)                                                   \
	(e->field = load_file(dir, &(spec), e, &e->n_##field, error)) != NULL

/* Assumptions that name a GPU or a use case must name one that exists. */
static const char *const GPU_ASSUMPTIONS[] = {
    "reference_gpu", "breakeven_example_gpu", "theory_example_gpu",
    "theory_example_reference", "power_example_gpu", "power_example_alt_gpu",
    "perf_claim_gpu", "perf_claim_reference", "cycle_example_gpu",
    "hindsight_reference_gpu", NULL};

static bool check_references(Edition *e, GError **error)
{
	for (size_t i = 0; i < e->n_assumptions; i++) {
		const Assumption *a = &e->assumptions[i];
		const char *what = NULL;
		if (g_strv_contains(GPU_ASSUMPTIONS, a->key)
		    && edition_find_gpu(e, a->value) < 0)
			what = "a GPU of gpus.csv";
		/* headline_use_case, and the advice's beginner_start_use_case,
		 * cluster_large_use_case, ... */
		bool use_case = g_str_has_suffix(a->key, "_use_case");
		for (size_t k = 0; use_case && k < e->n_use_cases; k++)
			if (strcmp(e->use_cases[k].id, a->value) == 0)
				use_case = false;
		if (use_case)
			what = "a use case id of use_cases.csv";
		if (!what)
			continue;
		char *path = g_build_filename(e->dir, "assumptions.csv", NULL);
		gg_set_input_error(error, path, a->from.line, a->value_col,
		                   "%s '%s' is not %s", a->key, a->value, what);
		g_free(path);
		return false;
	}
	return true;
}

/* Whole-edition rules that no single row can break. */
static bool check_edition(Edition *e, GError **error)
{
	if (e->n_use_cases == 0) {
		char *path = g_build_filename(e->dir, "use_cases.csv", NULL);
		gg_set_input_error(error, path, 2, 1,
		                   "no use cases: the guide recommends GPUs "
		                   "for at least one");
		g_free(path);
		return false;
	}
	if (!check_references(e, error))
		return false;
	static const int counts[] = {1, 2, 4, 8};
	for (size_t i = 0; i < G_N_ELEMENTS(counts); i++)
		if (!edition_system(e, counts[i])) {
			char *path = g_build_filename(e->dir, "systems.csv",
			                              NULL);
			gg_set_input_error(error, path, 0, 0,
			                   "no base system for %d GPUs "
			                   "(need rows for 1, 2, 4 and 8)",
			                   counts[i]);
			g_free(path);
			return false;
		}
	if (e->n_gpus == 0) {
		char *path = g_build_filename(e->dir, "gpus.csv", NULL);
		gg_set_input_error(error, path, 2, 1, "no GPUs");
		g_free(path);
		return false;
	}
	return true;
}

/* The edition knows nothing after its date: every dated observation
 * (benchmark, price, cloud offer) is on or before `edition_date`.  Only
 * an edition whose date is fixed by the assumption (an archived one)
 * can be passed; the current edition's date follows its data. */
static bool dated_on_or_before(const Edition *e, const Provenance *p,
                               const char *limit, GError **error)
{
	if (strcmp(p->date, limit) <= 0)
		return true;
	char *path = g_build_filename(e->dir, p->file, NULL);
	gg_set_input_error(error, path, p->line, p->date_col,
	                   "date %s is after the edition date %s, which "
	                   "assumption edition_date fixes: this edition is "
	                   "archived and knows nothing after its date. A "
	                   "price or measurement observed later belongs in "
	                   "the current edition (data/current/, whose date "
	                   "follows its newest row), or in this edition's "
	                   "later/ folder when it measures one of its GPUs; "
	                   "to let this edition follow its data instead, "
	                   "remove its edition_date row",
	                   p->date, limit);
	g_free(path);
	return false;
}

/* The later of a row's date and newest (NULL: none yet). */
static const char *later_date(const Provenance *p, const char *newest)
{
	return !newest || strcmp(p->date, newest) > 0 ? p->date : newest;
}

/* The newest date of the edition's dated observations (prices,
 * benchmarks, cloud offers), or NULL when it has none. */
static const char *newest_observation(const Edition *e)
{
	const char *newest = NULL;
	for (size_t i = 0; i < e->n_prices; i++)
		newest = later_date(&e->prices[i].from, newest);
	for (size_t i = 0; i < e->n_benchmarks; i++)
		newest = later_date(&e->benchmarks[i].from, newest);
	for (size_t i = 0; i < e->n_cloud; i++)
		newest = later_date(&e->cloud[i].from, newest);
	return newest && *newest ? newest : NULL;
}

/* Sets e->edition_date: the edition_date assumption when there is one
 * (then every dated observation must be on or before it), else the
 * newest observation.  FALSE with *error at the assumption's value or
 * at the first row after it. */
static bool set_edition_date(Edition *e, GError **error)
{
	const Assumption *a = edition_assumption(e, "edition_date");
	if (!a) {
		const char *newest = newest_observation(e);
		e->edition_date = g_strdup(newest ? newest : "");
		return true;
	}
	if (!gg_is_iso_date(a->value)) {
		char *path = g_build_filename(e->dir, "assumptions.csv", NULL);
		gg_set_input_error(error, path, a->from.line, a->value_col,
		                   "edition_date '%s' is not a valid date "
		                   "YYYY-MM-DD", a->value);
		g_free(path);
		return false;
	}
	e->edition_date = g_strdup(a->value);
	e->edition_date_fixed = true;
	for (size_t i = 0; i < e->n_benchmarks; i++)
		if (!dated_on_or_before(e, &e->benchmarks[i].from, a->value,
		                        error))
			return false;
	for (size_t i = 0; i < e->n_prices; i++)
		if (!dated_on_or_before(e, &e->prices[i].from, a->value, error))
			return false;
	for (size_t i = 0; i < e->n_cloud; i++)
		if (!dated_on_or_before(e, &e->cloud[i].from, a->value, error))
			return false;
	return true;
}

Benchmark *edition_load_benchmarks(const Edition *e, const char *dir,
                                   size_t *count, GError **error)
{
	*count = 0;
	return load_file(dir, &DATA_BENCHMARKS_FILE, (Edition *)e, count, error);
}

void edition_benchmarks_free(Benchmark *rows, size_t count)
{
	for (size_t i = 0; rows && i < count; i++)
		DATA_BENCHMARKS_FILE.free(&rows[i]);
	g_free(rows);
}

Edition *edition_load(const char *dir, GError **error)
{
	Edition *e = g_new0(Edition, 1);
	e->dir = g_strdup(dir);
	char *base = g_path_get_basename(dir);
	e->name = base;
	bool ok = LOAD(DATA_GPUS_FILE, gpus) && index_gpus(e)
	          && LOAD(DATA_PRICES_FILE, prices)
	          && LOAD(DATA_SYSTEMS_FILE, systems)
	          && LOAD(DATA_BENCHMARKS_FILE, benchmarks)
	          && LOAD(DATA_ASSUMPTIONS_FILE, assumptions)
	          && LOAD(DATA_USE_CASES_FILE, use_cases)
	          && LOAD(DATA_CLOUD_FILE, cloud)
	          && LOAD_OPTIONAL(DATA_LIFECYCLE_FILE, lifecycle)
	          && LOAD_OPTIONAL(DATA_PARTS_FILE, parts)
	          && LOAD_OPTIONAL(DATA_MARKETS_FILE, market_rows)
	          && dc_index_markets(e, error)
	          && LOAD_OPTIONAL(DATA_MARKET_CLOUD_FILE, market_cloud)
	          && LOAD_OPTIONAL(DATA_MARKET_NOTES_FILE, market_notes)
	          && LOAD_OPTIONAL(DATA_LLM_MODELS_FILE, llm_models)
	          && LOAD_OPTIONAL(DATA_LLM_MEASUREMENTS_FILE, llm_measurements)
	          && LOAD_OPTIONAL(DATA_MACHINES_FILE, machines)
	          && LOAD_OPTIONAL(DATA_MACHINE_MEASUREMENTS_FILE,
	                           machine_measurements)
	          && index_rows(e) && check_edition(e, error)
	          && set_edition_date(e, error);
	if (!ok) {
		edition_free(e);
		return NULL;
	}
	for (size_t i = 0; i < e->n_prices; i++)
		if (!e->data_date
		    || strcmp(e->prices[i].from.date, e->data_date) > 0)
			e->data_date = e->prices[i].from.date;
	e->data_date = g_strdup(e->data_date ? e->data_date : "");
	return e;
}

#define FREE_ALL(field, spec)                                               \
	do {                                                                \
		for (size_t i = 0; e->field && i < e->n_##field; i++)       \
			(spec).free(&e->field[i]);                          \
		g_free(e->field);                                           \
	} while (0)

void edition_free(Edition *e)
{
	if (!e)
		return;
	FREE_ALL(gpus, DATA_GPUS_FILE);
	FREE_ALL(prices, DATA_PRICES_FILE);
	FREE_ALL(systems, DATA_SYSTEMS_FILE);
	FREE_ALL(benchmarks, DATA_BENCHMARKS_FILE);
	FREE_ALL(assumptions, DATA_ASSUMPTIONS_FILE);
	FREE_ALL(use_cases, DATA_USE_CASES_FILE);
	FREE_ALL(cloud, DATA_CLOUD_FILE);
	FREE_ALL(lifecycle, DATA_LIFECYCLE_FILE);
	FREE_ALL(parts, DATA_PARTS_FILE);
	FREE_ALL(market_cloud, DATA_MARKET_CLOUD_FILE);
	FREE_ALL(market_notes, DATA_MARKET_NOTES_FILE);
	FREE_ALL(market_rows, DATA_MARKETS_FILE);
	g_free(e->markets);
	FREE_ALL(llm_models, DATA_LLM_MODELS_FILE);
	FREE_ALL(llm_measurements, DATA_LLM_MEASUREMENTS_FILE);
	FREE_ALL(machines, DATA_MACHINES_FILE);
	FREE_ALL(machine_measurements, DATA_MACHINE_MEASUREMENTS_FILE);
	g_free(e->data_date);
	g_free(e->edition_date);
	if (e->gpu_index)
		g_hash_table_destroy(e->gpu_index);
	if (e->gpu_stems)
		g_hash_table_destroy(e->gpu_stems);
	if (e->assumption_index)
		g_hash_table_destroy(e->assumption_index);
	if (e->lifecycle_index)
		g_hash_table_destroy(e->lifecycle_index);
	g_free(e->dir);
	g_free(e->name);
	g_free(e);
}
