/* Markdown: cmark-gfm set-up and tree helpers.  See markdown.h. */
#include "markdown.h"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm/registry.h>
#include <string.h>

static cmark_parser *new_parser(void)
{
	cmark_parser *p = cmark_parser_new(CMARK_OPT_SOURCEPOS
	                                   | CMARK_OPT_FOOTNOTES);
	const char *names[] = {"table", "strikethrough", "autolink"};
	for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
		cmark_syntax_extension *ext =
		    cmark_find_syntax_extension(names[i]);
		if (ext)
			cmark_parser_attach_syntax_extension(p, ext);
	}
	return p;
}

static cmark_llist *extensions;

void markdown_init(void)
{
	cmark_gfm_core_extensions_ensure_registered();
	if (!extensions) {
		cmark_parser *p = new_parser();
		/* The list belongs to the parser; keep a copy of the
		 * pointers, the extensions themselves are global. */
		cmark_mem *mem = cmark_get_default_mem_allocator();
		for (cmark_llist *l = cmark_parser_get_syntax_extensions(p); l;
		     l = l->next)
			extensions = cmark_llist_append(mem, extensions,
			                                l->data);
		cmark_parser_free(p);
	}
}

void markdown_shutdown(void)
{
	if (extensions)
		cmark_llist_free(cmark_get_default_mem_allocator(), extensions);
	extensions = NULL;
	cmark_release_plugins();
}

cmark_llist *markdown_extensions(void)
{
	return extensions;
}

cmark_node *markdown_parse(const char *text)
{
	cmark_parser *p = new_parser();
	cmark_parser_feed(p, text, strlen(text));
	cmark_node *doc = cmark_parser_finish(p);
	cmark_parser_free(p);
	return doc;
}

static void plain_text(cmark_node *node, GString *out)
{
	for (cmark_node *c = cmark_node_first_child(node); c;
	     c = cmark_node_next(c)) {
		switch (cmark_node_get_type(c)) {
		case CMARK_NODE_TEXT:
		case CMARK_NODE_CODE:
			g_string_append(out, cmark_node_get_literal(c));
			break;
		case CMARK_NODE_SOFTBREAK:
		case CMARK_NODE_LINEBREAK:
			g_string_append_c(out, ' ');
			break;
		default:
			plain_text(c, out);
		}
	}
}

char *markdown_plain_text(cmark_node *node)
{
	GString *s = g_string_new(NULL);
	plain_text(node, s);
	return g_string_free(s, FALSE);
}

char *markdown_document_title(cmark_node *doc)
{
	for (cmark_node *n = cmark_node_first_child(doc); n;
	     n = cmark_node_next(n))
		if (cmark_node_get_type(n) == CMARK_NODE_HEADING
		    && cmark_node_get_heading_level(n) == 1)
			return markdown_plain_text(n);
	return NULL;
}

char *markdown_slug(const char *text, GHashTable *used)
{
	/* Letters and digits of every script, lower-cased; HTML ids and URL
	 * fragments take UTF-8, so a Chinese heading keeps its words. */
	GString *s = g_string_new(NULL);
	bool dash = false;
	const char *p = g_utf8_validate(text, -1, NULL) ? text : "";
	for (; *p; p = g_utf8_next_char(p)) {
		gunichar ch = g_utf8_get_char(p);
		if (g_unichar_isalnum(ch)) {
			if (dash && s->len)
				g_string_append_c(s, '-');
			g_string_append_unichar(s, g_unichar_tolower(ch));
			dash = false;
		} else {
			dash = true;
		}
	}
	if (!s->len)
		g_string_append(s, "section");
	char *base = g_string_free(s, FALSE);
	char *slug = g_strdup(base);
	for (int n = 2; g_hash_table_contains(used, slug); n++) {
		g_free(slug);
		slug = g_strdup_printf("%s-%d", base, n);
	}
	g_free(base);
	g_hash_table_add(used, g_strdup(slug));
	return slug;
}

