/* HTML back-end.  See html.h. */
#include "html.h"

#include "html_table.h"
#include "chart_render.h"
#include "markdown.h"
#include "paths.h"
#include "social_card.h"
#include "template.h"
#include "util.h"
#include "validate.h"

#include <stdlib.h>
#include <string.h>

/* A <source> for a chart variant: media, file and its size. */
static void chart_source(GString *out, const char *media, const char *name,
                         ChartFile kind, double width, double height)
{
	char *src = paths_chart("", name, kind);
	char *src_e = g_markup_escape_text(src, -1);
	g_string_append_printf(out,
	                       "<source media=\"%s\" srcset=\"%s\" "
	                       "width=\"%.0f\" height=\"%.0f\">\n",
	                       media, src_e, width, height);
	g_free(src_e);
	g_free(src);
}

/* A <figure> for an image-only paragraph, its caption the image's
 * title.  A chart of charts (NULL: none known) comes in four variants,
 * each with its size so the page does not jump as it loads: laid out
 * for phones below CHART_PHONE_MEDIA, and dark when the reader's system
 * prefers it. */
#define CHART_PHONE_MEDIA "(max-width: 1000px)"
#define CHART_DARK_MEDIA "(prefers-color-scheme: dark)"
static char *figure_html(cmark_node *para, const Values *charts)
{
	cmark_node *img = cmark_node_first_child(para);
	char *alt = markdown_plain_text(img);
	char *alt_e = g_markup_escape_text(alt, -1);
	const char *url = cmark_node_get_url(img);
	char *src_e = g_markup_escape_text(url, -1);
	char *cap_e = g_markup_escape_text(cmark_node_get_title(img), -1);
	char *name = paths_chart_name(url);
	const Chart *chart = name && charts ? values_chart(charts, name) : NULL;
	GString *html = g_string_new("<figure>\n<picture>\n");
	GString *size = g_string_new(NULL);
	if (chart) {
		char *dark = chart_dark_name(name);
		double h = chart_height(chart, CHART_WIDTH);
		double hn = chart_height(chart, CHART_NARROW_WIDTH);
		chart_source(html, CHART_PHONE_MEDIA " and " CHART_DARK_MEDIA,
		             dark, CHART_SVG_NARROW, CHART_NARROW_WIDTH, hn);
		chart_source(html, CHART_PHONE_MEDIA, name, CHART_SVG_NARROW,
		             CHART_NARROW_WIDTH, hn);
		chart_source(html, CHART_DARK_MEDIA, dark, CHART_SVG, CHART_WIDTH,
		             h);
		g_string_printf(size, " width=\"%.0f\" height=\"%.0f\"",
		                CHART_WIDTH, h);
		g_free(dark);
	}
	g_string_append_printf(html,
	                       "<img src=\"%s\"%s alt=\"%s\" loading=\"lazy\">\n"
	                       "</picture>\n<figcaption>%s</figcaption>\n"
	                       "</figure>\n",
	                       src_e, size->str, alt_e, cap_e);
	g_string_free(size, TRUE);
	g_free(name);
	g_free(alt);
	g_free(alt_e);
	g_free(src_e);
	g_free(cap_e);
	return g_string_free(html, FALSE);
}

/* The same section in the other languages: the pages of every language
 * have the same headings in the same order, so heading i of one is
 * heading i of the other, id "S<i>" (upper case, so never a slug).
 * parts holds, per other language, the link's start up to the "#S" and
 * its end after the index.  No script: a plain link per heading. */
static void section_switch(GString *out, const GPtrArray *parts,
                           unsigned index)
{
	for (guint i = 0; parts && i + 1 < parts->len; i += 2)
		g_string_append_printf(out, "%s%u%s",
		                       (char *)parts->pdata[i], index,
		                       (char *)parts->pdata[i + 1]);
}

/* A heading with an id anchor as its first child and links to the same
 * section in the other languages last, raised by up levels (the
 * reference page's sections are level 3 in the guide, 2 on their page);
 * level-2 headings are recorded in toc. */
