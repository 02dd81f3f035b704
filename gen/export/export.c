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
	return ok;
}

/* Each table as data/NAME.csv, and as a member of json; the members
 * picker-data.js reads are copied to shared as they are made, so that
 * both files hold the same bytes without making them twice. */
static bool write_tables(const EditionResult *r, Site *site, GString *json,
                         GString *shared, GError **error)
{
	for (guint i = 0; i < r->tables->len; i++) {
		const Table *t = r->tables->pdata[i];
		char *csv = table_csv(t);
		char *path = paths_data_csv(r->prefix, table_name(t));
		bool ok = site_write(site, path, csv, strlen(csv), error);
		g_free(path);
		g_free(csv);
		if (!ok)
			return false;
		size_t start = json->len;
		g_string_append(json, ",\n  ");
		table_json(t, json);
		if (picker_wants_table(table_name(t)))
			g_string_append_len(shared, json->str + start,
			                    (gssize)(json->len - start));
	}
	size_t start = json->len;
	picker_build_lists_json(json, r);
	g_string_append_len(shared, json->str + start,
	                    (gssize)(json->len - start));
	return true;
}

/* data/guide.json; shared gets the members picker-data.js reads. */
static bool write_guide_json(const EditionResult *r, Site *site,
                             GString *shared, GError **error)
{
	const Edition *e = r->edition;
	GString *json = g_string_new("{\n  ");
	table_json_string(json, "edition");
	g_string_append(json, ": ");
	table_json_string(json, e->name);
	json_field(json, "data_date", e->data_date);
	json_field(json, "edition_date", e->edition_date);
	bool ok = write_tables(r, site, json, shared, error);
	g_string_append(json, "\n}\n");
	char *path = paths_data_json(r->prefix);
	ok = ok && site_write(site, path, json->str, json->len, error);
	g_free(path);
	g_string_free(json, TRUE);
	return ok;
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
	GString *shared = g_string_new(NULL);
	bool ok = write_guide_json(r, site, shared, error)
	          && picker_data_write(r, shared, site, error)
	          && write_changes_basis(r, site, error)
	          && write_previous(r, site, error);
	g_string_free(shared, TRUE);
	return ok;
}
