/* Data stage: typed cells of one CSV row, each failure an error naming
 * file, line and column.  See data_internal.h. */
#include "data_internal.h"

#include "util.h"
#include "validate.h"

#include <math.h>
#include <string.h>
/* ---- schema checking of one table ---------------------------------- */

static const char *const PROVENANCE_COLUMNS[] = {"source", "url", "date",
                                                 "note", NULL};
/* Columns a file may hold or leave out (older editions and fixtures do
 * not have them); read with text_or_empty. */
static const char *const OPTIONAL_COLUMNS[] = {
    "config", "family", "family_segment", "tensor_tflops", "fp32_tflops",
    "fp8", "fp4", "precision_source", "precision_url", "llm_model",
    "llm_mode", "llm_precision", "requires", "max_context", "system_w",
    "takes", "active_params_b", "no_price", "measure",
    "utilization", "quote", "kind", "sliding_window",
    "sliding_layers", "kv_latent_dim", NULL};

static bool in_list(const char *name, const char *const *list)
{
	for (; *list; list++)
		if (strcmp(*list, name) == 0)
			return true;
	return false;
}

static void append_names(GString *s, const char *const *list)
{
	for (; *list; list++)
		g_string_append_printf(s, "%s%s", s->len ? ", " : "", *list);
}

/* The first name of list that is not a header column, or NULL. */
static const char *first_missing(const CsvTable *t, const char *const *list)
{
	for (; *list; list++)
		if (csv_table_column(t, *list) < 0)
			return *list;
	return NULL;
}

/* Checks the header holds exactly columns + PROVENANCE_COLUMNS, each once,
 * and that every row has as many fields as the header. */
bool dc_check_shape(const CsvTable *t, const char *const *columns,
                        GError **error)
{
	const CsvRow *h = &t->header;
	for (size_t i = 0; i < h->n_fields; i++) {
		const CsvField *f = &h->fields[i];
		if (!in_list(f->text, columns)
		    && !in_list(f->text, PROVENANCE_COLUMNS)
		    && !in_list(f->text, OPTIONAL_COLUMNS)) {
			GString *expected = g_string_new(NULL);
			append_names(expected, columns);
			append_names(expected, PROVENANCE_COLUMNS);
			gg_set_input_error(error, t->path, f->line, f->col,
			                   "unknown column '%s' (expected: %s)",
			                   f->text, expected->str);
			g_string_free(expected, TRUE);
			return false;
		}
		for (size_t j = 0; j < i; j++)
			if (strcmp(h->fields[j].text, f->text) == 0) {
				gg_set_input_error(
				    error, t->path, f->line, f->col,
				    "column '%s' repeated (first at "
				    "column %d)", f->text, h->fields[j].col);
				return false;
			}
	}
	const char *missing = first_missing(t, columns);
	if (!missing)
		missing = first_missing(t, PROVENANCE_COLUMNS);
	if (missing) {
		gg_set_input_error(error, t->path, h->line, 1,
		                   "missing column '%s'", missing);
		return false;
	}
	for (size_t r = 0; r < t->n_rows; r++) {
		const CsvRow *row = &t->rows[r];
		if (row->n_fields == h->n_fields)
			continue;
		const CsvField *at = row->n_fields > h->n_fields
		                         ? &row->fields[h->n_fields]
		                         : &row->fields[row->n_fields - 1];
		gg_set_input_error(error, t->path, at->line, at->col,
		                   "row has %zu fields; the header has %zu",
		                   row->n_fields, h->n_fields);
		return false;
	}
	return true;
}


void dc_fail(Cursor *c, const CsvField *f, const char *fmt, ...)
{
	if (c->failed)
		return;
	va_list ap;
	va_start(ap, fmt);
	char *message = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	gg_set_input_error(c->error, c->table->path, f->line, f->col, "%s",
	                   message);
	g_free(message);
	c->failed = true;
}

/* Columns that name things (file names, chart labels, headings): one
 * line of at most NAME_MAX_CHARS characters (data/README.md, Limits). */
#define NAME_MAX_CHARS 160
static const char *const NAME_COLUMNS[] = {
    "name", "vendor", "architecture", "gpu", "id", "key", "provider",
    "instance", "network", "channel", "unit", NULL};

/* Largest valid value of each numeric column (data/README.md, "Limits and
 * valid ranges"); a column not listed is limited to DEFAULT_MAX in size. */
#define DEFAULT_MAX 1e9
static const struct {
	const char *column;
	double max;
} MAXIMA[] = {
    {"memory_gb", 4096},     {"bandwidth_gbs", 100000},
    {"sm_count", 10000},     {"smem_per_sm_kb", 10000},
    {"l2_mb", 10000},        {"fp16_tflops", 100000},
    {"tdp_w", 5000},         {"slot_width", 8},
    {"price", 10000000},     {"cost", 10000000},
    {"psu_w", 100000},       {"batch_size", 1000000},
    {"throughput", 1e12},    {"min_memory_gb", 4096},
    {"budget", 100000000},   {"price_per_hour", 10000},
};

