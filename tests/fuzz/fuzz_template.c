/* libFuzzer target for the template stage (gen/doc/template.c).
 * One Values (a few scalars and tables, no charts) is built at start-up;
 * each input, NUL-terminated, goes through template_expand and md_escape.
 * Checks (abort on failure):
 *   - template_expand returns text or an error "fuzz.md:...", never both;
 *     text without "{{" comes back unchanged;
 *   - md_escape leaves no ASCII punctuation character without a backslash
 *     before it, and no line break or tab (template.h);
 *   - template_check on the raw bytes (NUL and invalid UTF-8 included)
 *     refuses every input holding a NUL byte, invalid UTF-8 or a control
 *     character, with an error "fuzz.md:L:C: ..."; a layout.html without
 *     "{{content}}" is refused too.
 * Build and run: tests/fuzz/build.sh, tests/fuzz/run.sh SECONDS. */
#include "template.h"

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static Values *g_values;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	Values *v = values_new();
	values_set_scalar(v, "days", g_strdup("293"));
	values_set_scalar(v, "edition", g_strdup("2020-09"));
	values_set_scalar(v, "data_date", g_strdup("2020-09-07"));
	values_set_scalar(v, "gpu_count", g_strdup("4"));
	values_set_scalar(v, "reference_gpu", g_strdup("RTX 3080"));
	values_set_scalar(v, "top_value", g_strdup("RTX 3080"));
	values_set_scalar(v, "assumption.cycles_global", g_strdup("200"));
	values_set_scalar(v, "theory_ratio", g_strdup("1.23"));
	values_set_scalar(v, "empty", g_strdup(""));
	values_set_scalar(v, "braces", g_strdup("{{days}} \xE2\x80\x94 }}{{"));
	const char *const header[] = {"GPU", "Price", "Value"};
	char *r0[] = {"RTX 3080", "699", "1.00"};
	char *r1[] = {"RTX 3090", "1\\,499", "0\\.72"};
	char **rows[] = {r0, r1};
	values_set_table(v, "recommendations", md_table(header, "lrr", rows, 2));
	values_set_table(v, "memory", md_table(header, "lcr", NULL, 0));
	g_values = v;
	return 0;
}

/* ASCII punctuation, spelled out rather than taken from GLib, so the check
 * does not share md_escape's own definition. */
static bool is_punct(unsigned char c)
{
	return c && strchr("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", c) != NULL;
}

static void check_escape(const char *in, const char *out)
{
	size_t n_in = strlen(in), n_out = strlen(out);
	if (n_out < n_in)
		abort();
	for (size_t i = 0; i < n_out; i++) {
		unsigned char c = (unsigned char)out[i];
		if (c == '\n' || c == '\r' || c == '\t') {
			fprintf(stderr, "md_escape: line break or tab at %zu\n",
			        i);
			abort();
		}
		if (c == '\\') {
			/* An escape: the next byte must be the punctuation it
			 * protects. */
			if (i + 1 >= n_out || !is_punct((unsigned char)out[i + 1])) {
				fprintf(stderr,
				        "md_escape: stray backslash at %zu\n", i);
				abort();
			}
			i++;
			continue;
		}
		if (is_punct(c)) {
			fprintf(stderr,
			        "md_escape: unescaped '%c' at %zu of \"%s\"\n",
			        c, i, out);
			abort();
		}
	}
}

/* template_check's verdict against an independent reading of the rules. */
static void check_template_rules(const char *raw, size_t size)
{
	bool bad = memchr(raw, '\0', size) != NULL
	           || !g_utf8_validate(raw, (gssize)size, NULL);
	for (size_t i = 0; !bad && i < size; i++) {
		unsigned char c = (unsigned char)raw[i];
		if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r')
		    || c == 0x7F)
			bad = true;
	}
	GError *error = NULL;
	bool ok = template_check("fuzz.md", raw, size, &error);
	if (ok == !!error)
		abort();
	if (bad && ok) {
		fprintf(stderr, "template_check accepted a bad text\n");
		abort();
	}
	if (!ok && strncmp(error->message, "fuzz.md:", 8) != 0)
		abort();
	g_clear_error(&error);
	ok = template_check("layout.html", raw, size, &error);
	if (ok && !g_strstr_len(raw, (gssize)size, "{{content}}"))
		abort();
	g_clear_error(&error);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	check_template_rules((const char *)data, size);
	char *text = g_malloc(size + 1);
	if (size)
		memcpy(text, data, size);
	text[size] = '\0';

	GError *error = NULL;
	char *md = template_expand("fuzz.md", text, g_values, &error);
	if (md) {
		if (error)
			abort();
		if (!strstr(text, "{{") && strcmp(md, text) != 0)
			abort(); /* nothing to expand: text must pass through */
		g_free(md);
	} else {
		if (!error || strncmp(error->message, "fuzz.md:", 8) != 0)
			abort();
		g_error_free(error);
	}

	char *escaped = md_escape(text);
	check_escape(text, escaped);
	g_free(escaped);

	g_free(text);
	return 0;
}