bool markdown_is_figure(cmark_node *node)
{
	cmark_node *child = cmark_node_first_child(node);
	return cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH && child
	       && cmark_node_get_type(child) == CMARK_NODE_IMAGE
	       && !cmark_node_next(child);
}

bool markdown_is(cmark_node *node, const char *type_string)
{
	return strcmp(cmark_node_get_type_string(node), type_string) == 0;
}

/* ---- readable Markdown ------------------------------------------------
 * The guide's values are escaped wholesale (every ASCII punctuation mark
 * gets a backslash), which is safe and unreadable.  markdown_readable
 * drops the backslashes Markdown does not need, by rule, and keeps a
 * line's changes only when the whole document still renders to the same
 * HTML (checked for all lines at once, then by halves, and in a line
 * that fails, escape by escape, by halves). */

static bool is_scheme_end(const char *line, const char *at)
{
	/* "https\:" "http\:" "ftp\:" "mailto\:": the colon starts a URL */
	int letters = 0;
	const char *p = at;
	for (; p > line && g_ascii_isalpha(p[-1]); p--)
		letters++;
	/* a link's destination is not text: no autolink there */
	bool destination = p - line >= 2 && p[-2] == ']' && p[-1] == '(';
	return letters >= 3 && !destination;
}

static bool line_start_before(const char *line, const char *at)
{
	for (const char *p = line; p < at; p++)
		if (*p != ' ')
			return false;
	return true;
}

static bool digits_before(const char *line, const char *at)
{
	const char *p = line;
	while (p < at && *p == ' ')
		p++;
	if (p == at)
		return false;
	for (; p < at; p++)
		if (!g_ascii_isdigit(*p))
			return false;
	return true;
}

/* Whether the backslash at `at` (before at[1]) may go. */
static bool escape_needless(const char *line, const char *at)
{
	char x = at[1];
	char before = at > line ? at[-1] : '\0';
	bool spaced = at[2] == ' ' || at[2] == '\t' || at[2] == '\0';
	switch (x) {
	case '$': case ',': case ';': case '%': case '\'': case '"':
	case '?': case '/':
		return true;
	case '=': case '-': case '+':
		return !line_start_before(line, at) || (!spaced && x == '+');
	case '.':
		return !(digits_before(line, at) && spaced)
		       && !(at - line >= 3 && g_str_has_prefix(at - 3, "www")
		            && !(at - line >= 4 && at[-4] == '/'));
	case ')':
		return !(digits_before(line, at) && spaced);
	case '(':
		return before != ']';
	case ':':
		return !(is_scheme_end(line, at)
		         && (at[2] == '/' || (at[2] == '\\' && at[3] == '/')));
	case '_':
		return g_ascii_isalnum(before) && g_ascii_isalnum(at[2]);
	default:
		return false;
	}
}

/* The line without its needless escapes; drop, when not NULL, says for
 * each needless one (in order) whether it goes.  *count: how many the
 * line has. */
static char *readable_line(const char *line, const bool *drop, int *count)
{
	GString *s = g_string_new(NULL);
	int k = 0;
	for (const char *p = line; *p; p++) {
		if (p[0] == '\\' && p[1] && g_ascii_ispunct(p[1])) {
			bool needless = escape_needless(line, p);
			if (!needless || (drop && !drop[k]))
				g_string_append_c(s, *p);
			k += needless;
			g_string_append_c(s, p[1]);
			p++;
			continue;
		}
		g_string_append_c(s, *p);
	}
	if (count)
		*count = k;
	return g_string_free(s, FALSE);
}

/* md's HTML; *doc its parse tree when doc is not NULL (else freed). */
static char *render(const char *md, cmark_node **doc)
{
	cmark_node *tree = markdown_parse(md);
	char *html = cmark_render_html(tree, CMARK_OPT_DEFAULT, extensions);
	if (doc)
		*doc = tree;
	else
		cmark_node_free(tree);
	return html;
}

