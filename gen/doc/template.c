/* Template stage: placeholder expansion and Markdown escaping.
 * See template.h. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "template.h"

#include "paths.h"
#include "template_markup.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct Values {
	GHashTable *scalars; /* name -> char* */
	GHashTable *tables;  /* name -> char* */
	GPtrArray *charts;   /* Chart*, in order of addition */
};

Values *values_new(void)
{
	Values *v = g_new0(Values, 1);
	v->scalars = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	                                   g_free);
	v->tables = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	                                  g_free);
	v->charts = g_ptr_array_new_with_free_func((GDestroyNotify)chart_free);
	return v;
}

void values_free(Values *v)
{
	if (!v)
		return;
	g_hash_table_destroy(v->scalars);
	g_hash_table_destroy(v->tables);
	g_ptr_array_free(v->charts, TRUE);
	g_free(v);
}

void values_set_scalar(Values *v, const char *name, char *text)
{
	g_hash_table_replace(v->scalars, g_strdup(name), text);
}

void values_set_table(Values *v, const char *name, char *markdown)
{
	g_hash_table_replace(v->tables, g_strdup(name), markdown);
}

void values_drop_tables(Values *v)
{
	g_hash_table_remove_all(v->tables);
}

void values_add_chart(Values *v, Chart *chart)
{
	g_ptr_array_add(v->charts, chart);
}

const char *values_scalar(const Values *v, const char *name)
{
	return g_hash_table_lookup(v->scalars, name);
}

const char *values_table(const Values *v, const char *name)
{
	return g_hash_table_lookup(v->tables, name);
}

const Chart *values_chart(const Values *v, const char *name)
{
	for (guint i = 0; i < v->charts->len; i++) {
		const Chart *c = g_ptr_array_index(v->charts, i);
		if (strcmp(c->name, name) == 0)
			return c;
	}
	return NULL;
}

const Chart *values_chart_at(const Values *v, size_t i)
{
	return g_ptr_array_index(v->charts, i);
}

size_t values_chart_count(const Values *v)
{
	return v->charts->len;
}

char *md_escape(const char *text)
{
	GString *s = g_string_sized_new(strlen(text) + 8);
	for (const char *p = text; *p; p++) {
		if (*p == '\n' || *p == '\r' || *p == '\t') {
			g_string_append_c(s, ' ');
			continue;
		}
		if (g_ascii_ispunct(*p))
			g_string_append_c(s, '\\');
		g_string_append_c(s, *p);
	}
	return g_string_free(s, FALSE);
}

static void table_row(GString *s, const char *const *cells, size_t n)
{
	g_string_append(s, "|");
	for (size_t i = 0; i < n; i++)
		g_string_append_printf(s, " %s |", cells[i]);
	g_string_append(s, "\n");
}

char *md_table(const char *const *header, const char *align, char ***rows,
               size_t n_rows)
{
	size_t n = strlen(align);
	GString *s = g_string_new(NULL);
	table_row(s, header, n);
	g_string_append(s, "|");
	for (size_t i = 0; i < n; i++)
		g_string_append(s, align[i] == 'r'   ? " ---: |"
		                   : align[i] == 'c' ? " :---: |"
		                                     : " --- |");
	g_string_append(s, "\n");
	for (size_t r = 0; r < n_rows; r++)
		table_row(s, (const char *const *)rows[r], n);
	if (n_rows == 0) { /* GFM needs a body row to read as a table */
		g_string_append(s, "|");
		for (size_t i = 0; i < n; i++)
			g_string_append(s, " \xE2\x80\x94 |"); /* em dash */
		g_string_append(s, "\n");
	}
	return g_string_free(s, FALSE);
}

static bool name_char(char c)
{
	return g_ascii_isalnum(c) || c == '_' || c == '-' || c == '.';
}

static char *bars_caption(const Chart *c)
{
	return md_escape(c->caption ? c->caption : c->title);
}

/* Returns the Markdown for the placeholder body (between the braces), or
 * NULL when it names nothing known. */
