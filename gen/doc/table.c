/* Tables: one type; building one, its Markdown and each cell's data text
 * (table_data.c writes CSV and JSON).  See table.h. */
#include "table.h"

#include "format.h"
#include "template.h"
#include "util.h"

#include <math.h>
#include <string.h>

/* A cell as the guide reads it (the stored form is packed below). */
typedef struct {
	bool set;    /* false: empty (em dash / nothing) */
	double v;    /* numeric columns */
	const char *text;  /* text columns: the data text */
	const char *shown; /* text the guide shows instead, or NULL */
	const char *url;   /* a link's target, or NULL */
	double low, high; /* an interval (table_set_interval), else NAN */
} Cell;

/* Stored cells: a 10,000-GPU edition's tables hold hundreds of
 * thousands of rows, so a cell is one slot of 8 bytes: the number of a
 * numeric column, the data text of a text column (COL_TEXT).  An empty
 * number is the NaN UNSET_BITS (a number set to NaN is stored as the
 * plain NaN), an empty text NULL, a text set to NULL NO_TEXT.  What few
 * cells have (a guide text, a link, an interval, a text in a numeric
 * column) is an Extra of the row. */
typedef union {
	double v;
	const char *text;
} Slot;

typedef struct Extra Extra;
struct Extra {
	Extra *next;
	size_t col;
	const char *text;  /* a numeric column's text (a link's label) */
	const char *shown;
	const char *url;
	double low, high;
};

typedef struct {
	Extra *extra;
	Slot slot[];
} Row;

#define UNSET_BITS 0x7ff8dead0000beefULL
static const char NO_TEXT[] = "";

static double unset_number(void)
{
	guint64 bits = UNSET_BITS;
	double v;
	memcpy(&v, &bits, sizeof v);
	return v;
}

static bool is_unset_number(double v)
{
	guint64 bits;
	memcpy(&bits, &v, sizeof bits);
	return bits == UNSET_BITS;
}

/* Rows, extras and their strings live in blocks of the table's own,
 * freed with it (a cell set twice leaves its old text there). */
#define ARENA_BLOCK (64 * 1024)

struct Table {
	char *name;
	const Column *cols;
	size_t n_cols;
	GArray *view;   /* size_t column indices of the guide's view */
	GPtrArray *rows; /* Row */
	bool *ranged;   /* per column: some cell has an interval, so the
	                   data gains KEY_low and KEY_high */
	bool *amount;   /* per column: amount_column() */
	size_t guide_rows; /* the most rows the guide's view shows */
	bool borrows_rows; /* rows are other tables' (table_append) */
	size_t next_col;   /* where cell() looks first: the column after the
	                      last one set, as rows are mostly set in order */
	GPtrArray *blocks; /* the arena's blocks (g_free) */
	char *free_at;     /* the unused end of the last block */
	size_t free_len;
};

/* The Extra of column k of row, or NULL. */
static const Extra *extra_of(const Row *row, size_t k)
{
	for (const Extra *x = row->extra; x; x = x->next)
		if (x->col == k)
			return x;
	return NULL;
}

/* n bytes of the table's arena, aligned for a pointer or a double. */
static void *arena_alloc(Table *t, size_t n)
{
	n = (n + 7) & ~(size_t)7;
	if (n > t->free_len) {
		if (n > ARENA_BLOCK / 4) { /* a large one has its own block */
			void *own = g_malloc(n);
			g_ptr_array_add(t->blocks, own);
			return own;
		}
		t->free_at = g_malloc(ARENA_BLOCK);
		t->free_len = ARENA_BLOCK;
		g_ptr_array_add(t->blocks, t->free_at);
	}
	void *p = t->free_at;
	t->free_at += n;
	t->free_len -= n;
	return p;
}

static const char *arena_strdup(Table *t, const char *text)
{
	if (!text)
		return NULL;
	size_t n = strlen(text) + 1;
	char *copy = arena_alloc(t, n);
	memcpy(copy, text, n);
	return copy;
}

/* The index of column key, looking from column start on (and around). */
static long column_from(const Table *t, const char *key, size_t start)
{
	/* the setter's key is mostly the very string of the column spec
	 * (one literal, merged by the compiler) */
	if (start < t->n_cols && t->cols[start].key == key)
		return (long)start;
	for (size_t j = 0; j < t->n_cols; j++) {
		size_t i = (start + j) % t->n_cols;
		if (strcmp(t->cols[i].key, key) == 0)
			return (long)i;
	}
	return -1;
}

