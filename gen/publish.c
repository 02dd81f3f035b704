/* Publish stage: one edition through the back-ends.  See publish.h. */
#include "publish.h"

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
#include "util.h"

#include <string.h>

/* The outputs of an edition, in the order they are written. */
static const Backend BACKENDS[] = {
    {"charts", chart_write_all},
    {"data", export_write},
    {"html", html_write},
    {"pdf", pdf_write},
    {"requests", request_write},
};

typedef struct {
	Edition *edition;
	Performance *perf;
	Costs *costs;
	Recommendations *recs;
	Values *values;
	GPtrArray *tables; /* Table */
	char *markdown;
	cmark_node *doc;
	char *create_date;
} Stages;

static void stages_free(Stages *s)
{
	if (s->doc)
		cmark_node_free(s->doc);
	g_free(s->markdown);
	g_free(s->create_date);
	values_free(s->values);
	if (s->tables)
		g_ptr_array_unref(s->tables);
	recommendations_free(s->recs);
	costs_free(s->costs);
	performance_free(s->perf);
	edition_free(s->edition);
}

static bool compute(const PublishConfig *cf, const char *dir, Stages *s,
                    PublishProgress progress, void *data, GError **error)
{
	s->edition = edition_load(dir, error);
	if (!s->edition)
		return false;
	progress("load", dir, data);
	s->perf = model_run(s->edition, error);
	s->costs = s->perf ? cost_run(s->perf, error) : NULL;
	if (!s->costs)
		return false;
	s->recs = recommend_run(s->costs);
	progress("model", s->edition->name, data);
	s->values = guide_values(s->recs, cf->strings, &s->tables, error);
	return s->values != NULL;
}

/* LANG/guide.md expanded with the values, then parsed once. */
static bool expand(const PublishConfig *cf, Stages *s,
                   PublishProgress progress, void *data, GError **error)
{
	char *path = g_build_filename(cf->templates_dir, cf->lang, "guide.md",
	                              NULL);
	char *text = NULL;
	if (gg_read_file(path, TEMPLATE_MAX_BYTES, &text, NULL, error))
		s->markdown = template_expand(path, text, s->values, error);
	g_free(text);
	g_free(path);
	if (!s->markdown)
		return false;
	s->doc = markdown_parse(s->markdown);
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

bool publish_edition(const PublishConfig *config, const char *dir,
                     const char *prefix, const char *nav, Site *site,
                     PublishProgress progress, void *data, GError **error)
{
	Stages s = {0};
	bool ok = compute(config, dir, &s, progress, data, error)
	          && expand(config, &s, progress, data, error);
	if (ok)
		s.create_date = creation_date(s.edition);
	EditionResult r = {.config = config,
	                   .edition = s.edition,
	                   .recs = s.recs,
	                   .values = s.values,
	                   .tables = s.tables,
	                   .markdown = s.markdown,
	                   .doc = s.doc,
	                   .prefix = prefix,
	                   .nav = nav,
	                   .create_date = s.create_date};
	for (size_t i = 0; ok && i < G_N_ELEMENTS(BACKENDS); i++) {
		ok = BACKENDS[i].write(&r, site, error);
		if (ok)
			progress(BACKENDS[i].name, s.edition->name, data);
	}
	stages_free(&s);
	return ok;
}

static bool copy_file(const PublishConfig *cf, const char *name,
                      const char *dest, Site *site, GError **error)
{
	char *path = g_build_filename(cf->templates_dir, name, NULL);
	char *text = NULL;
	bool ok = gg_read_file(path, TEMPLATE_MAX_BYTES, &text, NULL, error)
	          && site_write(site, dest, text, strlen(text), error);
	g_free(text);
	g_free(path);
	return ok;
}

bool publish_site_files(const PublishConfig *config, Site *site,
                        GError **error)
{
	bool top = !*config->lang_folder; /* the first language's files */
	return (!top || copy_file(config, "style.css", "assets/style.css",
	                          site, error))
	       && html_write_404(config, site, error)
	       && (!top || site_write(site, ".nojekyll", "", 0, error));
}
