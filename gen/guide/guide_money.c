/* Guide cells about money: a build's whole cost with the range and
 * newest date of the GPU prices behind it, the sentence a budget gets
 * when no build fits it (naming the cheapest build that would), GPU
 * prices in euros and yuan (native rows first, else converted and
 * marked), a GPU's price cell with its range, count and date (the
 * per-dollar and short-answer tables share it), and the note on
 * currencies and exchange rates.  See guide_ctx.h. */
#include "guide_ctx.h"
#include "price_age.h"

#include "util.h"

#include <math.h>
#include <string.h>

static char *cost_detail_dated(const Ctx *c, const Build *b,
                               const char *date);

/* The range, count and date of the GPU prices behind a build's cost:
 * "$15,020–$15,820; 2 GPU prices, newest 2026-05-01". */
static char *cost_detail(const Ctx *c, const Build *b)
{
	const GpuPrice *pr = b->gpu_price;
	char *date = price_age_when(c->s, c->costs->price_model,
	                            pr->latest_date, "price.aged",
	                            c->error);
	char *detail = cost_detail_dated(c, b, date);
	g_free(date);
	return detail;
}

/* cost_detail with the date (and age) of its prices already shown. */
static char *cost_detail_dated(const Ctx *c, const Build *b,
                               const char *date)
{
	const GpuPrice *pr = b->gpu_price;
	if (pr->list_price)
		return gg_fill2(S(c, "price.list"), date, "");
	if (pr->n_prices > 1 && pr->max > pr->min) {
		double n = b->gpu_count;
		char *lo = format_money_brief(c->s,
		                              b->cost - n * (pr->price - pr->min));
		char *hi = format_money_brief(c->s,
		                              b->cost + n * (pr->max - pr->price));
		char *range = gg_fill2(S(c, "price.range"), lo, hi);
		char *count = format_number(c->s, (double)pr->n_prices, 0);
		char *seen = gg_fill2(S(c, "cost.observed"), count, date);
		char *detail = gg_fill2(S(c, "price.detail"), range, seen);
		g_free(lo);
		g_free(hi);
		g_free(range);
		g_free(count);
		g_free(seen);
		return detail;
	}
	return gg_fill2(S(c, "cost.single"), date, "");
}

char *guide_build_cost_shown(const Ctx *c, const Build *b)
{
	char *money = format_money(c->s, b->cost);
	char *detail = cost_detail(c, b);
	char *shown = gg_fill2(S(c, "format.aside"), money, detail);
	g_free(money);
	g_free(detail);
	return shown;
}

void guide_set_build_cost(const Ctx *c, Table *t, const char *key,
                          const Build *b)
{
	char *shown = table_row_shown(t) ? guide_build_cost_shown(c, b) : NULL;
	table_set_number_shown(t, key, b->cost, shown);
	g_free(shown);
}

const Build *guide_cheapest_for(const Ctx *c, const UseCase *u,
                                int condition)
{
	UseCase any = *u;
	any.budget = 0;
	any.condition = condition;
	const Build *cheapest = NULL;
	for (size_t i = 0; i < c->costs->n_builds; i++) {
		const Build *b = &c->costs->builds[i];
		if (recommend_qualifies(c->costs, &any, b)
		    && (!cheapest || b->cost < cheapest->cost))
			cheapest = b;
	}
	return cheapest;
}

char *guide_none_within(const Ctx *c, const UseCase *u, int condition)
{
	char *budget = format_money(c->s, u->budget);
	const Build *cheapest = guide_cheapest_for(c, u, condition);
	char *text;
	if (cheapest) {
		char *name = format_build_name(c->s, c->e, cheapest);
		char *cost = guide_build_cost_shown(c, cheapest);
		char *both = gg_fill2(S(c, "budget.build_at"), name, cost);
		text = gg_fill2(S(c, "budget.none_within"), budget, both);
		g_free(name);
		g_free(cost);
		g_free(both);
	} else {
		text = gg_fill2(S(c, "budget.none_at_all"), budget, "");
	}
	g_free(budget);
	return text;
}

/* "(€899–€949; 2 prices, newest 2026-01-28)" or "(one price, DATE)":
 * the detail of a currency's native rows. */
