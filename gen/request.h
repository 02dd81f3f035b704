/* Purchase requests: one request per recommended build, a form to
 * attach to a purchase: approval fields, line items that add up to the
 * total (each with its dated price, range and linked source), a
 * justification quoting the guide's numbers, configuration, performance
 * and rank, power and electricity, the cloud verdict, the alternatives
 * considered and the price sources with their standing; one A4 or
 * Letter page at 9 pt and up, flowing onto a second page with the title
 * repeated when it must.
 * In: an EditionResult (its Recommendations and Lang).  Out: PDF files
 * through the Site writer at paths_request (PREFIX/requests/STEM.pdf);
 * the guide links them from its requests table (guide_tables_buy.c).
 * Ownership: nothing is kept; the Site owns what it writes. */
#ifndef GG_REQUEST_H
#define GG_REQUEST_H

#include "backend.h"

/* "its price rises 12% or the 4× RTX 4090 falls below $1,900": how far
 * the pick's price (and its runner-up's) may move before the pick
 * changes, from recommend.c's Sensitivity, in the language of s; the
 * requests' justification and the guide's picks table say it alike.
 * Caller frees. */
char *request_sensitivity_text(const Lang *s, const Edition *e,
                               const Recommendation *x);

/* The back-end: one request per recommended build. */
bool request_write(const EditionResult *r, Site *site, GError **error);

#endif
