/* Export back-end: tables as CSV and JSON.  See export.h. */
#include "export.h"

#include "paths.h"
#include "picker_data.h"
#include "table.h"
#include "util.h"

#include <string.h>

static void json_field(GString *json, const char *key, const char *value)
{
	g_string_append(json, ",\n  ");
	table_json_string(json, key);
	g_string_append(json, ": ");
	table_json_string(json, value);
}

/* The columns of the tables "What changed" reads (changes.h): what the
 * next run compares with, a few per cent of guide.json, so that it stays
 * readable (GG_JSON_MAX_BYTES) at any size of the data. */
static const char *const BASIS_PER_DOLLAR[] = {
    "gpu", "price_condition", "gpu_count", "gpu_price_usd", "rank_cnn", NULL};
static const char *const BASIS_RECOMMENDATIONS[] = {"use_case", "buy",
                                                    "best_value", NULL};

static bool write_changes_basis(const EditionResult *r, Site *site,
                                GError **error)
{
	GString *json = g_string_new("{\n  ");
	table_json_string(json, "edition");
	g_string_append(json, ": ");
	table_json_string(json, r->edition->name);
	json_field(json, "data_date", r->edition->data_date);
	for (guint i = 0; i < r->tables->len; i++) {
		const Table *t = r->tables->pdata[i];
		const char *name = table_name(t);
		const char *const *keys =
		    strcmp(name, "per_dollar") == 0        ? BASIS_PER_DOLLAR
		    : strcmp(name, "recommendations") == 0 ? BASIS_RECOMMENDATIONS
		                                           : NULL;
		if (!keys)
			continue;
		g_string_append(json, ",\n  ");
		table_json_only(t, json, keys);
	}
	g_string_append(json, "\n}\n");
	char *path = paths_changes_basis(r->prefix);
	bool ok = site_write(site, path, json->str, json->len, error);
	g_free(path);
	g_string_free(json, TRUE);
	return ok;
}

/* The two JSON files of the export, written in parts (at 10,000 GPUs
 * they are hundreds of MB): guide.json has every table, picker-data.js
 * the ones assets/picker.js reads, the same bytes made once for both. */
typedef struct {
	SiteFile *json;
	SiteFile *picker;
	bool to_picker; /* the part being made goes to picker-data.js too */
	size_t json_at; /* bytes written to guide.json */
} JsonFiles;

/* A table written: its CSV file (relpath) and where its rows' text is
 * in guide.json (from its first row's "\n    {" to the "\n  ]" after
 * the last), so that a table made of the rows of such tables
 * (table_append: per_dollar of per_dollar_1gpu to _8gpu) copies their
 * text back instead of formatting every value again. */
typedef struct {
	const Table *t;
	char *csv;
	size_t from, to;
} Written;

/* What write_tables works with. */
typedef struct {
	Site *site;
	SiteFile *json;  /* guide.json, being written */
	GArray *written; /* Written, in table order */
} Tables;

/* The parts of a buffer are made in, about a megabyte each (TableFlush,
 * PickerSink). */
#define PART_BYTES (1024 * 1024 + 64 * 1024)

static bool add_to(SiteFile *f, const GString *part, GError **error)
{
	return site_file_add(f, part->str, part->len, error);
}

/* A TableFlush into one file (data a SiteFile). */
static bool flush_file(GString *buf, void *data, GError **error)
{
	bool ok = add_to(data, buf, error);
	g_string_truncate(buf, 0);
	return ok;
}

/* A TableFlush into guide.json, and picker-data.js when to_picker (data
 * the JsonFiles). */
static bool flush_json(GString *buf, void *data, GError **error)
{
	JsonFiles *x = data;
	bool ok = add_to(x->json, buf, error)
	          && (!x->to_picker || add_to(x->picker, buf, error));
	x->json_at += buf->len;
	g_string_truncate(buf, 0);
	return ok;
}

/* Whether a and b have the same data columns (the same specs, the
 * same ranged ones), so that a row's text is the same in both. */
static bool same_columns(const Table *a, const Table *b)
{
	size_t n = table_columns(a);
	if (!n || n != table_columns(b)
	    || table_column(a, 0) != table_column(b, 0))
		return false;
	for (size_t k = 0; k < n; k++)
		if (table_column_ranged(a, k) != table_column_ranged(b, k))
			return false;
	return true;
}