static char *native_detail(const Ctx *c, const GpuPrice *pr, Currency cur)
{
	char *date = price_age_when(c->s, c->costs->price_model,
	                            pr->native[cur].latest_date, "price.aged",
	                            c->error);
	if (pr->native[cur].n_prices < 2
	    || !(pr->native[cur].max > pr->native[cur].min)) {
		char *one = gg_fill2(S(c, "price.single"), date, "");
		g_free(date);
		return one;
	}
	char *lo = format_amount(c->s, pr->native[cur].min, cur, 0, false);
	char *hi = format_amount(c->s, pr->native[cur].max, cur, 0, false);
	char *range = gg_fill2(S(c, "price.range"), lo, hi);
	char *n = format_number(c->s, (double)pr->native[cur].n_prices, 0);
	char *seen = gg_fill2(S(c, "price.observed"), n, date);
	char *detail = gg_fill2(S(c, "price.detail"), range, seen);
	g_free(lo);
	g_free(hi);
	g_free(range);
	g_free(n);
	g_free(seen);
	g_free(date);
	return detail;
}

char *guide_native_price_shown(const Ctx *c, const GpuPrice *pr,
                               Currency cur)
{
	if (cur == CURRENCY_USD || pr->native[cur].n_prices == 0)
		return NULL;
	char *money = format_amount(c->s, pr->native[cur].price, cur, 0,
	                            false);
	char *detail = native_detail(c, pr, cur);
	char *shown = gg_fill2(S(c, "format.aside"), money, detail);
	g_free(money);
	g_free(detail);
	return shown;
}

/* A GPU price in one other currency: the native rows' price with its
 * detail, else the USD price converted and marked; NULL without a
 * rate. */
static char *regional_shown(const Ctx *c, const GpuPrice *pr, Currency cur)
{
	char *native = guide_native_price_shown(c, pr, cur);
	if (native)
		return native;
	double rate = format_fx_rate(cur, NULL);
	if (!(rate > 0) || !pr->has_price)
		return NULL;
	return format_amount(c->s, pr->price * rate, cur, 0, true);
}

void guide_set_regional_price(const Ctx *c, Table *t, const GpuPrice *pr)
{
	static const struct {
		Currency cur;
		const char *price, *native;
	} cols[] = {{CURRENCY_EUR, "price_eur", "price_eur_native"},
	            {CURRENCY_CNY, "price_cny", "price_cny_native"}};
	char *shown = NULL;
	for (size_t i = 0; i < G_N_ELEMENTS(cols); i++) {
		Currency cur = cols[i].cur;
		bool native = pr->native[cur].n_prices > 0;
		double rate = format_fx_rate(cur, NULL);
		double v = native ? pr->native[cur].price
		           : rate > 0 ? pr->price * rate : NAN;
		if (isnan(v))
			continue;
		table_set_number(t, cols[i].price, v);
		table_set_number(t, cols[i].native, native ? 1 : 0);
		char *one = regional_shown(c, pr, cur);
		char *joined = shown ? gg_fill2(S(c, "format.list"), shown, one)
		                     : g_strdup(one);
		g_free(one);
		g_free(shown);
		shown = joined;
	}
	table_take_shown(t, "regional_price", "", shown ? shown : g_strdup(""));
}

/* "0.855 EUR; 7.15 CNY" and their dates, from the rates set for the
 * edition; FALSE when it has none. */
static bool rate_list(const Ctx *c, char **rates, char **dates)
{
	*rates = *dates = NULL;
	for (int cur = 0; cur < CURRENCY_COUNT; cur++) {
		const char *date = NULL;
		double rate = format_fx_rate((Currency)cur, &date);
		if (cur == CURRENCY_USD || !(rate > 0))
			continue;
		char *n = format_number(c->s, rate, rate < 1 ? 3 : 2);
		char *one = gg_fill2(S(c, "money.rate"), n,
		                     currency_code((Currency)cur));
		char *r = *rates ? gg_fill2(S(c, "money.rate_join"), *rates, one)
		                 : g_strdup(one);
		g_free(*rates);
		*rates = r;
		if (date && (!*dates || !strstr(*dates, date))) {
			char *d = *dates ? gg_fill2(S(c, "format.list"), *dates,
			                            date)
			                 : g_strdup(date);
			g_free(*dates);
			*dates = d;
		}
		g_free(n);
		g_free(one);
	}
	return *rates != NULL;
}

/* "RTX PRO 6000 Blackwell new, €23,046 against the dollar list price,
 * ≈€7,323 (+215%)" for gpu's price pr in currency cur when its own
 * market's street price differs from its dollar price (street, or list
 * where the card has no dollar street price) converted by more than
 * gap; NULL otherwise (caller frees). */