static char *heading_html(cmark_node *h, GHashTable *used, GString *toc,
                          unsigned index, const GPtrArray *parts, int up,
                          char **slug_out)
{
	char *text = markdown_plain_text(h);
	char *slug = markdown_slug(text, used);
	char *inner = cmark_render_html(h, CMARK_OPT_DEFAULT,
	                                markdown_extensions());
	int level = cmark_node_get_heading_level(h) - up;
	const char *open_end = strchr(inner, '>');
	const char *close = strrchr(inner, '<'); /* </hN> */
	GString *sw = g_string_new(NULL);
	section_switch(sw, parts, index);
	char *html = g_strdup_printf(
	    "<h%d id=\"S%u\"><a class=\"anchor\" id=\"%s\" href=\"#%s\" "
	    "tabindex=\"-1\" aria-hidden=\"true\">#</a>%.*s%s</h%d>\n",
	    level, index, slug, slug, (int)(close - open_end - 1),
	    open_end + 1, sw->str, level);
	g_string_free(sw, TRUE);
	if (level == 2) {
		char *text_e = g_markup_escape_text(text, -1);
		g_string_append_printf(toc, "<li><a href=\"#%s\">%s</a></li>\n",
		                       slug, text_e);
		g_free(text_e);
	}
	free(inner);
	*slug_out = slug;
	g_free(text);
	return html;
}

/* Where content_html is: the heading tables are captioned with, how
 * many tables that section has had, and how many the page. */
typedef struct {
	char *section;      /* plain text of the last heading */
	unsigned level;     /* its level */
	unsigned in_section;
	unsigned tables;
	unsigned h2;        /* level-2 headings so far */
	const Lang *strings;
	GHashTable *sources; /* the guide's list of sources, or NULL */
	const char *sources_page; /* where it is, seen from the guide's page */
	bool on_reference;   /* writing the reference page */
} PageState;

/* A table captioned by its section's heading ("Memory", or "Memory,
 * table 2" for the section's second); the page's first table (the
 * answer) becomes cards on phones, and the picker's place is just
 * before it.  Long tables name their sources by number in the page's
 * list of sources (html_table.h). */
static void table_block(GString *out, cmark_node *n, PageState *st)
{
	st->in_section++;
	st->tables++;
	const char *fmt = st->strings ? lang_get(st->strings,
	                                         "html.table_caption")
	                              : NULL;
	char *num = g_strdup_printf("%u", st->in_section);
	char *caption = st->in_section > 1 && fmt
	                    ? gg_fill2(fmt, st->section ? st->section : "",
	                               num)
	                    : g_strdup(st->section ? st->section : "");
	HtmlTable o = {.caption = caption, .number = st->tables,
	               .cards = st->tables == 1, .sources = st->sources,
	               .source_header = st->strings
	                                    ? lang_get(st->strings,
	                                               "table.source")
	                                    : NULL,
	               .sources_page = st->on_reference ? ""
	                                                : st->sources_page};
	char *html = html_table(n, &o);
	if (st->tables == 1)
		g_string_append(out, "<div id=\"picker\" hidden></div>\n");
	g_string_append(out, html);
	g_free(html);
	g_free(num);
	g_free(caption);
}

static void heading_seen(cmark_node *n, PageState *st)
{
	unsigned level = (unsigned)cmark_node_get_heading_level(n);
	if (level == 2)
		st->h2++;
	if (level > st->level && st->section && level > 2)
		return; /* a sub-heading: tables still belong to the section */
	g_free(st->section);
	st->section = markdown_plain_text(n);
	st->level = level;
	st->in_section = 0;
}

/* The marker (an HTML comment, which print ignores) after which the
 * guide's blocks, up to the next level-1 or level-2 heading, go to the
 * reference page (the long reference tables), keeping the guide's page
 * light; "<!-- html: reference page: KEY -->" leaves the sentence
 * html.reference_link.KEY in the guide instead of html.reference_link. */
#define REFERENCE_MARK "<!-- html: reference page"

