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
		char *html = cmark_render_html(c, CMARK_OPT_UNSAFE,
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
		g_string_append(out, "</th>");
		char *text = markdown_plain_text(c);
		g_ptr_array_add(labels, g_markup_escape_text(text, -1));
		g_free(text);
	}
	g_string_append(out, "</tr></thead>\n");
}

static void body_row(GString *out, cmark_node *row, const uint8_t *align,
                     int n, int head, const GPtrArray *labels)
{
	g_string_append(out, "<tr>");
	int i = 0;
	for (cmark_node *c = cmark_node_first_child(row); c;
	     c = cmark_node_next(c), i++) {
		const char *tag = i == head ? "th" : "td";
		g_string_append_printf(out, "<%s%s%s", tag,
		                       i == head ? " scope=\"row\"" : "",
		                       cell_class(align, n, i));
		if (labels && (guint)i < labels->len)
			g_string_append_printf(out, " data-label=\"%s\"",
			                       (char *)labels->pdata[i]);
		g_string_append_c(out, '>');
		cell_content(out, c);
		g_string_append_printf(out, "</%s>", tag);
	}
	g_string_append(out, "</tr>");
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
	bool body = false;
	for (cmark_node *row = first; row; row = cmark_node_next(row)) {
		if (cmark_gfm_extensions_get_table_row_is_header(row)) {
			header_row(out, row, align, n, labels);
			continue;
		}
		if (!body)
			g_string_append(out, "<tbody>");
		body = true;
		body_row(out, row, align, n, head, o->cards ? labels : NULL);
	}
	if (body)
		g_string_append(out, "</tbody>");
	g_string_append(out, "</table></div>\n");
	g_ptr_array_unref(labels);
	return g_string_free(out, FALSE);
}
