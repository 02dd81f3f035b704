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

	/* A NUL byte is named with its place, not mistaken for bad UTF-8. */
	GError *nul_error = NULL;
	CsvTable *nul = csv_table_parse("t.csv", "a,b\n1,2\0003\n", 10,
	                                &nul_error);
	CHECK(nul == NULL);
	CHECK_STR(nul_error ? nul_error->message : NULL,
	          "t.csv:2:4: NUL byte: this is not a text file");
	g_clear_error(&nul_error);
}
