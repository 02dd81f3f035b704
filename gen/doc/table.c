/* Tables: one type, three renderers (Markdown, CSV, JSON).  See table.h. */
#include "table.h"

#include "format.h"
#include "template.h"
#include "util.h"

#include <math.h>
#include <string.h>

/* A cell as the renderers read it (the stored form is packed below). */
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
	union {
		guint64 bits;
		double v;
	} u = {.bits = UNSET_BITS};
	return u.v;
}

static bool is_unset_number(double v)
{
	union {
		double v;
		guint64 bits;
	} u = {.v = v};
	return u.bits == UNSET_BITS;
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

static long column_index(const Table *t, const char *key)
{
	return column_from(t, key, 0);
}

static bool amount_column(const Column *col);

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
		long i = column_index(t, *k);
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

static const Extra *extra_of(const Row *row, size_t k)
{
	for (const Extra *x = row->extra; x; x = x->next)
		if (x->col == k)
			return x;
	return NULL;
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
	for (Extra *x = row->extra; x; x = x->next)
		if (x->col == k)
			return x;
	Extra *x = arena_alloc(t, sizeof *x);
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

/* ---- data: CSV and JSON ------------------------------------------------ */

/* Where the data goes: buf, handed to flush (when not NULL) whenever it
 * holds FLUSH_BYTES, so that a table of 80,000 rows is never held
 * whole as text. */
#define FLUSH_BYTES (1024 * 1024)

static inline void put(GString *g, const char *s, size_t n)
{
	if (G_LIKELY(g->len + n < g->allocated_len)) {
		memcpy(g->str + g->len, s, n);
		g->len += n;
		g->str[g->len] = '\0';
	} else {
		g_string_append_len(g, s, (gssize)n);
	}
}

static inline void put_c(GString *g, char c)
{
	g_string_append_c(g, c);
}

/* A literal: its length is known when it is compiled. */
#define PUT_LIT(g, lit) put(g, lit, sizeof(lit) - 1)

/* Hands out's text to its flush once it holds FLUSH_BYTES; false when
 * that failed. */
static bool out_row_done(TableOut *out, GError **error)
{
	if (!out || !out->flush || out->buf->len < FLUSH_BYTES)
		return true;
	return out->flush(out->buf, out->data, error);
}

/* The data text of column k of row into buf (of FORMAT_FIXED_MAX
 * bytes) or the row's own text: "" when empty or NaN (never infinite:
 * checked), numbers with data_decimals in the C locale; *len its
 * length.  bound selects the value (-1) or, for a ranged column, its
 * interval's low (0) or high (1) end. */
static const char *data_text(const Table *t, const Row *row, size_t k,
                             int bound, char *buf, size_t *len)
{
	const Column *col = &t->cols[k];
	double v;
	if (col->type == COL_TEXT) {
		const char *text = bound < 0 ? row->slot[k].text : NULL;
		text = text && text != NO_TEXT ? text : "";
		*len = strlen(text);
		return text;
	}
	v = row->slot[k].v;
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

/* A CSV field: quoted when it holds a comma, quote or line break (a
 * number never does). */
static void csv_field(GString *out, const char *text, size_t len,
                      bool number)
{
	if (number || !strpbrk(text, ",\"\r\n")) {
		put(out, text, len);
		return;
	}
	put_c(out, '"');
	const char *run = text;
	for (const char *q = strchr(run, '"'); q; q = strchr(run, '"')) {
		put(out, run, (size_t)(q - run + 1));
		put_c(out, '"'); /* a quote doubled */
		run = q + 1;
	}
	put(out, run, len - (size_t)(run - text));
	put_c(out, '"');
}

/* Bytes copied into a JSON string as they are: not a control
 * character, quote, backslash or <, >, & (escaped to stay safe in
 * HTML). */
static const bool *json_plain_bytes(void)
{
	static bool plain[256];
	static gsize ready = 0;
	if (g_once_init_enter(&ready)) {
		for (int c = 0x20; c < 256; c++)
			plain[c] = c != '"' && c != '\\' && c != '<' && c != '>'
			           && c != '&';
		g_once_init_leave(&ready, 1);
	}
	return plain;
}

void table_json_string(GString *out, const char *text)
{
	const bool *plain = json_plain_bytes();
	put_c(out, '"');
	const unsigned char *p = (const unsigned char *)text;
	while (*p) {
		const unsigned char *run = p;
		while (plain[*p])
			p++;
		if (p > run)
			put(out, (const char *)run, (size_t)(p - run));
		if (!*p)
			break;
		switch (*p) {
		case '"': PUT_LIT(out, "\\\""); break;
		case '\\': PUT_LIT(out, "\\\\"); break;
		case '\n': PUT_LIT(out, "\\n"); break;
		case '\r': PUT_LIT(out, "\\r"); break;
		case '\t': PUT_LIT(out, "\\t"); break;
		case '<': PUT_LIT(out, "\\u003c"); break; /* safe in HTML */
		case '>': PUT_LIT(out, "\\u003e"); break;
		case '&': PUT_LIT(out, "\\u0026"); break;
		default: g_string_append_printf(out, "\\u%04x", *p);
		}
		p++;
	}
	put_c(out, '"');
}

/* A data text as a JSON value: a string in a text column, else the
 * number, or null when empty. */
static void json_value(GString *out, const Column *col, const char *text,
                       size_t len)
{
	if (col->type == COL_TEXT)
		table_json_string(out, text);
	else if (!len)
		PUT_LIT(out, "null");
	else
		put(out, text, len);
}

void table_json_only(const Table *t, GString *out, const char *const *keys)
{
	GArray *cols = g_array_new(FALSE, FALSE, sizeof(size_t));
	for (const char *const *key = keys; *key; key++) {
		long k = column_index(t, *key);
		size_t u = (size_t)k;
		if (k >= 0)
			g_array_append_val(cols, u);
	}
	table_json_string(out, t->name);
	PUT_LIT(out, ": [");
	for (guint r = 0; r < t->rows->len; r++) {
		const Row *row = t->rows->pdata[r];
		if (r)
			PUT_LIT(out, ",\n    {");
		else
			PUT_LIT(out, "\n    {");
		for (guint j = 0; j < cols->len; j++) {
			size_t k = g_array_index(cols, size_t, j);
			char buf[FORMAT_FIXED_MAX];
			size_t len;
			const char *text = data_text(t, row, k, -1, buf, &len);
			if (j)
				PUT_LIT(out, ", ");
			table_json_string(out, t->cols[k].key);
			PUT_LIT(out, ": ");
			json_value(out, &t->cols[k], text, len);
		}
		put_c(out, '}');
	}
	PUT_LIT(out, "\n  ]");
	g_array_free(cols, TRUE);
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
				PUT_LIT(name, ": ");
				g_free(key);
			}
			names[3 * k + j] = g_strdup(name->str);
		}
	g_string_free(name, TRUE);
	return names;
}

static void csv_header(const Table *t, GString *out)
{
	for (size_t k = 0; k < t->n_cols; k++) {
		if (k)
			put_c(out, ',');
		csv_field(out, t->cols[k].key, strlen(t->cols[k].key), false);
		if (t->ranged[k])
			g_string_append_printf(out, ",%s_low,%s_high",
			                       t->cols[k].key, t->cols[k].key);
	}
	put_c(out, '\n');
}

/* The JSON member names of a table and their lengths. */
typedef struct {
	char **names;
	size_t *lengths;
} Members;

/* One value (bound: as data_text) of column k into the CSV line and the
 * JSON object being made (either may be NULL), formatted once. */
static void data_value(const Table *t, const Row *row, size_t k, int bound,
                       GString *csv, GString *json, const Members *m)
{
	char buf[FORMAT_FIXED_MAX];
	size_t len;
	const char *text = data_text(t, row, k, bound, buf, &len);
	const Column *col = &t->cols[k];
	size_t name = 3 * k + (size_t)(bound + 1);
	if (csv) {
		if (k || bound >= 0)
			put_c(csv, ',');
		csv_field(csv, text, len, col->type != COL_TEXT);
	}
	if (json) {
		if (k || bound >= 0)
			PUT_LIT(json, ", ");
		put(json, m->names[name], m->lengths[name]);
		json_value(json, col, text, len);
	}
}

bool table_data_write(const Table *t, TableOut *csv, TableOut *json,
                      GError **error)
{
	GString *c = csv ? csv->buf : NULL, *j = json ? json->buf : NULL;
	Members m = {json_member_names(t), g_new(size_t, 3 * t->n_cols)};
	for (size_t i = 0; i < 3 * t->n_cols; i++)
		m.lengths[i] = strlen(m.names[i]);
	if (c)
		csv_header(t, c);
	if (j) {
		table_json_string(j, t->name);
		PUT_LIT(j, ": [");
	}
	bool ok = true;
	for (guint r = 0; ok && r < t->rows->len; r++) {
		const Row *row = t->rows->pdata[r];
		if (j && r)
			PUT_LIT(j, ",\n    {");
		else if (j)
			PUT_LIT(j, "\n    {");
		for (size_t k = 0; k < t->n_cols; k++) {
			data_value(t, row, k, -1, c, j, &m);
			if (!t->ranged[k])
				continue;
			data_value(t, row, k, 0, c, j, &m);
			data_value(t, row, k, 1, c, j, &m);
		}
		if (c)
			put_c(c, '\n');
		if (j)
			put_c(j, '}');
		ok = out_row_done(csv, error) && out_row_done(json, error);
	}
	if (j)
		PUT_LIT(j, "\n  ]");
	g_strfreev(m.names);
	g_free(m.lengths);
	return ok;
}

char *table_csv(const Table *t)
{
	GString *out = g_string_new(NULL);
	TableOut csv = {out, NULL, NULL};
	table_data_write(t, &csv, NULL, NULL);
	return g_string_free(out, FALSE);
}

void table_json(const Table *t, GString *out)
{
	TableOut json = {out, NULL, NULL};
	table_data_write(t, NULL, &json, NULL);
}
