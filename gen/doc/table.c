/* Tables: one type, three renderers (Markdown, CSV, JSON).  See table.h. */
#include "table.h"

#include "format.h"
#include "template.h"
#include "util.h"

#include <math.h>
#include <string.h>

typedef struct {
	bool set;    /* false: empty (em dash / nothing) */
	double v;    /* numeric columns */
	char *text;  /* text columns: the data text */
	char *shown; /* text the guide shows instead, or NULL */
	char *url;   /* a link's target, or NULL */
	double low, high; /* an interval (table_set_interval), else NAN */
} Cell;

struct Table {
	char *name;
	const Column *cols;
	size_t n_cols;
	GArray *view;   /* size_t column indices of the guide's view */
	GPtrArray *rows; /* Cell[n_cols] */
	bool *ranged;   /* per column: some cell has an interval, so the
	                   data gains KEY_low and KEY_high */
	size_t guide_rows; /* the most rows the guide's view shows */
	bool borrows_rows; /* rows are other tables' (table_append) */
	size_t next_col;   /* where cell() looks first: the column after the
	                      last one set, as rows are mostly set in order */
};

/* The index of column key, looking from column start on (and around). */
static long column_from(const Table *t, const char *key, size_t start)
{
	for (size_t j = 0; j < t->n_cols; j++) {
		size_t i = (start + j) % t->n_cols;
		if (strcmp(t->cols[i].key, key) == 0)
			return (long)i;
	}
	return -1;
}

static long column_index(const Table *t, const char *key)
{
	return column_from(t, key, 0);
}

Table *table_new(const char *name, const Column *columns, size_t n,
                 const char *view)
{
	Table *t = g_new0(Table, 1);
	t->name = g_strdup(name);
	t->cols = columns;
	t->n_cols = n;
	t->view = g_array_new(FALSE, FALSE, sizeof(size_t));
	t->rows = g_ptr_array_new();
	t->ranged = g_new0(bool, n);
	t->guide_rows = TABLE_GUIDE_ROWS;
	if (!view) {
		for (size_t i = 0; i < n; i++)
			if (columns[i].header)
				g_array_append_val(t->view, i);
		return t;
	}
	char **keys = g_strsplit(view, " ", -1);
	for (char **k = keys; *k; k++) {
		long i = column_index(t, *k);
		g_assert(i >= 0 && columns[i].header);
		size_t u = (size_t)i;
		g_array_append_val(t->view, u);
	}
	g_strfreev(keys);
	return t;
}

static void free_row(Table *t, Cell *row)
{
	for (size_t i = 0; i < t->n_cols; i++) {
		g_free(row[i].text);
		g_free(row[i].shown);
		g_free(row[i].url);
	}
	g_free(row);
}

void table_free(Table *t)
{
	if (!t)
		return;
	for (guint i = 0; !t->borrows_rows && i < t->rows->len; i++)
		free_row(t, t->rows->pdata[i]);
	g_ptr_array_free(t->rows, TRUE);
	g_array_free(t->view, TRUE);
	g_free(t->ranged);
	g_free(t->name);
	g_free(t);
}

const char *table_name(const Table *t)
{
	return t->name;
}

size_t table_rows(const Table *t)
{
	return t->rows->len;
}

void table_add_row(Table *t)
{
	g_assert(!t->borrows_rows);
	g_ptr_array_add(t->rows, g_new0(Cell, t->n_cols));
}

/* The cell of column key in the last row, emptied for a new value;
 * *index its column. */
static Cell *cell_of(Table *t, const char *key, long *index)
{
	long i = column_from(t, key, t->next_col);
	g_assert(i >= 0 && t->rows->len > 0);
	t->next_col = (size_t)i + 1;
	*index = i;
	Cell *c = &((Cell *)t->rows->pdata[t->rows->len - 1])[i];
	g_free(c->text);
	g_free(c->shown);
	g_free(c->url);
	*c = (Cell){.set = true, .low = NAN, .high = NAN};
	return c;
}

static Cell *cell(Table *t, const char *key)
{
	long index;
	return cell_of(t, key, &index);
}

/* True when column col holds an amount of money, memory or time, which
 * is never negative: a money or price column, or a key that names its
 * unit (..._usd, ..._gb, hours_..., ..._hours, ..._days, ..._months). */
static bool amount_column(const Column *col)
{
	static const char *const suffixes[] = {"_usd", "_gb", "_hours",
	                                       "_days", "_months"};
	if (col->type == COL_MONEY || col->type == COL_PRICE
	    || g_str_has_prefix(col->key, "hours_"))
		return true;
	for (size_t i = 0; i < G_N_ELEMENTS(suffixes); i++)
		if (g_str_has_suffix(col->key, suffixes[i]))
			return true;
	return false;
}

