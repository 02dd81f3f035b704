/* The edition's name as a reader sees it in print: its date in words
 * ("December 2026 edition"), never the folder name ("current").
 * In: an Edition (its edition_date: edition.h) and
 * the page's Lang.  Out: a string the caller frees with g_free. */
#ifndef GG_EDITION_LABEL_H
#define GG_EDITION_LABEL_H

#include "data.h"
#include "lang.h"

/* "December 2026 edition" from the edition's edition_date (else its
 * folder name), worded by the strings
 * edition.dated, format.month_year and month.N.  Caller frees. */
char *edition_dated_label(const Lang *s, const Edition *e);

#endif