static char *regional_gap(const Ctx *c, size_t gpu, const GpuPrice *pr,
                          Currency cur, double gap)
{
	double rate = format_fx_rate(cur, NULL);
	if (!pr->has_price || !pr->native[cur].n_prices || !(rate > 0))
		return NULL;
	double converted = pr->price * rate;
	double diff = pr->native[cur].price / converted - 1;
	if (fabs(diff) <= gap)
		return NULL;
	char *name = guide_gpu_md(c, gpu);
	char *who = gg_fill2(S(c, pr->condition == CONDITION_USED
	                              ? "money.gap.used" : "money.gap.new"),
	                     name, "");
	char *native = format_amount(c->s, pr->native[cur].price, cur, 0, false);
	char *conv = format_amount(c->s, converted, cur, 0, true);
	char *pct = guide_md_percent(c, diff, 0);
	char *signed_pct = g_strconcat(diff > 0 ? "+" : "", pct, NULL);
	char *both = gg_fill2(S(c, pr->list_price ? "money.gap.prices_list"
	                                          : "money.gap.prices"),
	                      native, conv);
	char *text = gg_fill2(S(c, "money.gap.item"), who, both);
	char *out = gg_fill2(S(c, "format.aside"), text, signed_pct);
	g_free(name);
	g_free(who);
	g_free(native);
	g_free(conv);
	g_free(pct);
	g_free(signed_pct);
	g_free(both);
	g_free(text);
	return out;
}

/* The cards whose own-market price (a native euro or yuan street row)
 * differs from their dollar price converted by more than the
 * assumption regional_gap_min, as one sentence; "" when none does or
 * the edition sets no threshold. */
static char *regional_gaps(const Ctx *c)
{
	const Assumption *a = edition_assumption(c->e, "regional_gap_min");
	if (!a || !a->is_number)
		return g_strdup("");
	const PriceModel *m = c->costs->price_model;
	char *list = NULL;
	for (int cur = 0; cur < CURRENCY_COUNT; cur++)
		for (size_t g = 0; g < c->e->n_gpus; g++)
			for (int cond = 0; cond < 2; cond++) {
				char *one = regional_gap(
				    c, g, price_of(m, g, (Condition)cond),
				    (Currency)cur, a->number);
				if (one)
					guide_list_append(c, &list, one);
			}
	if (!list)
		return g_strdup("");
	char *pct = guide_md_percent(c, a->number, 0);
	char *text = gg_fill2(S(c, "money.gaps"), pct, list);
	g_free(pct);
	g_free(list);
	return text;
}

/* {{unpriced_gpus}}: the GPUs the model rates that no per-dollar chart
 * can show for want of a current dollar price, new or used: those whose
 * gpus.csv row says why (no_price, worded as price.no_price.<id>) each
 * with its reason, the others in one list; "" when every rated GPU is
 * priced. */
static char *unpriced_gpus(const Ctx *c)
{
	const PriceModel *m = c->costs->price_model;
	char *why = NULL, *rest = NULL;
	for (size_t g = 0; g < c->e->n_gpus; g++) {
		bool rated = false;
		for (int w = 0; w < WORKLOAD_COUNT; w++)
			rated |= c->perf->gpus[w][g].rated;
		if (!rated || price_of(m, g, CONDITION_NEW)->has_price
		    || price_of(m, g, CONDITION_USED)->has_price)
			continue;
		char *name = guide_gpu_md(c, g);
		const char *reason = c->e->gpus[g].no_price;
		if (reason && reason[0]) {
			char *key = g_strconcat("price.no_price.", reason, NULL);
			guide_list_append(c, &why,
			            gg_fill2(S(c, "format.aside"), name, S(c, key)));
			g_free(key);
			g_free(name);
		} else {
			guide_list_append(c, &rest, name);
		}
	}
	char *out = g_strdup("");
	if (why) {
		char *t = gg_fill2(S(c, "price.unpriced.why"), why, "");
		g_free(out);
		out = t;
	}
	if (rest) {
		char *t = gg_fill2(S(c, "price.unpriced.rest"), rest, "");
		char *joined = out[0] ? gg_fill2(S(c, "format.sentences"), out, t)
		                      : g_strdup(t);
		g_free(t);
		g_free(out);
		out = joined;
	}
	g_free(why);
	g_free(rest);
	return out;
}

/* The money note of a market's edition (cost.h, "markets"): what its
 * buyer pays, the dated rate and the VAT. */
static char *market_note(const Ctx *c, const Market *mk)
{
	char *fx = format_number(c->s, mk->fx_per_usd, 4);
	char *rate = gg_fill2(S(c, "money.market_rate"), fx,
	                      mk->fx_from->from.date);
	char *vat = format_percent(c->s, mk->vat, 0);
	char *note = gg_fill2(S(c, "money.note_market"), rate, vat);
	g_free(fx);
	g_free(rate);
	g_free(vat);
	return note;
}

