/* Prices with their age.  See price_age.h. */
#include "price_age.h"

#include "util.h"

#include <math.h>
#include <string.h>

#define DAYS_PER_MONTH 30.44
#define MONTHS_AS_YEARS 24 /* from two years on, the age is in years */

/* "7 months" or "3 years", rounded to whole units. */
static char *age_words(const Lang *s, long days, GError **error)
{
	double months = floor(days / DAYS_PER_MONTH + 0.5);
	bool years = months >= MONTHS_AS_YEARS;
	char *n = g_strdup_printf("%.0f", years ? floor(months / 12 + 0.5)
	                                        : months);
	char *w = gg_fill2(lang_need(s, years ? "price.age_years"
	                                      : "price.age_months", error),
	                   n, "");
	g_free(n);
	return w;
}

char *price_age_when(const Lang *s, const PriceModel *m, const char *date,
                     const char *key, GError **error)
{
	if (!price_date_is_stale(m, date))
		return g_strdup(date ? date : "");
	long age = price_days_between(date, m->edition_date);
	char *words = age_words(s, age, error);
	char *when = gg_fill2(lang_need(s, key, error), date, words);
	g_free(words);
	return when;
}

char *price_age_label(const Lang *s, const GpuPrice *pr, const char *label,
                      GError **error)
{
	if (!pr || !pr->stale || !pr->latest_date
	    || strlen(pr->latest_date) < 7)
		return g_strdup(label);
	char *month = g_strndup(pr->latest_date, 7);
	char *shown = gg_fill2(lang_need(s, "chart.price_aged", error), label,
	                       month);
	g_free(month);
	return shown;
}
