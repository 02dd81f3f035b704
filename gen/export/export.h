/* Export back-end: every table of the guide (and the data-only tables
 * beside them) as CSV files and one JSON document, for readers who want
 * the numbers behind the guide; the tables are the guide's own (guide.h,
 * table.h), so both show the same numbers.
 * In: an EditionResult (its edition and tables).  Out: files through the Site
 * writer, at the paths of paths.h (data/NAME.csv, data/guide.json), and
 * data/previous.json: the previous run the changes were computed against.
 * Ownership: nothing is kept; the Site owns what it writes. */
#ifndef GG_EXPORT_H
#define GG_EXPORT_H

#include "backend.h"

bool export_write(const EditionResult *r, Site *site, GError **error);

#endif
