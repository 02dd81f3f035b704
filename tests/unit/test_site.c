/* The site branch: readable Markdown, tables, the social card. */
#include "unit.h"

#include "html_minify.h"
#include "html_table.h"
#include "markdown.h"
#include "social_card.h"

#include <stdlib.h>
#include <string.h>

static char *html_of(const char *md)
{
	cmark_node *doc = markdown_parse(md);
	char *html = cmark_render_html(doc, CMARK_OPT_UNSAFE,
	                               markdown_extensions());
	cmark_node_free(doc);
	char *copy = g_strdup(html);
	free(html);
	return copy;
}

/* markdown_readable(in) is want and renders as in does; the tree
 * markdown_readable_parsed gives with it renders so too. */
static void expect_readable(const char *in, const char *want)
{
	char *out = markdown_readable(in);
	CHECK_STR(out, want);
	char *a = html_of(in), *b = html_of(out);
	CHECK_STR(b, a);
	cmark_node *doc = NULL;
	char *again = markdown_readable_parsed(in, &doc);
	CHECK_STR(again, want);
	CHECK(doc != NULL);
	if (doc) {
		char *html = cmark_render_html(doc, CMARK_OPT_UNSAFE,
		                               markdown_extensions());
		CHECK_STR(html, a);
		free(html);
		cmark_node_free(doc);
	}
	g_free(again);
	g_free(a);
	g_free(b);
	g_free(out);
}

static void test_readable(void)
{
	markdown_init();
	expect_readable("A system for \\$2\\,500\\.", "A system for $2,500.");
	/* an ordered list marker, a bullet and a heading keep theirs */
	expect_readable("1\\. not a list", "1\\. not a list");
	expect_readable("\\- not a bullet, 4\\.5 GB", "\\- not a bullet, 4.5 GB");
	/* a URL in text stays text: one backslash stops the autolink */
	expect_readable("see https\\:\\/\\/example.org\\/a",
	                "see https\\://example.org/a");
	/* in a link's destination nothing is needed */
	expect_readable("[x](https\\:\\/\\/example.org\\/a\\_b)",
	                "[x](https://example.org/a_b)");
	expect_readable("a \\*b\\* and \\[c\\](d) and a\\_b\\_c",
	                "a \\*b\\* and \\[c\\](d) and a_b_c");
	expect_readable("| a\\|b | c\\: d |\n| --- | --- |\n| 1 | 2 |",
	                "| a\\|b | c: d |\n| --- | --- |\n| 1 | 2 |");
	/* a backslash inside code is text, not an escape: it stays */
	expect_readable("`a\\$b` and \\$", "`a\\$b` and $");
	/* nothing to change; and a line whose escapes must go one by one
	 * (the tree then is the final text's) */
	expect_readable("plain text", "plain text");
	expect_readable("\\$1 and 2\\. x\n\n3\\. y",
	                "$1 and 2. x\n\n3\\. y");
}

static void test_table_html(void)
{
	cmark_node *doc = markdown_parse(
	    "| # | GPU | Price |\n| ---: | --- | ---: |\n| 1 | RTX 4090 | $1 |\n");
	HtmlTable o = {.caption = "Prices & more", .number = 3, .cards = true};
	char *html = html_table(cmark_node_first_child(doc), &o);
	CHECK(strstr(html, "<caption id=\"t3\">Prices &amp; more</caption>")
	      != NULL);
	CHECK(strstr(html, "aria-labelledby=\"t3\" tabindex=\"0\"") != NULL);
	/* alignment: one class per aligned column on the table */
	CHECK(strstr(html, "<table class=\"r1 r3\">") != NULL);
	/* optional end tags (</th>, </td>, </tr>) are left out */
	CHECK(strstr(html, "<thead><tr><th scope=\"col\">#<th scope=\"col\">"
	                   "GPU<th scope=\"col\">Price</thead>") != NULL);
	/* the row is named by its first text column, not by the rank; the
	 * row header needs no card label */
	CHECK(strstr(html, "<tbody><tr><td data-label=\"#\">1"
	                   "<th scope=\"row\">RTX 4090"
	                   "<td data-label=\"Price\">$1</tbody>") != NULL);
	CHECK(strstr(html, "</td>") == NULL && strstr(html, "</tr>") == NULL);
	g_free(html);
	cmark_node_free(doc);
}

