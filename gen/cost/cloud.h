/* Cloud comparison (part of the cost stage): a build against cloud offers
 * by cost per unit of training work.  A unit of work is what the
 * edition's reference GPU does in one hour on CNNs; a build does
 * Build.perf[CNN] units per busy hour, an offer its GPU's modelled
 * performance times the model's multi-GPU speed-up.  Renting the work
 * costs price_per_hour / units per hour; doing it on the build costs its
 * electricity.  The build pays for itself when the saving per busy day
 * times the days covers its cost; against the useful life of the hardware
 * (assumption `useful_life_years`, with `verdict_margin`) that gives a
 * verdict.  Break-even is never negative: when renting the work costs no
 * more than the electricity, it is INFINITY and the verdict is rent.
 * In: const Costs, a Build.  Out: CloudComparison values (no ownership:
 * they point into the Costs and the Edition). */
#ifndef GG_CLOUD_H
#define GG_CLOUD_H

#include "cost.h"

typedef enum { VERDICT_RENT, VERDICT_BUY, VERDICT_EITHER } CloudVerdict;

typedef struct {
	const CloudOffer *offer;
	double speed_ratio;      /* offer's work per hour / the build's */
	double cloud_per_unit;   /* USD per unit of work, rented */
	double desktop_per_unit; /* USD of electricity per unit on the build */
	double breakeven_days;   /* calendar days at the utilization; >= 0,
	                            INFINITY when never */
	double breakeven_months; /* the same in months (days / 30.44) */
	CloudVerdict verdict;
} CloudComparison;

#define CLOUD_CLOSEST 3

/* Compares b with comparable offers (on-demand, a rated GPU with at
 * least the build's memory per card) by one rule: offers of the build's
 * own GPU first, the cheapest unit of work among them; without one, the
 * closest in speed (|log speed_ratio| smallest), ties to the cheaper unit
 * of work; then file order.  out[0] is the
 * offer every table, chart and request weighs the build against.  Fills
 * up to CLOUD_CLOSEST entries of out, returns how many. */
size_t cloud_compare(const Costs *c, const Build *b, double utilization,
                     CloudComparison out[CLOUD_CLOSEST]);

/* The comparison of the one rule: cloud_compare's first at the edition's
 * utilization, into *out; FALSE when no offer is comparable.  Every
 * table, chart and request weighs a build against this one. */
bool cloud_offer_of(const Costs *c, const Build *b, CloudComparison *out);

/* The on-demand offers of b's own GPU that the rule compares with: how
 * many, and their lowest and highest price per GPU-hour (USD) into *low
 * and *high (untouched when none). */
size_t cloud_own_range(const Costs *c, const Build *b, double *low,
                       double *high);

/* One comparison of b with offer o at a utilization (0..1). */
CloudComparison cloud_compare_one(const Costs *c, const Build *b,
                                  const CloudOffer *o, double utilization);

/* The verdict for a break-even: buy when it comes within the useful life
 * less the margin, rent beyond the useful life plus the margin (or
 * never), either in between.  Without a useful-life assumption: buy
 * whenever it is finite. */
CloudVerdict cloud_verdict(const Costs *c, double breakeven_days);

/* "rent", "buy", "either": identifiers for data files and string keys. */
const char *cloud_verdict_id(CloudVerdict v);

/* The cheapest offer of gpu in instances of count GPUs sold as pricing
 * (equal prices: the newer observation, then file order); NULL when
 * none. */
const CloudOffer *cloud_cheapest(const Costs *c, size_t gpu, int count,
                                 Pricing pricing);

#define CLOUD_HOURS_PER_MONTH 730.5 /* 8,766 hours a year / 12 */

/* The hours of use a month from which owning b pays back its cost
 * against comparison k within years: each busy hour saves the rented
 * work less the build's electricity for it.  INFINITY when renting the
 * work costs no more than the electricity. */
double cloud_payback_hours(const Build *b, const CloudComparison *k,
                           double years);

/* Units of work per hour of an offer (its whole instance). */
double cloud_offer_rate(const Costs *c, const CloudOffer *o);

/* An offer a reader can book as its source states it: false when its
 * note starts with "unverified" (the source quotes a nominal price it did
 * not try, or the price is second-hand).  Such an offer is compared and
 * shown but decides no rent and no quote-or-rent (recommend.c). */
bool cloud_offer_bookable(const CloudOffer *o);

#endif
