/* Language strings loaded through csvload.  See strings.h. */
#include "lang.h"

#include "csvload.h"
#include "util.h"

#include <string.h>

struct Lang {
	char *path;
	GHashTable *map; /* key -> value */
	GHashTable *assumptions; /* key -> char *[2]: unit, meaning */
	GHashTable *names;       /* a data text -> its words here */
};

static void free_pair(gpointer p)
{
	g_strfreev(p);
}

/* The language's assumptions.csv beside its strings.csv, columns
 * key,unit,meaning: the unit and meaning of each assumption key in the
 * language.  No file: none (the data's own words are shown). */
/* The optional file name beside the language's strings.csv, loaded:
 * NULL with *ok TRUE when there is none, NULL with *ok FALSE (and
 * *error set) when it does not read. */
static CsvTable *load_beside(const Lang *s, const char *name, bool *ok,
                             GError **error)
{
	char *dir = g_path_get_dirname(s->path);
	char *path = g_build_filename(dir, name, NULL);
	g_free(dir);
	CsvTable *t = NULL;
	*ok = true;
	if (g_file_test(path, G_FILE_TEST_IS_REGULAR)) {
		t = csv_table_load(path, error);
		*ok = t != NULL;
	}
	g_free(path);
	return t;
}

static bool load_assumptions(Lang *s, GError **error)
{
	s->assumptions = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	                                       free_pair);
	bool ok;
	CsvTable *t = load_beside(s, "assumptions.csv", &ok, error);
	if (!t)
		return ok;
	const CsvRow *h = &t->header;
	ok = h->n_fields == 3 && strcmp(h->fields[0].text, "key") == 0
	          && strcmp(h->fields[1].text, "unit") == 0
	          && strcmp(h->fields[2].text, "meaning") == 0;
	if (!ok)
		gg_set_input_error(error, t->path, h->line, 1,
		                   "the header must be exactly: key,unit,meaning");
	for (size_t i = 0; ok && i < t->n_rows; i++) {
		const CsvRow *r = &t->rows[i];
		const char *problem = NULL;
		int col = r->fields[0].col;
		if (r->n_fields != 3)
			problem = "row must have 3 fields: key,unit,meaning";
		else if (!r->fields[0].text[0])
			problem = "empty key";
		else if (g_hash_table_contains(s->assumptions,
		                               r->fields[0].text))
			problem = "duplicate key";
		else if (!r->fields[1].text[0]) {
			col = r->fields[1].col;
			problem = "empty unit or meaning";
		} else if (!r->fields[2].text[0]) {
			/* csvload places an empty last field at the one
			 * before it: the cell after the unit and its comma */
			col = r->fields[1].col
			      + (int)g_utf8_strlen(r->fields[1].text, -1) + 1;
			problem = "empty unit or meaning";
		}
		if (problem) {
			gg_set_input_error(error, t->path, r->line, col, "%s",
			                   problem);
			ok = false;
			break;
		}
		char **pair = g_new0(char *, 3);
		pair[0] = g_strdup(r->fields[1].text);
		pair[1] = g_strdup(r->fields[2].text);
		g_hash_table_insert(s->assumptions,
		                    g_strdup(r->fields[0].text), pair);
	}
	csv_table_free(t);
	return ok;
}

/* The language's names.csv beside its strings.csv, columns name,shown:
 * a name the data writes in English (a base system, a part, the
 * configurations to quote) and its words in the language.  No file:
 * none (the data's names are shown). */
static bool load_names(Lang *s, GError **error)
{
	s->names = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	                                 g_free);
	bool ok;
	CsvTable *t = load_beside(s, "names.csv", &ok, error);
	if (!t)
		return ok;
	const CsvRow *h = &t->header;
	if (h->n_fields != 2 || strcmp(h->fields[0].text, "name") != 0
	    || strcmp(h->fields[1].text, "shown") != 0) {
		gg_set_input_error(error, t->path, h->line, 1,
		                   "the header must be exactly: name,shown");
		ok = false;
	}
	for (size_t i = 0; ok && i < t->n_rows; i++) {
		const CsvRow *r = &t->rows[i];
		const char *why =
		    r->n_fields != 2 ? "row must have 2 fields: name,shown"
		    : !r->fields[0].text[0] || !r->fields[1].text[0]
		        ? "empty name or shown"
		    : g_hash_table_contains(s->names, r->fields[0].text)
		        ? "duplicate name"
		        : NULL;
		if (why) {
			gg_set_input_error(error, t->path, r->line,
			                   r->fields[0].col, "%s", why);
			ok = false;
		} else {
			g_hash_table_insert(s->names,
			                    g_strdup(r->fields[0].text),
			                    g_strdup(r->fields[1].text));
		}
	}
	csv_table_free(t);
	return ok;
}

