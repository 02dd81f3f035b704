/* HTML of one guide table.  See html_table.h. */
#include "html_table.h"

#include "markdown.h"

#include <cmark-gfm-core-extensions.h>
#include <stdlib.h>
#include <string.h>

/* The cell's inline content as HTML. */
static void cell_content(GString *out, cmark_node *cell)
{
	for (cmark_node *c = cmark_node_first_child(cell); c;
	     c = cmark_node_next(c)) {
		char *html = cmark_render_html(c, CMARK_OPT_DEFAULT,
		                               markdown_extensions());
		g_string_append(out, html);
		free(html);
	}
}

/* Alignment is one class on the table per aligned column ("r2 c4":
 * the second column right, the fourth centred; style.css holds the rules
 * up to TABLE_ALIGNED_COLUMNS), not an attribute on each of its cells;
 * a later column's cells carry class "r" or "c" themselves. */
#define TABLE_ALIGNED_COLUMNS 10

/* The cell's own class, for a column past TABLE_ALIGNED_COLUMNS. */
static const char *cell_class(const uint8_t *align, int n, int i)
{
	if (i < TABLE_ALIGNED_COLUMNS || i >= n)
		return "";
	return align[i] == 'r'   ? " class=\"r\""
	       : align[i] == 'c' ? " class=\"c\""
	                         : "";
}

/* Whether text holds a run of PROSE_RUN or more Chinese characters with
 * no space or punctuation between them.  Chinese cells break only
 * between phrases (style.css: word-break: keep-all, so that "（二手）"
 * stays whole); such a run is a sentence, which would hold its column
 * a sentence wide, and so its cell gets class "p" (prose: breaks between
 * any two characters). */
#define PROSE_RUN 12
static bool cjk_prose(const char *text)
{
	int run = 0;
	for (const char *p = text; *p; p = g_utf8_next_char(p)) {
		gunichar ch = g_utf8_get_char(p);
		bool ideograph = ch >= 0x4E00 && ch <= 0x9FFF;
		run = ideograph ? run + 1 : 0;
		if (run >= PROSE_RUN)
			return true;
	}
	return false;
}

/* The class attribute of a body cell: its column's alignment past
 * TABLE_ALIGNED_COLUMNS, and "p" for Chinese prose. */
static void body_cell_class(GString *out, const uint8_t *align, int n,
                            int i, cmark_node *cell)
{
	char *text = markdown_plain_text(cell);
	bool prose = cjk_prose(text);
	g_free(text);
	const char *own = cell_class(align, n, i);
	if (!prose)
		g_string_append(out, own);
	else if (*own) /* " class=\"r\"" */
		g_string_append_printf(out, " class=\"%c p\"", own[8]);
	else
		g_string_append(out, " class=\"p\"");
}

static void align_classes(GString *out, const uint8_t *align, int n)
{
	for (int i = 0; i < n && i < TABLE_ALIGNED_COLUMNS; i++)
		if (align[i] == 'r' || align[i] == 'c')
			g_string_append_printf(out, "%s%c%d",
			                       out->len ? " " : "", align[i],
			                       i + 1);
}

/* The column that names the row: the first left-aligned one (a rank
 * column before it is a number, not a name); 0 when none is. */
static int row_header_column(const uint8_t *align, int n)
{
	for (int i = 0; i < n; i++)
		if (align[i] != 'r' && align[i] != 'c')
			return i;
	return 0;
}

static int count_columns(cmark_node *row)
{
	int n = 0;
	for (cmark_node *c = cmark_node_first_child(row); c;
	     c = cmark_node_next(c))
		n++;
	return n;
}

/* Cells and rows are written without their end tags (</td>, </th>,
 * </tr>), which HTML lets a page omit when the next cell or row, or the
 * end of the row group, follows: the same table in a third fewer bytes
 * (tests/check_site.py knows these implied ends). */
static void header_row(GString *out, cmark_node *row, const uint8_t *align,
                       int n, GPtrArray *labels)
{
	g_string_append(out, "<thead><tr>");
	int i = 0;
	for (cmark_node *c = cmark_node_first_child(row); c;
	     c = cmark_node_next(c), i++) {
		g_string_append_printf(out, "<th scope=\"col\"%s>",
		                       cell_class(align, n, i));
		cell_content(out, c);
		char *text = markdown_plain_text(c);
		g_ptr_array_add(labels, g_markup_escape_text(text, -1));
		g_free(text);
	}
	g_string_append(out, "</thead>\n");
}

/* How a table's rows meet the page's list of sources (HtmlTable). */
typedef struct {
	GHashTable *sources; /* NULL: no reference in this table */
	const char *page;    /* the list's page: "" for this one */
	int column;          /* the Source column, -1: none */
	unsigned row;        /* body rows so far */
} SourceRefs;

/* A Source cell naming one source of the list: its number as a link. */
static bool source_ref(GString *out, const SourceRefs *r, cmark_node *cell)
{
	char *text = markdown_plain_text(cell);
	unsigned num = GPOINTER_TO_UINT(g_hash_table_lookup(r->sources, text));
	g_free(text);
	if (num)
		g_string_append_printf(out, "<a href=\"%s#src%u\">[%u]</a>",
		                       r->page, num, num);
	return num != 0;
}

