/* Purchase requests: one A4 (or Letter) page per recommended build, to
 * attach to a purchase request: configuration, line items and total,
 * performance and rank, memory and the use cases served, power and
 * electricity, cloud break-even, the alternatives considered, the price
 * sources, and a justification written from those numbers.
 * In: an EditionResult (its Recommendations and Lang).  Out: PDF files
 * through the Site writer at paths_request (PREFIX/requests/STEM.pdf);
 * the guide links them from its requests table (guide_tables_buy.c).
 * Ownership: nothing is kept; the Site owns what it writes. */
#ifndef GG_REQUEST_H
#define GG_REQUEST_H

#include "backend.h"

/* The back-end: one request per recommended build. */
bool request_write(const EditionResult *r, Site *site, GError **error);

#endif