typedef struct {
	char **lines;    /* what is written: original or readable */
	char **original;
	char **readable;
	const char *html; /* the original's HTML */
	GPtrArray *owned; /* lines made one escape at a time */
	bool keep_next;   /* the next check keeps its tree when it passes */
	cmark_node *doc;  /* that tree: of the text as written */
} Readable;

static bool same_html(Readable *r)
{
	char *md = g_strjoinv("\n", r->lines);
	cmark_node *doc = NULL;
	char *html = render(md, r->keep_next ? &doc : NULL);
	bool same = strcmp(html, r->html) == 0;
	if (doc && same)
		r->doc = doc;
	else if (doc)
		cmark_node_free(doc);
	r->keep_next = false;
	free(html);
	g_free(md);
	return same;
}

static void set_line(Readable *r, guint line, const bool *drop)
{
	char *text = readable_line(r->original[line], drop, NULL);
	g_ptr_array_add(r->owned, text);
	r->lines[line] = text;
}

/* Within one line: drops the needless escapes lo..hi that render the
 * same, by halves. */
static void keep_in_line(Readable *r, guint line, bool *drop, int lo, int hi)
{
	for (int i = lo; i < hi; i++)
		drop[i] = true;
	set_line(r, line, drop);
	if (same_html(r))
		return;
	for (int i = lo; i < hi; i++)
		drop[i] = false;
	set_line(r, line, drop);
	if (hi - lo == 1)
		return;
	keep_in_line(r, line, drop, lo, (lo + hi) / 2);
	keep_in_line(r, line, drop, (lo + hi) / 2, hi);
}

/* Keeps the readable form of the changed lines idx[0..n) that render the
 * same; a line that does not is tried escape by escape. */
static void keep_same(Readable *r, const guint *idx, guint n)
{
	for (guint i = 0; i < n; i++)
		r->lines[idx[i]] = r->readable[idx[i]];
	if (same_html(r))
		return;
	for (guint i = 0; i < n; i++)
		r->lines[idx[i]] = r->original[idx[i]];
	if (n == 1) {
		int count = 0;
		g_free(readable_line(r->original[idx[0]], NULL, &count));
		bool *drop = g_new0(bool, count);
		if (count > 1)
			keep_in_line(r, idx[0], drop, 0, count);
		g_free(drop);
		return;
	}
	keep_same(r, idx, n / 2);
	keep_same(r, idx + n / 2, n - n / 2);
}

char *markdown_readable_parsed(const char *md, cmark_node **doc)
{
	Readable r = {0};
	r.original = g_strsplit(md, "\n", -1);
	guint n = g_strv_length(r.original);
	r.readable = g_new0(char *, n + 1);
	r.lines = g_new0(char *, n + 1);
	r.owned = g_ptr_array_new_with_free_func(g_free);
	GArray *changed = g_array_new(FALSE, FALSE, sizeof(guint));
	for (guint i = 0; i < n; i++) {
		r.readable[i] = readable_line(r.original[i], NULL, NULL);
		r.lines[i] = r.original[i];
		if (strcmp(r.readable[i], r.original[i]) != 0)
			g_array_append_val(changed, i);
	}
	/* the original's tree is the answer when no line changes; else it
	 * goes before the next is made (one tree alive at a time), and the
	 * tree of the first check (every changed line at once) is kept
	 * when it passes, as it usually does */
	cmark_node *original = NULL;
	char *html = render(md, doc && !changed->len ? &original : NULL);
	r.html = html;
	r.keep_next = doc != NULL;
	if (changed->len)
		keep_same(&r, (const guint *)(void *)changed->data,
		          changed->len);
	char *out = g_strjoinv("\n", r.lines);
	if (doc)
		*doc = original ? original
		       : r.doc  ? r.doc
		                : markdown_parse(out);
	else if (r.doc)
		cmark_node_free(r.doc);
	free(html);
	g_array_free(changed, TRUE);
	g_ptr_array_unref(r.owned);
	g_free(r.lines);
	g_strfreev(r.readable);
	g_strfreev(r.original);
	return out;
}

char *markdown_readable(const char *md)
{
	return markdown_readable_parsed(md, NULL);
}
