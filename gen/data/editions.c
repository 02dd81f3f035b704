/* Data stage: the editions of a data folder (its folders with a
 * gpus.csv), each name checked before it names an output folder.  See
 * data.h (data_find_editions). */
#include "data.h"

#include "util.h"
#include "validate.h"

#include <string.h>

static bool is_edition(const char *dir)
{
	char *gpus = g_build_filename(dir, "gpus.csv", NULL);
	bool yes = g_file_test(gpus, G_FILE_TEST_IS_REGULAR);
	g_free(gpus);
	return yes;
}

GPtrArray *data_find_editions(const char *data_dir, GError **error)
{
	GPtrArray *list = g_ptr_array_new_with_free_func(g_free);
	if (is_edition(data_dir)) {
		g_ptr_array_add(list, g_strdup(data_dir));
		return list;
	}
	GError *io = NULL;
	GDir *d = g_dir_open(data_dir, 0, &io);
	if (!d) {
		g_set_error(error, GG_ERROR, GG_ERR_INPUT, "%s: %s", data_dir,
		            io->message);
		g_error_free(io);
		g_ptr_array_free(list, TRUE);
		return NULL;
	}
	for (const char *name; (name = g_dir_read_name(d));) {
		char *path = g_build_filename(data_dir, name, NULL);
		if (g_file_test(path, G_FILE_TEST_IS_DIR) && is_edition(path))
			g_ptr_array_add(list, path);
		else
			g_free(path);
	}
	g_dir_close(d);
	g_ptr_array_sort(list, gg_compare_names);
	for (guint i = 0; i < list->len; i++) {
		char *base = g_path_get_basename(list->pdata[i]);
		bool current = strcmp(base, "current") == 0;
		g_free(base);
		if (current) {
			gpointer p = g_ptr_array_steal_index(list, i);
			g_ptr_array_insert(list, 0, p);
			break;
		}
	}
	if (list->len == 0) {
		g_set_error(error, GG_ERROR, GG_ERR_INPUT,
		            "%s: no edition found (a folder with gpus.csv)",
		            data_dir);
		g_ptr_array_free(list, TRUE);
		return NULL;
	}
	/* Editions are published in a folder of their name: checked up
	 * front against the pattern of validate.h. */
	for (guint i = 0; i < list->len; i++) {
		char *base = g_path_get_basename(list->pdata[i]);
		const char *why = NULL;
		bool ok = gg_edition_name_ok(base, &why);
		g_free(base);
		if (!ok) {
			gg_set_input_error(error, list->pdata[i], 0, 0, "%s",
			                   why);
			g_ptr_array_free(list, TRUE);
			return NULL;
		}
	}
	return list;
}
