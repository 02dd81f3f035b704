/* CSV stage: one file in, a table of text fields out, each field with the
 * line and column where it starts.  Syntax only: types and schemas are
 * data.c's job.
 * In: a path.  Out: CsvTable (row 0 of the file is the header).
 * Ownership: csv_table_load returns a table the caller frees with
 * csv_table_free; every string inside belongs to the table. */
#ifndef GG_CSVLOAD_H
#define GG_CSVLOAD_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>

#define CSV_MAX_BYTES (50u * 1024u * 1024u)
#define CSV_MAX_ROWS 200000     /* data rows per file */
#define CSV_MAX_FIELD_CHARS 4000 /* characters per field */

typedef struct {
	char *text;
	int line, col; /* 1-based; col counts UTF-8 characters */
} CsvField;

typedef struct {
	CsvField *fields;
	size_t n_fields;
	int line; /* where the record starts */
} CsvRow;

typedef struct {
	char *path;
	CsvRow header;
	CsvRow *rows; /* data rows, header excluded */
	size_t n_rows;
	GHashTable *columns; /* header name -> index + 1 (the first such) */
	/* csvload.c's own: the file's text, which holds every field's text,
	 * and header and rows in one array */
	char *text;
	CsvRow *all_rows;
} CsvTable;

/* Parses path strictly, as libcsv's CSV_STRICT | CSV_STRICT_FINI (the
 * reader follows those rules; tests/fuzz/fuzz_csv compares the two), with
 * no trimming of spaces.  Accepts a UTF-8 BOM
 * and CRLF line ends; skips blank lines.  Refuses files above
 * CSV_MAX_BYTES, more than CSV_MAX_ROWS data rows, fields longer than
 * CSV_MAX_FIELD_CHARS, malformed or unterminated quotes, NUL bytes,
 * invalid UTF-8, control characters (gg_check_text) and empty files, with a GG_ERR_INPUT error "path:line:col: message".
 * Returns NULL on error. */
CsvTable *csv_table_load(const char *path, GError **error);

/* Parses text already in memory; path is used in messages only. */
CsvTable *csv_table_parse(const char *path, const char *text, size_t length,
                          GError **error);

void csv_table_free(CsvTable *table);

/* Index of the header column called name, or -1. */
int csv_table_column(const CsvTable *table, const char *name);

#endif
