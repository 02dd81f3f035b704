/* Tables: the one table type of the guide.  Columns are described once
 * (key, header string key, type, decimals, alignment, unit); cells carry
 * the data value (a number or a data text) and, where the reader sees
 * something else (a translated label, a build's display name), the text
 * shown.  One table renders as a Markdown table in the language (the
 * guide), a CSV file and a JSON array (the data export), so a reader can
 * download every table with the same numbers.
 * In: Column specs, cells, a Lang for Markdown.  Out: text.
 * Ownership: a Table owns its cells (the setters copy or take over, as
 * each says) but only borrows its Column specs, which are static;
 * table_free releases it.  Renderers return strings the caller frees. */
#ifndef GG_TABLE_H
#define GG_TABLE_H

#include "lang.h"

#include <glib.h>
#include <stdbool.h>

typedef enum {
	COL_TEXT,    /* data text, Markdown-escaped in the guide */
	COL_INT,     /* a count or rank */
	COL_NUMBER,  /* decimals in the guide, data_decimals in the data */
	COL_MONEY,   /* whole currency units in the guide: "$2,199" */
	COL_PRICE,   /* currency with cents in the guide: "$2.14" */
	COL_PERCENT  /* a fraction; shown as a percentage */
} ColumnType;

typedef struct {
	const char *key;    /* CSV header and JSON key: "system_cost_usd" */
	const char *header; /* strings key of the guide's header; NULL:
	                       data only (not in the guide's view) */
	ColumnType type;
	int decimals;       /* in the guide */
	int data_decimals;  /* in CSV and JSON */
	char align;         /* 'l', 'r' or 'c' in the guide */
	const char *unit;   /* strings key of a unit after the guide's number
	                       ("unit.gb"), or NULL */
	double arg;         /* when > 0, a fraction filled into the header's
	                       {1} as a percentage ("Days at {1}") */
} Column;

typedef struct Table Table;

/* A new table named name (template name {{table:NAME}}, data file
 * data/NAME.csv, JSON key) over n static columns.  view lists the keys
 * of the guide's columns in order, separated by spaces; NULL: every
 * column with a header, in column order. */
Table *table_new(const char *name, const Column *columns, size_t n,
                 const char *view);
void table_free(Table *t);

const char *table_name(const Table *t);
size_t table_rows(const Table *t);

/* Starts a new row; its cells are empty until set. */
void table_add_row(Table *t);

/* Sets a cell of the last row by column key (a programming error when
 * the key is unknown).  An empty cell shows as an em dash in the guide
 * and as nothing (null in JSON) in the data.  A number is the output's
 * (gg_output_number): never infinite, never negative in a column of
 * money, memory or time (COL_MONEY, COL_PRICE, a key ..._usd, ..._gb,
 * hours_..., ..._hours, ..._days, ..._months); NaN is an empty cell.
 * Anything else stops the run as an internal error. */
void table_set_number(Table *t, const char *key, double v);
/* A number with its interval low <= v <= high (NAN: none): the guide
 * shows "v (low–high)" when the interval shows at the column's decimals;
 * the data gains the columns KEY_low and KEY_high after KEY. */
void table_set_interval(Table *t, const char *key, double v, double low,
                        double high);
void table_set_text(Table *t, const char *key, const char *text);
/* A data value with a different text shown in the guide (copied). */
void table_set_shown(Table *t, const char *key, const char *data,
                     const char *shown);
/* The same, taking over shown (g_malloc'd). */
void table_take_shown(Table *t, const char *key, const char *data,
                      char *shown);
/* Whether the guide shows the last row, so that the text it shows
 * instead of a data value is kept (the setters drop it otherwise): a
 * caller may skip making a text nobody reads. */
bool table_row_shown(const Table *t);
/* A number shown as text (a label such as "no limit") in the guide. */
void table_set_number_shown(Table *t, const char *key, double v,
                            const char *shown);
