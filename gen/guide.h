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

/* Formats v with the given decimals and the language's separators.
 * Caller frees. */
char *guide_format_number(const Lang *s, double v, int decimals);

/* v as whole currency units: "$2,199".  Caller frees. */
char *guide_format_money(const Lang *s, double v);

/* The use case's title in the language, or its id. */
const char *guide_use_case_title(const Lang *s, const UseCase *u);

#endif
