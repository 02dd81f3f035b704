/* Guide tables about the cloud: each recommended build against the one
 * cloud offer of the stated rule (cloud.h: the build's own GPU when it is
 * offered on demand, else the nearest in speed), with the spot and
 * community rates of that GPU beside the on-demand one; every offer of
 * the edition by pricing class, each rate dated and linked to its
 * source; the hours of use a month from which each build pays back
 * within one, two and three years; and the worked cloud example's
 * verdict.  Only on-demand rates
 * are weighed against buying.  See guide_ctx.h. */
#include "guide_ctx.h"

#include "cloud.h"
#include "util.h"

#include <math.h>
#include <string.h>

/* md_escape of text, which it frees. */
static char *md_escape_take(char *text)
{
	char *md = md_escape(text);
	g_free(text);
	return md;
}

/* "$0.34 (2026-03-10)": a rate with the date it was seen. */
static char *rate_shown(const Ctx *c, const CloudOffer *o)
{
	char *price = format_price(c->s, o->price_per_hour);
	char *shown = gg_fill2(S(c, "format.aside"), price, o->from.date);
	g_free(price);
	return shown;
}

/* A rate cell linked to its source, with its date. */
static void set_rate(const Ctx *c, Table *t, const char *key,
                     const CloudOffer *o)
{
	if (!o)
		return;
	char *shown = rate_shown(c, o);
	table_set_number_link(t, key, o->price_per_hour, shown, o->from.url);
	g_free(shown);
}

/* A break-even in the reader's unit: "never", "7 months", "3.2 years". */
static char *breakeven_text(const Ctx *c, double days)
{
	if (!isfinite(days))
		return g_strdup(S(c, "cloud.never"));
	double months = days / 30.436875;
	if (months < 24) {
		char *n = num(c, ceil(months), 0);
		char *t = gg_fill2(S(c, "cloud.months"), n, "");
		g_free(n);
		return t;
	}
	char *n = num(c, months / 12.0, 1);
	char *t = gg_fill2(S(c, "cloud.years"), n, "");
	g_free(n);
	return t;
}

/* Each recommended build against its one offer, by cost per unit of
 * training work at the edition's utilization. */
static const Column CLOUD[] = {
    {"build", "table.build", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"system_cost_usd", "table.system_cost", COL_MONEY, 0, 2, 'r', NULL, 0},
    {"rule", "table.cloud_rule", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"provider", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"instance", "table.cloud", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"cloud_gpu", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"cloud_gpu_count", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"pricing", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"price_per_hour_usd", "table.on_demand_hour", COL_PRICE, 2, 4, 'r',
     NULL, 0},
    {"price_date", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"spot_per_hour_usd", "table.spot_hour", COL_PRICE, 2, 4, 'r', NULL, 0},
    {"community_per_hour_usd", "table.community_hour", COL_PRICE, 2, 4, 'r',
     NULL, 0},
    {"speed_ratio", "table.speed_ratio", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"cloud_usd_per_unit", "table.cloud_per_unit", COL_PRICE, 2, 4, 'r',
     NULL, 0},
    {"desktop_usd_per_unit", "table.desktop_per_unit", COL_PRICE, 2, 4, 'r',
     NULL, 0},
    {"utilization", NULL, COL_PERCENT, 0, 2, 'r', NULL, 0},
    {"breakeven_days", NULL, COL_NUMBER, 0, 1, 'r', NULL, 0},
    {"breakeven_months", "table.breakeven", COL_NUMBER, 0, 1, 'r', NULL, 0},
    {"verdict", "table.verdict", COL_TEXT, 0, 0, 'l', NULL, 0},
};

/* "Lambda 1x H100 SXM (H100 SXM)"; "RunPod RTX 4090" when the instance
 * is named after its GPU. */
static char *offer_shown(const Ctx *c, const CloudOffer *o)
{
	const char *gpu = c->e->gpus[o->gpu].name;
	char *name = g_strdup_printf("%s %s", o->provider, o->instance);
	if (strcmp(o->instance, gpu) == 0)
		return name;
	char *shown = gg_fill2(S(c, "format.aside"), name, gpu);
	g_free(name);
	return shown;
}