const char *lang_name(const Lang *s, const char *name)
{
	const char *shown = name && s->names
	                        ? g_hash_table_lookup(s->names, name)
	                        : NULL;
	return shown ? shown : name;
}

static bool check_header(const CsvTable *t, GError **error)
{
	const CsvRow *h = &t->header;
	if (h->n_fields != 2 || strcmp(h->fields[0].text, "key") != 0
	    || strcmp(h->fields[1].text, "value") != 0) {
		gg_set_input_error(error, t->path, h->line, 1,
		                   "the header must be exactly: key,value");
		return false;
	}
	return true;
}

Lang *lang_load(const char *path, GError **error)
{
	CsvTable *t = csv_table_load(path, error);
	if (!t || !check_header(t, error)) {
		csv_table_free(t);
		return NULL;
	}
	Lang *s = g_new0(Lang, 1);
	s->path = g_strdup(path);
	s->map = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
	for (size_t i = 0; i < t->n_rows; i++) {
		const CsvRow *r = &t->rows[i];
		const char *problem = NULL;
		if (r->n_fields != 2)
			problem = "row must have 2 fields: key,value";
		else if (!r->fields[0].text[0])
			problem = "empty key";
		else if (g_hash_table_contains(s->map, r->fields[0].text))
			problem = "duplicate key";
		if (problem) {
			gg_set_input_error(error, path, r->line,
			                   r->fields[0].col, "%s", problem);
			csv_table_free(t);
			lang_free(s);
			return NULL;
		}
		g_hash_table_insert(s->map, g_strdup(r->fields[0].text),
		                    g_strdup(r->fields[1].text));
	}
	csv_table_free(t);
	if (!load_assumptions(s, error) || !load_names(s, error)) {
		lang_free(s);
		return NULL;
	}
	return s;
}

void lang_free(Lang *s)
{
	if (!s)
		return;
	g_hash_table_destroy(s->map);
	if (s->assumptions)
		g_hash_table_destroy(s->assumptions);
	if (s->names)
		g_hash_table_destroy(s->names);
	g_free(s->path);
	g_free(s);
}

const char *lang_get(const Lang *s, const char *key)
{
	return g_hash_table_lookup(s->map, key);
}

bool lang_assumption(const Lang *s, const char *key, const char **unit,
                     const char **meaning)
{
	char **pair = g_hash_table_lookup(s->assumptions, key);
	if (pair) {
		*unit = pair[0];
		*meaning = pair[1];
	}
	return pair != NULL;
}

const char *lang_need(const Lang *s, const char *key, GError **error)
{
	const char *v = lang_get(s, key);
	if (v)
		return v;
	if (error && !*error)
		gg_set_input_error(error, s->path, 0, 0, "missing string '%s'",
		                   key);
	return "";
}

static gint compare_keys(gconstpointer a, gconstpointer b)
{
	return strcmp(a, b);
}

void lang_foreach(const Lang *s,
                     void (*fn)(const char *key, const char *value,
                                void *data),
                     void *data)
{
	GList *keys = g_list_sort(g_hash_table_get_keys(s->map), compare_keys);
	for (GList *k = keys; k; k = k->next)
		fn(k->data, g_hash_table_lookup(s->map, k->data), data);
	g_list_free(keys);
}

static gint compare_strings(gconstpointer a, gconstpointer b)
{
	return strcmp(a, b);
}

bool lang_check_keys(const Lang *s, const Lang *reference, GError **error)
{
	GList *keys = g_list_sort(g_hash_table_get_keys(reference->map),
	                          compare_strings);
	const char *missing = NULL;
	for (GList *k = keys; k && !missing; k = k->next)
		if (!g_hash_table_contains(s->map, k->data))
			missing = k->data;
	if (missing)
		gg_set_input_error(error, s->path, 0, 0,
		                   "missing string '%s' (every key of %s is "
		                   "needed)", missing, reference->path);
	g_list_free(keys);
	return missing == NULL;
}
