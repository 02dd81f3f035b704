/* Data stage, internal: what data.c (the file loop and the edition),
 * data_cell.c (typed cells with their file:line:col errors) and
 * data_rows.c (one reader per file, the file specs) share.
 * Ownership: a cell reader's char * result belongs to the caller (it goes
 * into the row's struct, freed by the spec's free function); the Cursor
 * and the table belong to the file loop. */
#ifndef GG_DATA_INTERNAL_H
#define GG_DATA_INTERNAL_H

#include "csvload.h"
#include "data.h"

/* A column as the cell readers use it, worked out once per file (a
 * file has up to 100,000s of rows; a name is looked up in every one). */
typedef struct {
	const char *name; /* NULL: a free slot */
	int index;        /* in the header, -1 when the file has none */
	bool is_name;     /* a name column (one line, a length limit) */
	double max;       /* the largest number it may hold */
	/* the last cell text that passed the column's address or date
	 * check: the rows of a file repeat their sources and dates */
	const char *checked;
	/* every address that passed (up to CURSOR_PASSED_MAX; NULL until
	 * one did): rows may take turns among a few addresses, and the
	 * check parses each */
	GHashTable *passed;
} CursorColumn;

#define CURSOR_PASSED_MAX 4096

#define CURSOR_COLUMNS 64 /* more than any file's readers name */

/* One row of one table being read: the first error stops the file. */
typedef struct {
	const CsvTable *table;
	const char *file; /* basename for Provenance */
	const CsvRow *row;
	GError **error;
	bool failed;
	CursorColumn columns[CURSOR_COLUMNS]; /* open addressing on name */
} Cursor;

/* Frees what the cursor's columns hold (the cursor itself is the
 * caller's); call when its table is done. */
void dc_cursor_clear(Cursor *c);

typedef enum { POSITIVE, NON_NEGATIVE, ANY_SIGN } Range;

typedef void (*ReadRow)(Cursor *c, Edition *e, void *item);
typedef void (*FreeItem)(void *item);
/* Returns the row's unique key; the caller frees it. */
typedef char *(*RowKey)(const void *item);

typedef struct {
	const char *file;
	const char *const *columns;
	size_t item_size;
	ReadRow read;
	FreeItem free;
	RowKey key;
	const char *key_column, *key_what;
} FileSpec;

/* The cell readers (data_cell.c): each reads the named column of the
 * cursor's row, and on a bad value records the first error (dc_fail) and
 * returns a harmless default. */
bool dc_check_shape(const CsvTable *t, const char *const *columns,
                        GError **error);
const CsvField *dc_cell(Cursor *c, const char *column);
/* The column's index in the cursor's table, or -1 when it has none. */
int dc_column(Cursor *c, const char *column);
void dc_fail(Cursor *c, const CsvField *f, const char *fmt, ...)
    G_GNUC_PRINTF(3, 4);
const char *dc_text_required(Cursor *c, const char *column);
char *dc_dup_required(Cursor *c, const char *column);
char *dc_text_or_empty(Cursor *c, const char *column);
char *dc_dup_optional(Cursor *c, const char *column);
/* An optional address column: empty or an http(s) address with a host
 * (gg_address_ok); anything else fails the cursor at the cell. */
char *dc_address_optional(Cursor *c, const char *column);
double dc_number(Cursor *c, const char *column, Range range);
int dc_integer(Cursor *c, const char *column, int min, int max);
int dc_choice(Cursor *c, const char *column, const char *const *choices);
char *dc_date(Cursor *c, const char *column);
size_t dc_gpu_ref(Cursor *c, const Edition *e, const char *column);
Provenance dc_provenance(Cursor *c);
void dc_provenance_free(Provenance *p);
void dc_unique(Cursor *c, GHashTable *keys, const char *key,
                   const char *column, const char *what);

/* Fails the cursor at the value cell when the assumption is outside its
 * documented range or form (data_assumptions.c). */
void dc_check_assumption(Cursor *c, const Assumption *a);

/* Fails the cursor when a use case's llm_model, llm_mode and
 * llm_precision are not all three given or all empty, or name no mode or
 * precision (data_llm.c). */
void dc_use_case_llm_columns(Cursor *c, const UseCase *u);
void dc_use_case_measure(Cursor *c, UseCase *u);

/* One row of use_cases.csv and its freer (data_use_case.c). */
void dc_read_use_case(Cursor *c, Edition *e, UseCase *u);
void dc_free_use_case(UseCase *u);

/* The files of an edition (data_rows.c; the LLM files in data_llm.c). */
extern const FileSpec DATA_GPUS_FILE, DATA_PRICES_FILE, DATA_SYSTEMS_FILE,
    DATA_BENCHMARKS_FILE, DATA_ASSUMPTIONS_FILE, DATA_USE_CASES_FILE,
    DATA_CLOUD_FILE, DATA_LIFECYCLE_FILE, DATA_PARTS_FILE,
    DATA_LLM_MODELS_FILE, DATA_LLM_MEASUREMENTS_FILE, DATA_MACHINES_FILE,
    DATA_MACHINE_MEASUREMENTS_FILE, DATA_MARKETS_FILE,
    DATA_MARKET_CLOUD_FILE, DATA_MARKET_NOTES_FILE;

/* Builds Edition.markets from Edition.market_rows and checks them
 * (data_market.c): FALSE with *error at the offending row. */
bool dc_index_markets(Edition *e, GError **error);

/* One file's spec: its name, columns, row type, reader, freer and
 * unique key (data_rows.c, data_llm.c). */
#define FILE_SPEC(file, cols, type, rd, fr, key, kcol, kwhat)               \
	{file, cols, sizeof(type), (ReadRow)(rd), (FreeItem)(fr), key, kcol, \
	 kwhat}

#endif