/* Whether rows r, r + 1, ... of t are all the rows of w. */
static bool shares_rows(const Table *t, size_t r, const Table *w)
{
	size_t n = table_rows(w);
	if (!n || n > table_rows(t) - r || !same_columns(t, w))
		return false;
	for (size_t i = 0; i < n; i++)
		if (table_row_id(t, r + i) != table_row_id(w, i))
			return false;
	return true;
}

/* The written tables whose rows, one after another, are t's rows: their
 * indices in written, or NULL when t is not made so (g_array_free). */
static GArray *row_sources(const Table *t, const GArray *written)
{
	if (!table_rows(t))
		return NULL;
	GArray *from = g_array_new(FALSE, FALSE, sizeof(guint));
	for (size_t r = 0; r < table_rows(t);) {
		guint i = 0;
		while (i < written->len
		       && !shares_rows(t, r, g_array_index(written, Written, i).t))
			i++;
		if (i == written->len) {
			g_array_free(from, TRUE);
			return NULL;
		}
		g_array_append_val(from, i);
		r += table_rows(g_array_index(written, Written, i).t);
	}
	return from;
}

/* Appends the bytes from offset from to to (to SIZE_MAX: to its end) of
 * relpath in the new tree, or of guide.json (relpath NULL), to out,
 * flushed as table_data_write's. */
static bool copy_back(const Tables *ts, const char *relpath, size_t from,
                      size_t to, TableOut *out, GError **error)
{
	while (from < to) {
		size_t want = MIN(to - from, (size_t)(1024 * 1024)), got;
		size_t at = out->buf->len;
		g_string_set_size(out->buf, at + want);
		char *into = out->buf->str + at;
		bool ok = relpath ? site_read_new(ts->site, relpath, from, into,
		                                  want, &got, error)
		                  : site_file_read(ts->json, from, into, want, &got,
		                                   error);
		g_string_set_size(out->buf, at + got);
		if (!ok)
			return false;
		if (!got && to != SIZE_MAX) {
			g_set_error(error, GG_ERROR, GG_ERR_ENV,
			            "'%s' is shorter than written",
			            relpath ? relpath : "guide.json");
			return false;
		}
		if (!got)
			break;
		from += got;
		if (out->buf->len >= 1024 * 1024
		    && !out->flush(out->buf, out->data, error))
			return false;
	}
	return true;
}

/* t, made of the rows of the written tables sources, as CSV and JSON:
 * their text copied back, as table_data_write would make it. */
static bool copy_table(const Table *t, const GArray *sources,
                       const Tables *ts, TableOut *csv, TableOut *json,
                       GError **error)
{
	table_csv_header(t, csv->buf);
	size_t header = csv->buf->len; /* each source's CSV has the same */
	table_json_string(json->buf, table_name(t));
	g_string_append(json->buf, ": [");
	bool ok = true;
	for (guint i = 0; ok && i < sources->len; i++) {
		const Written *w = &g_array_index(ts->written, Written,
		                                  g_array_index(sources, guint, i));
		if (i)
			g_string_append_c(json->buf, ',');
		ok = copy_back(ts, w->csv, header, SIZE_MAX, csv, error)
		     && copy_back(ts, NULL, w->from, w->to, json, error);
	}
	g_string_append(json->buf, "\n  ]");
	return ok;
}

/* Table t as CSV into csv (the file csv_path, which ts->written takes
 * over) and a JSON member into json (part), noted in ts->written; a
 * table made of written tables' rows is copied. */
static bool write_table(const Table *t, char *csv_path, Tables *ts,
                        JsonFiles *x, TableOut *csv, TableOut *json,
                        GError **error)
{
	GArray *sources = row_sources(t, ts->written);
	Written w = {t, csv_path, 0, 0};
	GString *name = g_string_new(NULL);
	table_json_string(name, table_name(t));
	w.from = x->json_at + json->buf->len + name->len + 3; /* ": [" */
	g_string_free(name, TRUE);
	bool ok = sources ? copy_table(t, sources, ts, csv, json, error)
	                  : table_data_write(t, csv, json, error);
	w.to = x->json_at + json->buf->len - 4; /* "\n  ]" */
	g_array_append_val(ts->written, w);
	if (sources)
		g_array_free(sources, TRUE);
	return ok;
}

/* Each table as data/NAME.csv and as a member of the JSON files (both
 * made in one pass, in csv and part), then the build lists (ids:
 * picker_build_ids). */
