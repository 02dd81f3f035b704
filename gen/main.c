/* gpuguide: the command line.  Runs the stages for every edition of the
 * data folder (load, model, cost, guide values, template, charts, HTML,
 * PDF) and swaps the finished output folder in.  Exit status: 0 success,
 * 1 bad input, 2 usage or environment. */
#include "chart.h"
#include "cost.h"
#include "data.h"
#include "export.h"
#include "fonts.h"
#include "guide.h"
#include "html.h"
#include "markdown.h"
#include "model.h"
#include "pdf.h"
#include "recommend.h"
#include "request.h"
#include "site.h"
#include "lang.h"
#include "template.h"
#include "text.h"
#include "util.h"
#include "validate.h"

#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GPUGUIDE_VERSION "0.1.0"

typedef struct {
	char *data_dir, *templates_dir, *out_dir, *paper, *lang, *base_url;
	gboolean quiet, check, version;
} Options;

typedef struct {
	const Options *opt;
	Lang *strings;
	Site *site;
	gint64 stage_start; /* when the current stage began */
} Run;

/* One line per finished stage with its own duration. */
static void progress(Run *run, const char *stage, const char *what)
{
	gint64 now = g_get_monotonic_time();
	double ms = (double)(now - run->stage_start) / 1000.0;
	run->stage_start = now;
	if (!run->opt->quiet)
		fprintf(stderr, "gpuguide: %-8s %-28s %8.1f ms\n", stage, what,
		        ms);
}

/* ---- editions ------------------------------------------------------ */

static bool is_edition(const char *dir)
{
	char *gpus = g_build_filename(dir, "gpus.csv", NULL);
	bool yes = g_file_test(gpus, G_FILE_TEST_IS_REGULAR);
	g_free(gpus);
	return yes;
}

