/* Unit tests of validate.c and the hostile-text helpers of util.c and
 * template.c (issue 16). */
#include "unit.h"

#include "chart.h"
#include "chart_render.h"
#include "template.h"
#include "util.h"
#include "validate.h"

#include <glib.h>

static bool name_ok(const char *name)
{
	const char *why = NULL;
	bool ok = gg_edition_name_ok(name, &why);
	return ok || why == NULL; /* a refusal always says why */
}

static bool url_ok(const char *url)
{
	const char *why = NULL;
	return gg_base_url_ok(url, &why);
}

static char *own(char *s)
{
	static char *last;
	g_free(last);
	last = s;
	return s;
}

static void test_names_and_urls(void)
{
	CHECK(name_ok("2020-09"));
	CHECK(name_ok("current"));
	CHECK(name_ok("ed_2"));
	CHECK(!name_ok(".hidden"));
	CHECK(!name_ok("index.html"));
	CHECK(!name_ok("a b#c?d"));
	CHECK(!name_ok("x\" onmouseover=\"alert(1)"));
	CHECK(!name_ok(""));
	CHECK(!name_ok("charts"));
	CHECK(!name_ok("-x"));
	char long_name[66];
	memset(long_name, 'e', 65);
	long_name[65] = '\0';
	CHECK(!name_ok(long_name));

	CHECK(url_ok("https://example.org/guide/"));
	CHECK(url_ok("http://localhost:8000"));
	CHECK(url_ok("https://example.org/a&b/"));
	CHECK(!url_ok("https://x/\"><script>"));
	CHECK(!url_ok("https://"));
	CHECK(!url_ok("https:///path"));
	CHECK(!url_ok("ftp://example.org/"));
	CHECK(!url_ok("https://user@example.org/"));
	CHECK(!url_ok("https://example.org/?q"));
	CHECK(!url_ok("https://example.org/#top"));
	CHECK(!url_ok("https://exa mple.org/"));
	CHECK(!url_ok("javascript:alert(1)"));

	CHECK_STR(own(gg_url_segment("a b#c?d")), "a%20b%23c%3Fd");
	CHECK_STR(own(gg_url_segment("2020-09")), "2020-09");
	CHECK_STR(own(gg_attr_escape("a\"b'<c>&")),
	          "a&quot;b&apos;&lt;c&gt;&amp;");
	CHECK_STR(own(gg_name_stem("RTX 3090")), "rtx-3090");
	CHECK_STR(own(gg_name_stem("RTX-3090")), "rtx-3090");
	CHECK_STR(own(gg_name_stem("\xD0\xA0\xD0\xB0")), "");
	own(NULL);
}

static bool text_ok(const char *text, size_t n, const char *fragment)
{
	GError *error = NULL;
	bool ok = gg_check_text("t.csv", text, n, &error);
	bool match = ok ? fragment == NULL
	                : fragment && strstr(error->message, fragment);
	g_clear_error(&error);
	return match;
}

static void test_text(void)
{
	CHECK(text_ok("a,b\n\tc\r\n", 8, NULL));
	CHECK(text_ok("\xEF\xBB\xBF" "a", 4, NULL));
	CHECK(text_ok("a\x01" "b", 3, "t.csv:1:2: control character U+0001"));
	CHECK(text_ok("a\nb\x1b[31m", 8, "t.csv:2:2: control character U+001B"));
	CHECK(text_ok("a\n\xEF\xBB\xBF", 5, "t.csv:2:1: byte order mark"));
	CHECK(text_ok("x\xC2\x85", 3, "control character U+0085"));
	CHECK(text_ok("a\0b", 3, "t.csv:1:2: NUL byte"));
	CHECK(text_ok("\xC0\xBC", 2, "t.csv:1:1: not valid UTF-8"));
	CHECK_STR(own(gg_visible("a\x1b[1m\tb\xEF\xBB\xBF\xFF")),
	          "a\\x1B[1m\\tb\\u{FEFF}\\xFF");
	own(NULL);

	GError *error = NULL;
	CHECK(!template_check("layout.html", "<p>x</p>", 8, &error));
	CHECK(error && strstr(error->message, "no {{content}}"));
	g_clear_error(&error);
	CHECK(!template_check("guide.md", " \n\t\n", 4, &error));
	CHECK(error && strstr(error->message, "guide.md:1:1: empty template"));
	g_clear_error(&error);
	CHECK(template_check("layout.html", "{{content}}", 11, &error));
	CHECK(!template_check("guide.md", "# A\0B", 5, &error));
	g_clear_error(&error);

	int v = 0;
	CHECK(gg_double_to_int(42.9, 0, 100, &v) && v == 42);
	CHECK(!gg_double_to_int(1e308, 0, 100, &v));
	CHECK(!gg_double_to_int(-1, 0, 100, &v));
	CHECK(!gg_double_to_int(NAN, 0, 100, &v));
}