/* v, which column col may hold: the output boundary's guard
 * (gg_output_number) on every number a table holds, which every CSV,
 * JSON and Markdown table of the output is.  NaN is an empty cell (a
 * machine sold without a price).  The message naming the cell is made
 * only for a value refused. */
static double checked(const Table *t, const Column *col, const char *what,
                      double v)
{
	bool amount = amount_column(col);
	if (!isinf(v) && !(amount && v < 0))
		return v;
	char *where = g_strdup_printf("%s.%s%s (row %u)", t->name, col->key,
	                              what, t->rows->len);
	gg_output_number(v, amount, true, where);
	g_free(where);
	return v;
}

/* The cell of column key (index *k) set to the number v. */
static Cell *number_cell_at(Table *t, const char *key, double v, long *k)
{
	Cell *c = cell_of(t, key, k);
	c->v = checked(t, &t->cols[*k], "", v);
	return c;
}

static Cell *number_cell(Table *t, const char *key, double v)
{
	long k;
	return number_cell_at(t, key, v, &k);
}

void table_set_number(Table *t, const char *key, double v)
{
	number_cell(t, key, v);
}

void table_set_interval(Table *t, const char *key, double v, double low,
                        double high)
{
	long k;
	Cell *c = number_cell_at(t, key, v, &k);
	c->low = checked(t, &t->cols[k], "'s interval", low);
	c->high = checked(t, &t->cols[k], "'s interval", high);
	t->ranged[k] = true;
}

void table_set_text(Table *t, const char *key, const char *text)
{
	cell(t, key)->text = g_strdup(text);
}

/* shown, kept only for a row the guide shows (table_markdown reads it;
 * the data export never does): at 10,000 GPUs most rows are the data's
 * alone. */
static char *shown_in_guide(const Table *t, char *shown)
{
	if (t->rows->len <= t->guide_rows)
		return shown;
	g_free(shown);
	return NULL;
}

void table_take_shown(Table *t, const char *key, const char *data,
                      char *shown)
{
	Cell *c = cell(t, key);
	c->text = g_strdup(data);
	c->shown = shown_in_guide(t, shown);
}

void table_set_shown(Table *t, const char *key, const char *data,
                     const char *shown)
{
	table_take_shown(t, key, data, g_strdup(shown));
}

void table_set_number_shown(Table *t, const char *key, double v,
                            const char *shown)
{
	Cell *c = number_cell(t, key, v);
	c->shown = shown_in_guide(t, g_strdup(shown));
}

void table_set_link(Table *t, const char *key, const char *text,
                    const char *shown, const char *url)
{
	Cell *c = cell(t, key);
	c->text = g_strdup(text);
	c->shown = shown_in_guide(t, g_strdup(shown));
	c->url = g_strdup(url);
}

void table_set_number_link(Table *t, const char *key, double v,
                           const char *shown, const char *url)
{
	Cell *c = number_cell(t, key, v);
	c->shown = shown_in_guide(t, g_strdup(shown));
	c->url = url && *url ? g_strdup(url) : NULL;
}

void table_append(Table *t, const Table *from)
{
	g_assert(t->cols == from->cols);
	g_assert(t->rows->len == 0 || t->borrows_rows);
	t->borrows_rows = true;
	for (size_t i = 0; i < t->n_cols; i++)
		t->ranged[i] |= from->ranged[i];
	for (guint r = 0; r < from->rows->len; r++)
		g_ptr_array_add(t->rows, from->rows->pdata[r]);
}

/* ---- Markdown: the guide's view in the language ------------------------ */

static char *escaped(char *plain)
{
	char *md = md_escape(plain);
	g_free(plain);
	return md;
}

static char *md_number(const Column *col, double v, const Lang *s)
{
	switch (col->type) {
	case COL_MONEY:
		return escaped(format_money(s, v));
	case COL_PRICE:
		return escaped(format_price(s, v));
	case COL_PERCENT:
		return escaped(format_percent(s, v, col->decimals));
	default:
		return col->unit ? format_with_unit(s, v, col->decimals, col->unit)
		                 : format_number(s, v, col->decimals);
	}
}

/* "1.26 (1.05–1.45)": a number with its interval, when the interval
 * shows at the column's decimals (a spread that rounds away is not
 * printed). */
static char *md_interval(const Column *col, const Cell *c, const Lang *s,
                         GError **error)
{
	char *v = md_number(col, c->v, s);
	if (isnan(c->low) || isnan(c->high))
		return v;
	return format_interval(s, v, md_number(col, c->low, s),
	                       md_number(col, c->high, s), error);
}