static double column_max(const char *column)
{
	for (size_t i = 0; i < G_N_ELEMENTS(MAXIMA); i++)
		if (strcmp(MAXIMA[i].column, column) == 0)
			return MAXIMA[i].max;
	return DEFAULT_MAX;
}

/* The cursor's entry for column (worked out on first use in the file):
 * found by the address of the name, the same string at each call site,
 * and its text.  With every slot taken, one is reused. */
static CursorColumn *column_of(Cursor *c, const char *column)
{
	size_t start = (GPOINTER_TO_SIZE(column) >> 3) % CURSOR_COLUMNS;
	CursorColumn *slot = NULL;
	for (size_t k = 0; k < CURSOR_COLUMNS && !slot; k++) {
		CursorColumn *s = &c->columns[(start + k) % CURSOR_COLUMNS];
		if (s->name == column && strcmp(s->name, column) == 0)
			return s;
		if (!s->name || s->name == column)
			slot = s;
	}
	if (!slot)
		slot = &c->columns[start];
	if (slot->passed)
		g_hash_table_destroy(slot->passed);
	slot->passed = NULL;
	slot->name = column;
	slot->index = csv_table_column(c->table, column);
	slot->is_name = in_list(column, NAME_COLUMNS);
	slot->max = column_max(column);
	slot->checked = NULL;
	return slot;
}

void dc_cursor_clear(Cursor *c)
{
	for (size_t i = 0; i < CURSOR_COLUMNS; i++)
		if (c->columns[i].passed)
			g_hash_table_destroy(c->columns[i].passed);
	memset(c->columns, 0, sizeof c->columns);
}

int dc_column(Cursor *c, const char *column)
{
	return column_of(c, column)->index;
}

static const CsvField *cell_of(const Cursor *c, const CursorColumn *col)
{
	g_assert(col->index >= 0); /* check_shape ran first */
	return &c->row->fields[col->index];
}

const CsvField *dc_cell(Cursor *c, const char *column)
{
	return cell_of(c, column_of(c, column));
}

static void check_text(Cursor *c, const CsvField *f,
                       const CursorColumn *col)
{
	if (!col->is_name)
		return;
	if (strpbrk(f->text, "\t\r\n"))
		dc_fail(c, f, "%s must be one line, without tabs or line breaks",
		     col->name);
	else if (strlen(f->text) > NAME_MAX_CHARS /* bytes >= characters */
	         && g_utf8_strlen(f->text, -1) > NAME_MAX_CHARS)
		dc_fail(c, f, "%s has %ld characters; the limit is %d",
		     col->name, g_utf8_strlen(f->text, -1), NAME_MAX_CHARS);
}

/* The column's cell, failed when empty, checked when a name. */
static const CsvField *required(Cursor *c, const CursorColumn *col)
{
	const CsvField *f = cell_of(c, col);
	if (!f->text[0])
		dc_fail(c, f, "empty required field '%s'", col->name);
	check_text(c, f, col);
	return f;
}

const char *dc_text_required(Cursor *c, const char *column)
{
	return required(c, column_of(c, column))->text;
}

char *dc_dup_required(Cursor *c, const char *column)
{
	return g_strdup(dc_text_required(c, column));
}

/* An optional column's text, "" when the file has no such column. */
char *dc_text_or_empty(Cursor *c, const char *column)
{
	const CursorColumn *col = column_of(c, column);
	return g_strdup(col->index < 0 ? "" : cell_of(c, col)->text);
}

char *dc_dup_optional(Cursor *c, const char *column)
{
	const CursorColumn *col = column_of(c, column);
	const CsvField *f = cell_of(c, col);
	check_text(c, f, col);
	return g_strdup(f->text);
}

/* Whether f holds the text of the column's last cell that passed its
 * check (col->checked; the check depends on the text alone), so that
 * the check can be skipped. */
static bool checked_before(CursorColumn *col, const CsvField *f)
{
	return col->checked && strcmp(col->checked, f->text) == 0;
}

