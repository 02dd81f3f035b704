/* The reference of the CSV reader for fuzz_csv: libcsv in strict mode
 * (CSV_STRICT | CSV_STRICT_FINI, no trimming), fed a byte at a time where
 * a field or record may end (and in runs between), so that every field
 * knows the line and column where it starts.  This is how
 * gen/data/csvload.c read every file until it parsed them itself in one
 * pass (for speed); fuzz_csv checks that both give the same rows,
 * positions and errors for any bytes.  See csv_libcsv.h. */
#include "csv_libcsv.h"

#include "util.h"

#include <csv.h>
#include <string.h>

typedef struct {
	int line, col;          /* position of the byte being fed */
	int field_line, field_col;
	bool field_pending;     /* the next non-newline byte starts a field */
	GArray *fields;         /* CsvField of the record being read */
	int record_line;
	GArray *rows;           /* CsvRow */
} Reader;

static void on_field(void *data, size_t len, void *reader_ptr)
{
	Reader *r = reader_ptr;
	if (r->fields->len == 0)
		r->record_line = r->field_line;
	CsvField f = {g_strndup(data ? data : "", len), r->field_line,
	              r->field_col};
	g_array_append_val(r->fields, f);
	r->field_pending = true;
}

static void on_record(int terminator, void *reader_ptr)
{
	(void)terminator;
	Reader *r = reader_ptr;
	CsvRow row;
	row.n_fields = r->fields->len;
	row.line = r->record_line;
	row.fields = (CsvField *)g_array_free(r->fields, FALSE);
	g_array_append_val(r->rows, row);
	r->fields = g_array_new(FALSE, FALSE, sizeof(CsvField));
	r->field_pending = true;
}

static void free_row(CsvRow *row)
{
	for (size_t i = 0; i < row->n_fields; i++)
		g_free(row->fields[i].text);
	g_free(row->fields);
}

static void free_fields(GArray *fields)
{
	for (guint i = 0; i < fields->len; i++)
		g_free(g_array_index(fields, CsvField, i).text);
	g_array_free(fields, TRUE);
}

static void free_rows(GArray *rows)
{
	for (guint i = 0; i < rows->len; i++)
		free_row(&g_array_index(rows, CsvRow, i));
	g_array_free(rows, TRUE);
}

/* Advances the reader's position past byte c, followed by byte next (0
 * at the end).  A line ends at LF, CRLF or a bare CR, as libcsv ends a
 * record: a file saved with old Mac line endings counts its lines too. */
static void advance(Reader *r, unsigned char c, unsigned char next)
{
	if (c == '\r' && next == '\n')
		return; /* the LF after it ends the line */
	if (c == '\n' || c == '\r') {
		r->line++;
		r->col = 1;
	} else if ((c & 0xC0) != 0x80) {
		r->col++; /* continuation bytes belong to the previous char */
	}
}

/* Bytes libcsv acts on (a field or record ends, a quote); the others
 * are fed in runs, which call back nothing. */
static bool is_special(unsigned char c)
{
	return c == ',' || c == '"' || c == '\n' || c == '\r';
}

static bool feed(Reader *r, struct csv_parser *p, const char *path,
                 const unsigned char *text, size_t length, GError **error)
{
	for (size_t i = 0; i < length;) {
		unsigned char c = text[i];
		size_t n = 1;
		if (!is_special(c))
			while (i + n < length && !is_special(text[i + n]))
				n++;
		if (r->field_pending && c != '\n' && c != '\r') {
			r->field_line = r->line;
			r->field_col = r->col;
			r->field_pending = false;
		}
		size_t done = csv_parse(p, text + i, n, on_field, on_record, r);
		for (size_t k = 0; k < done && k < n; k++)
			advance(r, text[i + k],
			        i + k + 1 < length ? text[i + k + 1] : 0);
		if (done != n) { /* at the byte libcsv refused */
			gg_set_input_error(
			    error, path, r->line, r->col,
			    "malformed quote: a quoted field must end with \" "
			    "followed by a comma or the end of the line");
			return false;
		}
		i += n;
	}
	return true;
}

/* rows (header included) within CSV_MAX_ROWS and CSV_MAX_FIELD_CHARS. */
static bool within_limits(const char *path, GArray *rows, GError **error)
{
	if (rows->len > CSV_MAX_ROWS + 1) {
		const CsvRow *row = &g_array_index(rows, CsvRow, CSV_MAX_ROWS + 1);
		gg_set_input_error(error, path, row->line, 1,
		                   "more than %d data rows; the limit is %d",
		                   CSV_MAX_ROWS, CSV_MAX_ROWS);
		return false;
	}
	for (guint i = 0; i < rows->len; i++) {
		const CsvRow *row = &g_array_index(rows, CsvRow, i);
		for (size_t k = 0; k < row->n_fields; k++) {
			const CsvField *f = &row->fields[k];
			if (strlen(f->text) <= CSV_MAX_FIELD_CHARS)
				continue; /* bytes >= characters */
			glong n = g_utf8_strlen(f->text, -1);
			if (n <= CSV_MAX_FIELD_CHARS)
				continue;
			gg_set_input_error(error, path, f->line, f->col,
			                   "field of %ld characters; the limit "
			                   "is %d", n, CSV_MAX_FIELD_CHARS);
			return false;
		}
	}
	return true;
}

static int no_space(unsigned char c)
{
	(void)c;
	return 0;
}

LibcsvTable *libcsv_table_parse(const char *path, const char *text,
                                size_t length, GError **error)
{
	if (!gg_check_text(path, text, length, error))
		return NULL;
	const char bom[] = "\xEF\xBB\xBF";
	if (length >= 3 && memcmp(text, bom, 3) == 0) {
		text += 3;
		length -= 3;
	}

	struct csv_parser parser;
	if (csv_init(&parser, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL)
	    != 0)
		g_error("csv_init failed: out of memory");
	csv_set_space_func(&parser, no_space);
	Reader r = {.line = 1, .col = 1, .field_line = 1, .field_col = 1,
	            .field_pending = true,
	            .fields = g_array_new(FALSE, FALSE, sizeof(CsvField)),
	            .rows = g_array_new(FALSE, FALSE, sizeof(CsvRow))};

	bool ok = feed(&r, &parser, path, (const unsigned char *)text, length,
	               error);
	if (ok && csv_fini(&parser, on_field, on_record, &r) != 0) {
		gg_set_input_error(error, path, r.field_line, r.field_col,
		                   "unterminated quote: the quoted field "
		                   "starting here never ends");
		ok = false;
	}
	csv_free(&parser);
	free_fields(r.fields);
	if (ok && r.rows->len == 0) {
		gg_set_input_error(error, path, 1, 1,
		                   "empty file: expected a header row");
		ok = false;
	}
	ok = ok && within_limits(path, r.rows, error);
	if (!ok) {
		free_rows(r.rows);
		return NULL;
	}
	LibcsvTable *t = g_new0(LibcsvTable, 1);
	t->n_rows = r.rows->len;
	t->rows = (CsvRow *)g_array_free(r.rows, FALSE);
	return t;
}

void libcsv_table_free(LibcsvTable *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n_rows; i++)
		free_row(&t->rows[i]);
	g_free(t->rows);
	g_free(t);
}
