/* Export stage: every derived number as CSV files and one JSON document,
 * for readers who want the numbers behind the guide.
 * In: const Recommendations (and through them Costs, Performance,
 * Edition).  Out: files through the Site writer under PREFIX/data/.
 * Ownership: nothing is kept; the Site owns what it writes. */
#ifndef GG_EXPORT_H
#define GG_EXPORT_H

#include "recommend.h"
#include "site.h"

bool export_write(const Recommendations *recs, Site *site,
                  const char *prefix, GError **error);

#endif