static const char *reference_mark(cmark_node *n)
{
	if (cmark_node_get_type(n) != CMARK_NODE_HTML_BLOCK)
		return NULL;
	const char *lit = cmark_node_get_literal(n);
	if (!lit || !g_str_has_prefix(lit, REFERENCE_MARK))
		return NULL;
	lit += strlen(REFERENCE_MARK);
	return *lit == ' ' || *lit == ':' ? lit : NULL;
}

static bool ends_reference(cmark_node *n)
{
	return cmark_node_get_type(n) == CMARK_NODE_HEADING
	       && cmark_node_get_heading_level(n) <= 2;
}

/* The guide's list of sources (html_source_list) and whether it is on
 * the reference page. */
static GHashTable *find_sources(cmark_node *doc, const char *header,
                                bool *on_reference)
{
	bool ref = false;
	for (cmark_node *n = cmark_node_first_child(doc); n;
	     n = cmark_node_next(n)) {
		ref = reference_mark(n) || (ref && !ends_reference(n));
		GHashTable *list = html_source_list(n, header);
		if (list) {
			*on_reference = ref;
			return list;
		}
	}
	return NULL;
}

/* The guide's page and its reference page, each with its table of
 * contents; ref is empty when the guide has no REFERENCE_MARK. */
typedef struct {
	GString *main, *toc, *ref, *ref_toc;
	char *back;  /* the reference page's way back: "index.html#SLUG" */
} PageParts;

/* The sentence in the guide where its reference tables were; mark is
 * the marker's rest, whose ": KEY" (letters and _) names the sentence. */
static void reference_link(GString *out, const Lang *strings,
                           const char *mark)
{
	const char *title = strings ? lang_get(strings, "html.reference_title")
	                            : NULL;
	size_t n = *mark == ':' ? strspn(mark + 1 + strspn(mark + 1, " "),
	                                 "abcdefghijklmnopqrstuvwxyz_")
	                        : 0;
	char *key = g_strdup_printf("html.reference_link%s%.*s", n ? "." : "",
	                            (int)n, mark + 1 + strspn(mark + 1, " "));
	const char *fmt = strings ? lang_get(strings, key) : NULL;
	g_free(key);
	char *title_e = g_markup_escape_text(title ? title : "", -1);
	char *link = g_strdup_printf("<a href=\"" HTML_REFERENCE_PAGE "\">%s</a>",
	                             title_e);
	/* the sentence is a string value: escaped, its {1} slot the link */
	char *fmt_e = g_markup_escape_text(fmt ? fmt : "{1}", -1);
	char *text = gg_fill2(fmt_e, link, "");
	g_string_append_printf(out, "<p>%s</p>\n", text);
	g_free(text);
	g_free(fmt_e);
	g_free(link);
	g_free(title_e);
}

