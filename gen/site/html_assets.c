/* HTML back-end, what the edition pages share: the picker's words per
 * language and, once, the stylesheet, the scripts (picker.js and the
 * LLM calculator it loads, calc.js with calc.css; served without
 * comments and indentation: html_minify.h) and the icon; the links
 * between editions.  See html.h. */
#include "html.h"

#include "html_minify.h"
#include "paths.h"
#include "table.h"
#include "template.h"
#include "validate.h"

#include <string.h>

static void add_picker_string(const char *key, const char *value,
                              void *json)
{
	static const char *const prefixes[] = {"picker.", "calc.", "use_case.",
	                                       "tie.rule.", "none.",
	                                       "format.used_build",
	                                       "format.build_name"};
	bool wanted = false;
	for (size_t i = 0; i < G_N_ELEMENTS(prefixes); i++)
		wanted = wanted || g_str_has_prefix(key, prefixes[i]);
	if (!wanted)
		return;
	GString *s = json;
	g_string_append(s, s->len > strlen("window.gpuguideWords = {") ? ",\n" : "\n");
	table_json_string(s, key);
	g_string_append_c(s, ':');
	table_json_string(s, value);
}

/* The picker's words in one language (picker.*, the calculator's calc.*,
 * use_case.* and the build name patterns) as a script assigning window.gpuguideWords, which
 * assets/picker.js loads with the data (data/picker-data.js) when the
 * reader opens the picker: a script file runs from disk too (file://),
 * where fetch() is refused. */
static char *picker_words(const Lang *strings)
{
	GString *json = g_string_new("window.gpuguideWords = {");
	lang_foreach(strings, add_picker_string, json);
	g_string_append(json, "\n};\n");
	return g_string_free(json, FALSE);
}

/* The site's icon: three bars of a chart, no text (no font needed). */
static const char FAVICON_SVG[] =
    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 32 32\">"
    "<rect width=\"32\" height=\"32\" rx=\"6\" fill=\"#0b5cad\"/>"
    "<path fill=\"#fff\" d=\"M7 22h5v4H7zM14 14h5v12h-5zM21 6h5v20h-5z\"/>"
    "</svg>\n";

/* templates/NAME as assets/NAME, without what the browser ignores. */
static bool write_minified(const PublishConfig *config, const char *name,
                           char *(*minify)(const char *), Site *site,
                           GError **error)
{
	char *path = g_build_filename(config->templates_dir, name, NULL);
	char *text = template_load(path, error);
	char *small = text ? minify(text) : NULL;
	char *dest = g_strdup_printf("assets/%s", name);
	bool ok = small && site_write(site, dest, small, strlen(small), error);
	g_free(dest);
	g_free(small);
	g_free(text);
	g_free(path);
	return ok;
}

bool html_write_assets(const PublishConfig *config, Site *site,
                       GError **error)
{
	char *words = picker_words(config->strings);
	char *words_path = g_strdup_printf("assets/words-%s.js",
	                                   config->lang);
	bool ok = site_write(site, words_path, words, strlen(words), error);
	g_free(words_path);
	g_free(words);
	if (!ok || *config->lang_folder)
		return ok; /* the rest is shared by every language */
	return write_minified(config, "style.css", html_minify_css, site, error)
	       && write_minified(config, "picker.js", html_minify_js, site,
	                         error)
	       && write_minified(config, "calc.js", html_minify_js, site,
	                         error)
	       && write_minified(config, "calc.css", html_minify_css, site,
	                         error)
	       && site_write(site, "assets/favicon.svg", FAVICON_SVG,
	                     strlen(FAVICON_SVG), error);
}

char *html_editions_nav(const char *const *names, size_t n, size_t self,
                        const char *current_label)
{
	GString *s = g_string_new(NULL);
	const char *up = self == 0 ? "" : "../";
	for (size_t i = 0; i < n; i++) {
		if (i == self)
			continue;
		char *seg = gg_url_segment(names[i]);
		char *prefix = i == 0 ? g_strdup(up)
		                      : g_strdup_printf("%s%s/", up, seg);
		char *url = paths_page(prefix, "index.html");
		char *href = gg_attr_escape(url);
		g_free(url);
		g_free(seg);
		char *label = g_markup_escape_text(
		    i == 0 && current_label ? current_label : names[i], -1);
		g_string_append_printf(s, "<a href=\"%s\">%s</a> ", href,
		                       label);
		g_free(prefix);
		g_free(href);
		g_free(label);
	}
	return g_string_free(s, FALSE);
}
