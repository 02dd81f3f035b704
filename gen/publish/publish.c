/* Publish stage: one edition through the back-ends.  See publish.h. */
#include "publish.h"

#include "chart_files.h"
#include "chart_render.h"
#include "cost.h"
#include "data.h"
#include "export.h"
#include "guide.h"
#include "html.h"
#include "jobs.h"
#include "markdown.h"
#include "model.h"
#include "pdf.h"
#include "recommend.h"
#include "request.h"
#include "results.h"
#include "reuse.h"
#include "template.h"
#include "util.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <string.h>

/* The outputs of an edition, in the order they are written.  The data
 * export reads the data alone and runs before the guide is expanded:
 * the tables and the previous run it needs are then freed before the
 * guide's parse trees are made (the peak memory at a thousand GPUs). */
static const Backend DATA_BACKEND = {"data", export_write};
static const Backend GUIDE_BACKENDS[] = {
    {"charts", chart_write_all},
    {"html", html_write},
    {"pdf", pdf_write},
    {"requests", request_write},
};

typedef struct {
	const Results *results; /* everything computed, read-only from here */
	const Edition *edition;
	const Recommendations *recs;
	Values *values;
	GPtrArray *tables; /* Table */
	char *markdown;
	cmark_node *doc;
	char *create_date;
	char *previous_json; /* the previous run's guide.json, or NULL */
	size_t previous_length;
} Stages;

static void stages_free(Stages *s)
{
	if (s->doc)
		cmark_node_free(s->doc);
	g_free(s->markdown);
	g_free(s->create_date);
	g_free(s->previous_json);
	values_free(s->values);
	if (s->tables)
		g_ptr_array_unref(s->tables);
}

/* The guide's values and tables of results for one language. */
static bool compute(const PublishConfig *cf, const Results *results,
                    Stages *s, GError **error)
{
	s->results = results;
	s->edition = results->edition;
	s->recs = results->recs;
	s->values = guide_values(results, cf->strings, &s->tables, error);
	return s->values != NULL;
}

/* The previous run of the edition at prefix: --previous FILE for the
 * current edition and, for an older one, PREFIX/data/BASENAME beside
 * FILE's folder (so OUT/data/previous.json reaches
 * OUT/2020-09/data/previous.json); without it, in the output about to
 * be replaced, OUT/PREFIX/data/changes_basis.json, else (a run before
 * that file) OUT/PREFIX/data/guide.json. */
static char *previous_path(const PublishConfig *cf, const char *prefix)
{
	if (!cf->previous) {
		const char *out = cf->out_dir ? cf->out_dir : ".";
		char *basis = g_build_filename(out, prefix, "data",
		                               "changes_basis.json", NULL);
		if (g_file_test(basis, G_FILE_TEST_EXISTS))
			return basis;
		g_free(basis);
		return g_build_filename(out, prefix, "data", "guide.json",
		                        NULL);
	}
	if (!*prefix)
		return g_strdup(cf->previous);
	char *dir = g_path_get_dirname(cf->previous);
	char *top = g_path_get_dirname(dir);
	char *base = g_path_get_basename(cf->previous);
	char *path = g_build_filename(top, prefix, "data", base, NULL);
	g_free(dir);
	g_free(top);
	g_free(base);
	return path;
}

/* What changed since the previous run of this edition (changes.h): its
 * section and table, and a few lines for the maintainer's terminal.  A
 * missing previous run, or one that does not parse, is no error: the
 * section says so.  One that cannot be read as a regular file of at most
 * GG_JSON_MAX_BYTES (a FIFO, a device, too large) is bad input. */
static bool compare(const PublishConfig *cf, const char *prefix,
                    Stages *s, GError **error)
{
	char *path = previous_path(cf, prefix);
	if (!gg_read_file_optional(path, GG_JSON_MAX_BYTES, &s->previous_json,
	                           &s->previous_length, error)) {
		g_free(path);
		return false;
	}
	GError *io = NULL;
	Changes *ch = NULL;
	if (s->previous_json)
		ch = changes_compare_text(path, s->previous_json,
		                          s->previous_length, s->recs, &io);
	if (!ch && s->previous_json)
		fprintf(stderr, "gpuguide: %s: %s; no changes shown\n", path,
		        io ? io->message : "unreadable");
	if (!ch)
		g_clear_pointer(&s->previous_json, g_free);
	g_clear_error(&io);
	g_free(path);
	if (ch && cf->summary && ch->n == 0)
		g_ptr_array_add(cf->summary,
		                g_strdup_printf("%s: nothing changed since %s",
		                                s->edition->name,
		                                ch->previous_date));
	if (ch && cf->summary) {
		char **lines = changes_summary(ch, 8);
		for (char **l = lines; *l; l++)
			g_ptr_array_add(cf->summary,
			                g_strdup_printf("%s: %s", s->edition->name,
			                                *l));
		g_strfreev(lines);
	}
	bool ok = guide_add_changes(s->results, ch, cf->strings, s->values,
	                            s->tables, error);
	if (ch)
		changes_free(ch);
	return ok;
}

