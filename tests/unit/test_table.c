/* Unit tests of the one table type: the guide's view in Markdown with the
 * language's formatting, and the same cells as CSV and JSON. */
#include "unit.h"

#include "markdown.h"
#include "table.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

static const Column COLS[] = {
    {"name", "t.name", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"note", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"cost_usd", "t.cost", COL_MONEY, 0, 2, 'r', NULL, 0},
    {"share", "t.share", COL_PERCENT, 1, 4, 'r', NULL, 0},
    {"days_at_15", "t.days_at", COL_NUMBER, 0, 0, 'r', NULL, 0.15},
    {"memory_gb", "t.memory", COL_NUMBER, 0, 0, 'r', "unit.gb", 0},
};

static Lang *strings(void)
{
	const char *text = "key,value\n"
	                   "t.name,Name\nt.cost,Cost\nt.share,Share\n"
	                   "t.days_at,Days at {1}\nt.memory,Memory\n"
	                   "unit.gb,Go\nformat.unit,{1}\xC2\xA0{2}\n"
	                   "format.percent,{1} %\nformat.currency_prefix,\xE2\x82\xAC\n"
	                   "format.thousands_sep,.\nformat.decimal_point,\",\"\n";
	char *path = g_build_filename(g_get_tmp_dir(), "gg-table-strings.csv",
	                              NULL);
	g_file_set_contents(path, text, -1, NULL);
	Lang *s = lang_load(path, NULL);
	g_remove(path);
	g_free(path);
	return s;
}

static Table *sample(void)
{
	Table *t = table_new("sample", COLS, G_N_ELEMENTS(COLS), NULL);
	table_add_row(t);
	table_set_shown(t, "name", "a,b", "A (b)");
	table_set_text(t, "note", "say \"hi\"");
	table_set_number(t, "cost_usd", 2199.5);
	table_set_number(t, "share", 0.1234);
	table_set_number_shown(t, "days_at_15", NAN, "never");
	table_set_number(t, "memory_gb", 24);
	table_add_row(t); /* every cell empty */
	table_set_number(t, "share", NAN);
	return t;
}

/* True when setting key to v in a child process stops it (the output
 * boundary's guard, gg_output_number) instead of returning. */
static bool set_stops(const char *key, double v)
{
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		g_log_set_always_fatal(G_LOG_LEVEL_ERROR);
		int null = open("/dev/null", O_WRONLY);
		dup2(null, 2);
		Table *t = table_new("guard", COLS, G_N_ELEMENTS(COLS), NULL);
		table_add_row(t);
		table_set_number(t, key, v);
		_exit(0);
	}
	int status = 0;
	return pid > 0 && waitpid(pid, &status, 0) == pid
	       && !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* No infinity, and no negative money, memory or time, gets into a table
 * (issue 43, class 5): the run stops; NaN is an empty cell. */
static void test_guard(void)
{
	CHECK(set_stops("days_at_15", INFINITY));
	CHECK(set_stops("share", -INFINITY));
	CHECK(set_stops("cost_usd", -1));
	CHECK(set_stops("memory_gb", -0.5));
	CHECK(!set_stops("share", -0.25));   /* a change may fall */
	CHECK(!set_stops("cost_usd", NAN));  /* empty: no price */
	CHECK(!set_stops("memory_gb", 0));
}

/* Heading anchors keep the letters of every script. */
static void test_slugs(void)
{
	GHashTable *used = g_hash_table_new_full(g_str_hash, g_str_equal,
	                                         g_free, NULL);
	char *a = markdown_slug("What makes a GPU fast?", used);
	char *b = markdown_slug("显卡：选择", used);
	char *c = markdown_slug("Über GPUs", used);
	char *d = markdown_slug("What makes a GPU fast?", used);
	char *e = markdown_slug("?!", used);
	CHECK_STR(a, "what-makes-a-gpu-fast");
	CHECK_STR(b, "显卡-选择");
	CHECK_STR(c, "über-gpus");
	CHECK_STR(d, "what-makes-a-gpu-fast-2");
	CHECK_STR(e, "section");
	g_free(a);
	g_free(b);
	g_free(c);
	g_free(d);
	g_free(e);
	g_hash_table_destroy(used);
}

void test_table(void)
{
	test_slugs();
	test_guard();
	Lang *s = strings();
	CHECK(s != NULL);
	if (!s)
		return;
	Table *t = sample();
	GError *error = NULL;
	char *md = table_markdown(t, s, &error);
	CHECK(error == NULL);
	CHECK(md && strstr(md, "| Name | Cost | Share | Days at 15 % | Memory |"));
	CHECK(md && strstr(md, "| A \\(b\\) | \xE2\x82\xAC" "2\\.200 | 12\\,3 \\% | "
	                       "never | 24\xC2\xA0Go |"));
	CHECK(md && strstr(md, "| \xE2\x80\x94 | \xE2\x80\x94 | \\- \\% |"));
	CHECK(md && !strstr(md, "say"));      /* data-only column */
	g_free(md);

	char *csv = table_csv(t);
	CHECK_STR(csv, "name,note,cost_usd,share,days_at_15,memory_gb\n"
	               "\"a,b\",\"say \"\"hi\"\"\",2199.50,0.1234,,24\n"
	               ",,,,,\n");
	g_free(csv);

	GString *json = g_string_new(NULL);
	table_json(t, json);
	CHECK(strstr(json->str, "\"name\": \"a,b\", \"note\": \"say \\\"hi\\\"\", "
	                        "\"cost_usd\": 2199.50, \"share\": 0.1234, "
	                        "\"days_at_15\": null, \"memory_gb\": 24}") != NULL);
	CHECK(strstr(json->str, "\"name\": \"\", \"note\": \"\", \"cost_usd\": null, "
	                        "\"share\": null") != NULL);
	g_string_free(json, TRUE);

	/* A missing header string is an error naming the key. */
	static const Column BAD[] = {{"x", "t.nowhere", COL_TEXT, 0, 0, 'l',
	                              NULL, 0}};
	Table *b = table_new("bad", BAD, 1, NULL);
	md = table_markdown(b, s, &error);
	CHECK(error && strstr(error->message, "t.nowhere"));
	g_clear_error(&error);
	g_free(md);
	/* error may be NULL */
	md = table_markdown(b, s, NULL);
	CHECK(md != NULL);
	g_free(md);
	table_free(b);

	/* A data-only table has no Markdown. */
	Table *d = table_new("data_only", COLS, G_N_ELEMENTS(COLS), "");
	CHECK(table_markdown(d, s, NULL) == NULL);
	table_append(d, t);
	CHECK(table_rows(d) == 2);
	table_free(d);
	table_free(t);
	lang_free(s);
}