static char *placeholder(const char *body, const Values *v, const char **why)
{
	const char *colon = strchr(body, ':');
	const char *name = colon ? colon + 1 : body;
	if (!colon) {
		const char *s = values_scalar(v, name);
		*why = "unknown value";
		return s ? g_strdup(s) : NULL;
	}
	size_t kind_len = (size_t)(colon - body);
	if (kind_len == 5 && strncmp(body, "table", 5) == 0) {
		const char *t = values_table(v, name);
		*why = "unknown table";
		return t ? g_strdup_printf("\n%s\n", t) : NULL;
	}
	if (kind_len == 5 && strncmp(body, "chart", 5) == 0) {
		const Chart *c = values_chart(v, name);
		*why = "unknown chart";
		if (!c)
			return NULL;
		char *alt = chart_alt_text(c);
		char *alt_md = md_escape(alt);
		char *caption = bars_caption(c);
		char *src = paths_chart("", c->name, CHART_SVG);
		char *md = g_strdup_printf("![%s](%s \"%s\")", alt_md, src,
		                           caption);
		g_free(src);
		g_free(alt);
		g_free(alt_md);
		g_free(caption);
		return md;
	}
	*why = "unknown placeholder kind (use table:, chart: or "
	       "section:)";
	return NULL;
}

/* Validates the body's characters: name, or kind:name. */
static bool well_formed(const char *body)
{
	int colons = 0;
	if (!*body)
		return false;
	for (const char *p = body; *p; p++) {
		if (*p == ':') {
			if (++colons > 1 || p == body || !p[1])
				return false;
		} else if (!name_char(*p)) {
			return false;
		}
	}
	return true;
}

/* Where {{section:NAME}} files may come from: the folders to look in,
 * and the folder every file must resolve inside (templates/). */
typedef struct {
	const char *root;
	const char *const *dirs;
} Sections;

/* True when path, resolved through every symlink, lies inside root
 * (itself resolved); *resolved gets the resolved path (caller frees). */
static bool inside_root(const char *path, const char *root, char **resolved)
{
	char *real_root = realpath(root, NULL);
	*resolved = realpath(path, NULL);
	size_t n = real_root ? strlen(real_root) : 0;
	bool inside = real_root && *resolved
	              && strncmp(*resolved, real_root, n) == 0
	              && ((*resolved)[n] == '/' || (n == 1 && *real_root == '/'));
	free(real_root);
	return inside;
}

/* The text of section name: the first NAME.md found in the folders of
 * sec (read into *path_out and *text_out), or false with *error at the
 * placeholder, or naming a file that resolves outside sec->root. */
static bool section_file(const char *name, const Sections *sec,
                         const char *path, int line, int col,
                         char **path_out, char **text_out, GError **error)
{
	const char *const *dirs = sec->dirs;
	for (const char *const *d = dirs; *d; d++) {
		char *file = g_strdup_printf("%s.md", name);
		char *candidate = g_build_filename(*d, file, NULL);
		g_free(file);
		char *resolved = NULL;
		bool inside = inside_root(candidate, sec->root, &resolved);
		if (resolved && !inside) {
			gg_set_input_error(error, candidate, 0, 0,
			                   "resolves to %s, outside the templates "
			                   "folder %s; an included file must lie "
			                   "inside it", resolved, sec->root);
			free(resolved);
			g_free(candidate);
			return false;
		}
		free(resolved);
		if (inside) {
			/* the same text rules as every template: UTF-8
			 * (no overlong form, no surrogate), no NUL, no
			 * invisible control character */
			size_t length = 0;
			*path_out = candidate;
			return gg_read_file(candidate, TEMPLATE_MAX_BYTES,
			                    text_out, &length, error)
			       && gg_check_text(candidate, *text_out, length,
			                        error);
		}
		g_free(candidate);
	}
	GString *where = g_string_new(NULL);
	for (const char *const *d = dirs; *d; d++)
		g_string_append_printf(where, "%s%s/%s.md",
		                       where->len ? " or " : "", *d, name);
	gg_set_input_error(error, path, line, col,
	                   "no file for '{{section:%s}}': neither %s exists",
	                   name, where->len ? where->str : "(no folder)");
	g_string_free(where, TRUE);
	return false;
}

static char *expand(const char *path, const char *text, const Values *v,
                    const Sections *sec, GError **error);

/* The expansion of {{section:NAME}}: its file expanded with the values;
 * a section inside a section is an error (dirs NULL). */
static char *section(const char *body, const Values *v,
                     const Sections *sec, const char *path, int line,
                     int col, GError **error)
{
	const char *name = body + strlen("section:");
	if (!sec) {
		gg_set_input_error(error, path, line, col,
		                   "'{{%s}}': sections cannot be nested and "
		                   "only the guide template has them",
		                   body);
		return NULL;
	}
	char *file = NULL, *text = NULL;
	char *md = NULL;
	if (section_file(name, sec, path, line, col, &file, &text, error)
	    && template_markup_check(file, text, error))
		md = expand(file, text, v, NULL, error);
	g_free(file);
	g_free(text);
	return md;
}

