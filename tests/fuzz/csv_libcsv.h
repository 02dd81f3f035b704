/* The reference of the CSV reader for fuzz_csv: libcsv in strict mode,
 * the library gen/data/csvload.c followed until it parsed files itself
 * (see csv_libcsv.c).  Ownership: the caller frees a table with
 * libcsv_table_free. */
#ifndef GG_CSV_LIBCSV_H
#define GG_CSV_LIBCSV_H

#include "csvload.h"

typedef struct {
	CsvRow *rows; /* the header first */
	size_t n_rows;
} LibcsvTable;

/* What csv_table_parse must give for the same bytes: the rows with each
 * field's text, line and column, or NULL with the same error. */
LibcsvTable *libcsv_table_parse(const char *path, const char *text,
                                size_t length, GError **error);
void libcsv_table_free(LibcsvTable *t);

#endif