static bool write_tables(const EditionResult *r, Tables *ts, JsonFiles *x,
                         char **ids, GError **error)
{
	GString *part = g_string_sized_new(PART_BYTES);
	GString *csv = g_string_sized_new(PART_BYTES);
	bool ok = true;
	for (guint i = 0; ok && i < r->tables->len; i++) {
		const Table *t = r->tables->pdata[i];
		char *path = paths_data_csv(r->prefix, table_name(t));
		SiteFile *f = site_file_open(ts->site, path, error);
		if (!f) {
			g_free(path);
			ok = false;
			break;
		}
		x->to_picker = picker_wants_table(table_name(t));
		g_string_truncate(csv, 0);
		g_string_assign(part, ",\n  ");
		TableOut to_csv = {csv, flush_file, f};
		TableOut to_json = {part, flush_json, x};
		ok = write_table(t, path, ts, x, &to_csv, &to_json, error)
		     && flush_file(csv, f, error) && flush_json(part, x, error);
		if (ok)
			ok = site_file_close(f, error);
		else
			site_file_abort(f);
	}
	x->to_picker = true;
	PickerSink sink = {flush_json, x, error, ok};
	ok = ok && picker_build_lists_json(part, r, ids, &sink)
	     && flush_json(part, x, error);
	g_string_free(part, TRUE);
	g_string_free(csv, TRUE);
	return ok;
}

static void tables_free(Tables *ts)
{
	for (guint i = 0; i < ts->written->len; i++)
		g_free(g_array_index(ts->written, Written, i).csv);
	g_array_free(ts->written, TRUE);
}

static void json_head(GString *json, const Edition *e)
{
	g_string_append(json, "{\n  ");
	table_json_string(json, "edition");
	g_string_append(json, ": ");
	table_json_string(json, e->name);
	json_field(json, "data_date", e->data_date);
	json_field(json, "edition_date", e->edition_date);
}

/* data/guide.json and data/picker-data.js, with every table's CSV. */
static bool write_json_files(const EditionResult *r, Site *site,
                             GError **error)
{
	char *json_path = paths_data_json(r->prefix);
	char *picker_path = picker_data_path(r->prefix);
	JsonFiles x = {site_file_open(site, json_path, error), NULL, false, 0};
	x.picker = x.json ? site_file_open(site, picker_path, error) : NULL;
	g_free(json_path);
	g_free(picker_path);
	char **ids = picker_build_ids(r);
	GString *json = g_string_new(NULL);
	GString *js = g_string_sized_new(PART_BYTES);
	json_head(json, r->edition);
	picker_data_head(js, r);
	Tables ts = {site, x.json, g_array_new(FALSE, FALSE, sizeof(Written))};
	x.json_at = json->len;
	bool ok = x.picker && add_to(x.json, json, error)
	          && add_to(x.picker, js, error)
	          && write_tables(r, &ts, &x, ids, error);
	tables_free(&ts);
	g_string_assign(json, "\n}\n");
	g_string_truncate(js, 0);
	PickerSink sink = {flush_file, x.picker, error, ok};
	ok = ok && picker_data_tail(js, r, ids, &sink)
	     && add_to(x.json, json, error) && add_to(x.picker, js, error);
	g_strfreev(ids);
	g_string_free(json, TRUE);
	g_string_free(js, TRUE);
	if (ok)
		ok = site_file_close(x.json, error);
	else
		site_file_abort(x.json);
	if (ok)
		return site_file_close(x.picker, error);
	site_file_abort(x.picker);
	return false;
}

/* What data/changes.csv was computed against, so that a run with
 * --previous OUT/data/previous.json gives the same bytes. */
static bool write_previous(const EditionResult *r, Site *site,
                           GError **error)
{
	if (!r->previous_json)
		return true;
	char *json_path = paths_data_json(r->prefix);
	char *dir = g_path_get_dirname(json_path);
	char *path = g_build_filename(dir, "previous.json", NULL);
	bool ok = site_write(site, path, r->previous_json, r->previous_length,
	                     error);
	g_free(path);
	g_free(dir);
	g_free(json_path);
	return ok;
}

bool export_write(const EditionResult *r, Site *site, GError **error)
{
	return write_json_files(r, site, error)
	       && write_changes_basis(r, site, error)
	       && write_previous(r, site, error);
}