/* LANG/guide.md expanded with the values and its sections (LANG/editions/
 * EDITION/NAME.md, else LANG/sections/NAME.md), then parsed once. */
static bool expand(const PublishConfig *cf, Stages *s,
                   PublishProgress progress, void *data, GError **error)
{
	char *path = g_build_filename(cf->templates_dir, cf->lang, "guide.md",
	                              NULL);
	/* {{section:NAME}}: the edition's own text first, else the shared */
	char *edition_dir = g_build_filename(cf->templates_dir, cf->lang,
	                                     "editions", s->edition->name,
	                                     NULL);
	char *shared_dir = g_build_filename(cf->templates_dir, cf->lang,
	                                    "sections", NULL);
	const char *dirs[] = {edition_dir, shared_dir, NULL};
	char *text = template_load(path, error);
	if (text)
		s->markdown = template_expand_sections(path, text, s->values,
		                                       cf->templates_dir, dirs,
		                                       error);
	g_free(text);
	values_drop_tables(s->values);
	g_free(path);
	g_free(edition_dir);
	g_free(shared_dir);
	if (!s->markdown)
		return false;
	/* guide.md is made readable, and the guide parsed, by the check
	 * that it renders the same: the tree is the readable text's (the
	 * same HTML, so the same tree), and no two trees are alive at once
	 * (tens of MB at 1,000 GPUs). */
	char *readable = markdown_readable_parsed(s->markdown, &s->doc);
	g_free(s->markdown);
	s->markdown = readable;
	progress("template", s->edition->name, data);
	return true;
}

/* The PDF creation date: SOURCE_DATE_EPOCH when set, else the data date,
 * so the same inputs always give the same bytes. */
static char *creation_date(const Edition *e)
{
	const char *epoch = g_getenv("SOURCE_DATE_EPOCH");
	if (epoch && *epoch) {
		GDateTime *t = g_date_time_new_from_unix_utc(
		    g_ascii_strtoll(epoch, NULL, 10));
		if (t) {
			char *s = g_date_time_format(t, "%Y-%m-%dT%H:%M:%SZ");
			g_date_time_unref(t);
			return s;
		}
	}
	return g_strdup_printf("%sT00:00:00Z",
	                       *e->data_date ? e->data_date : "1970-01-01");
}

/* Gives the heap's free pages back to the system after a back-end.
 * glibc keeps them otherwise, and what comes next may not fit in them:
 * the charts' raster images (megabytes each) are mapped anew, and would
 * come on top of the tables just freed. */
static void release_freed_memory(void)
{
#ifdef __GLIBC__
	malloc_trim(0);
#endif
}

/* Writes one back-end's files and reports it. */
static bool run_backend(const Backend *b, const EditionResult *r,
                        Site *site, PublishProgress progress, void *data,
                        GError **error)
{
	if (!b->write(r, site, error))
		return false;
	progress(b->name, r->edition->name, data);
	return true;
}

static bool generate_edition(const PublishConfig *config,
                             const Results *results, const char *prefix,
                             const char *nav, Site *site,
                             PublishProgress progress, void *data,
                             GError **error)
{
	Stages s = {0};
	bool ok = compute(config, results, &s, error)
	          && compare(config, prefix, &s, error);
	EditionResult r = {.config = config,
	                   .edition = s.edition,
	                   .recs = s.recs,
	                   .llm = results->llm,
	                   .values = s.values,
	                   .tables = s.tables,
	                   .prefix = prefix,
	                   .nav = nav,
	                   .previous_json = s.previous_json,
	                   .previous_length = s.previous_length};
	ok = ok && run_backend(&DATA_BACKEND, &r, site, progress, data, error);
	/* copied to data/previous.json and exported: no later stage reads
	 * the previous run or the tables (megabytes at a thousand GPUs) */
	g_clear_pointer(&s.previous_json, g_free);
	g_clear_pointer(&s.tables, g_ptr_array_unref);
	r.previous_json = NULL;
	r.previous_length = 0;
	r.tables = NULL;
	release_freed_memory();
	ok = ok && expand(config, &s, progress, data, error);
	if (ok)
		s.create_date = creation_date(s.edition);
	r.markdown = s.markdown;
	r.doc = s.doc;
	r.create_date = s.create_date;
	for (size_t i = 0; ok && i < G_N_ELEMENTS(GUIDE_BACKENDS); i++) {
		ok = run_backend(&GUIDE_BACKENDS[i], &r, site, progress, data,
		                 error);
		release_freed_memory();
	}
	stages_free(&s);
	return ok;
}

