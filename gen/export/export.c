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

bool export_write(const EditionResult *r, Site *site, GError **error)
{
	const Edition *e = r->edition;
	const GPtrArray *tables = r->tables;
	const char *prefix = r->prefix;
	GString *json = g_string_new("{\n  ");
	table_json_string(json, "edition");
	g_string_append(json, ": ");
	table_json_string(json, e->name);
	json_field(json, "data_date", e->data_date);
	json_field(json, "edition_date", e->edition_date);
	bool ok = true;
	for (guint i = 0; ok && i < tables->len; i++) {
		const Table *t = tables->pdata[i];
		char *csv = table_csv(t);
		char *path = paths_data_csv(prefix, table_name(t));
		ok = site_write(site, path, csv, strlen(csv), error);
		g_free(path);
		g_free(csv);
		g_string_append(json, ",\n  ");
		table_json(t, json);
	}
	picker_server_only_json(json, r);
	picker_rules_json(json, r);
	g_string_append(json, "\n}\n");
	char *path = paths_data_json(prefix);
	ok = ok && site_write(site, path, json->str, json->len, error);
	g_free(path);
	ok = ok && picker_data_write(r, site, error)
	     && write_changes_basis(r, site, error);
	/* what data/changes.csv was computed against, so that a run with
	 * --previous OUT/data/previous.json gives the same bytes */
	if (ok && r->previous_json) {
		char *json_path = paths_data_json(prefix);
		char *dir = g_path_get_dirname(json_path);
		path = g_build_filename(dir, "previous.json", NULL);
		g_free(dir);
		g_free(json_path);
		ok = site_write(site, path, r->previous_json,
		                r->previous_length, error);
		g_free(path);
	}
	g_string_free(json, TRUE);
	return ok;
}
