/* The site branch: readable Markdown, tables, the social card. */
#include "unit.h"

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

/* markdown_readable(in) is want and renders as in does. */
static void expect_readable(const char *in, const char *want)
{
	char *out = markdown_readable(in);
	CHECK_STR(out, want);
	char *a = html_of(in), *b = html_of(out);
	CHECK_STR(b, a);
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
	CHECK(strstr(html, "<th scope=\"col\">#</th>") != NULL);
	/* the row is named by its first text column, not by the rank */
	CHECK(strstr(html, "<td data-label=\"#\">1</td>") != NULL);
	CHECK(strstr(html, "<th scope=\"row\" data-label=\"GPU\">RTX 4090</th>")
	      != NULL);
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

void test_site(void)
{
	test_readable();
	test_table_html();
	test_social_card();
}
