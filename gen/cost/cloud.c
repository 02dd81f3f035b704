/* Cloud comparison.  See cloud.h. */
#include "cloud.h"

#include <glib.h>
#include <math.h>
#include <string.h>

#define DAYS_PER_MONTH 30.436875 /* 365.2425 / 12 */

double cloud_offer_rate(const Costs *c, const CloudOffer *o)
{
	const Edition *e = c->perf->edition;
	const GpuPerf *g = &c->perf->gpus[WORKLOAD_CNN][o->gpu];
	if (!g->rated)
		return 0;
	/* instances of modules are NVLink machines; of cards, PCIe 4.0 */
	const char *ic = e->gpus[o->gpu].slot_width == 0 ? "nvlink4"
	                                                  : "pcie4";
	double s = o->gpu_count == 1
	               ? 1
	               : model_gpu_speedup(c->perf, o->gpu_count, ic,
	                                   WORKLOAD_CNN);
	if (isnan(s))
		s = o->gpu_count;
	return g->value * s;
}

CloudVerdict cloud_verdict(const Costs *c, double days)
{
	if (isinf(days))
		return VERDICT_RENT;
	double life = c->useful_life_years * 365.2425;
	if (life <= 0)
		return VERDICT_BUY;
	if (days <= life * (1 - c->verdict_margin))
		return VERDICT_BUY;
	if (days > life * (1 + c->verdict_margin))
		return VERDICT_RENT;
	return VERDICT_EITHER;
}

const char *cloud_verdict_id(CloudVerdict v)
{
	static const char *const ids[] = {"rent", "buy", "either"};
	return ids[v];
}

CloudComparison cloud_compare_one(const Costs *c, const Build *b,
                                  const CloudOffer *o, double utilization)
{
	CloudComparison r = {.offer = o};
	double rate_b = b->perf[WORKLOAD_CNN];
	double rate_o = cloud_offer_rate(c, o);
	double kw = b->running_w / 1000;
	r.speed_ratio = rate_b > 0 ? rate_o / rate_b : 0;
	r.cloud_per_unit = rate_o > 0 ? o->price_per_hour / rate_o : INFINITY;
	r.desktop_per_unit = rate_b > 0 ? kw * c->kwh_price / rate_b
	                                : INFINITY;
	double units_per_day = rate_b * utilization * 24;
	double saving = units_per_day * (r.cloud_per_unit - r.desktop_per_unit);
	r.breakeven_days = saving > 0 && isfinite(saving) ? b->cost / saving
	                                                  : INFINITY;
	r.breakeven_months = r.breakeven_days / DAYS_PER_MONTH;
	r.verdict = cloud_verdict(c, r.breakeven_days);
	return r;
}

/* The one rule of every comparison with the cloud: an on-demand offer
 * (spot capacity can be taken away mid-run, so it is no substitute for
 * owning), of a rated GPU with at least the build's memory per card; the
 * closest in speed among them (cloud_compare). */
static bool comparable(const Costs *c, const Build *b, const CloudOffer *o)
{
	const Edition *e = c->perf->edition;
	return o->pricing == PRICING_ON_DEMAND
	       && c->perf->gpus[WORKLOAD_CNN][o->gpu].rated
	       && e->gpus[o->gpu].memory_gb >= e->gpus[b->gpu].memory_gb;
}

bool cloud_offer_bookable(const CloudOffer *o)
{
	return !(o->from.note && g_str_has_prefix(o->from.note, "unverified"));
}

/* True when x is a closer match than y for b: the one rule of every
 * comparison is an offer a reader can book first (cloud_offer_bookable),
 * then the build's own GPU first when it is offered, and among
 * its offers the cheapest unit of work; without one, the nearest in speed
 * (|log speed_ratio|), then the cheaper unit of work; then file order. */
