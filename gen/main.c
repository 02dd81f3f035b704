/* gpuguide: the command line.  Finds the editions of the data folder,
 * has publish.c run each (in each language) through the stages and
 * back-ends, as jobs in worker processes (jobs.h, --jobs), and swaps the
 * finished output folder in.  Exit status: 0 success, 1 bad input,
 * 2 usage or environment. */
#include "advice.h"
#include "chart_render.h"
#include "claims.h"
#include "data.h"
#include "fonts.h"
#include "html.h"
#include "jobs.h"
#include "markdown.h"
#include "paths.h"
#include "model.h"
#include "price.h"
#include "price_rules.h"
#include "publish.h"
#include "results.h"
#include "text.h"
#include "util.h"
#include "validate.h"

#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define GPUGUIDE_VERSION "0.1.0"

typedef struct {
	char *data_dir, *templates_dir, *out_dir, *paper, *lang, *base_url;
	char *previous;
	gboolean quiet, check, version, full;
	gint jobs; /* worker processes; 0: one per processor */
} Options;

typedef struct {
	const Options *opt;
	GPtrArray *codes;   /* char *: language folders, the first at the top */
	GPtrArray *strings; /* Lang *: one per code */
	Site *site;
	GPtrArray *summary; /* what changed: lines printed after the run */
	gint64 stage_start; /* when the current stage began */
	double stage_cpu;   /* this process's CPU seconds then */
	pid_t stage_pid;    /* the process that began it */
} Run;

/* CPU seconds used by this process (a worker's own, under --jobs). */
static double cpu_seconds(void)
{
	struct timespec t;
	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) != 0)
		return 0;
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void stage_begin(Run *run)
{
	run->stage_start = g_get_monotonic_time();
	run->stage_cpu = cpu_seconds();
	run->stage_pid = getpid();
}

/* One line per finished stage with its own wall and CPU time. */
static void progress(Run *run, const char *stage, const char *what)
{
	gint64 now = g_get_monotonic_time();
	double cpu = cpu_seconds();
	/* a worker forked since the stage began counts its CPU from 0 */
	if (getpid() != run->stage_pid) {
		run->stage_cpu = 0;
		run->stage_pid = getpid();
	}
	double ms = (double)(now - run->stage_start) / 1000.0;
	double cpu_ms = (cpu - run->stage_cpu) * 1000.0;
	run->stage_start = now;
	run->stage_cpu = cpu;
	if (!run->opt->quiet)
		fprintf(stderr, "gpuguide: %-8s %-28s %8.1f ms, CPU %8.1f ms\n",
		        stage, what, ms, cpu_ms);
}

/* ---- the site ------------------------------------------------------- */

static void on_progress(const char *stage, const char *what, void *run)
{
	progress(run, stage, what);
}

/* The work of a run: every edition, one job each (jobs.h), in every
 * language (publish.h). */
typedef struct {
	Run *run;
	GPtrArray *editions;   /* char *: edition folders */
	char **names;          /* their basenames */
	PublishConfig *config; /* one per language */
	guint n_languages;
	unsigned parallel;     /* worker processes at once */
} Plan;

/* One edition in every language: the first edition at each language's
 * top, others in a folder of their name.  The summary lines (what
 * changed: said once, for the first language) go to lines. */
static bool publish_job(size_t i, void *data, GPtrArray *lines,
                        GError **error)
{
	Plan *p = data;
	guint n_editions = p->editions->len, n = p->n_languages;
	PublishLanguage *langs = g_new0(PublishLanguage, n);
	char **owned = g_new0(char *, 2 * (size_t)n + 1);
	for (guint l = 0; l < n; l++) {
		const PublishConfig *cf = &p->config[l];
		char *prefix = i == 0 ? g_strdup(cf->lang_folder)
		                      : g_strdup_printf("%s%s/", cf->lang_folder,
		                                        p->names[i]);
		char *nav = html_editions_nav((const char *const *)p->names,
		                              n_editions, i,
		                              lang_get(cf->strings,
		                                       "layout.current_edition"));
		owned[2 * l] = prefix;
		owned[2 * l + 1] = nav;
		langs[l] = (PublishLanguage){cf, prefix, nav};
	}
	stage_begin(p->run);
	bool ok = publish_edition(langs, n, p->editions->pdata[i], p->parallel,
	                          p->run->site, on_progress, p->run, lines,
	                          error);
	g_strfreev(owned);
	g_free(langs);
	return ok;
}

