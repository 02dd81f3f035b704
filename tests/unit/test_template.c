/* Template expansion and Markdown escaping. */
#include "unit.h"
#include "template.h"

#include <glib/gstdio.h>

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
	             "'{{ days }}': expected {{name}}, {{table:name}}, "
	             "{{chart:name}} or {{section:name}}");
	expect_error(v, "{{graph:days}}", "g.md:1:1: unknown placeholder kind "
	             "(use table:, chart: or section:) '{{graph:days}}'");
	expect_error(v, "{{section:qa}}", "g.md:1:1: '{{section:qa}}': "
	             "sections cannot be nested and only the guide template "
	             "has them");
	values_free(v);
}

static void write(const char *dir, const char *name, const char *text)
{
	char *path = g_build_filename(dir, name, NULL);
	CHECK(g_file_set_contents(path, text, -1, NULL));
	g_free(path);
}

/* {{section:NAME}}: the edition's file, else the shared one, expanded
 * with the same values; a missing one, or an error inside one, names
 * the right file, line and column. */
void test_template_sections(void)
{
	char *root = g_dir_make_tmp("gg-sections-XXXXXX", NULL);
	CHECK(root != NULL);
	if (!root)
		return;
	char *ed = g_build_filename(root, "editions", NULL);
	char *sh = g_build_filename(root, "sections", NULL);
	g_mkdir(ed, 0700);
	g_mkdir(sh, 0700);
	write(sh, "qa.md", "Shared {{days}}.\n");
	write(ed, "qa.md", "Edition {{days}}.\n");
	write(sh, "llm.md", "");
	write(sh, "bad.md", "ok\n  {{nope}}\n");
	write(sh, "nested.md", "{{section:qa}}\n");
	Values *v = values_new();
	values_set_scalar(v, "days", g_strdup("293"));
	const char *both[] = {ed, sh, NULL};
	const char *shared[] = {sh, NULL};
	GError *error = NULL;
	char *out = template_expand_sections(
	    "g.md", "A\n{{section:qa}}\n{{section:llm}}B {{days}}\n", v, root, both, &error);
	CHECK_STR(out, "A\nEdition 293.\n\nB 293\n");
	g_free(out);
	out = template_expand_sections(
	    "g.md", "{{section:qa}}", v, root, shared,
	                               &error);
	CHECK_STR(out, "Shared 293.\n");
	g_free(out);
	CHECK(error == NULL);

	out = template_expand_sections(
	    "g.md", "x\n {{section:gone}}", v, root, both, &error);
	CHECK(out == NULL);
	char *want = g_strdup_printf(
	    "g.md:2:2: no file for '{{section:gone}}': neither "
	    "%s/gone.md or %s/gone.md exists", ed, sh);
	CHECK_STR(error ? error->message : NULL, want);
	g_free(want);
	g_clear_error(&error);

	out = template_expand_sections(
	    "g.md", "{{section:bad}}", v, root, both,
	                               &error);
	want = g_strdup_printf("%s/bad.md:2:3: unknown value '{{nope}}'", sh);
	CHECK(out == NULL);
	CHECK_STR(error ? error->message : NULL, want);
	g_free(want);
	g_clear_error(&error);

	out = template_expand_sections(
	    "g.md", "{{section:nested}}", v, root, both,
	                               &error);
	want = g_strdup_printf("%s/nested.md:1:1: '{{section:qa}}': sections "
	                       "cannot be nested and only the guide template "
	                       "has them", sh);
	CHECK(out == NULL);
	CHECK_STR(error ? error->message : NULL, want);
	g_free(want);
	g_clear_error(&error);
	values_free(v);
	const char *files[] = {"qa.md", "llm.md", "bad.md", "nested.md"};
	for (size_t i = 0; i < G_N_ELEMENTS(files); i++) {
		char *a = g_build_filename(sh, files[i], NULL);
		g_remove(a);
		g_free(a);
	}
	char *a = g_build_filename(ed, "qa.md", NULL);
	g_remove(a);
	g_free(a);
	g_rmdir(ed);
	g_rmdir(sh);
	g_rmdir(root);
	g_free(ed);
	g_free(sh);
	g_free(root);
}