static bool closer(const Build *b, const CloudComparison *x,
                   const CloudComparison *y)
{
	bool bx = cloud_offer_bookable(x->offer),
	     by = cloud_offer_bookable(y->offer);
	if (bx != by)
		return bx;
	bool sx = x->offer->gpu == b->gpu, sy = y->offer->gpu == b->gpu;
	if (sx != sy)
		return sx;
	double dx = fabs(log(x->speed_ratio)), dy = fabs(log(y->speed_ratio));
	if (!sx && dx != dy)
		return dx < dy;
	if (x->cloud_per_unit != y->cloud_per_unit)
		return x->cloud_per_unit < y->cloud_per_unit;
	return x->offer < y->offer; /* file order */
}

size_t cloud_own_range(const Costs *c, const Build *b, double *low,
                       double *high)
{
	size_t n = 0;
	for (size_t i = 0; i < c->n_cloud; i++) {
		const CloudOffer *o = &c->cloud[i];
		if (o->gpu != b->gpu || !comparable(c, b, o))
			continue;
		double per_gpu = o->price_per_hour / o->gpu_count;
		*low = n ? fmin(*low, per_gpu) : per_gpu;
		*high = n ? fmax(*high, per_gpu) : per_gpu;
		n++;
	}
	return n;
}

size_t cloud_compare(const Costs *c, const Build *b, double utilization,
                     CloudComparison out[CLOUD_CLOSEST])
{
	size_t n = 0;
	for (size_t i = 0; i < c->n_cloud; i++) {
		const CloudOffer *o = &c->cloud[i];
		if (!comparable(c, b, o))
			continue;
		CloudComparison x = cloud_compare_one(c, b, o, utilization);
		if (!(x.speed_ratio > 0))
			continue;
		/* insertion into the sorted top CLOUD_CLOSEST */
		size_t at = n;
		while (at > 0 && closer(b, &x, &out[at - 1]))
			at--;
		if (at >= CLOUD_CLOSEST)
			continue;
		size_t last = n < CLOUD_CLOSEST ? n : CLOUD_CLOSEST - 1;
		memmove(&out[at + 1], &out[at], (last - at) * sizeof *out);
		out[at] = x;
		if (n < CLOUD_CLOSEST)
			n++;
	}
	return n;
}

bool cloud_offer_of(const Costs *c, const Build *b, CloudComparison *out)
{
	CloudComparison three[CLOUD_CLOSEST];
	if (cloud_compare(c, b, c->utilization, three) == 0)
		return false;
	*out = three[0];
	return true;
}

const CloudOffer *cloud_cheapest(const Costs *c, size_t gpu, int count,
                                 Pricing pricing)
{
	const CloudOffer *best = NULL;
	for (size_t i = 0; i < c->n_cloud; i++) {
		const CloudOffer *o = &c->cloud[i];
		if (o->gpu != gpu || o->gpu_count != count
		    || o->pricing != pricing)
			continue;
		if (!best || o->price_per_hour < best->price_per_hour
		    || (o->price_per_hour == best->price_per_hour
		        && strcmp(o->from.date, best->from.date) > 0))
			best = o;
	}
	return best;
}

double cloud_payback_hours(const Build *b, const CloudComparison *k,
                           double years)
{
	double saving = b->perf[WORKLOAD_CNN]
	                * (k->cloud_per_unit - k->desktop_per_unit);
	if (!(saving > 0) || !isfinite(saving) || !(years > 0))
		return INFINITY;
	return b->cost / (saving * 12 * years);
}

/* ---- the cost stage's older entry points, speed-adjusted ------------ */

double cost_breakeven_days(const Costs *c, const Build *b,
                           const CloudOffer *offer, double utilization)
{
	return cloud_compare_one(c, b, offer, utilization).breakeven_days;
}

const CloudOffer *cost_matching_cloud(const Costs *c, const Build *b)
{
	CloudComparison k;
	return cloud_offer_of(c, b, &k) ? k.offer : NULL;
}