static void breakeven_cells(const Ctx *c, Table *t, const CloudComparison *k)
{
	char *when = breakeven_text(c, k->breakeven_days);
	if (isfinite(k->breakeven_days)) {
		table_set_number(t, "breakeven_days", k->breakeven_days);
		table_set_number_shown(t, "breakeven_months",
		                       k->breakeven_months, when);
	} else {
		table_set_number_shown(t, "breakeven_months", NAN, when);
	}
	g_free(when);
	const char *id = cloud_verdict_id(k->verdict);
	char *key = g_strdup_printf("cloud.verdict.%s", id);
	table_set_shown(t, "verdict", id, S(c, key));
	g_free(key);
}

static void cloud_row(const Ctx *c, Table *t, const Build *b,
                      const CloudComparison *k)
{
	const CloudOffer *o = k->offer;
	table_add_row(t);
	guide_set_build(c, t, "build", b);
	table_set_number(t, "system_cost_usd", b->cost); /* dated elsewhere */
	const char *rule = o->gpu == b->gpu ? "same_gpu" : "nearest_speed";
	char *rule_key = g_strdup_printf("cloud.rule.%s", rule);
	table_set_shown(t, "rule", rule, S(c, rule_key));
	g_free(rule_key);
	table_set_text(t, "provider", o->provider);
	table_take_shown(t, "instance", o->instance, offer_shown(c, o));
	table_set_text(t, "cloud_gpu", c->e->gpus[o->gpu].name);
	table_set_number(t, "cloud_gpu_count", o->gpu_count);
	table_set_text(t, "pricing", format_pricing_id(o->pricing));
	set_rate(c, t, "price_per_hour_usd", o);
	table_set_text(t, "price_date", o->from.date);
	set_rate(c, t, "spot_per_hour_usd",
	         cloud_cheapest(c->costs, o->gpu, o->gpu_count, PRICING_SPOT));
	set_rate(c, t, "community_per_hour_usd",
	         cloud_cheapest(c->costs, o->gpu, o->gpu_count, PRICING_COMMUNITY));
	table_set_number(t, "speed_ratio", k->speed_ratio);
	table_set_number(t, "cloud_usd_per_unit", k->cloud_per_unit);
	table_set_number(t, "desktop_usd_per_unit", k->desktop_per_unit);
	table_set_number(t, "utilization", c->costs->utilization);
	breakeven_cells(c, t, k);
}

static Table *cloud_table(const Ctx *c)
{
	/* the guide leaves the speed ratio and the costs per unit of work to
	 * the data: a page has room for the three rates and the verdict */
	Table *t = table_new("cloud", CLOUD, G_N_ELEMENTS(CLOUD),
	                     "build system_cost_usd rule instance "
	                     "price_per_hour_usd spot_per_hour_usd "
	                     "community_per_hour_usd breakeven_months verdict");
	const Build **builds = NULL;
	size_t n = recommend_weighed_builds(c->recs, &builds);
	for (size_t i = 0; i < n; i++) {
		CloudComparison k;
		if (cloud_offer_of(c->costs, builds[i], &k))
			cloud_row(c, t, builds[i], &k);
	}
	g_free(builds);
	return t;
}

/* Every offer, one row per provider, GPU and instance size, with a
 * column per pricing class (the newest observation of each). */