static char *md_cell(const Column *col, const Cell *c, const Lang *s,
                     GError **error)
{
	if (!c->set)
		return g_strdup("\xE2\x80\x94"); /* em dash */
	if (c->url) {
		char *label = md_escape(c->shown ? c->shown : c->text);
		char *url = md_escape(c->url);
		char *md = g_strdup_printf("[%s](%s)", label, url);
		g_free(label);
		g_free(url);
		return md;
	}
	if (c->shown)
		return md_escape(c->shown);
	if (col->type == COL_TEXT)
		return md_escape(c->text ? c->text : "");
	return md_interval(col, c, s, error);
}

/* A header: the language string is Markdown already. */
static char *md_header(const Column *col, const Lang *s, GError **error)
{
	const char *text = lang_need(s, col->header, error);
	if (col->arg <= 0)
		return g_strdup(text);
	char *pct = format_percent(s, col->arg, 0);
	char *filled = gg_fill2(text, pct, "");
	g_free(pct);
	return filled;
}

void table_set_guide_rows(Table *t, size_t most)
{
	t->guide_rows = most;
}

size_t table_guide_rows(const Table *t)
{
	return MIN(t->rows->len, t->guide_rows);
}

char *table_markdown(const Table *t, const Lang *s, GError **error)
{
	size_t n = t->view->len;
	guint shown = (guint)table_guide_rows(t);
	if (!n)
		return NULL;
	char **header = g_new0(char *, n + 1);
	char *align = g_new0(char, n + 1);
	char ***rows = g_new0(char **, shown + 1);
	for (size_t k = 0; k < n; k++) {
		const Column *col = &t->cols[g_array_index(t->view, size_t, k)];
		header[k] = md_header(col, s, error);
		align[k] = col->align;
	}
	for (guint r = 0; r < shown; r++) {
		const Cell *row = t->rows->pdata[r];
		rows[r] = g_new0(char *, n + 1);
		for (size_t k = 0; k < n; k++) {
			size_t i = g_array_index(t->view, size_t, k);
			rows[r][k] = md_cell(&t->cols[i], &row[i], s, error);
		}
	}
	char *md = md_table((const char *const *)header, align, rows, shown);
	for (guint r = 0; r < shown; r++)
		g_strfreev(rows[r]);
	g_free(rows);
	g_strfreev(header);
	g_free(align);
	return md;
}

/* ---- data: CSV and JSON ------------------------------------------------ */

/* The data text of a cell: "" when empty or NaN (never infinite:
 * number_cell), numbers with data_decimals in the C locale, written into buf (of
 * G_ASCII_DTOSTR_BUF_SIZE bytes) or the cell's own text. */
static const char *data_text(const Column *col, const Cell *c, char *buf)
{
	if (!c->set)
		return "";
	if (col->type == COL_TEXT)
		return c->text ? c->text : "";
	if (isnan(c->v))
		return "";
	int decimals = col->type == COL_INT ? 0 : col->data_decimals;
	return format_fixed(buf, G_ASCII_DTOSTR_BUF_SIZE, c->v, decimals);
}

static void csv_field(GString *out, const char *text)
{
	if (!strpbrk(text, ",\"\r\n")) {
		g_string_append(out, text);
		return;
	}
	g_string_append_c(out, '"');
	for (const char *p = text; *p; p++) {
		if (*p == '"')
			g_string_append_c(out, '"');
		g_string_append_c(out, *p);
	}
	g_string_append_c(out, '"');
}

/* The interval bound of a ranged cell as a cell of its own (empty when
 * the cell has no interval). */
static Cell bound(const Cell *c, bool high)
{
	double v = high ? c->high : c->low;
	return (Cell){.set = c->set && !isnan(v), .v = v};
}

static void csv_value(GString *out, const Column *col, const Cell *c,
                      bool first)
{
	char buf[G_ASCII_DTOSTR_BUF_SIZE];
	const char *text = data_text(col, c, buf);
	if (!first)
		g_string_append_c(out, ',');
	csv_field(out, text);
}

char *table_csv(const Table *t)
{
	GString *out = g_string_new(NULL);
	for (size_t k = 0; k < t->n_cols; k++) {
		if (k)
			g_string_append_c(out, ',');
		csv_field(out, t->cols[k].key);
		if (t->ranged[k])
			g_string_append_printf(out, ",%s_low,%s_high",
			                       t->cols[k].key, t->cols[k].key);
	}
	g_string_append_c(out, '\n');
	for (guint r = 0; r < t->rows->len; r++) {
		const Cell *row = t->rows->pdata[r];
		for (size_t k = 0; k < t->n_cols; k++) {
			csv_value(out, &t->cols[k], &row[k], k == 0);
			if (!t->ranged[k])
				continue;
			Cell lo = bound(&row[k], false), hi = bound(&row[k], true);
			csv_value(out, &t->cols[k], &lo, false);
			csv_value(out, &t->cols[k], &hi, false);
		}
		g_string_append_c(out, '\n');
	}
	return g_string_free(out, FALSE);
}

