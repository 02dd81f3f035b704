/* Guide cells about a build's cost: the whole cost with the range and
 * newest date of the GPU prices behind it, and the sentence a budget
 * gets when no build fits it (naming the cheapest build that would).
 * See guide_internal.h. */
#include "guide_internal.h"

#include "util.h"

/* The range, count and date of the GPU prices behind a build's cost:
 * "$15,020–$15,820; 2 GPU prices, newest 2026-05-01". */
static char *cost_detail(const Ctx *c, const Build *b)
{
	const GpuPrice *pr = b->gpu_price;
	const char *date = pr->latest_date ? pr->latest_date : "";
	if (pr->list_price)
		return gg_fill2(S(c, "price.list"), date, "");
	if (pr->n_prices > 1 && pr->max > pr->min) {
		double n = b->gpu_count;
		char *lo = format_money(c->s, b->cost - n * (pr->price - pr->min));
		char *hi = format_money(c->s, b->cost + n * (pr->max - pr->price));
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
	char *shown = guide_build_cost_shown(c, b);
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
