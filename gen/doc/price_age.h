/* The date shown beside a price, with its age when the edition sets
 * `price_fresh_days` and the price is older than that: "observed
 * 2026-05-16, 7 months before this edition" (strings price.aged,
 * price.age_months, price.age_years; chart.price_aged for a chart
 * label).  Used by the guide and the purchase requests.
 * Ownership: results are new strings the caller frees; a missing
 * string sets *error once (lang_need). */
#ifndef GG_PRICE_AGE_H
#define GG_PRICE_AGE_H

#include "lang.h"
#include "price.h"

/* date itself, or the aged form (string `key`: price.aged in the guide,
 * price.aged_short in a request) when m's freshness rule finds it old. */
char *price_age_when(const Lang *s, const PriceModel *m, const char *date,
                     const char *key, GError **error);

/* label with the month of its price ("RTX 3060 (price of 2026-02)")
 * when that price is stale, else a copy of label. */
char *price_age_label(const Lang *s, const GpuPrice *pr, const char *label,
                      GError **error);

#endif