static PublishConfig language_config(const Run *run, guint i,
                                     const SiteLanguage *langs, guint n)
{
	const Options *o = run->opt;
	return (PublishConfig){.templates_dir = o->templates_dir,
	                       .lang = run->codes->pdata[i],
	                       .base_url = o->base_url,
	                       .paper = strcmp(o->paper, "letter") == 0
	                                    ? PAPER_LETTER : PAPER_A4,
	                       .strings = run->strings->pdata[i],
	                       .lang_folder = langs[i].folder,
	                       .languages = langs,
	                       .n_languages = n,
	                       .out_dir = o->out_dir,
	                       .previous = o->previous,
	                       .full = o->full};
}

/* Every language (the first at the top of the site, others in a folder
 * of their code) times every edition, in --jobs worker processes; then
 * each language's site-wide files. */
static bool publish_all(Run *run, GPtrArray *editions, GError **error)
{
	guint n = run->codes->len, n_ed = editions->len;
	SiteLanguage *langs = g_new0(SiteLanguage, n);
	char **folders = g_new0(char *, n + 1);
	unsigned jobs = run->opt->jobs > 0 ? (unsigned)run->opt->jobs
	                                   : jobs_default_parallel();
	Plan plan = {.run = run, .editions = editions,
	             .names = g_new0(char *, n_ed + 1),
	             .config = g_new0(PublishConfig, n),
	             .n_languages = n,
	             .parallel = jobs};
	for (guint i = 0; i < n_ed; i++)
		plan.names[i] = g_path_get_basename(editions->pdata[i]);
	for (guint i = 0; i < n; i++) {
		const char *code = run->codes->pdata[i];
		const char *name = lang_get(run->strings->pdata[i], "lang.name");
		folders[i] = i == 0 ? g_strdup("") : g_strdup_printf("%s/", code);
		langs[i] = (SiteLanguage){code, folders[i], name ? name : code};
	}
	for (guint i = 0; i < n; i++)
		plan.config[i] = language_config(run, i, langs, n);
	bool ok = jobs_run(n_ed, jobs, publish_job, &plan,
	                   (const char *const *)plan.names, run->summary,
	                   error);
	stage_begin(run);
	for (guint i = 0; ok && i < n; i++)
		ok = publish_site_files(&plan.config[i], run->site, error);
	g_strfreev(plan.names);
	g_free(plan.config);
	g_strfreev(folders);
	g_free(langs);
	return ok;
}

/* An edition is published in out/NAME/ and a language in out/CODE/: an
 * edition named like a language of the templates would mix the two. */
static bool editions_apart_from_languages(const Run *run,
                                          const GPtrArray *editions,
                                          GError **error)
{
	for (guint i = 0; i < editions->len; i++) {
		char *base = g_path_get_basename(editions->pdata[i]);
		char *strings = g_build_filename(run->opt->templates_dir, base,
		                                 "strings.csv", NULL);
		bool clash = g_file_test(strings, G_FILE_TEST_IS_REGULAR);
		if (clash)
			gg_set_input_error(error, editions->pdata[i], 0, 0,
			                   "an edition may not be named like the "
			                   "language %s of %s (both would be "
			                   "published in %s/)",
			                   base, run->opt->templates_dir, base);
		g_free(strings);
		g_free(base);
		if (clash)
			return false;
	}
	return true;
}

static bool generate(Run *run, GError **error)
{
	GPtrArray *editions = data_find_editions(run->opt->data_dir, error);
	if (!editions)
		return false;
	if (!editions_apart_from_languages(run, editions, error)) {
		g_ptr_array_free(editions, TRUE);
		return false;
	}
	run->site = site_open(run->opt->out_dir, run->opt->data_dir,
	                      run->opt->templates_dir, error);
	bool ok = run->site && publish_all(run, editions, error);
	g_ptr_array_free(editions, TRUE);
	if (!ok) {
		if (run->site)
			site_abort(run->site);
		run->site = NULL;
		return false;
	}
	ok = site_commit(run->site, error);
	run->site = NULL;
	if (ok)
		progress(run, "done", run->opt->out_dir);
	for (guint i = 0; ok && !run->opt->quiet && i < run->summary->len; i++)
		fprintf(stderr, "gpuguide: %s\n",
		        (char *)run->summary->pdata[i]);
	return ok;
}

