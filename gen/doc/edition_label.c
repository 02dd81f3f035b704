/* The edition's dated name for print (see edition_label.h). */
#include "edition_label.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* The edition's date (Edition.edition_date); NULL when it is not a
 * YYYY-MM... date. */
static const char *edition_date(const Edition *e)
{
	const char *date = e->edition_date;
	if (!date || strlen(date) < 7 || date[4] != '-'
	    || !g_ascii_isdigit(date[5]) || !g_ascii_isdigit(date[6]))
		return NULL;
	return date;
}

/* The string for key, "" when the Lang lacks it. */
static const char *word(const Lang *s, const char *key)
{
	const char *v = lang_get(s, key);
	return v ? v : "";
}

char *edition_dated_label(const Lang *s, const Edition *e)
{
	const char *date = edition_date(e);
	int month = date ? atoi(date + 5) : 0;
	if (month < 1 || month > 12)
		return gg_fill2(word(s, "edition.dated"), e->name, "");
	char key[16];
	g_snprintf(key, sizeof key, "month.%d", month);
	char *year = g_strndup(date, 4);
	char *when = gg_fill2(word(s, "format.month_year"), word(s, key), year);
	char *label = gg_fill2(word(s, "edition.dated"), when, "");
	g_free(when);
	g_free(year);
	return label;
}
