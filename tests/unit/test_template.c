/* Template expansion and Markdown escaping. */
#include "unit.h"
#include "template.h"

static void expect_error(const Values *v, const char *text,
                         const char *message)
{
	GError *error = NULL;
	char *out = template_expand("g.md", text, v, &error);
	CHECK(out == NULL);
	CHECK_STR(error ? error->message : NULL, message);
	g_clear_error(&error);
	g_free(out);
}

void test_template(void)
{
	char *e = md_escape("<b>*x*|y</b>\nz");
	CHECK_STR(e, "\\<b\\>\\*x\\*\\|y\\<\\/b\\> z");
	g_free(e);

	Values *v = values_new();
	values_set_scalar(v, "days", g_strdup("293"));
	values_set_table(v, "t", g_strdup("| a |\n| --- |\n| 1 |\n"));
	GError *error = NULL;
	char *out = template_expand("g.md", "Break-even: {{days}} days.\n{{table:t}}",
	                            v, &error);
	CHECK_STR(out, "Break-even: 293 days.\n\n| a |\n| --- |\n| 1 |\n\n");
	g_free(out);

	expect_error(v, "x\n  {{nope}}", "g.md:2:3: unknown value '{{nope}}'");
	expect_error(v, "é {{table:nope}}", "g.md:1:3: unknown table '{{table:nope}}'");
	expect_error(v, "{{chart:nope}}", "g.md:1:1: unknown chart '{{chart:nope}}'");
	expect_error(v, "a {{days", "g.md:1:3: unclosed '{{': a placeholder ends "
	             "with '}}' on the same line");
	expect_error(v, "{{days}} {{ days }}", "g.md:1:10: malformed placeholder "
	             "'{{ days }}': expected {{name}}, {{table:name}} or "
	             "{{chart:name}}");
	expect_error(v, "{{graph:days}}", "g.md:1:1: unknown placeholder kind "
	             "(use table: or chart:) '{{graph:days}}'");
	values_free(v);
}