/* The stages after loading that need no rendering, as generation runs
 * them, so --check refuses what generation refuses. */
/* Prints each line of a NULL-terminated list with a prefix; returns how
 * many there were and frees the list. */
static size_t print_lines(char **lines, const char *prefix)
{
	size_t n = 0;
	for (char **l = lines; *l; l++, n++)
		printf("  %s: %s\n", prefix, *l);
	g_strfreev(lines);
	return n;
}

/* The maintainer's price worklist (price.h), the prices to re-check and
 * the price rules (price_rules.h), one line each; a broken rule fails
 * the check. */
static bool print_worklist(const Edition *e, GError **error)
{
	PriceModel *m = price_model_run(e, error);
	if (!m)
		return false;
	print_lines(price_worklist(m, 30), "price");
	print_lines(price_stale_list(m), "price to re-check");
	size_t broken = print_lines(price_rule_breaches(m), "price rule");
	if (broken)
		g_set_error(error, GG_ERROR, GG_ERR_INPUT,
		            "%s: %zu rows break the price rules (listed above "
		            "as 'price rule')", e->dir, broken);
	price_model_free(m);
	return broken == 0;
}

static bool check(Run *run, GError **error)
{
	GPtrArray *editions = data_find_editions(run->opt->data_dir, error);
	if (!editions)
		return false;
	bool ok = true;
	for (guint i = 0; ok && i < editions->len; i++) {
		/* the same compute path as generation (results.h) */
		Results *r = results_run(editions->pdata[i], error);
		const Edition *e = r ? r->edition : NULL;
		ok = r != NULL;
		if (ok)
			printf("%s: %zu GPUs, %zu prices, %zu benchmarks, "
			       "%zu cloud offers, %zu use cases, %zu sources; "
			       "data as of %s\n",
			       (char *)editions->pdata[i], e->n_gpus,
			       e->n_prices, e->n_benchmarks, e->n_cloud,
			       e->n_use_cases, edition_count_sources(e),
			       e->data_date);
		if (ok)
			ok = print_worklist(e, error);
		results_free(r);
	}
	g_ptr_array_free(editions, TRUE);
	return ok;
}

#define REFERENCE_LANG "en" /* the source language of the guide */

/* A language other than the reference (en) must have every key the
 * reference has: a missing string is an error now, not a blank later. */
static bool check_language(Run *run, const char *code, const Lang *strings,
                           GError **error)
{
	if (strcmp(code, REFERENCE_LANG) == 0)
		return true;
	char *path = g_build_filename(run->opt->templates_dir, REFERENCE_LANG,
	                              "strings.csv", NULL);
	bool ok = true;
	if (g_file_test(path, G_FILE_TEST_IS_REGULAR)) {
		Lang *ref = lang_load(path, error);
		ok = ref && lang_check_keys(strings, ref, error);
		lang_free(ref);
	}
	g_free(path);
	return ok;
}

/* The languages to write: --lang alone, or every folder of templates/
 * with a strings.csv, the reference first, then by name. */
static GPtrArray *find_languages(const Options *o)
{
	GPtrArray *codes = g_ptr_array_new_with_free_func(g_free);
	if (o->lang) {
		g_ptr_array_add(codes, g_strdup(o->lang));
		return codes;
	}
	GDir *d = g_dir_open(o->templates_dir, 0, NULL);
	for (const char *name; d && (name = g_dir_read_name(d));) {
		char *path = g_build_filename(o->templates_dir, name,
		                              "strings.csv", NULL);
		if (strcmp(name, REFERENCE_LANG) != 0
		    && g_file_test(path, G_FILE_TEST_IS_REGULAR))
			g_ptr_array_add(codes, g_strdup(name));
		g_free(path);
	}
	if (d)
		g_dir_close(d);
	g_ptr_array_sort(codes, gg_compare_names);
	g_ptr_array_insert(codes, 0, g_strdup(REFERENCE_LANG));
	return codes;
}