static const Column OFFERS[] = {
    {"gpu", "table.gpu", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"gpu_count", "table.gpus", COL_INT, 0, 0, 'r', NULL, 0},
    {"provider", "table.provider", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"on_demand_per_hour_usd", "table.on_demand_hour", COL_PRICE, 2, 4, 'r',
     NULL, 0},
    {"on_demand_date", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"spot_per_hour_usd", "table.spot_hour", COL_PRICE, 2, 4, 'r', NULL, 0},
    {"spot_date", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"community_per_hour_usd", "table.community_hour", COL_PRICE, 2, 4, 'r',
     NULL, 0},
    {"community_date", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
};

static const char *const OFFER_KEYS[PRICING_COUNT][2] = {
    [PRICING_ON_DEMAND] = {"on_demand_per_hour_usd", "on_demand_date"},
    [PRICING_SPOT] = {"spot_per_hour_usd", "spot_date"},
    [PRICING_COMMUNITY] = {"community_per_hour_usd", "community_date"},
};

static bool same_group(const CloudOffer *x, const CloudOffer *y)
{
	return x->gpu == y->gpu && x->gpu_count == y->gpu_count
	       && strcmp(x->provider, y->provider) == 0;
}

/* Offers by GPU (gpus.csv order), instance size, provider, then file
 * order. */
static int by_group(const void *a, const void *b)
{
	const CloudOffer *x = *(const CloudOffer *const *)a;
	const CloudOffer *y = *(const CloudOffer *const *)b;
	if (x->gpu != y->gpu)
		return x->gpu < y->gpu ? -1 : 1;
	if (x->gpu_count != y->gpu_count)
		return x->gpu_count < y->gpu_count ? -1 : 1;
	int d = strcmp(x->provider, y->provider);
	if (d)
		return d;
	return x < y ? -1 : x > y;
}

/* The newer of two observations of one class (equal dates: the later
 * row of the file). */
static const CloudOffer *newer(const CloudOffer *have, const CloudOffer *o)
{
	return !have || strcmp(o->from.date, have->from.date) >= 0 ? o : have;
}

static void offers_row(const Ctx *c, Table *t, const CloudOffer *const *g,
                       size_t n)
{
	const CloudOffer *best[PRICING_COUNT] = {NULL};
	for (size_t i = 0; i < n; i++)
		best[g[i]->pricing] = newer(best[g[i]->pricing], g[i]);
	table_add_row(t);
	table_set_text(t, "gpu", c->e->gpus[g[0]->gpu].name);
	table_set_number(t, "gpu_count", g[0]->gpu_count);
	table_set_text(t, "provider", g[0]->provider);
	for (int p = 0; p < PRICING_COUNT; p++) {
		if (!best[p])
			continue;
		set_rate(c, t, OFFER_KEYS[p][0], best[p]);
		table_set_text(t, OFFER_KEYS[p][1], best[p]->from.date);
	}
}

static Table *offers_table(const Ctx *c)
{
	Table *t = table_new("cloud_offers", OFFERS, G_N_ELEMENTS(OFFERS),
	                     NULL);
	size_t n = c->costs->n_cloud;
	const CloudOffer **sorted = g_new(const CloudOffer *, n ? n : 1);
	for (size_t i = 0; i < n; i++)
		sorted[i] = &c->costs->cloud[i];
	qsort(sorted, n, sizeof *sorted, by_group);
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		while (j < n && same_group(sorted[i], sorted[j]))
			j++;
		offers_row(c, t, sorted + i, j - i);
		i = j;
	}
	g_free(sorted);
	return t;
}

/* Rent or buy per use case: the decision's build against the offer of
 * the rule, the range of its own GPU's on-demand offers, the hours of
 * use a month from which buying pays back within one, two and three
 * years (electricity included), the use case's stated hours, and what
 * the decision does: buy, or rent. */
static const Column RENT_OR_BUY[] = {
    {"use_case", "table.use_case", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"build", "table.build", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"system_cost_usd", NULL, COL_MONEY, 0, 2, 'r', NULL, 0},
    {"instance", "table.cloud", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"price_per_hour_usd", "table.on_demand_hour", COL_PRICE, 2, 4, 'r',
     NULL, 0},
    {"own_gpu_offers", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"own_gpu_low_per_gpu_hour_usd", NULL, COL_PRICE, 2, 4, 'r', NULL, 0},
    {"own_gpu_high_per_gpu_hour_usd", NULL, COL_PRICE, 2, 4, 'r', NULL, 0},
    {"own_gpu_range", "table.own_gpu_range", COL_TEXT, 0, 0, 'r', NULL, 0},
    {"hours_1y", "table.payback_1y", COL_NUMBER, 0, 1, 'r', NULL, 0},
    {"hours_2y", "table.payback_2y", COL_NUMBER, 0, 1, 'r', NULL, 0},
    {"hours_3y", "table.payback_3y", COL_NUMBER, 0, 1, 'r', NULL, 0},
    {"stated_hours", "table.stated_hours", COL_NUMBER, 0, 1, 'r', NULL, 0},
    {"payback_life_hours", NULL, COL_NUMBER, 0, 1, 'r', NULL, 0},
    {"decision", "table.rent_decision", COL_TEXT, 0, 0, 'l', NULL, 0},
};

