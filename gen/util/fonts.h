/* Font check: the families the charts and PDFs draw with must resolve to
 * installed fonts before any rendering starts (an empty fontconfig setup
 * otherwise aborts inside cairo or renders differently from run to run).
 * In: family names.  Out: a verdict.
 * Ownership: nothing is kept. */
#ifndef GG_FONTS_H
#define GG_FONTS_H

#include <glib.h>
#include <stdbool.h>

/* Checks that every family of the comma-separated lists (the language's
 * font.sans and font.mono; NULL lists are skipped) is an installed font
 * family.  FALSE with a GG_ERR_ENV error naming the first missing one. */
bool fonts_check(const char *sans, const char *mono, GError **error);

#endif