/* Loads and checks the strings of every language. */
static bool load_languages(Run *run, GError **error)
{
	run->codes = find_languages(run->opt);
	run->strings = g_ptr_array_new_with_free_func((GDestroyNotify)lang_free);
	for (guint i = 0; i < run->codes->len; i++) {
		const char *code = run->codes->pdata[i];
		char *path = g_build_filename(run->opt->templates_dir, code,
		                              "strings.csv", NULL);
		Lang *strings = lang_load(path, error);
		g_free(path);
		if (!strings)
			return false;
		g_ptr_array_add(run->strings, strings);
		if (!check_language(run, code, strings, error)
		    || !fonts_check(lang_get(strings, "font.sans"),
		                    lang_get(strings, "font.mono"), error))
			return false;
	}
	return true;
}

/* ---- command line --------------------------------------------------- */

static int usage_error(GOptionContext *ctx, const char *message)
{
	(void)ctx;
	fprintf(stderr, "gpuguide: %s\nTry 'gpuguide --help'.\n", message);
	return 2;
}

static int parse_options(int *argc, char ***argv, Options *o)
{
	GOptionEntry entries[] = {
	    {"data", 'd', 0, G_OPTION_ARG_FILENAME, &o->data_dir,
	     "Data folder: an edition, or a folder of editions (default: "
	     "data)", "DIR"},
	    {"templates", 't', 0, G_OPTION_ARG_FILENAME, &o->templates_dir,
	     "Templates folder (default: templates)", "DIR"},
	    {"out", 'o', 0, G_OPTION_ARG_FILENAME, &o->out_dir,
	     "Output folder, replaced on success (default: out)", "DIR"},
	    {"paper", 'p', 0, G_OPTION_ARG_STRING, &o->paper,
	     "PDF paper size: a4 or letter (default: a4)", "SIZE"},
	    {"lang", 'l', 0, G_OPTION_ARG_STRING, &o->lang,
	     "Only this template language, at the top (default: every "
	     "folder of templates with a strings.csv, en at the top)",
	     "LANG"},
	    {"base-url", 'b', 0, G_OPTION_ARG_STRING, &o->base_url,
	     "Where the site will be published, for link previews "
	     "(og:image); links stay relative", "URL"},
	    {"previous", 0, 0, G_OPTION_ARG_FILENAME, &o->previous,
	     "The previous run's data/guide.json, for \"What changed\" "
	     "(default: the one in the output folder)", "FILE"},
	    {"full", 0, 0, G_OPTION_ARG_NONE, &o->full,
	     "Generate every edition, also one whose data, templates and "
	     "program are unchanged since the last run (by default such an "
	     "edition's files are kept: the same bytes)", NULL},
	    {"check", 'c', 0, G_OPTION_ARG_NONE, &o->check,
	     "Validate the data, print counts and the price worklist; "
	     "write nothing", NULL},
	    {"jobs", 'j', 0, G_OPTION_ARG_INT, &o->jobs,
	     "Editions and languages rendered at once in worker processes "
	     "(default: GPUGUIDE_JOBS, else one per processor; 1: one after "
	     "the other in this process); the output is the same", "N"},
	    {"quiet", 'q', 0, G_OPTION_ARG_NONE, &o->quiet,
	     "No progress lines", NULL},
	    {"version", 'V', 0, G_OPTION_ARG_NONE, &o->version,
	     "Print the version and exit", NULL},
	    {NULL, 0, 0, 0, NULL, NULL, NULL}};
	GOptionContext *ctx = g_option_context_new(NULL);
	g_option_context_set_summary(
	    ctx, "Generates the deep-learning GPU buying guide (HTML site, "
	         "PDF, charts, data)\nfrom the CSV files of each edition.");
	g_option_context_set_description(
	    ctx, "Exit status: 0 success, 1 bad input (file:line:col: "
	         "message), 2 usage or environment.\n"
	         "Limits (data/README.md): CSV files 50 MiB and 200000 rows, "
	         "fields 4000\ncharacters, names 160; templates 1 MiB, "
	         "expanded 16 MiB; 60 bars per chart;\nno date after the "
	         "run's date (SOURCE_DATE_EPOCH or the clock).\n");
	g_option_context_add_main_entries(ctx, entries, NULL);
	GError *err = NULL;
	int status = 0;
	const char *why = NULL;
	if (!g_option_context_parse(ctx, argc, argv, &err)) {
		status = usage_error(ctx, err->message);
		g_error_free(err);
	} else if (*argc > 1) {
		char *m = g_strdup_printf("unexpected argument '%s'",
		                          (*argv)[1]);
		status = usage_error(ctx, m);
		g_free(m);
	} else if (o->paper && strcmp(o->paper, "a4") != 0
	           && strcmp(o->paper, "letter") != 0) {
		status = usage_error(ctx, "--paper takes a4 or letter");
	} else if (o->jobs < 0 || o->jobs > 256) {
		status = usage_error(ctx, "--jobs takes a number from 1 to 256 (0: the default)");
	} else if (o->base_url && !gg_base_url_ok(o->base_url, &why)) {
		status = usage_error(ctx, why);
	} else if (o->lang && (!*o->lang || strchr(o->lang, '/')
	                       || strcmp(o->lang, "..") == 0)) {
		status = usage_error(ctx, "--lang takes a folder name such as "
		                          "en");
	}
	g_option_context_free(ctx);
	return status;
}

