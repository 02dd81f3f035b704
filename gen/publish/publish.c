/* Publish stage: one edition through the back-ends.  See publish.h. */
#include "publish.h"

#include "chart_files.h"
#include "chart_render.h"
#include "cost.h"
#include "data.h"
#include "export.h"
#include "guide.h"
#include "html.h"
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
	Results *results; /* everything computed, read-only from here */
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
	results_free(s->results);
}

static bool compute(const PublishConfig *cf, const char *dir, Stages *s,
                    PublishProgress progress, void *data, GError **error)
{
	s->results = results_run_for(dir, cf->lang, error);
	if (!s->results)
		return false;
	s->edition = s->results->edition;
	s->recs = s->results->recs;
	progress("results", s->edition->name, data);
	s->values = guide_values(s->results, cf->strings, &s->tables, error);
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

static bool generate_edition(const PublishConfig *config, const char *dir,
                             const char *prefix, const char *nav,
                             Site *site, PublishProgress progress,
                             void *data, GError **error)
{
	Stages s = {0};
	bool ok = compute(config, dir, &s, progress, data, error)
	          && compare(config, prefix, &s, error);
	EditionResult r = {.config = config,
	                   .edition = s.edition,
	                   .recs = s.recs,
	                   .llm = s.results ? s.results->llm : NULL,
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

/* Takes an edition whose inputs are unchanged over from the previous
 * output (reuse.h), else generates it; either way its list of files
 * with the key is written, the same bytes both ways. */
bool publish_edition(const PublishConfig *config, const char *dir,
                     const char *prefix, const char *nav, Site *site,
                     PublishProgress progress, void *data, GError **error)
{
	char *previous = previous_path(config, prefix);
	char *key = reuse_key(config, dir, prefix, nav, previous, error);
	g_free(previous);
	if (!key)
		return false;
	bool reused = false;
	bool ok = config->full
	          || reuse_previous(site, prefix, key, &reused, error);
	if (ok && reused) {
		char *name = g_path_get_basename(dir);
		progress("reused", name, data);
		if (config->summary)
			g_ptr_array_add(config->summary,
			                g_strdup_printf("%s: inputs unchanged since "
			                                "the last run; its files "
			                                "were kept", name));
		g_free(name);
	} else if (ok) {
		site_record_start(site);
		ok = generate_edition(config, dir, prefix, nav, site, progress,
		                      data, error);
		GPtrArray *paths = site_record_stop(site);
		ok = ok && reuse_write_list(site, prefix, key, paths, error);
		g_ptr_array_unref(paths);
	}
	g_free(key);
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