/* Hours a month, or "never" when more than a month has. */
static void set_hours(const Ctx *c, Table *t, const char *key, double h)
{
	if (h <= CLOUD_HOURS_PER_MONTH) {
		table_set_number(t, key, h);
		return;
	}
	table_set_number_shown(t, key, NAN, S(c, "cloud.never"));
}

/* "5 offers, $1.35–$3.67 an hour per GPU" of the build's own GPU. */
static void own_range_cells(const Ctx *c, Table *t, const Recommendation *r)
{
	if (r->rent_offers == 0)
		return;
	table_set_number(t, "own_gpu_offers", (double)r->rent_offers);
	table_set_number(t, "own_gpu_low_per_gpu_hour_usd", r->rent_low);
	table_set_number(t, "own_gpu_high_per_gpu_hour_usd", r->rent_high);
	char *lo = format_price(c->s, r->rent_low);
	char *hi = format_price(c->s, r->rent_high);
	char *range = r->rent_offers > 1 ? gg_fill2(S(c, "format.range"), lo, hi)
	                                 : g_strdup(lo);
	char *count = g_strdup_printf("%zu", r->rent_offers);
	table_take_shown(t, "own_gpu_range", "",
	                 gg_fill2(S(c, "cloud.own_range"), count, range));
	g_free(count);
	g_free(range);
	g_free(lo);
	g_free(hi);
}

static void rent_row(const Ctx *c, Table *t, const Recommendation *r)
{
	const Build *b = r->buy ? r->buy : r->rent_build;
	const CloudComparison *k = &r->rent;
	table_add_row(t);
	table_set_shown(t, "use_case", r->use_case->id,
	                format_use_case_title(c->s, r->use_case));
	guide_set_build(c, t, "build", b);
	table_set_number(t, "system_cost_usd", b->cost);
	table_take_shown(t, "instance", k->offer->instance,
	                 offer_shown(c, k->offer));
	set_rate(c, t, "price_per_hour_usd", k->offer);
	own_range_cells(c, t, r);
	static const char *const keys[] = {"hours_1y", "hours_2y", "hours_3y"};
	for (int y = 1; y <= 3; y++)
		set_hours(c, t, keys[y - 1], cloud_payback_hours(b, k, y));
	double util = r->use_case->utilization > 0 ? r->use_case->utilization
	                                           : c->costs->utilization;
	table_set_number(t, "stated_hours", util * CLOUD_HOURS_PER_MONTH);
	set_hours(c, t, "payback_life_hours", r->rent_payback_hours);
	bool rent = r->kind == DECISION_RENT;
	table_set_shown(t, "decision", rent ? "rent" : "buy",
	                S(c, rent ? "decision.rent" : "decision.buy"));
}

static Table *rent_or_buy_table(const Ctx *c)
{
	Table *t = table_new("rent_or_buy", RENT_OR_BUY,
	                     G_N_ELEMENTS(RENT_OR_BUY), NULL);
	for (size_t i = 0; i < c->recs->n; i++)
		if (c->recs->items[i].rent_compared)
			rent_row(c, t, &c->recs->items[i]);
	return t;
}

void guide_add_cloud_tables(const Ctx *c, Values *v, GPtrArray *tables)
{
	guide_add_table(c, v, tables, cloud_table(c));
	guide_add_table(c, v, tables, offers_table(c));
	guide_add_table(c, v, tables, rent_or_buy_table(c));
}

/* The worked cloud example's conclusion, following its verdict. */
void guide_add_cloud_scalars(const Ctx *c, Values *v)
{
	const Examples *x = &c->costs->examples;
	if (!x->breakeven_build || !x->breakeven_offer)
		return;
	double days = x->breakeven_days;
	const char *key = "cloud.example.never";
	if (isfinite(days))
		key = (const char *[]){"cloud.example.rent", "cloud.example.buy",
		                       "cloud.example.either"}
		    [cloud_verdict(c->costs, days)];
	if (isfinite(days) && c->costs->useful_life_years <= 0)
		key = "cloud.example.no_life"; /* no life to compare with */
	char *life = num(c, c->costs->useful_life_years, 0);
	values_set_scalar(v, "cloud_example_verdict",
	                  md_escape_take(gg_fill2(S(c, key), life, "")));
	g_free(life);
	values_set_scalar(v, "breakeven_time",
	                  md_escape_take(breakeven_text(c, days)));
}