static void test_social_card(void)
{
	GByteArray *png = social_card_png("Which GPU?", "Edition", "Pick",
	                                  "DejaVu Sans");
	CHECK(png->len > 24 && memcmp(png->data, "\x89PNG", 4) == 0);
	/* IHDR: width and height, big-endian, at bytes 16 and 20 */
	unsigned w = (unsigned)png->data[16] << 24 | png->data[17] << 16
	             | png->data[18] << 8 | png->data[19];
	unsigned h = (unsigned)png->data[20] << 24 | png->data[21] << 16
	             | png->data[22] << 8 | png->data[23];
	CHECK(w == SOCIAL_CARD_WIDTH && h == SOCIAL_CARD_HEIGHT);
	CHECK(w == 1200 && h == 630);
	g_byte_array_unref(png);
}

/* Long tables name a source by its number in the page's list of sources;
 * the list numbers its rows; a name two rows share stays written out. */
static void test_source_refs(void)
{
	cmark_node *doc = markdown_parse(
	    "| Source | Date |\n| --- | --- |\n| [A](https://a.example) | 1 |\n"
	    "| B | 2 |\n| B | 3 |\n");
	cmark_node *list_node = cmark_node_first_child(doc);
	GHashTable *list = html_source_list(list_node, "Source");
	CHECK(list != NULL && g_hash_table_size(list) == 2);
	CHECK(GPOINTER_TO_UINT(g_hash_table_lookup(list, "A")) == 1);
	CHECK(GPOINTER_TO_UINT(g_hash_table_lookup(list, "B")) == 0);
	HtmlTable lo = {.caption = "Sources", .number = 1, .sources = list,
	                .source_header = "Source"};
	char *html = html_table(list_node, &lo);
	CHECK(strstr(html, "<th scope=\"row\" id=\"src1\">[1] <a href=") != NULL);
	CHECK(strstr(html, "id=\"src3\">[3] B") != NULL);
	g_free(html);
	GString *md = g_string_new("| Key | Source |\n| --- | --- |\n");
	for (int i = 0; i < 6; i++)
		g_string_append(md, i ? "| k | B |\n" : "| k | A |\n");
	cmark_node *doc2 = markdown_parse(md->str);
	HtmlTable o = {.caption = "Keys", .number = 2, .sources = list,
	               .source_header = "Source", .sources_page = "ref.html"};
	html = html_table(cmark_node_first_child(doc2), &o);
	CHECK(strstr(html, "<td><a href=\"ref.html#src1\">[1]</a>") != NULL);
	CHECK(strstr(html, "<td>B") != NULL);
	g_free(html);
	/* a short table keeps its sources written out */
	cmark_node *doc3 = markdown_parse(
	    "| Key | Source |\n| --- | --- |\n| k | A |\n");
	html = html_table(cmark_node_first_child(doc3), &o);
	CHECK(strstr(html, "<td>A") != NULL && strstr(html, "src1") == NULL);
	CHECK(html_source_list(cmark_node_first_child(doc3), "Source") == NULL);
	g_free(html);
	g_string_free(md, TRUE);
	g_hash_table_destroy(list);
	cmark_node_free(doc);
	cmark_node_free(doc2);
	cmark_node_free(doc3);
}

/* The served stylesheet and script: comments and indentation go,
 * strings stay as written. */
static void test_minify(void)
{
	char *css = html_minify_css(
	    "/* note */\na , b > c {\n  color: red ;\n  content: \" a  ;  b \";\n}\n"
	    "@media (max-width: 10px) {\n  .x :is(p, q) { margin: 0 1px; }\n}\n");
	CHECK(strcmp(css, "a,b>c{color:red;content:\" a  ;  b \"}\n"
	                  "@media (max-width:10px){.x :is(p,q){margin:0 1px}}\n")
	      == 0);
	g_free(css);
	char *js = html_minify_js("/* head\n * more */\n(() => {\n  var s = '  x  ';\n\n"
	                          "  // keep\n})();\n");
	CHECK(strcmp(js, "(() => {\nvar s = '  x  ';\n// keep\n})();\n") == 0);
	g_free(js);
}

void test_site(void)
{
	test_readable();
	test_table_html();
	test_source_refs();
	test_minify();
	test_social_card();
}