static char *expand(const char *path, const char *text, const Values *v,
                    const Sections *sec, GError **error)
{
	GString *out = g_string_sized_new(strlen(text) * 2);
	int line = 1, col = 1;
	const char *p = text;
	while (*p) {
		if (p[0] != '{' || p[1] != '{') {
			if (gg_is_line_end(p)) {
				line++;
				col = 1;
			} else if (((unsigned char)*p & 0xC0) != 0x80) {
				col++;
			}
			g_string_append_c(out, *p++);
			continue;
		}
		const char *close = strstr(p + 2, "}}");
		/* only the stretch up to "}}" needs looking at: a scan to
		 * the end of a long line would make many placeholders on one
		 * line quadratic */
		if (!close || memchr(p + 2, '\n', (size_t)(close - p - 2))
		    || memchr(p + 2, '\r', (size_t)(close - p - 2))) {
			gg_set_input_error(error, path, line, col,
			                   "unclosed '{{': a placeholder ends "
			                   "with '}}' on the same line");
			g_string_free(out, TRUE);
			return NULL;
		}
		char *body = g_strndup(p + 2, (size_t)(close - p - 2));
		const char *why = NULL;
		char *value = NULL;
		if (well_formed(body) && g_str_has_prefix(body, "section:")) {
			value = section(body, v, sec, path, line, col, error);
			if (!value) {
				g_free(body);
				g_string_free(out, TRUE);
				return NULL;
			}
		} else if (well_formed(body)) {
			value = placeholder(body, v, &why);
		}
		if (!value) {
			if (why)
				gg_set_input_error(error, path, line, col,
				                   "%s '{{%s}}'", why, body);
			else
				gg_set_input_error(
				    error, path, line, col,
				    "malformed placeholder '{{%s}}': expected "
				    "{{name}}, {{table:name}}, {{chart:name}} "
				    "or {{section:name}}",
				    body);
			g_free(body);
			g_string_free(out, TRUE);
			return NULL;
		}
		g_string_append(out, value);
		if (out->len > TEMPLATE_MAX_OUTPUT) {
			gg_set_input_error(error, path, line, col,
			                   "the expanded text passes %u bytes "
			                   "here (the limit)", TEMPLATE_MAX_OUTPUT);
			g_free(value);
			g_free(body);
			g_string_free(out, TRUE);
			return NULL;
		}
		col += (int)g_utf8_strlen(p, close + 2 - p);
		p = close + 2;
		g_free(value);
		g_free(body);
	}
	return g_string_free(out, FALSE);
}

bool template_check(const char *path, const char *text, size_t length,
                    GError **error)
{
	if (!gg_check_text(path, text, length, error))
		return false;
	const char *p = text, *end = text + length;
	if (length >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
		p += 3;
	while (p < end && g_ascii_isspace(*p))
		p++;
	if (p == end) {
		gg_set_input_error(error, path, 1, 1,
		                   "empty template: it would publish an empty "
		                   "page");
		return false;
	}
	char *base = g_path_get_basename(path);
	bool layout = strcmp(base, "layout.html") == 0;
	g_free(base);
	/* gg_check_text refused NUL bytes: the text ends at length */
	if (layout && !g_strstr_len(text, (gssize)length, "{{content}}")) {
		gg_set_input_error(error, path, 1, 1,
		                   "the layout has no {{content}} placeholder, "
		                   "so the guide would not appear on the page");
		return false;
	}
	return true;
}

char *template_load(const char *path, GError **error)
{
	char *text = NULL;
	size_t length = 0;
	if (!gg_read_file(path, TEMPLATE_MAX_BYTES, &text, &length, error))
		return NULL;
	if (!template_check(path, text, length, error)) {
		g_free(text);
		return NULL;
	}
	return text;
}

char *template_expand(const char *path, const char *text, const Values *v,
                      GError **error)
{
	return expand(path, text, v, NULL, error);
}

char *template_expand_sections(const char *path, const char *text,
                               const Values *v, const char *root,
                               const char *const *dirs, GError **error)
{
	const Sections sec = {root, dirs};
	if (!template_markup_check(path, text, error))
		return NULL;
	return expand(path, text, v, &sec, error);
}
