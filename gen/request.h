/* Purchase requests: one A4 (or Letter) page per recommended build, to
 * attach to a purchase request: configuration, line items and total,
 * performance and rank, memory and the use cases served, power and
 * electricity, cloud break-even, the alternatives considered, the price
 * sources, and a justification written from those numbers.
 * In: const Recommendations, Lang.  Out: PDF files through the Site
 * writer under PREFIX/requests/, and a Markdown table linking them.
 * Ownership: request_table returns a string the caller frees. */
#ifndef GG_REQUEST_H
#define GG_REQUEST_H

#include "pdfkit.h"
#include "recommend.h"
#include "site.h"
#include "lang.h"

bool request_write_all(const Recommendations *recs, const Lang *strings,
                       Paper paper, const char *create_date, Site *site,
                       const char *prefix, GError **error);

#endif