/* A link: the data holds text; the guide shows [shown or text](url). */
void table_set_link(Table *t, const char *key, const char *text,
                    const char *shown, const char *url);
/* A number whose guide cell is a link: [shown](url); the data holds v.
 * url NULL or empty: shown as plain text. */
void table_set_number_link(Table *t, const char *key, double v,
                           const char *shown, const char *url);

/* Appends every row of from, which has the same columns, to t, a table
 * made of such rows alone: t reads from's rows (no copy: the per-size
 * tables of a 10,000-GPU edition hold 80,000 rows), so from must not be
 * changed or freed while t is read; freeing t leaves them to from. */
void table_append(Table *t, const Table *from);

/* The guide shows at most TABLE_GUIDE_ROWS rows of a table (its first,
 * in the table's order: the best first where it ranks), so the guide
 * stays a document to read at any size of the data (issue 44: tens of
 * thousands of GPUs); the data export keeps every row.  Today's
 * editions have at most 111 rows in a table, except the list of
 * sources, which has its own bound. */
#define TABLE_GUIDE_ROWS 120
void table_set_guide_rows(Table *t, size_t most);
/* How many rows the guide's view shows. */
size_t table_guide_rows(const Table *t);

/* The guide's view as a GFM table in the language s: header strings,
 * numbers and units formatted as s writes them, the first
 * table_guide_rows rows; NULL for a data-only table (no column has a
 * header).  A missing string sets *error once (error may be NULL) and
 * shows "". */
char *table_markdown(const Table *t, const Lang *s, GError **error);

/* Every column: a header line of keys, then one line per row. */
char *table_csv(const Table *t);

/* Writing a large table in parts: a renderer appends to buf and, when
 * flush is not NULL, calls flush(buf, data, error) whenever buf holds a
 * megabyte or more; flush writes buf's bytes out and empties it (false,
 * with *error set, stops the table).  What is left in buf at the end is
 * the caller's to write. */
typedef bool (*TableFlush)(GString *buf, void *data, GError **error);
typedef struct {
	GString *buf;
	TableFlush flush;
	void *data;
} TableOut;

/* The data side of a table, which table_data.c renders: its columns,
 * whether column k is ranged (its data has KEY_low and KEY_high), the
 * index of column key (-1: none), and the data text of row r's column k
 * into buf (of FORMAT_FIXED_MAX bytes, format_fixed.h) or the table's own
 * text: "" when empty or NaN, numbers with data_decimals in the C
 * locale; *len its length.  bound selects the value (-1) or, for a
 * ranged column, its interval's low (0) or high (1) end. */
size_t table_columns(const Table *t);
const Column *table_column(const Table *t, size_t k);
bool table_column_ranged(const Table *t, size_t k);
long table_column_index(const Table *t, const char *key);
const char *table_cell_data(const Table *t, size_t r, size_t k, int bound,
                            char *buf, size_t *len);
/* Which row row r is: the same for a row table_append shares, so that
 * a writer may copy the text it made of it for another table. */
const void *table_row_id(const Table *t, size_t r);

/* table_csv into csv and table_json into json (either may be NULL), in
 * parts, in one pass: each value is formatted once for both.  Returns
 * false when a flush failed. */
bool table_data_write(const Table *t, TableOut *csv, TableOut *json,
                      GError **error);

/* table_csv's header line alone (with its line break). */
void table_csv_header(const Table *t, GString *out);

/* "NAME": [ {key: value, ...}, ... ] appended to out (numbers unquoted,
 * null for empty or NaN). */
void table_json(const Table *t, GString *out);

/* The same with only the columns keys (NULL-terminated; no interval
 * bounds), for a file that needs a few columns of a large table. */
void table_json_only(const Table *t, GString *out, const char *const *keys);

/* A JSON string literal of text, safe inside HTML. */
void table_json_string(GString *out, const char *text);

#endif
