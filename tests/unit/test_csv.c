/* The CSV stage: fields, positions, and the strict-mode errors. */
#include "unit.h"
#include "csvload.h"

static CsvTable *parse(const char *text, GError **error)
{
	return csv_table_parse("t.csv", text, strlen(text), error);
}

static void expect_error(const char *text, const char *message)
{
	GError *error = NULL;
	CsvTable *t = parse(text, &error);
	CHECK(t == NULL);
	CHECK_STR(error ? error->message : NULL, message);
	g_clear_error(&error);
	csv_table_free(t);
}

void test_csv(void)
{
	GError *error = NULL;
	CsvTable *t = parse("a,b,c\n1,\"x, y\",3\n\n4,\"multi\nline\",6\r\n",
	                    &error);
	CHECK(t != NULL);
	if (t) {
		CHECK(t->header.n_fields == 3);
		CHECK(t->n_rows == 2);
		CHECK_STR(t->rows[0].fields[1].text, "x, y");
		CHECK(t->rows[0].fields[2].line == 2);
		CHECK(t->rows[0].fields[2].col == 10);
		CHECK(t->rows[1].line == 4);
		CHECK_STR(t->rows[1].fields[1].text, "multi\nline");
		CHECK(t->rows[1].fields[2].line == 5);
		CHECK(t->rows[1].fields[2].col == 7);
		CHECK(csv_table_column(t, "c") == 2);
		CHECK(csv_table_column(t, "d") == -1);
	}
	csv_table_free(t);

	/* A BOM is not part of the first column's name; columns count
	 * characters, not bytes. */
	t = parse("\xEF\xBB\xBFname,x\n\xC3\xA9t\xC3\xA9,1\n", &error);
	CHECK(t != NULL);
	if (t) {
		CHECK_STR(t->header.fields[0].text, "name");
		CHECK(t->rows[0].fields[1].col == 5);
	}
	csv_table_free(t);

	expect_error("a,b\n1,\"2\"x\n", "t.csv:2:6: malformed quote: a quoted "
	             "field must end with \" followed by a comma or the end of "
	             "the line");
	expect_error("a,b\n1,\"2\n3,4\n", "t.csv:2:3: unterminated quote: the "
	             "quoted field starting here never ends");
	expect_error("", "t.csv:1:1: empty file: expected a header row");
	expect_error("a,b\n1,\xff\n", "t.csv:2:3: not valid UTF-8 text");

	/* libcsv's positions, which the reader keeps (it replaced libcsv):
	 * an empty last field of a line, or of the file, reports the place
	 * of the field before it; a bare CR ends a line. */
	t = parse("a,b\n1,\n2,\"\"\r3,", &error);
	CHECK(t != NULL && t->n_rows == 3);
	if (t && t->n_rows == 3) {
		CHECK_STR(t->rows[0].fields[1].text, "");
		CHECK(t->rows[0].fields[1].line == 2);
		CHECK(t->rows[0].fields[1].col == 1);
		CHECK(t->rows[1].fields[1].col == 3);
		CHECK(t->rows[2].line == 4);
		CHECK(t->rows[2].fields[1].col == 1);
	}
	csv_table_free(t);
	expect_error("a,b\n1,x\"y\n", "t.csv:2:4: malformed quote: a quoted "
	             "field must end with \" followed by a comma or the end of "
	             "the line");
	/* a quote error anywhere outranks a field over the length limit */
	GString *long_field = g_string_new("a\n");
	for (int i = 0; i < CSV_MAX_FIELD_CHARS + 1; i++)
		g_string_append_c(long_field, 'x');
	g_string_append(long_field, "\n\"q\"r\n");
	expect_error(long_field->str, "t.csv:3:4: malformed quote: a quoted "
	             "field must end with \" followed by a comma or the end of "
	             "the line");
	g_string_truncate(long_field, long_field->len - 6);
	expect_error(long_field->str, "t.csv:2:1: field of 4001 characters; "
	             "the limit is 4000");
	g_string_free(long_field, TRUE);

	/* A NUL byte is named with its place, not mistaken for bad UTF-8. */
	GError *nul_error = NULL;
	CsvTable *nul = csv_table_parse("t.csv", "a,b\n1,2\0003\n", 10,
	                                &nul_error);
	CHECK(nul == NULL);
	CHECK_STR(nul_error ? nul_error->message : NULL,
	          "t.csv:2:4: NUL byte: this is not a text file");
	g_clear_error(&nul_error);
}