char *dc_address_optional(Cursor *c, const char *column)
{
	CursorColumn *col = column_of(c, column);
	const CsvField *f = cell_of(c, col);
	const char *why;
	check_text(c, f, col);
	if (checked_before(col, f))
		return g_strdup(f->text);
	if (col->passed && g_hash_table_contains(col->passed, f->text)) {
		col->checked = f->text;
		return g_strdup(f->text);
	}
	if (!gg_address_ok(f->text, &why)) {
		dc_fail(c, f, "%s: %s, got '%s'", column, why, f->text);
		return g_strdup(f->text);
	}
	col->checked = f->text;
	if (!col->passed) /* keys are the table's texts */
		col->passed = g_hash_table_new(g_str_hash, g_str_equal);
	if (g_hash_table_size(col->passed) < CURSOR_PASSED_MAX)
		g_hash_table_add(col->passed, (char *)f->text);
	return g_strdup(f->text);
}

double dc_number(Cursor *c, const char *column, Range range)
{
	const CursorColumn *col = column_of(c, column);
	const CsvField *f = required(c, col);
	const char *text = f->text;
	double v = 0;
	if (c->failed)
		return 0;
	if (!gg_parse_decimal(text, &v)) {
		dc_fail(c, f, "'%s' is not a number (column '%s'; a plain "
		        "decimal such as 12, 0.5 or -3)", text, column);
		return 0;
	}
	if (range == POSITIVE && v <= 0)
		dc_fail(c, f, "%s must be greater than zero, got %s", column,
		     text);
	else if (range == NON_NEGATIVE && v < 0)
		dc_fail(c, f, "%s must not be negative, got %s", column, text);
	else if (fabs(v) > col->max)
		dc_fail(c, f, "%s must be at most %g, got %s", column,
		     col->max, text);
	return v;
}

int dc_integer(Cursor *c, const char *column, int min, int max)
{
	const CsvField *f = dc_cell(c, column);
	double v = dc_number(c, column, ANY_SIGN);
	if (c->failed)
		return 0;
	if (v != floor(v) || v < min || v > max) { /* then (int)v is safe */
		dc_fail(c, f, "%s must be a whole number from %d to %d, got %s",
		     column, min, max, f->text);
		return 0;
	}
	return (int)v;
}

int dc_choice(Cursor *c, const char *column, const char *const *choices)
{
	const CsvField *f = required(c, column_of(c, column));
	const char *text = f->text;
	for (int i = 0; choices[i]; i++)
		if (strcmp(text, choices[i]) == 0)
			return i;
	if (!c->failed) {
		char *allowed = g_strjoinv(", ", (char **)choices);
		dc_fail(c, f, "%s '%s' is not one of: %s", column, text, allowed);
		g_free(allowed);
	}
	return 0;
}

char *dc_date(Cursor *c, const char *column)
{
	CursorColumn *col = column_of(c, column);
	const CsvField *f = required(c, col);
	const char *text = f->text;
	if (c->failed || checked_before(col, f))
		return g_strdup(text);
	if (!gg_is_iso_date(text))
		dc_fail(c, f, "%s '%s' is not a valid date YYYY-MM-DD", column,
		     text);
	else if (strcmp(text, gg_today()) > 0)
		dc_fail(c, f, "%s %s is in the future (after the run's date, "
		     "SOURCE_DATE_EPOCH or the clock)", column, text);
	else
		col->checked = text;
	return g_strdup(text);
}

size_t dc_gpu_ref(Cursor *c, const Edition *e, const char *column)
{
	const CsvField *f = required(c, column_of(c, column));
	const char *text = f->text;
	long i = edition_find_gpu(e, text);
	if (i < 0 && !c->failed) {
		dc_fail(c, f, "unknown GPU '%s': no such name in gpus.csv", text);
		return 0;
	}
	return i < 0 ? 0 : (size_t)i;
}

Provenance dc_provenance(Cursor *c)
{
	Provenance p = {0};
	p.source = dc_dup_required(c, "source");
	p.url = dc_address_optional(c, "url");
	p.date = dc_date(c, "date");
	p.note = dc_dup_optional(c, "note");
	p.file = c->file;
	p.line = c->row->line;
	p.date_col = dc_cell(c, "date")->col;
	p.source_col = dc_cell(c, "source")->col;
	p.url_col = dc_cell(c, "url")->col;
	p.estimate = g_ascii_strncasecmp(p.note, "estimate", 8) == 0;
	return p;
}

void dc_provenance_free(Provenance *p)
{
	g_free(p->source);
	g_free(p->url);
	g_free(p->date);
	g_free(p->note);
}

/* Rejects a second row with the same key; keys maps key -> first line. */
void dc_unique(Cursor *c, GHashTable *keys, const char *key,
                   const char *column, const char *what)
{
	if (c->failed)
		return;
	gpointer first = g_hash_table_lookup(keys, key);
	if (first) {
		dc_fail(c, dc_cell(c, column), "duplicate %s '%s' (first on line %d)",
		     what, key, GPOINTER_TO_INT(first));
		return;
	}
	g_hash_table_insert(keys, g_strdup(key),
	                    GINT_TO_POINTER(c->row->line));
}