static void set_default(char **field, const char *value)
{
	if (!*field)
		*field = g_strdup(value);
}

static void free_options(Options *o)
{
	g_free(o->data_dir);
	g_free(o->templates_dir);
	g_free(o->out_dir);
	g_free(o->paper);
	g_free(o->lang);
	g_free(o->base_url);
	g_free(o->previous);
}

/* Whether a leak checker watches this run: an AddressSanitizer build, or
 * GPUGUIDE_LEAK_CHECK=1 (make valgrind sets it). */
static bool leak_checked(void)
{
#if defined(__SANITIZE_ADDRESS__)
	return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
	return true;
#endif
#endif
	const char *v = g_getenv("GPUGUIDE_LEAK_CHECK");
	return v && strcmp(v, "1") == 0;
}

/* Releases library caches so leak checkers see a clean exit. Only then:
 * the release races with the threads of fontconfig and Pango now and then
 * (an abort in FcCacheFini after the output was committed, which turned a
 * finished run into a failed one), and the exit frees the same memory. */
static void teardown(void)
{
	if (!leak_checked())
		return;
	markdown_shutdown();
	chart_release_memos();
	text_release_fonts();
}

int main(int argc, char **argv)
{
	Options o = {0};
	int status = parse_options(&argc, &argv, &o);
	if (status == 0 && o.version) {
		printf("gpuguide %s\n", GPUGUIDE_VERSION);
		free_options(&o);
		return 0;
	}
	if (status != 0) {
		free_options(&o);
		return status;
	}
	set_default(&o.data_dir, "data");
	set_default(&o.templates_dir, "templates");
	set_default(&o.out_dir, "out");
	set_default(&o.paper, "a4");

	Run run = {.opt = &o, .stage_start = g_get_monotonic_time(),
	           .stage_cpu = cpu_seconds(),
	           .summary = g_ptr_array_new_with_free_func(g_free)};
	GError *error = NULL;
	bool ok;
	if (!gg_check_source_date_epoch(&error)) {
		ok = false;
	} else if (o.check) {
		ok = check(&run, &error);
	} else {
		markdown_init();
		ok = load_languages(&run, &error) && generate(&run, &error);
		g_ptr_array_free(run.strings, TRUE);
		g_ptr_array_free(run.codes, TRUE);
		teardown();
	}
	if (!ok) {
		/* Input errors start with their file:line:col; others say
		 * who is speaking. */
		bool input = error && error->code == GG_ERR_INPUT;
		char *shown = gg_visible(error ? error->message : "failed");
		fprintf(stderr, "%s%s\n", input ? "" : "gpuguide: ", shown);
		g_free(shown);
		status = error ? error->code : 1;
		g_clear_error(&error);
	}
	g_ptr_array_unref(run.summary);
	free_options(&o);
	return status;
}