void guide_money_scalars(const Ctx *c, Values *v)
{
	char *rates = NULL, *dates = NULL;
	const Market *mk = c->costs->price_model->market;
	char *note = mk ? market_note(c, mk)
	             : rate_list(c, &rates, &dates)
	                 ? gg_fill2(S(c, "money.note"), rates,
	                            dates ? dates : "")
	                 : g_strdup(S(c, "money.note_usd"));
	/* a market ranks by its own prices: no gap to explain */
	char *gaps = mk ? g_strdup("") : regional_gaps(c);
	char *escaped = md_escape(note);
	values_set_scalar(v, "money_note",
	                  gaps[0] ? gg_fill2(S(c, "format.sentences"), escaped,
	                                     gaps)
	                          : g_strdup(escaped));
	g_free(escaped);
	g_free(gaps);
	g_free(note);
	double fresh = c->costs->price_model->fresh_days;
	char *days = fresh > 0 ? format_number(c->s, fresh, 0) : NULL;
	char *age = days ? gg_fill2(S(c, "price.fresh_note"), days, "")
	                 : g_strdup("");
	values_set_scalar(v, "price_age_note", md_escape(age));
	values_set_scalar(v, "unpriced_gpus", unpriced_gpus(c));
	g_free(age);
	g_free(days);
	g_free(rates);
	g_free(dates);
}

/* "$749 ($700–$799; 3 prices, newest 2026-11-20)", or "$999 (list
 * price, 2025-01-30)": a price with its range, count and date. */
static char *price_shown(const Ctx *c, const GpuPrice *pr)
{
	/* rows observed in the reader's currency win over a conversion */
	char *native = guide_native_price_shown(c, pr,
	                                        format_reader_currency(c->s));
	if (native)
		return native;
	/* a market's card priced from US dollars: marked converted (the
	 * money note gives the dated rate and the VAT) */
	Currency cur = format_reader_currency(c->s);
	char *money = pr->converted && cur != CURRENCY_USD
	                  ? format_amount(c->s,
	                                  pr->price * format_fx_rate(cur, NULL),
	                                  cur, 0, true)
	                  : format_money(c->s, pr->price);
	char *date = price_age_when(c->s, c->costs->price_model,
	                            pr->latest_date, "price.aged",
	                            c->error);
	char *detail;
	if (pr->list_price) {
		detail = gg_fill2(S(c, "price.list"), date, "");
	} else if (pr->n_prices > 1 && pr->max > pr->min) {
		char *lo = format_money_brief(c->s, pr->min);
		char *hi = format_money_brief(c->s, pr->max);
		char *range = gg_fill2(S(c, "price.range"), lo, hi);
		char *n = format_number(c->s, (double)pr->n_prices, 0);
		char *seen = gg_fill2(S(c, "price.observed"), n, date);
		detail = gg_fill2(S(c, "price.detail"), range, seen);
		g_free(lo);
		g_free(hi);
		g_free(range);
		g_free(n);
		g_free(seen);
	} else if (pr->n_prices == 1) {
		detail = gg_fill2(S(c, "price.single"), date, "");
	} else {
		char *n = format_number(c->s, (double)pr->n_prices, 0);
		detail = gg_fill2(S(c, "price.observed"), n, date);
		g_free(n);
	}
	if (!price_payable(pr)) { /* shown, marked: it decides no pick */
		char *marked = gg_fill2(S(c, "price.estimate_only"), detail, "");
		g_free(detail);
		detail = marked;
	}
	char *shown = gg_fill2(S(c, "format.aside"), money, detail);
	g_free(money);
	g_free(date);
	g_free(detail);
	return shown;
}

/* The price columns of a row: median, condition, count, range, newest
 * date and list-price flag in the data; price_shown in the guide. */
void guide_set_gpu_price(const Ctx *c, Table *t, const GpuPrice *pr)
{
	char *shown = table_row_shown(t) ? price_shown(c, pr) : NULL;
	table_set_number_shown(t, "gpu_price_usd", pr->price, shown);
	g_free(shown);
	table_set_text(t, "price_condition",
	               format_condition_id((int)pr->condition));
	table_set_number(t, "price_rows", (double)pr->n_prices);
	table_set_number(t, "price_min_usd", pr->min);
	table_set_number(t, "price_max_usd", pr->max);
	table_set_text(t, "price_latest_date",
	               pr->latest_date ? pr->latest_date : "");
	table_set_number(t, "list_price", pr->list_price ? 1 : 0);
}

bool guide_per_yuan(const Ctx *c)
{
	const PriceModel *m = c->costs->price_model;
	return m->market && m->market_currency == CURRENCY_CNY;
}

double guide_perf_per_money(const Ctx *c, double perf, const GpuPrice *pr)
{
	if (!guide_per_yuan(c))
		return perf / pr->price * 1000;
	return perf / pr->regional[CURRENCY_CNY] * 10000;
}