/* The page content, block by block, and its table of contents. */
static void content_html(cmark_node *doc, const GPtrArray *parts,
                         const GPtrArray *ref_parts, const Lang *strings,
                         const Values *charts, PageParts *pp)
{
	GHashTable *used = g_hash_table_new_full(g_str_hash, g_str_equal,
	                                         g_free, NULL);
	pp->main = g_string_new(NULL);
	pp->toc = g_string_new("<ol>\n");
	pp->ref = g_string_new(NULL);
	pp->ref_toc = g_string_new("<ol>\n");
	unsigned headings = 0;
	const char *source_header = strings ? lang_get(strings, "table.source")
	                                    : NULL;
	bool list_on_ref = false;
	PageState st = {.strings = strings,
	                .sources = source_header
	                               ? find_sources(doc, source_header,
	                                              &list_on_ref)
	                               : NULL};
	st.sources_page = list_on_ref ? HTML_REFERENCE_PAGE : "";
	char *h2_slug = NULL;
	for (cmark_node *n = cmark_node_first_child(doc); n;
	     n = cmark_node_next(n)) {
		if (reference_mark(n)) {
			st.on_reference = true;
			reference_link(pp->main, strings, reference_mark(n));
			g_free(pp->back);
			pp->back = g_strdup_printf("index.html#%s",
			                           h2_slug ? h2_slug : "");
			continue;
		}
		if (ends_reference(n))
			st.on_reference = false;
		GString *out = st.on_reference ? pp->ref : pp->main;
		if (markdown_is_figure(n)) {
			char *html = figure_html(n, charts);
			g_string_append(out, html);
			g_free(html);
		} else if (cmark_node_get_type(n) == CMARK_NODE_HEADING) {
			heading_seen(n, &st);
			char *slug = NULL;
			char *html = heading_html(
			    n, used, st.on_reference ? pp->ref_toc : pp->toc,
			    headings++, st.on_reference ? ref_parts : parts,
			    st.on_reference ? 1 : 0, &slug);
			if (cmark_node_get_heading_level(n) == 2) {
				g_free(h2_slug);
				h2_slug = slug;
			} else {
				g_free(slug);
			}
			g_string_append(out, html);
			g_free(html);
		} else if (markdown_is(n, "table")) {
			table_block(out, n, &st);
		} else {
			char *html = cmark_render_html(n, CMARK_OPT_DEFAULT,
			                               markdown_extensions());
			g_string_append(out, html);
			free(html);
		}
	}
	g_free(h2_slug);
	g_free(st.section);
	if (st.sources)
		g_hash_table_destroy(st.sources);
	g_string_append(pp->toc, "</ol>\n");
	g_string_append(pp->ref_toc, "</ol>\n");
	g_hash_table_destroy(used);
}

/* The reference page's content: its title, the way back to the guide's
 * section and the blocks after the guide's REFERENCE_MARK. */
static char *reference_content(const PageParts *pp, const Lang *strings)
{
	const char *title = strings ? lang_get(strings, "html.reference_title")
	                            : NULL;
	const char *back = strings ? lang_get(strings, "html.reference_back")
	                           : NULL;
	char *title_e = g_markup_escape_text(title ? title : "", -1);
	char *back_e = g_markup_escape_text(back ? back : "", -1);
	char *href_e = g_markup_escape_text(pp->back ? pp->back : "", -1);
	char *html = g_strdup_printf("<h1>%s</h1>\n<p><a href=\"%s\">%s</a>"
	                             "</p>\n%s",
	                             title_e, href_e, back_e, pp->ref->str);
	g_free(title_e);
	g_free(back_e);
	g_free(href_e);
	return html;
}

char *html_render_page(cmark_node *doc, const char *layout_path,
                       const char *layout, Values *page,
                       const GPtrArray *section_links, HtmlReference *ref,
                       const Lang *strings, const Values *charts,
                       GError **error)
{
	char *title = markdown_document_title(doc);
	char *title_e = g_markup_escape_text(title ? title : "", -1);
	g_free(title);
	PageParts pp = {0};
	content_html(doc, section_links, ref ? ref->section_links : NULL,
	             strings, charts, &pp);
	bool has_ref = pp.ref->len > 0;
	if (ref)
		ref->html = NULL;
	if (ref && has_ref) {
		const char *name = strings ? lang_get(strings,
		                                      "html.reference_title")
		                           : NULL;
		char *name_e = g_markup_escape_text(name ? name : "", -1);
		values_set_scalar(ref->page, "title",
		                  g_strdup_printf("%s · %s", name_e, title_e));
		g_free(name_e);
		values_set_scalar(ref->page, "toc",
		                  g_string_free(pp.ref_toc, FALSE));
		pp.ref_toc = NULL;
		values_set_scalar(ref->page, "content",
		                  reference_content(&pp, strings));
		ref->html = template_expand(layout_path, layout, ref->page,
		                            error);
	}
	values_set_scalar(page, "title", title_e);
	values_set_scalar(page, "toc", g_string_free(pp.toc, FALSE));
	values_set_scalar(page, "content", g_string_free(pp.main, FALSE));
	if (pp.ref_toc)
		g_string_free(pp.ref_toc, TRUE);
	g_string_free(pp.ref, TRUE);
	g_free(pp.back);
	return ref && has_ref && !ref->html
	           ? NULL
	           : template_expand(layout_path, layout, page, error);
}

