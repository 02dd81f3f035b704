/* Guide stage: turns an edition's results into the named values the
 * templates use: formatted scalars, Markdown tables and charts.
 * In: const Recommendations (and through them Costs, Performance,
 * Edition), Lang.  Out: Values.
 * Ownership: guide_values returns Values the caller frees with
 * values_free. */
#ifndef GG_GUIDE_H
#define GG_GUIDE_H

#include "recommend.h"
#include "lang.h"
#include "template.h"

Values *guide_values(const Recommendations *recs, const Lang *strings,
                     GError **error);

#endif