/* One edition in its languages: what publish_edition was given, each
 * language's reuse key, and the results shared by those generated. */
typedef struct {
	const PublishLanguage *langs;
	size_t n;
	const char *dir;
	Site *site;
	PublishProgress progress;
	void *data;
	char **keys;      /* per language */
	size_t *todo;     /* the languages to generate, in order */
	size_t n_todo;
	Results *results; /* results_load's, shared by the languages */
} EditionRun;

/* Takes language i of the edition over from the previous output when
 * its inputs are unchanged (reuse.h); else adds it to the languages to
 * generate.  Its summary lines go to lines. */
static bool take_over_or_plan(EditionRun *er, size_t i, GPtrArray *lines,
                              GError **error)
{
	const PublishLanguage *l = &er->langs[i];
	char *previous = previous_path(l->config, l->prefix);
	er->keys[i] = reuse_key(l->config, er->dir, l->prefix, l->nav,
	                        previous, error);
	g_free(previous);
	if (!er->keys[i])
		return false;
	bool reused = false;
	if (!l->config->full
	    && !reuse_previous(er->site, l->prefix, er->keys[i], &reused,
	                       error))
		return false;
	if (!reused) {
		er->todo[er->n_todo++] = i;
		return true;
	}
	char *name = g_path_get_basename(er->dir);
	er->progress("reused", name, er->data);
	if (i == 0 && lines)
		g_ptr_array_add(lines, g_strdup_printf("%s: inputs unchanged "
		                                       "since the last run; "
		                                       "its files were kept",
		                                       name));
	g_free(name);
	return true;
}

/* Job k of jobs.h: the k-th language to generate, with the market of
 * its language, its files recorded and listed with the key. */
static bool language_job(size_t k, void *data, GPtrArray *lines,
                         GError **error)
{
	EditionRun *er = data;
	size_t i = er->todo[k];
	const PublishLanguage *l = &er->langs[i];
	PublishConfig config = *l->config;
	config.summary = i == 0 ? lines : NULL; /* said once, by the first */
	if (!results_use_market(er->results, config.lang, error))
		return false;
	er->progress("market", er->results->edition->name, er->data);
	site_record_start(er->site);
	bool ok = generate_edition(&config, er->results, l->prefix, l->nav,
	                           er->site, er->progress, er->data, error);
	GPtrArray *paths = site_record_stop(er->site);
	ok = ok && reuse_write_list(er->site, l->prefix, er->keys[i], paths,
	                            error);
	g_ptr_array_unref(paths);
	return ok;
}

/* The languages to generate, after the shared results: "LANG/EDITION"
 * names them in a worker's messages. */
static bool generate_languages(EditionRun *er, unsigned parallel,
                               GPtrArray *lines, GError **error)
{
	er->results = results_load(er->dir, error);
	if (!er->results)
		return false;
	er->progress("results", er->results->edition->name, er->data);
	char **names = g_new0(char *, er->n_todo + 1);
	char *base = g_path_get_basename(er->dir);
	for (size_t k = 0; k < er->n_todo; k++)
		names[k] = g_strdup_printf(
		    "%s/%s", er->langs[er->todo[k]].config->lang, base);
	bool ok = jobs_run(er->n_todo, parallel, language_job, er,
	                   (const char *const *)names, lines, error);
	g_strfreev(names);
	g_free(base);
	return ok;
}

bool publish_edition(const PublishLanguage *langs, size_t n,
                     const char *dir, unsigned parallel, Site *site,
                     PublishProgress progress, void *data,
                     GPtrArray *lines, GError **error)
{
	EditionRun er = {.langs = langs, .n = n, .dir = dir, .site = site,
	                 .progress = progress, .data = data,
	                 .keys = g_new0(char *, n + 1),
	                 .todo = g_new0(size_t, n)};
	bool ok = true;
	for (size_t i = 0; ok && i < n; i++)
		ok = take_over_or_plan(&er, i, lines, error);
	if (ok && er.n_todo > 0)
		ok = generate_languages(&er, parallel, lines, error);
	results_free(er.results);
	g_strfreev(er.keys);
	g_free(er.todo);
	return ok;
}

bool publish_site_files(const PublishConfig *config, Site *site,
                        GError **error)
{
	bool top = !*config->lang_folder; /* the first language's files */
	return html_write_404(config, site, error)
	       && html_write_assets(config, site, error)
	       && (!top || site_write(site, ".nojekyll", "", 0, error));
}