static void add_string(const char *key, const char *value, void *page)
{
	char *name = g_strdup_printf("str.%s", key);
	values_set_scalar(page, name, g_markup_escape_text(value, -1));
	g_free(name);
}

Values *html_page_values(const char *lang, const Lang *strings)
{
	Values *page = values_new();
	values_set_scalar(page, "lang", g_strdup(lang));
	lang_foreach(strings, add_string, page);
	return page;
}

/* An address for link previews: absolute under --base-url, else
 * relative to the page. */
static char *preview_url(const EditionResult *r, const char *path)
{
	const char *base = r->config->base_url;
	if (!base)
		return g_strdup(path);
	return g_strdup_printf("%s%s%s%s", base,
	                       g_str_has_suffix(base, "/") ? "" : "/",
	                       r->prefix, path);
}

/* "../" for every folder of prefix: from the page up to the site's top. */
static char *root_of(const char *prefix)
{
	GString *s = g_string_new(NULL);
	for (const char *p = prefix; *p; p++)
		if (*p == '/')
			g_string_append(s, "../");
	return g_string_free(s, FALSE);
}

/* The page name in every other language: <link rel="alternate"> tags
 * for the head (*links), the language switch (return value), each
 * pointing at the same edition's page NAME, and when parts is not NULL
 * the pieces of the per-section links (see section_switch). */
static char *language_links(const PublishConfig *cf, const char *prefix,
                            const char *name, char **links,
                            GPtrArray *parts)
{
	char *root = root_of(prefix);
	const char *edition = prefix + strlen(cf->lang_folder);
	GString *head = g_string_new(NULL);
	GString *sw = g_string_new(NULL);
	for (size_t i = 0; i < cf->n_languages; i++) {
		const SiteLanguage *l = &cf->languages[i];
		char *href = g_strdup_printf("%s%s%s%s", root, l->folder,
		                             edition, name);
		char *href_e = g_markup_escape_text(href, -1);
		char *code_e = g_markup_escape_text(l->code, -1);
		char *name_e = g_markup_escape_text(l->name, -1);
		g_string_append_printf(head, "<link rel=\"alternate\" "
		                       "hreflang=\"%s\" href=\"%s\">\n",
		                       code_e, href_e);
		if (strcmp(l->code, cf->lang) != 0)
			g_string_append_printf(sw, "<a class=\"lang\" "
			                       "hreflang=\"%s\" lang=\"%s\" "
			                       "href=\"%s\">%s</a>", code_e,
			                       code_e, href_e, name_e);
		if (strcmp(l->code, cf->lang) != 0 && parts) {
			g_ptr_array_add(parts, g_strdup_printf(
			    " <a class=\"lang-sec\" lang=\"%s\" "
			    "href=\"%s#S", code_e, href_e));
			g_ptr_array_add(parts, g_strdup_printf("\">%s</a>",
			                                       name_e));
		}
		g_free(href);
		g_free(href_e);
		g_free(code_e);
		g_free(name_e);
	}
	g_free(root);
	*links = g_string_free(head, FALSE);
	return g_string_free(sw, FALSE);
}

/* The edition's title for readers ("The September 2020 edition"), from
 * the guide's value without its Markdown escapes. */
static char *edition_label(const EditionResult *r)
{
	const char *md = values_scalar(r->values, "edition_title");
	GString *s = g_string_new(NULL);
	for (const char *p = md ? md : r->edition->name; *p; p++) {
		if (*p == '\\' && g_ascii_ispunct(p[1]))
			p++;
		g_string_append_c(s, *p);
	}
	char *label = g_markup_escape_text(s->str, -1);
	g_string_free(s, TRUE);
	return label;
}

/* The layout's values of the edition's page name (index.html or
 * reference.html). */
