/* Font check: the families the charts and PDFs draw with must resolve to
 * installed fonts before any rendering starts (an empty fontconfig setup
 * otherwise aborts inside cairo or renders differently from run to run).
 * In: family names.  Out: a verdict.
 * Ownership: nothing is kept. */
#ifndef GG_FONTS_H
#define GG_FONTS_H

#include <glib.h>
#include <stdbool.h>

/* Checks that "DejaVu Sans", "DejaVu Sans Mono" and extra (when not NULL,
 * the language's font.family) are installed font families.  FALSE with a
 * GG_ERR_ENV error naming the first missing family. */
bool fonts_check(const char *extra, GError **error);

#endif
