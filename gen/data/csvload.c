/* CSV stage: one pass over a file's bytes, with the rules of libcsv's
 * strict mode (CSV_STRICT | CSV_STRICT_FINI, no space trimming), which
 * this reader replaced for speed: every field knows the line and column
 * where it starts, and its text is unquoted in place in one copy of the
 * file that the table keeps.  See csvload.h. */
#include "csvload.h"

#include "util.h"

#include <string.h>

/* What the reader is in, as libcsv names it: before a record, before a
 * field (after a comma), inside a field, just after a quote inside a
 * quoted field (the end of the field, or the first of two quotes). */
typedef enum { ROW_NOT_BEGUN, FIELD_NOT_BEGUN, FIELD_BEGUN, QUOTE_SEEN } State;

typedef struct {
	const char *path;
	char *text; /* the copy being unquoted in place; NUL at text[length] */
	size_t length;
	int line, col; /* of the byte at i */
	size_t i;
	/* Where the next field starts: taken at the first byte after the
	 * previous field that is not a line end.  A field left empty at the
	 * end of a line therefore keeps the previous field's place (libcsv's
	 * callbacks gave that), and error messages depend on it. */
	int field_line, field_col;
	bool field_pending;
	/* every record's fields one after the other, and the records
	 * (fields still NULL: the array of fields moves as it grows);
	 * plain arrays, as a GArray costs a call per field */
	CsvField *fields;
	size_t n_fields, fields_size;
	CsvRow *rows;
	size_t n_rows, rows_size;
	size_t record_first;
	/* the first field over CSV_MAX_FIELD_CHARS, reported only when the
	 * whole file parses (as libcsv's reader checked after parsing) */
	int long_line, long_col;
	glong long_chars;
} Reader;

/* Moves past the byte at r->i (a line ends at LF, CRLF or a bare CR). */
static inline void step(Reader *r)
{
	unsigned char c = (unsigned char)r->text[r->i];
	if (c == '\n' || (c == '\r' && r->text[r->i + 1] != '\n')) {
		r->line++;
		r->col = 1;
	} else if ((c & 0xC0) != 0x80 && c != '\r') {
		r->col++; /* continuation bytes belong to the previous char */
	}
	r->i++;
}

static inline bool is_line_end(char c)
{
	return c == '\n' || c == '\r';
}

static inline void take_field_start(Reader *r)
{
	if (r->field_pending && !is_line_end(r->text[r->i])) {
		r->field_line = r->line;
		r->field_col = r->col;
		r->field_pending = false;
	}
}

/* Ends a field whose text starts at offset start and has len bytes: a
 * NUL after it, over the comma or line end that followed it in the file
 * (the caller has moved past that byte) or the closing quote. */
static void end_field(Reader *r, size_t start, size_t len)
{
	r->text[start + len] = '\0';
	CsvField f = {r->text + start, r->field_line, r->field_col};
	if (r->n_fields == r->fields_size) {
		r->fields_size = r->fields_size * 2 + 256;
		r->fields = g_renew(CsvField, r->fields, r->fields_size);
	}
	r->fields[r->n_fields++] = f;
	r->field_pending = true;
	if (len > CSV_MAX_FIELD_CHARS && !r->long_chars) {
		glong n = g_utf8_strlen(r->text + start, (gssize)len);
		if (n > CSV_MAX_FIELD_CHARS) {
			r->long_line = f.line;
			r->long_col = f.col;
			r->long_chars = n;
		}
	}
}

static void end_record(Reader *r)
{
	CsvRow row = {NULL, r->n_fields - r->record_first,
	              r->fields[r->record_first].line};
	if (r->n_rows == r->rows_size) {
		r->rows_size = r->rows_size * 2 + 64;
		r->rows = g_renew(CsvRow, r->rows, r->rows_size);
	}
	r->rows[r->n_rows++] = row;
	r->record_first = r->n_fields;
	r->field_pending = true;
}