/* Whether byte c is copied into a JSON string as it is. */
static bool json_plain(unsigned char c)
{
	return c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>'
	       && c != '&';
}

void table_json_string(GString *out, const char *text)
{
	g_string_append_c(out, '"');
	const unsigned char *p = (const unsigned char *)text;
	while (*p) {
		const unsigned char *run = p;
		while (*p && json_plain(*p))
			p++;
		if (p > run)
			g_string_append_len(out, (const char *)run, p - run);
		if (!*p)
			break;
		switch (*p) {
		case '"': g_string_append(out, "\\\""); break;
		case '\\': g_string_append(out, "\\\\"); break;
		case '\n': g_string_append(out, "\\n"); break;
		case '\r': g_string_append(out, "\\r"); break;
		case '\t': g_string_append(out, "\\t"); break;
		case '<': g_string_append(out, "\\u003c"); break; /* safe in HTML */
		case '>': g_string_append(out, "\\u003e"); break;
		case '&': g_string_append(out, "\\u0026"); break;
		default: g_string_append_printf(out, "\\u%04x", *p);
		}
		p++;
	}
	g_string_append_c(out, '"');
}

static void json_value(GString *out, const Column *col, const Cell *c)
{
	char buf[G_ASCII_DTOSTR_BUF_SIZE];
	const char *text = data_text(col, c, buf);
	if (col->type == COL_TEXT)
		table_json_string(out, text);
	else if (!*text)
		g_string_append(out, "null");
	else
		g_string_append(out, text);
}

void table_json_only(const Table *t, GString *out, const char *const *keys)
{
	table_json_string(out, t->name);
	g_string_append(out, ": [");
	for (guint r = 0; r < t->rows->len; r++) {
		const Cell *row = t->rows->pdata[r];
		g_string_append(out, r ? ",\n    {" : "\n    {");
		bool first = true;
		for (const char *const *key = keys; *key; key++) {
			long k = column_index(t, *key);
			if (k < 0)
				continue;
			g_string_append(out, first ? "" : ", ");
			first = false;
			table_json_string(out, t->cols[k].key);
			g_string_append(out, ": ");
			json_value(out, &t->cols[k], &row[k]);
		}
		g_string_append(out, "}");
	}
	g_string_append(out, "\n  ]");
}

/* The member names of t's columns as JSON, each followed by ": ": for
 * column k, names[3k] and, when it is ranged, names[3k+1] (KEY_low) and
 * names[3k+2] (KEY_high).  g_strfreev-able (the unused slots are ""). */
static char **json_member_names(const Table *t)
{
	char **names = g_new0(char *, 3 * t->n_cols + 1);
	GString *name = g_string_new(NULL);
	static const char *const SUFFIX[] = {"", "_low", "_high"};
	for (size_t k = 0; k < t->n_cols; k++)
		for (size_t j = 0; j < 3; j++) {
			g_string_truncate(name, 0);
			if (j == 0 || t->ranged[k]) {
				char *key = g_strconcat(t->cols[k].key, SUFFIX[j],
				                        NULL);
				table_json_string(name, key);
				g_string_append(name, ": ");
				g_free(key);
			}
			names[3 * k + j] = g_strdup(name->str);
		}
	g_string_free(name, TRUE);
	return names;
}

void table_json(const Table *t, GString *out)
{
	char **names = json_member_names(t);
	table_json_string(out, t->name);
	g_string_append(out, ": [");
	for (guint r = 0; r < t->rows->len; r++) {
		const Cell *row = t->rows->pdata[r];
		g_string_append(out, r ? ",\n    {" : "\n    {");
		for (size_t k = 0; k < t->n_cols; k++) {
			if (k)
				g_string_append(out, ", ");
			g_string_append(out, names[3 * k]);
			json_value(out, &t->cols[k], &row[k]);
			if (!t->ranged[k])
				continue;
			Cell lo = bound(&row[k], false), hi = bound(&row[k], true);
			g_string_append(out, ", ");
			g_string_append(out, names[3 * k + 1]);
			json_value(out, &t->cols[k], &lo);
			g_string_append(out, ", ");
			g_string_append(out, names[3 * k + 2]);
			json_value(out, &t->cols[k], &hi);
		}
		g_string_append(out, "}");
	}
	g_string_append(out, "\n  ]");
	g_strfreev(names);
}