static void body_row(GString *out, cmark_node *row, const uint8_t *align,
                     int n, int head, const GPtrArray *labels,
                     SourceRefs *refs)
{
	g_string_append(out, "<tr>");
	refs->row++;
	bool list = refs->sources && refs->column == 0;
	int i = 0;
	for (cmark_node *c = cmark_node_first_child(row); c;
	     c = cmark_node_next(c), i++) {
		const char *tag = i == head ? "th" : "td";
		g_string_append_printf(out, "<%s%s", tag,
		                       i == head ? " scope=\"row\"" : "");
		body_cell_class(out, align, n, i, c);
		if (labels && i != head && (guint)i < labels->len)
			g_string_append_printf(out, " data-label=\"%s\"",
			                       (char *)labels->pdata[i]);
		if (list && i == 0)
			g_string_append_printf(out, " id=\"src%u\">[%u] ",
			                       refs->row, refs->row);
		else
			g_string_append_c(out, '>');
		if (list || !refs->sources || i != refs->column
		    || !source_ref(out, refs, c))
			cell_content(out, c);
	}
}

/* The column whose header reads header, or -1. */
static int column_named(cmark_node *header_row, const char *header)
{
	int i = 0;
	for (cmark_node *c = cmark_node_first_child(header_row); c;
	     c = cmark_node_next(c), i++) {
		char *text = markdown_plain_text(c);
		bool same = strcmp(text, header) == 0;
		g_free(text);
		if (same)
			return i;
	}
	return -1;
}

static unsigned count_body_rows(cmark_node *table)
{
	unsigned n = 0;
	for (cmark_node *row = cmark_node_first_child(table); row;
	     row = cmark_node_next(row))
		n += !cmark_gfm_extensions_get_table_row_is_header(row);
	return n;
}

/* Tables shorter than this keep their sources written out. */
#define SOURCE_REF_MIN_ROWS 6

static SourceRefs source_refs(cmark_node *table, const HtmlTable *o)
{
	SourceRefs r = {.column = -1,
	                .page = o->sources_page ? o->sources_page : ""};
	cmark_node *first = cmark_node_first_child(table);
	if (!o->sources || !o->source_header || !first)
		return r;
	r.column = column_named(first, o->source_header);
	if (r.column == 0
	    || (r.column > 0 && count_body_rows(table) >= SOURCE_REF_MIN_ROWS))
		r.sources = o->sources;
	return r;
}

GHashTable *html_source_list(cmark_node *list, const char *header)
{
	if (!markdown_is(list, "table") || !cmark_node_first_child(list)
	    || column_named(cmark_node_first_child(list), header) != 0)
		return NULL;
	GHashTable *map = g_hash_table_new_full(g_str_hash, g_str_equal,
	                                        g_free, NULL);
	unsigned num = 0;
	for (cmark_node *row = cmark_node_first_child(list); row;
	     row = cmark_node_next(row)) {
		if (cmark_gfm_extensions_get_table_row_is_header(row))
			continue;
		char *text = markdown_plain_text(cmark_node_first_child(row));
		num++;
		bool twice = g_hash_table_contains(map, text);
		g_hash_table_insert(map, text,
		                    GUINT_TO_POINTER(twice ? 0 : num));
	}
	return map;
}

char *html_table(cmark_node *table, const HtmlTable *o)
{
	const uint8_t *align = cmark_gfm_extensions_get_table_alignments(table);
	cmark_node *first = cmark_node_first_child(table);
	int n = first ? count_columns(first) : 0;
	uint8_t none[1] = {0};
	if (!align)
		align = none, n = 0;
	int head = row_header_column(align, n);
	char *cap = g_markup_escape_text(o->caption ? o->caption : "", -1);
	GString *classes = g_string_new(NULL);
	align_classes(classes, align, n);
	GString *out = g_string_new(NULL);
	g_string_append_printf(out, "<div class=\"tw%s\" role=\"region\" "
	                       "aria-labelledby=\"t%u\" tabindex=\"0\">"
	                       "<table%s%s%s><caption id=\"t%u\">%s"
	                       "</caption>\n",
	                       o->cards ? " cards" : "", o->number,
	                       classes->len ? " class=\"" : "", classes->str,
	                       classes->len ? "\"" : "", o->number, cap);
	g_string_free(classes, TRUE);
	g_free(cap);
	GPtrArray *labels = g_ptr_array_new_with_free_func(g_free);
	SourceRefs refs = source_refs(table, o);
	bool body = false;
	for (cmark_node *row = first; row; row = cmark_node_next(row)) {
		if (cmark_gfm_extensions_get_table_row_is_header(row)) {
			header_row(out, row, align, n, labels);
			continue;
		}
		if (!body)
			g_string_append(out, "<tbody>");
		body = true;
		body_row(out, row, align, n, head, o->cards ? labels : NULL,
		         &refs);
	}
	if (body)
		g_string_append(out, "</tbody>");
	g_string_append(out, "</table></div>\n");
	g_ptr_array_unref(labels);
	return g_string_free(out, FALSE);
}
