/* Tables as data: every row as CSV and as JSON, in one pass and in
 * parts (a table of 80,000 rows is never held whole as text).  See
 * table.h. */
#include "table.h"

#include "format.h"
#include "util.h"

#include <math.h>
#include <string.h>

/* Where the data goes: buf, handed to flush (when not NULL) whenever it
 * holds FLUSH_BYTES, so that a table of 80,000 rows is never held
 * whole as text. */
#define FLUSH_BYTES (1024 * 1024)

/* gg_string_put for a short s that has PAD readable bytes (a number's buffer, a
 * member name of members_new): one copy of a size known when compiled,
 * not a call of memcpy. */
#define PAD 48
static inline void put_padded(GString *g, const char *s, size_t n)
{
	if (G_LIKELY(n <= PAD && g->len + PAD < g->allocated_len)) {
		memcpy(g->str + g->len, s, PAD);
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
#define PUT_LIT(g, lit) gg_string_put(g, lit, sizeof(lit) - 1)

/* Hands out's text to its flush once it holds FLUSH_BYTES; false when
 * that failed. */
static bool out_row_done(TableOut *out, GError **error)
{
	if (!out || !out->flush || out->buf->len < FLUSH_BYTES)
		return true;
	return out->flush(out->buf, out->data, error);
}

/* A CSV field: quoted when it holds a comma, quote or line break (a
 * number never does). */
static void csv_field(GString *out, const char *text, size_t len,
                      bool number)
{
	if (number || !strpbrk(text, ",\"\r\n")) {
		gg_string_put(out, text, len);
		return;
	}
	put_c(out, '"');
	const char *run = text;
	for (const char *q = strchr(run, '"'); q; q = strchr(run, '"')) {
		gg_string_put(out, run, (size_t)(q - run + 1));
		put_c(out, '"'); /* a quote doubled */
		run = q + 1;
	}
	gg_string_put(out, run, len - (size_t)(run - text));
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
			gg_string_put(out, (const char *)run, (size_t)(p - run));
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
		gg_string_put(out, text, len);
}

void table_json_only(const Table *t, GString *out, const char *const *keys)
{
	GArray *cols = g_array_new(FALSE, FALSE, sizeof(size_t));
	GString *names = g_string_new(NULL); /* "KEY": of each, one after
	                                        another; ends[j] where the
	                                        j-th ends */
	GArray *ends = g_array_new(FALSE, FALSE, sizeof(size_t));
	for (const char *const *key = keys; *key; key++) {
		long k = table_column_index(t, *key);
		size_t u = (size_t)k;
		if (k < 0)
			continue;
		g_array_append_val(cols, u);
		table_json_string(names, table_column(t, u)->key);
		PUT_LIT(names, ": ");
		g_array_append_val(ends, names->len);
	}
	table_json_string(out, table_name(t));
	PUT_LIT(out, ": [");
	for (size_t r = 0; r < table_rows(t); r++) {
		if (r)
			PUT_LIT(out, ",\n    {");
		else
			PUT_LIT(out, "\n    {");
		size_t from = 0;
		for (guint j = 0; j < cols->len; j++) {
			size_t k = g_array_index(cols, size_t, j);
			size_t end = g_array_index(ends, size_t, j);
			char buf[FORMAT_FIXED_MAX];
			size_t len;
			const char *text = table_cell_data(t, r, k, -1, buf, &len);
			if (j)
				PUT_LIT(out, ", ");
			gg_string_put(out, names->str + from, end - from);
			from = end;
			json_value(out, table_column(t, k), text, len);
		}
		put_c(out, '}');
	}
	PUT_LIT(out, "\n  ]");
	g_array_free(cols, TRUE);
	g_array_free(ends, TRUE);
	g_string_free(names, TRUE);
}

/* The member names of t's columns as JSON, each followed by ": ": for
 * column k, names[3k] and, when it is ranged, names[3k+1] (KEY_low) and
 * names[3k+2] (KEY_high).  g_strfreev-able (the unused slots are ""). */
static char **json_member_names(const Table *t)
{
	size_t n = table_columns(t);
	char **names = g_new0(char *, 3 * n + 1);
	GString *name = g_string_new(NULL);
	static const char *const SUFFIX[] = {"", "_low", "_high"};
	for (size_t k = 0; k < n; k++)
		for (size_t j = 0; j < 3; j++) {
			g_string_truncate(name, 0);
			if (j == 0 || table_column_ranged(t, k)) {
				char *key = g_strconcat(table_column(t, k)->key, SUFFIX[j],
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

void table_csv_header(const Table *t, GString *out)
{
	for (size_t k = 0; k < table_columns(t); k++) {
		const char *key = table_column(t, k)->key;
		if (k)
			put_c(out, ',');
		csv_field(out, key, strlen(key), false);
		if (table_column_ranged(t, k))
			g_string_append_printf(out, ",%s_low,%s_high", key, key);
	}
	put_c(out, '\n');
}

/* What a table's rows are written with, found once per table: the
 * JSON member names (as json_member_names, each after ", " but the
 * first) and their lengths, each column's spec and whether it is
 * ranged. */
typedef struct {
	char **names;
	size_t *lengths;
	const Column **cols;
	bool *ranged;
} Members;

static Members members_new(const Table *t)
{
	size_t n = table_columns(t);
	Members m = {json_member_names(t), g_new(size_t, 3 * n),
	             g_new(const Column *, n), g_new(bool, n)};
	for (size_t i = 0; i < 3 * n; i++) {
		const char *sep = i && *m.names[i] ? ", " : "";
		m.lengths[i] = strlen(sep) + strlen(m.names[i]);
		char *name = g_malloc0(m.lengths[i] + PAD + 1); /* put_padded */
		memcpy(name, sep, strlen(sep));
		memcpy(name + strlen(sep), m.names[i], strlen(m.names[i]));
		g_free(m.names[i]);
		m.names[i] = name;
	}
	for (size_t k = 0; k < n; k++) {
		m.cols[k] = table_column(t, k);
		m.ranged[k] = table_column_ranged(t, k);
	}
	return m;
}

static void members_free(Members *m)
{
	g_strfreev(m->names);
	g_free(m->lengths);
	g_free(m->cols);
	g_free(m->ranged);
}

/* Bytes a text cell cannot be copied with as it is: into a JSON string
 * (TEXT_JSON: not json_plain_bytes) or a CSV field (TEXT_CSV: a comma,
 * quote or line break). */
enum { TEXT_JSON = 1, TEXT_CSV = 2 };

static const unsigned char *text_classes(void)
{
	static unsigned char classes[256];
	static gsize ready = 0;
	if (g_once_init_enter(&ready)) {
		const bool *plain = json_plain_bytes();
		for (int c = 0; c < 256; c++)
			classes[c] = (plain[c] ? 0 : TEXT_JSON)
			             | (strchr(",\"\r\n", c) && c ? TEXT_CSV : 0);
		g_once_init_leave(&ready, 1);
	}
	return classes;
}

/* A text cell into the CSV line and the JSON object (either may be
 * NULL): one look at its bytes says whether either needs escaping. */
static void text_value(GString *csv, GString *json, const char *text,
                       size_t len)
{
	const unsigned char *classes = text_classes();
	unsigned found = 0;
	for (size_t i = 0; i < len; i++)
		found |= classes[(unsigned char)text[i]];
	if (csv && (found & TEXT_CSV))
		csv_field(csv, text, len, false);
	else if (csv)
		gg_string_put(csv, text, len);
	if (json && (found & TEXT_JSON))
		table_json_string(json, text);
	else if (json) {
		put_c(json, '"');
		gg_string_put(json, text, len);
		put_c(json, '"');
	}
}

/* One value (bound: as table_cell_data) of row r's column k into the
 * CSV line and the JSON object being made (either may be NULL),
 * formatted once. */
static void data_value(const Table *t, size_t r, size_t k, int bound,
                       GString *csv, GString *json, const Members *m)
{
	char buf[FORMAT_FIXED_MAX];
	size_t len;
	const char *text = table_cell_data(t, r, k, bound, buf, &len);
	size_t name = 3 * k + (size_t)(bound + 1);
	if (csv && (k || bound >= 0))
		put_c(csv, ',');
	if (json)
		put_padded(json, m->names[name], m->lengths[name]);
	if (m->cols[k]->type == COL_TEXT) {
		text_value(csv, json, text, len);
		return;
	}
	/* a number: text is buf (FORMAT_FIXED_MAX bytes), or "" */
	if (csv && len)
		put_padded(csv, text, len);
	if (json && len)
		put_padded(json, text, len);
	else if (json)
		PUT_LIT(json, "null");
}

bool table_data_write(const Table *t, TableOut *csv, TableOut *json,
                      GError **error)
{
	GString *c = csv ? csv->buf : NULL, *j = json ? json->buf : NULL;
	size_t n = table_columns(t);
	Members m = members_new(t);
	if (c)
		table_csv_header(t, c);
	if (j) {
		table_json_string(j, table_name(t));
		PUT_LIT(j, ": [");
	}
	bool ok = true;
	for (size_t r = 0; ok && r < table_rows(t); r++) {
		if (j && r)
			PUT_LIT(j, ",\n    {");
		else if (j)
			PUT_LIT(j, "\n    {");
		for (size_t k = 0; k < n; k++) {
			data_value(t, r, k, -1, c, j, &m);
			if (!m.ranged[k])
				continue;
			data_value(t, r, k, 0, c, j, &m);
			data_value(t, r, k, 1, c, j, &m);
		}
		if (c)
			put_c(c, '\n');
		if (j)
			put_c(j, '}');
		ok = out_row_done(csv, error) && out_row_done(json, error);
	}
	if (j)
		PUT_LIT(j, "\n  ]");
	members_free(&m);
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