static Values *edition_page_values(const EditionResult *r, const char *name,
                                   GPtrArray *section_links, GError **error)
{
	const PublishConfig *cf = r->config;
	Values *page = html_page_values(cf->lang, cf->strings);
	values_set_scalar(page, "root", root_of(r->prefix));
	values_set_scalar(page, "editions", g_strdup(r->nav));
	char *alternates = NULL;
	values_set_scalar(page, "lang_switch",
	                  language_links(cf, r->prefix, name, &alternates,
	                                 section_links));
	values_set_scalar(page, "alternates", alternates);
	values_set_scalar(page, "edition_title", edition_label(r));
	values_set_scalar(page, "description",
	                  g_markup_escape_text(lang_need(cf->strings,
	                                       "site.description", error), -1));
	values_set_scalar(page, "edition",
	                  g_markup_escape_text(r->edition->name, -1));
	values_set_scalar(page, "data_date",
	                  g_markup_escape_text(r->edition->data_date, -1));
	/* The social card (social_card.c) exists under --base-url only;
	 * without one, previews get the first chart, relative. */
	char *img = cf->base_url ? g_strdup(SOCIAL_CARD_FILE)
	                         : paths_chart("", values_chart_at(
	                                           r->values, 0)->name,
	                                       CHART_PNG);
	char *og = preview_url(r, img);
	values_set_scalar(page, "og_image", gg_attr_escape(og));
	g_free(og);
	g_free(img);
	return page;
}

bool html_write(const EditionResult *r, Site *site, GError **error)
{
	char *layout_path = g_build_filename(r->config->templates_dir,
	                                     "layout.html", NULL);
	GError *err = NULL;
	char *layout = template_load(layout_path, &err);
	bool ok = layout != NULL;
	GPtrArray *parts = g_ptr_array_new_with_free_func(g_free);
	GPtrArray *ref_parts = g_ptr_array_new_with_free_func(g_free);
	Values *page = ok ? edition_page_values(r, "index.html", parts, &err)
	                  : NULL;
	HtmlReference ref = {
	    .page = ok && !err ? edition_page_values(r, HTML_REFERENCE_PAGE,
	                                             ref_parts, &err)
	                       : NULL,
	    .section_links = ref_parts};
	char *html = ok && !err ? html_render_page(r->doc, layout_path, layout,
	                                           page, parts, &ref,
	                                           r->config->strings,
	                                           r->values, &err)
	                        : NULL;
	g_ptr_array_unref(parts);
	g_ptr_array_unref(ref_parts);
	char *path = paths_page(r->prefix, "index.html");
	ok = html && site_write(site, path, html, strlen(html), &err);
	g_free(path);
	path = paths_page(r->prefix, HTML_REFERENCE_PAGE);
	ok = ok && (!ref.html || site_write(site, path, ref.html,
	                                    strlen(ref.html), &err));
	g_free(path);
	g_free(ref.html);
	if (ref.page)
		values_free(ref.page);
	path = paths_page(r->prefix, "guide.md");
	ok = ok && site_write(site, path, r->markdown, strlen(r->markdown),
	                      &err);
	g_free(path);
	ok = ok && social_card_write(r, site, &err);
	if (err)
		g_propagate_error(error, err);
	g_free(html);
	values_free(page);
	g_free(layout);
	g_free(layout_path);
	return ok;
}

bool html_write_404(const PublishConfig *config, Site *site, GError **error)
{
	char *path = g_build_filename(config->templates_dir, "404.html", NULL);
	char *text = template_load(path, error);
	char *html = NULL;
	if (text) {
		Values *page = html_page_values(config->lang, config->strings);
		char *alternates = NULL;
		values_set_scalar(page, "lang_switch",
		                  language_links(config, config->lang_folder,
		                                 "index.html", &alternates,
		                                 NULL));
		g_free(alternates);
		html = template_expand(path, text, page, error);
		values_free(page);
	}
	char *dest = paths_page(config->lang_folder, "404.html");
	bool ok = html && site_write(site, dest, html, strlen(html), error);
	g_free(dest);
	g_free(html);
	g_free(path);
	g_free(text);
	return ok;
}
