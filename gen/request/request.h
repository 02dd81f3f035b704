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

/* The back-end: one request per recommended build. */
bool request_write(const EditionResult *r, Site *site, GError **error);

#endif
