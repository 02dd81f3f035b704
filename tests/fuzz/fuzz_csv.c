/* libFuzzer target for the CSV stage (gen/data/csvload.c).
 * Feeds the input bytes to csv_table_parse and frees what it returns.
 * When the parse succeeds, also looks up every header name with
 * csv_table_column (each must find itself or an earlier column of the same
 * name) and walks every field, checking the positions it reports.
 * Differential: the reader must give what libcsv in strict mode gives
 * (csv_libcsv.c, the reader it replaced): the same rows, texts, lines and
 * columns, or the same error message.
 * Build and run: tests/fuzz/build.sh, tests/fuzz/run.sh SECONDS. */
#include "csv_libcsv.h"
#include "csvload.h"

#include <glib.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_field(const CsvField *f)
{
	/* Every field has text and a 1-based position. */
	if (!f->text || f->line < 1 || f->col < 1)
		abort();
	(void)strlen(f->text);
}

static void same_row(const CsvRow *a, const CsvRow *b)
{
	if (a->n_fields != b->n_fields || a->line != b->line)
		abort();
	for (size_t i = 0; i < a->n_fields; i++)
		if (strcmp(a->fields[i].text, b->fields[i].text) != 0
		    || a->fields[i].line != b->fields[i].line
		    || a->fields[i].col != b->fields[i].col)
			abort();
}

/* t (NULL with error) is what libcsv gives for the same bytes. */
static void same_as_libcsv(const CsvTable *t, const GError *error,
                           const char *text, size_t size)
{
	GError *ref_error = NULL;
	LibcsvTable *ref = libcsv_table_parse("fuzz.csv", text, size,
	                                      &ref_error);
	if (!t != !ref)
		abort();
	if (!t && (!error || strcmp(error->message, ref_error->message) != 0))
		abort();
	if (t) {
		if (ref->n_rows != t->n_rows + 1)
			abort();
		same_row(&t->header, &ref->rows[0]);
		for (size_t r = 0; r < t->n_rows; r++)
			same_row(&t->rows[r], &ref->rows[r + 1]);
	}
	g_clear_error(&ref_error);
	libcsv_table_free(ref);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = g_malloc(size + 1);
	if (size)
		memcpy(text, data, size);
	text[size] = '\0';

	GError *error = NULL;
	CsvTable *t = csv_table_parse("fuzz.csv", text, size, &error);
	same_as_libcsv(t, error, text, size);
	if (!t) {
		/* A failure must come with an error, and the other way round. */
		if (!error || !error->message
		    || strncmp(error->message, "fuzz.csv:", 9) != 0)
			abort();
		g_error_free(error);
		g_free(text);
		return 0;
	}
	if (error)
		abort();

	/* Second mode: column lookup by every header name. */
	if (t->header.n_fields > 0) {
		for (size_t i = 0; i < t->header.n_fields; i++) {
			const CsvField *f = &t->header.fields[i];
			check_field(f);
			int col = csv_table_column(t, f->text);
			if (col < 0 || (size_t)col > i
			    || strcmp(t->header.fields[col].text, f->text)
			           != 0)
				abort();
		}
		(void)csv_table_column(t, "");
		(void)csv_table_column(t, "no such column \x01");
	}
	for (size_t r = 0; r < t->n_rows; r++) {
		const CsvRow *row = &t->rows[r];
		if (row->n_fields == 0 || row->line < t->header.line)
			abort();
		for (size_t i = 0; i < row->n_fields; i++)
			check_field(&row->fields[i]);
	}
	csv_table_free(t);
	g_free(text);
	return 0;
}