static bool malformed(Reader *r, GError **error)
{
	gg_set_input_error(error, r->path, r->line, r->col,
	                   "malformed quote: a quoted field must end with \" "
	                   "followed by a comma or the end of the line");
	return false;
}

/* Whether x has a zero byte (a borrow makes a false alarm only above a
 * true one). */
static inline guint64 zero_byte(guint64 x)
{
	return (x - 0x0101010101010101u) & ~x & 0x8080808080808080u;
}

/* Whether the 8 bytes at p are ASCII and none ends or quotes a field:
 * such a run is one column per byte. */
static inline bool plain8(const char *p)
{
	const guint64 ones = 0x0101010101010101u;
	guint64 w;
	memcpy(&w, p, 8);
	return !((w & 0x8080808080808080u) | zero_byte(w ^ (',' * ones))
	         | zero_byte(w ^ ('"' * ones)) | zero_byte(w ^ ('\n' * ones))
	         | zero_byte(w ^ ('\r' * ones)));
}

/* An unquoted field from r->i to the next comma or line end (a quote
 * inside it is an error there); r->i is left at that byte, *len is the
 * field's length. */
static bool unquoted(Reader *r, size_t *len, GError **error)
{
	size_t start = r->i;
	const char *t = r->text;
	while (r->length - r->i >= 8 && plain8(t + r->i)) {
		r->i += 8;
		r->col += 8;
	}
	for (;;) {
		unsigned char c = (unsigned char)t[r->i];
		if (r->i == r->length || c == ',' || c == '\n' || c == '\r')
			break;
		if (c == '"')
			return malformed(r, error);
		if ((c & 0xC0) != 0x80)
			r->col++;
		r->i++;
	}
	*len = r->i - start;
	return true;
}

/* A quoted field from its opening quote at r->i, its text (*len bytes)
 * moved over the quote; r->i is left at the byte after the closing quote.
 * FALSE at a malformed quote; *open at the end of the file inside the
 * quotes.  Text is written only behind r->i, so what is read is still the
 * file's. */
static bool quoted(Reader *r, size_t *len, bool *open, GError **error)
{
	size_t start = r->i, w = start;
	step(r);
	for (;;) {
		if (r->i == r->length) {
			*open = true;
			return false;
		}
		char c = r->text[r->i];
		if (c != '"') {
			r->text[w++] = c;
			step(r);
			continue;
		}
		step(r);
		c = r->text[r->i];
		if (c == '"' && r->i < r->length) { /* "" stands for " */
			r->text[w++] = c;
			step(r);
		} else if (r->i == r->length || c == ',' || is_line_end(c)) {
			*len = w - start;
			return true;
		} else {
			return malformed(r, error);
		}
	}
}

/* Splits r->text into r->rows; FALSE with *error at the first bad quote. */
static bool parse(Reader *r, GError **error)
{
	State state = ROW_NOT_BEGUN;
	while (r->i < r->length) {
		char c = r->text[r->i];
		take_field_start(r);
		size_t at = r->i, len = 0;
		if (is_line_end(c)) {
			step(r);
			if (state == FIELD_NOT_BEGUN) { /* "a,\n": empty last field */
				end_field(r, at, 0);
				end_record(r);
			}
			state = ROW_NOT_BEGUN; /* blank lines are skipped */
			continue;
		}
		if (c == ',') { /* an empty field */
			step(r);
			end_field(r, at, 0);
			state = FIELD_NOT_BEGUN;
			continue;
		}
		bool open = false;
		if (c == '"' ? !quoted(r, &len, &open, error)
		             : !unquoted(r, &len, error)) {
			if (!open)
				return false;
			gg_set_input_error(error, r->path, r->field_line,
			                   r->field_col,
			                   "unterminated quote: the quoted field "
			                   "starting here never ends");
			return false;
		}
		/* at the comma or line end after the field, or the end */
		if (r->i == r->length) {
			end_field(r, at, len);
			end_record(r);
			return true;
		}
		bool comma = r->text[r->i] == ',';
		step(r);
		end_field(r, at, len);
		if (comma) {
			state = FIELD_NOT_BEGUN;
		} else {
			end_record(r);
			state = ROW_NOT_BEGUN;
		}
	}
	if (state == FIELD_NOT_BEGUN) { /* "a," at the end of the file */
		end_field(r, r->length, 0);
		end_record(r);
	}
	return true;
}