long table_column_index(const Table *t, const char *key)
{
	return column_from(t, key, 0);
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
	t->amount = g_new0(bool, n);
	for (size_t i = 0; i < n; i++)
		t->amount[i] = amount_column(&columns[i]);
	t->guide_rows = TABLE_GUIDE_ROWS;
	t->blocks = g_ptr_array_new_with_free_func(g_free);
	if (!view) {
		for (size_t i = 0; i < n; i++)
			if (columns[i].header)
				g_array_append_val(t->view, i);
		return t;
	}
	char **keys = g_strsplit(view, " ", -1);
	for (char **k = keys; *k; k++) {
		long i = table_column_index(t, *k);
		g_assert(i >= 0 && columns[i].header);
		size_t u = (size_t)i;
		g_array_append_val(t->view, u);
	}
	g_strfreev(keys);
	return t;
}

void table_free(Table *t)
{
	if (!t)
		return;
	g_ptr_array_free(t->rows, TRUE);
	g_ptr_array_free(t->blocks, TRUE);
	g_array_free(t->view, TRUE);
	g_free(t->ranged);
	g_free(t->amount);
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

static bool text_column(const Table *t, size_t k)
{
	return t->cols[k].type == COL_TEXT;
}

void table_add_row(Table *t)
{
	g_assert(!t->borrows_rows);
	Row *row = arena_alloc(t, sizeof(Row) + t->n_cols * sizeof(Slot));
	row->extra = NULL;
	for (size_t k = 0; k < t->n_cols; k++) {
		if (text_column(t, k))
			row->slot[k].text = NULL;
		else
			row->slot[k].v = unset_number();
	}
	g_ptr_array_add(t->rows, row);
}

/* The cell of column k of row, as the renderers read it. */
static Cell cell_at(const Table *t, const Row *row, size_t k)
{
	Cell c = {.low = NAN, .high = NAN};
	const Extra *x = row->extra ? extra_of(row, k) : NULL;
	if (text_column(t, k)) {
		const char *text = row->slot[k].text;
		c.set = text != NULL;
		c.text = text == NO_TEXT ? NULL : text;
	} else {
		double v = row->slot[k].v;
		c.set = !is_unset_number(v);
		c.v = c.set ? v : 0;
		c.text = x ? x->text : NULL;
	}
	if (x) {
		c.shown = x->shown;
		c.url = x->url;
		c.low = x->low;
		c.high = x->high;
	}
	return c;
}

/* The slot of column key in the last row, emptied for a new value and
 * marked set; *index its column. */
static Slot *cell_of(Table *t, const char *key, long *index)
{
	long i = column_from(t, key, t->next_col);
	g_assert(i >= 0 && t->rows->len > 0);
	t->next_col = (size_t)i + 1;
	*index = i;
	Row *row = t->rows->pdata[t->rows->len - 1];
	/* a value set again loses what the old one had */
	for (Extra **x = &row->extra; *x; x = &(*x)->next)
		if ((*x)->col == (size_t)i) {
			*x = (*x)->next;
			break;
		}
	Slot *c = &row->slot[i];
	if (text_column(t, (size_t)i))
		c->text = NO_TEXT;
	else
		c->v = 0;
	return c;
}

/* The Extra of column k in the last row, made when it has none. */
static Extra *extra(Table *t, size_t k)
{
	Row *row = t->rows->pdata[t->rows->len - 1];
	Extra *x = (Extra *)extra_of(row, k);
	if (x)
		return x;
	x = arena_alloc(t, sizeof *x);
	*x = (Extra){.next = row->extra, .col = k, .low = NAN, .high = NAN};
	row->extra = x;
	return x;
}

/* Sets the data text of column k of the last row (slot c). */
static void set_text_at(Table *t, Slot *c, size_t k, const char *text)
{
	if (text_column(t, k))
		c->text = text ? arena_strdup(t, text) : NO_TEXT;
	else if (text)
		extra(t, k)->text = arena_strdup(t, text);
}

static void set_shown_at(Table *t, size_t k, const char *shown)
{
	if (shown)
		extra(t, k)->shown = arena_strdup(t, shown);
}

static void set_url_at(Table *t, size_t k, const char *url)
{
	if (url)
		extra(t, k)->url = arena_strdup(t, url);
}

/* v, which column col may hold: the output boundary's guard
 * (gg_output_number) on every number a table holds, which every CSV,
 * JSON and Markdown table of the output is.  NaN is an empty cell (a
 * machine sold without a price).  The message naming the cell is made
 * only for a value refused. */
static double checked(const Table *t, size_t k, const char *what,
                      double v)
{
	bool amount = t->amount[k];
	if (!isinf(v) && !(amount && v < 0))
		return is_unset_number(v) ? NAN : v; /* never UNSET_BITS */
	char *where = g_strdup_printf("%s.%s%s (row %u)", t->name,
	                              t->cols[k].key, what, t->rows->len);
	gg_output_number(v, amount, true, where);
	g_free(where);
	return v;
}

/* The cell of column key (index *k) set to the number v. */
static Slot *number_cell_at(Table *t, const char *key, double v, long *k)
{
	Slot *c = cell_of(t, key, k);
	double checked_v = checked(t, (size_t)*k, "", v);
	if (!text_column(t, (size_t)*k))
		c->v = checked_v;
	return c;
}

static long number_cell(Table *t, const char *key, double v)
{
	long k;
	number_cell_at(t, key, v, &k);
	return k;
}

void table_set_number(Table *t, const char *key, double v)
{
	number_cell(t, key, v);
}

void table_set_interval(Table *t, const char *key, double v, double low,
                        double high)
{
	long k;
	number_cell_at(t, key, v, &k);
	double lo = checked(t, (size_t)k, "'s interval", low);
	double hi = checked(t, (size_t)k, "'s interval", high);
	Extra *x = extra(t, (size_t)k);
	x->low = lo;
	x->high = hi;
	t->ranged[k] = true;
}

void table_set_text(Table *t, const char *key, const char *text)
{
	long k;
	Slot *c = cell_of(t, key, &k);
	set_text_at(t, c, (size_t)k, text);
}

bool table_row_shown(const Table *t)
{
	return t->rows->len <= t->guide_rows;
}

/* shown, kept only for a row the guide shows (table_markdown reads it;
 * the data export never does): at 10,000 GPUs most rows are the data's
 * alone. */
static const char *shown_in_guide(const Table *t, const char *shown)
{
	return table_row_shown(t) ? shown : NULL;
}

void table_take_shown(Table *t, const char *key, const char *data,
                      char *shown)
{
	table_set_shown(t, key, data, shown);
	g_free(shown);
}

void table_set_shown(Table *t, const char *key, const char *data,
                     const char *shown)
{
	long k;
	Slot *c = cell_of(t, key, &k);
	set_text_at(t, c, (size_t)k, data);
	set_shown_at(t, (size_t)k, shown_in_guide(t, shown));
}

void table_set_number_shown(Table *t, const char *key, double v,
                            const char *shown)
{
	long k = number_cell(t, key, v);
	set_shown_at(t, (size_t)k, shown_in_guide(t, shown));
}

void table_set_link(Table *t, const char *key, const char *text,
                    const char *shown, const char *url)
{
	long k;
	Slot *c = cell_of(t, key, &k);
	set_text_at(t, c, (size_t)k, text);
	set_shown_at(t, (size_t)k, shown_in_guide(t, shown));
	set_url_at(t, (size_t)k, url);
}

void table_set_number_link(Table *t, const char *key, double v,
                           const char *shown, const char *url)
{
	long k = number_cell(t, key, v);
	set_shown_at(t, (size_t)k, shown_in_guide(t, shown));
	set_url_at(t, (size_t)k, url && *url ? url : NULL);
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
		const Row *row = t->rows->pdata[r];
		rows[r] = g_new0(char *, n + 1);
		for (size_t k = 0; k < n; k++) {
			size_t i = g_array_index(t->view, size_t, k);
			Cell c = cell_at(t, row, i);
			rows[r][k] = md_cell(&t->cols[i], &c, s, error);
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

/* ---- the data side (table_data.c renders it) ------------------------- */

size_t table_columns(const Table *t)
{
	return t->n_cols;
}

const Column *table_column(const Table *t, size_t k)
{
	return &t->cols[k];
}

bool table_column_ranged(const Table *t, size_t k)
{
	return t->ranged[k];
}

const void *table_row_id(const Table *t, size_t r)
{
	return t->rows->pdata[r];
}

const char *table_cell_data(const Table *t, size_t r, size_t k, int bound,
                            char *buf, size_t *len)
{
	const Row *row = t->rows->pdata[r];
	const Column *col = &t->cols[k];
	if (col->type == COL_TEXT) {
		const char *text = bound < 0 ? row->slot[k].text : NULL;
		text = text && text != NO_TEXT ? text : "";
		*len = strlen(text);
		return text;
	}
	double v = row->slot[k].v;
	if (bound >= 0) {
		const Extra *x = row->extra ? extra_of(row, k) : NULL;
		v = x && !is_unset_number(v) ? (bound ? x->high : x->low) : NAN;
	}
	if (isnan(v)) { /* empty, or NaN */
		*len = 0;
		return "";
	}
	int decimals = col->type == COL_INT ? 0 : col->data_decimals;
	*len = format_fixed_len(buf, v, decimals);
	return buf;
}