/* gg_check_text as it was written first, one character at a time: the
 * reference its byte scan must agree with (message and position). */
static bool invisible_char(gunichar c)
{
	return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F
	       || (c >= 0x80 && c <= 0x9F) || c == 0xFEFF || c == 0x2028
	       || c == 0x2029;
}

static char *reference_check(const char *text, size_t n)
{
	const char *bad = memchr(text, '\0', n), *end = NULL;
	const char *what = "NUL byte";
	gunichar c = 0;
	if (!bad && !g_utf8_validate(text, (gssize)n, &end)) {
		bad = end;
		what = "not valid UTF-8";
	} else if (!bad) {
		for (const char *p = text; p < text + n && !bad;
		     p = g_utf8_next_char(p)) {
			c = g_utf8_get_char(p);
			if (invisible_char(c) && !(c == 0xFEFF && p == text)) {
				bad = p;
				what = c == 0xFEFF ? "byte order mark" : "control";
			}
		}
	}
	if (!bad)
		return NULL;
	int line = 1, col = 1;
	for (const char *p = text; p < bad; p++) {
		if (*p == '\n' || (*p == '\r' && p[1] != '\n')) {
			line++;
			col = 1;
		} else if (((unsigned char)*p & 0xC0) != 0x80) {
			col++;
		}
	}
	return g_strdup_printf("t.csv:%d:%d: %s", line, col, what);
}

/* Random texts of characters at the edges of the ranges that matter
 * (controls, C1, the BOM, U+2028/9, surrogates' neighbours, 4-byte
 * characters), now and then a byte changed or the last one cut off. */
static void test_text_reference(void)
{
	static const gunichar edges[] = {
	    'a', ' ', '\n', '\r', '\t', 0x01, 0x1F, 0x7E, 0x7F, 0x80, 0x9F,
	    0xA0, 0x7FF, 0x800, 0x2027, 0x2028, 0x2029, 0xD7FF, 0xE000,
	    0xFEFF, 0xFFFF, 0x10000, 0x10FFFF, 0x4E2D};
	GRand *rand = g_rand_new_with_seed(44);
	int differ = 0;
	for (int i = 0; i < 200000; i++) {
		char text[200];
		size_t n = 0;
		for (int k = g_rand_int_range(rand, 0, 30); k > 0; k--) {
			gunichar c = g_rand_boolean(rand)
			                 ? (gunichar)g_rand_int_range(rand, 'a', 'z')
			                 : edges[g_rand_int_range(
			                       rand, 0, G_N_ELEMENTS(edges))];
			n += (size_t)g_unichar_to_utf8(c, text + n);
		}
		if (n && g_rand_int_range(rand, 0, 4) == 0)
			text[g_rand_int_range(rand, 0, (gint32)n)] =
			    (char)g_rand_int_range(rand, 0, 256);
		if (n && g_rand_int_range(rand, 0, 8) == 0)
			n--;
		GError *error = NULL;
		char *want = reference_check(text, n);
		bool ok = gg_check_text("t.csv", text, n, &error);
		if (ok != !want
		    || (want && !g_str_has_prefix(error->message, want)))
			differ++;
		g_clear_error(&error);
		g_free(want);
	}
	g_rand_free(rand);
	CHECK(differ == 0);
}

static Chart *bars_chart(size_t n)
{
	Chart *c = chart_new(CHART_BARS, "cap");
	c->title = g_strdup("Cap");
	for (size_t i = 0; i < n; i++)
		chart_add_bar(c, (ChartBar){
		    .label = g_strdup_printf("GPU %zu", i),
		    .value = (double)(n - i),
		    .value_text = g_strdup_printf("%zu", n - i)});
	return c;
}

/* A bar chart draws at most CHART_MAX_BARS bars (issue 16, class 8). */
static void test_bar_cap(void)
{
	Chart *cap = bars_chart(CHART_MAX_BARS);
	Chart *more = bars_chart(CHART_MAX_BARS + 40);
	Chart *fewer = bars_chart(CHART_MAX_BARS - 10);
	double h_cap = chart_height(cap, CHART_WIDTH);
	CHECK(chart_height(more, CHART_WIDTH) == h_cap);
	CHECK(chart_height(fewer, CHART_WIDTH) < h_cap);
	chart_free(cap);
	chart_free(more);
	chart_free(fewer);
}

void test_validate(void)
{
	test_bar_cap();
	test_names_and_urls();
	test_text();
	test_text_reference();
}