/* rows (header included) within CSV_MAX_ROWS and CSV_MAX_FIELD_CHARS. */
static bool within_limits(const Reader *r, GError **error)
{
	if (r->n_rows > CSV_MAX_ROWS + 1) {
		const CsvRow *row = &r->rows[CSV_MAX_ROWS + 1];
		gg_set_input_error(error, r->path, row->line, 1,
		                   "more than %d data rows; the limit is %d",
		                   CSV_MAX_ROWS, CSV_MAX_ROWS);
		return false;
	}
	if (r->long_chars) {
		gg_set_input_error(error, r->path, r->long_line, r->long_col,
		                   "field of %ld characters; the limit is %d",
		                   r->long_chars, CSV_MAX_FIELD_CHARS);
		return false;
	}
	return true;
}

/* Parses text (length bytes and a NUL after them), which the table then
 * owns, or frees on error. */
static CsvTable *parse_owned(const char *path, char *text, size_t length,
                             GError **error)
{
	if (!gg_check_text(path, text, length, error)) {
		g_free(text);
		return NULL;
	}
	size_t skip = length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0;
	Reader r = {.path = path, .text = text + 3 * skip,
	            .length = length - 3 * skip, .line = 1, .col = 1,
	            .field_line = 1, .field_col = 1, .field_pending = true};
	bool ok = parse(&r, error);
	if (ok && r.n_rows == 0) {
		gg_set_input_error(error, path, 1, 1,
		                   "empty file: expected a header row");
		ok = false;
	}
	ok = ok && within_limits(&r, error);
	if (!ok) {
		g_free(r.fields);
		g_free(r.rows);
		g_free(text);
		return NULL;
	}

	CsvTable *table = g_new0(CsvTable, 1);
	table->path = g_strdup(path);
	table->text = text;
	size_t n_rows = r.n_rows;
	table->all_rows = r.rows;
	CsvField *f = r.fields;
	for (size_t i = 0; i < n_rows; i++) { /* consecutive in f */
		table->all_rows[i].fields = f;
		f += table->all_rows[i].n_fields;
	}
	table->header = table->all_rows[0];
	table->rows = table->all_rows + 1;
	table->n_rows = n_rows - 1;
	table->columns = g_hash_table_new(g_str_hash, g_str_equal);
	for (size_t i = table->header.n_fields; i > 0; i--) /* first wins */
		g_hash_table_insert(table->columns,
		                    table->header.fields[i - 1].text,
		                    GSIZE_TO_POINTER(i));
	return table;
}

CsvTable *csv_table_parse(const char *path, const char *text, size_t length,
                          GError **error)
{
	char *copy = g_malloc(length + 1);
	memcpy(copy, text, length);
	copy[length] = '\0';
	return parse_owned(path, copy, length, error);
}

CsvTable *csv_table_load(const char *path, GError **error)
{
	char *text = NULL;
	size_t length = 0;
	if (!gg_read_file(path, CSV_MAX_BYTES, &text, &length, error))
		return NULL;
	return parse_owned(path, text, length, error);
}

void csv_table_free(CsvTable *table)
{
	if (!table)
		return;
	if (table->columns)
		g_hash_table_destroy(table->columns);
	g_free(table->header.fields); /* every row's */
	g_free(table->all_rows);
	g_free(table->text);
	g_free(table->path);
	g_free(table);
}

int csv_table_column(const CsvTable *table, const char *name)
{
	if (table->columns) {
		gpointer i = g_hash_table_lookup(table->columns, name);
		return i ? (int)GPOINTER_TO_SIZE(i) - 1 : -1;
	}
	for (size_t i = 0; i < table->header.n_fields; i++)
		if (strcmp(table->header.fields[i].text, name) == 0)
			return (int)i;
	return -1;
}