static gint compare_names(gconstpointer a, gconstpointer b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Edition folders under data_dir, "current" first then by name; or
 * data_dir alone when it is an edition itself. */
static GPtrArray *find_editions(const char *data_dir, GError **error)
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
	g_ptr_array_sort(list, compare_names);
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

/* ---- one edition ---------------------------------------------------- */

typedef struct {
	Edition *edition;
	Performance *perf;
	Costs *costs;
	Recommendations *recs;
	Values *values;
	char *markdown;
	cmark_node *doc;
} EditionRun;

static void edition_run_free(EditionRun *r)
{
	if (r->doc)
		cmark_node_free(r->doc);
	g_free(r->markdown);
	values_free(r->values);
	recommendations_free(r->recs);
	costs_free(r->costs);
	performance_free(r->perf);
	edition_free(r->edition);
}

static char *read_template(const Run *run, const char *name, GError **error)
{
	char *path = g_build_filename(run->opt->templates_dir, name, NULL);
	char *text = template_load(path, error);
	g_free(path);
	return text;
}

static bool compute(Run *run, const char *dir, EditionRun *r, GError **error)
{
	r->edition = edition_load(dir, error);
	if (!r->edition)
		return false;
	progress(run, "load", dir);
	r->perf = model_run(r->edition, error);
	if (!r->perf)
		return false;
	r->costs = cost_run(r->perf, error);
	if (!r->costs)
		return false;
	r->recs = recommend_run(r->costs);
	progress(run, "model", r->edition->name);
	r->values = guide_values(r->recs, run->strings, error);
	return r->values != NULL;
}

static bool expand(Run *run, EditionRun *r, GError **error)
{
	char *name = g_build_filename(run->opt->lang, "guide.md", NULL);
	char *text = read_template(run, name, error);
	char *path = g_build_filename(run->opt->templates_dir, name, NULL);
	g_free(name);
	if (text)
		r->markdown = template_expand(path, text, r->values, error);
	g_free(text);
	g_free(path);
	if (!r->markdown)
		return false;
	r->doc = markdown_parse(r->markdown);
	progress(run, "template", r->edition->name);
	return true;
}

static bool write_bytes(Run *run, char *path, char *bytes, size_t n,
                        GError **error)
{
	bool ok = site_write(run->site, path, bytes, n, error);
	g_free(path);
	g_free(bytes);
	return ok;
}

/* Every chart as SVG for wide screens, a narrower SVG for phones, and a
 * PNG preview.  prefix is "" for the current edition, "2020-09/" for
 * others. */
static bool write_charts(Run *run, EditionRun *r, const char *prefix,
                         GError **error)
{
	for (size_t i = 0; i < values_chart_count(r->values); i++) {
		const Chart *c = values_chart_at(r->values, i);
		char *bytes = NULL;
		size_t n = 0;
		chart_render_svg(c, CHART_WIDTH, &bytes, &n);
		if (!write_bytes(run, g_strdup_printf("%scharts/%s.svg", prefix,
		                                      c->name), bytes, n, error))
			return false;
		chart_render_svg(c, CHART_NARROW_WIDTH, &bytes, &n);
		if (!write_bytes(run, g_strdup_printf("%scharts/%s-narrow.svg",
		                                      prefix, c->name),
		                 bytes, n, error))
			return false;
		if (!chart_render_png(c, &bytes, &n, error)
		    || !write_bytes(run, g_strdup_printf("%scharts/%s.png", prefix,
		                                         c->name), bytes, n, error))
			return false;
	}
	progress(run, "charts", r->edition->name);
	return true;
}

static char *editions_nav(GPtrArray *editions, size_t self)
{
	GString *s = g_string_new(NULL);
	for (guint i = 0; i < editions->len; i++) {
		if (i == self)
			continue;
		char *base = g_path_get_basename(editions->pdata[i]);
		const char *up = self == 0 ? "" : "../";
		char *seg = gg_url_segment(base);
		char *url = i == 0 ? g_strdup_printf("%sindex.html", up)
		                   : g_strdup_printf("%s%s/index.html", up, seg);
		char *href = gg_attr_escape(url);
		g_free(url);
		g_free(seg);
		char *label = g_markup_escape_text(base, -1);
		g_string_append_printf(s, "<a href=\"%s\">%s</a> ", href,
		                       label);
		g_free(href);
		g_free(label);
		g_free(base);
	}
	return g_string_free(s, FALSE);
}

static void add_string(const char *key, const char *value, void *page)
{
	char *name = g_strdup_printf("str.%s", key);
	values_set_scalar(page, name, g_markup_escape_text(value, -1));
	g_free(name);
}

/* Values every HTML page has: the language, and every language string as
 * {{str.KEY}}, HTML-escaped. */
static Values *page_values(const Run *run)
{
	Values *page = values_new();
	values_set_scalar(page, "lang", g_strdup(run->opt->lang));
	lang_foreach(run->strings, add_string, page);
	return page;
}

/* An address for link previews: absolute under --base-url, else
 * relative to the page. */
static char *preview_url(const Run *run, const char *prefix,
                         const char *path)
{
	const char *base = run->opt->base_url;
	if (!base)
		return g_strdup(path);
	return g_strdup_printf("%s%s%s%s", base,
	                       g_str_has_suffix(base, "/") ? "" : "/", prefix,
	                       path);
}

static bool write_html(Run *run, EditionRun *r, const char *prefix,
                       char *nav, GError **error)
{
	char *layout = read_template(run, "layout.html", error);
	if (!layout) {
		g_free(nav);
		return false;
	}
	char *layout_path = g_build_filename(run->opt->templates_dir,
	                                     "layout.html", NULL);
	Values *page = page_values(run);
	values_set_scalar(page, "root", g_strdup(*prefix ? "../" : ""));
	values_set_scalar(page, "editions", nav);
	values_set_scalar(page, "description",
	                  g_markup_escape_text(lang_need(run->strings,
	                                       "site.description", error), -1));
	values_set_scalar(page, "edition",
	                  g_markup_escape_text(r->edition->name, -1));
	values_set_scalar(page, "data_date",
	                  g_markup_escape_text(r->edition->data_date, -1));
	const Chart *first = values_chart_at(r->values, 0);
	char *png = g_strdup_printf("charts/%s.png", first->name);
	char *og = preview_url(run, prefix, png);
	values_set_scalar(page, "og_image", gg_attr_escape(og));
	g_free(og);
	g_free(png);
	HtmlPage hp = {layout_path, layout, page};
	char *html = html_render_page(r->doc, &hp, error);
	char *path = g_strdup_printf("%sindex.html", prefix);
	bool ok = html && site_write(run->site, path, html, strlen(html), error);
	g_free(path);
	path = g_strdup_printf("%sguide.md", prefix);
	ok = ok && site_write(run->site, path, r->markdown,
	                      strlen(r->markdown), error);
	g_free(path);
	g_free(html);
	values_free(page);
	g_free(layout);
	g_free(layout_path);
	if (ok)
		progress(run, "html", r->edition->name);
	return ok;
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

static bool write_pdf(Run *run, EditionRun *r, const char *prefix,
                      GError **error)
{
	/* The HTML stage decorated the tree; the PDF reads a fresh one. */
	cmark_node *doc = markdown_parse(r->markdown);
	char *title = html_document_title(doc);
	char *date = creation_date(r->edition);
	char *subtitle = gg_fill2(lang_need(run->strings, "pdf.subtitle",
	                                       error),
	                          r->edition->name, r->edition->data_date);
	PdfOptions po = {
	    .paper = strcmp(run->opt->paper, "letter") == 0 ? PAPER_LETTER
	                                                    : PAPER_A4,
	    .meta = {.title = title ? title : "gpuguide",
	             .author = lang_need(run->strings, "pdf.author", error),
	             .subject = lang_need(run->strings, "site.description",
	                                     error),
	             .keywords = lang_need(run->strings, "pdf.keywords",
	                                      error),
	             .create_date = date},
	    .subtitle = subtitle,
	    .values = r->values,
	    .strings = run->strings};
	char *bytes = NULL;
	size_t n = 0;
	bool ok = !*error && pdf_render(doc, &po, &bytes, &n, error);
	char *path = g_strdup_printf("%sguide.pdf", prefix);
	ok = ok && site_write(run->site, path, bytes, n, error)
	     && request_write_all(r->recs, run->strings, po.paper, date,
	                          run->site, prefix, error);
	g_free(path);
	g_free(bytes);
	g_free(subtitle);
	g_free(date);
	g_free(title);
	cmark_node_free(doc);
	if (ok)
		progress(run, "pdf", r->edition->name);
	return ok;
}

static bool publish_edition(Run *run, GPtrArray *editions, guint i,
                            GError **error)
{
	EditionRun r = {0};
	char *base = g_path_get_basename(editions->pdata[i]);
	char *prefix = i == 0 ? g_strdup("") : g_strdup_printf("%s/", base);
	bool ok = compute(run, editions->pdata[i], &r, error)
	          && expand(run, &r, error)
	          && write_charts(run, &r, prefix, error)
	          && export_write(r.recs, run->site, prefix, error)
	          && write_html(run, &r, prefix, editions_nav(editions, i),
	                        error)
	          && write_pdf(run, &r, prefix, error);
	edition_run_free(&r);
	g_free(prefix);
	g_free(base);
	return ok;
}

/* The page GitHub Pages shows for a missing address: self-contained, as
 * it is served at any depth. */
static bool write_404(Run *run, GError **error)
{
	char *text = read_template(run, "404.html", error);
	if (!text)
		return false;
	char *path = g_build_filename(run->opt->templates_dir, "404.html",
	                              NULL);
	Values *page = page_values(run);
	char *html = template_expand(path, text, page, error);
	bool ok = html && site_write(run->site, "404.html", html, strlen(html),
	                             error);
	g_free(html);
	values_free(page);
	g_free(path);
	g_free(text);
	return ok;
}

static bool copy_asset(Run *run, const char *name, const char *dest,
                       GError **error)
{
	char *text = read_template(run, name, error);
	bool ok = text && site_write(run->site, dest, text, strlen(text),
	                             error);
	g_free(text);
	return ok;
}

static bool generate(Run *run, GError **error)
{
	GPtrArray *editions = find_editions(run->opt->data_dir, error);
	if (!editions)
		return false;
	run->site = site_open(run->opt->out_dir, run->opt->data_dir,
	                      run->opt->templates_dir, error);
	bool ok = run->site != NULL;
	for (guint i = 0; ok && i < editions->len; i++)
		ok = publish_edition(run, editions, i, error);
	ok = ok && copy_asset(run, "style.css", "assets/style.css", error)
	     && write_404(run, error)
	     && site_write(run->site, ".nojekyll", "", 0, error);
	g_ptr_array_free(editions, TRUE);
	if (!ok) {
		site_abort(run->site);
		return false;
	}
	ok = site_commit(run->site, error);
	run->site = NULL;
	if (ok)
		progress(run, "done", run->opt->out_dir);
	return ok;
}

/* The stages after loading that need no rendering, as generation runs
 * them, so --check refuses what generation refuses. */
static bool check_stages(const Edition *e, GError **error)
{
	Performance *perf = model_run(e, error);
	Costs *costs = perf ? cost_run(perf, error) : NULL;
	Recommendations *recs = costs ? recommend_run(costs) : NULL;
	bool ok = recs != NULL;
	recommendations_free(recs);
	costs_free(costs);
	performance_free(perf);
	return ok;
}

static bool check(Run *run, GError **error)
{
	GPtrArray *editions = find_editions(run->opt->data_dir, error);
	if (!editions)
		return false;
	bool ok = true;
	for (guint i = 0; ok && i < editions->len; i++) {
		Edition *e = edition_load(editions->pdata[i], error);
		ok = e != NULL && check_stages(e, error);
		if (ok)
			printf("%s: %zu GPUs, %zu prices, %zu benchmarks, "
			       "%zu cloud offers, %zu use cases, %zu sources; "
			       "data as of %s\n",
			       (char *)editions->pdata[i], e->n_gpus,
			       e->n_prices, e->n_benchmarks, e->n_cloud,
			       e->n_use_cases, edition_count_sources(e),
			       e->data_date);
		edition_free(e);
	}
	g_ptr_array_free(editions, TRUE);
	return ok;
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
	     "Template language folder (default: en)", "LANG"},
	    {"base-url", 'b', 0, G_OPTION_ARG_STRING, &o->base_url,
	     "Where the site will be published, for link previews "
	     "(og:image); links stay relative", "URL"},
	    {"check", 'c', 0, G_OPTION_ARG_NONE, &o->check,
	     "Validate the data and print counts; write nothing", NULL},
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
}

/* Releases library caches so leak checkers see a clean exit. */
static void teardown(void)
{
	markdown_shutdown();
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
	set_default(&o.lang, "en");

	Run run = {.opt = &o, .stage_start = g_get_monotonic_time()};
	GError *error = NULL;
	bool ok;
	if (!gg_check_source_date_epoch(&error)) {
		ok = false;
	} else if (o.check) {
		ok = check(&run, &error);
	} else {
		markdown_init();
		char *strings_path = g_build_filename(o.templates_dir, o.lang,
		                                      "strings.csv", NULL);
		run.strings = lang_load(strings_path, &error);
		g_free(strings_path);
		ok = run.strings
		     && fonts_check(lang_get(run.strings, "font.family"), &error)
		     && generate(&run, &error);
		lang_free(run.strings);
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
	free_options(&o);
	return status;
}
