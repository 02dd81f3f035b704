/* Export back-end: tables as CSV and JSON.  See export.h. */
#include "export.h"

#include "paths.h"
#include "picker_data.h"
#include "table.h"

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
} JsonFiles;

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
	g_string_truncate(buf, 0);
	return ok;
}

/* Each table as data/NAME.csv and as a member of the JSON files (both
 * made in one pass, in csv and part), then the build lists (ids:
 * picker_build_ids). */
static bool write_tables(const EditionResult *r, Site *site, JsonFiles *x,
                         char **ids, GError **error)
{
	GString *part = g_string_sized_new(PART_BYTES);
	GString *csv = g_string_sized_new(PART_BYTES);
	bool ok = true;
	for (guint i = 0; ok && i < r->tables->len; i++) {
		const Table *t = r->tables->pdata[i];
		char *path = paths_data_csv(r->prefix, table_name(t));
		SiteFile *f = site_file_open(site, path, error);
		g_free(path);
		if (!f) {
			ok = false;
			break;
		}
		x->to_picker = picker_wants_table(table_name(t));
		g_string_truncate(csv, 0);
		g_string_assign(part, ",\n  ");
		TableOut to_csv = {csv, flush_file, f};
		TableOut to_json = {part, flush_json, x};
		ok = table_data_write(t, &to_csv, &to_json, error)
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
	JsonFiles x = {site_file_open(site, json_path, error), NULL, false};
	x.picker = x.json ? site_file_open(site, picker_path, error) : NULL;
	g_free(json_path);
	g_free(picker_path);
	char **ids = picker_build_ids(r);
	GString *json = g_string_new(NULL);
	GString *js = g_string_sized_new(PART_BYTES);
	json_head(json, r->edition);
	picker_data_head(js, r);
	bool ok = x.picker && add_to(x.json, json, error)
	          && add_to(x.picker, js, error)
	          && write_tables(r, site, &x, ids, error);
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
