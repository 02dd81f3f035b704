/* Guide table of price trends: for each GPU and condition whose counted
 * dollar street prices (price_row_counts, in the price window) moved by
 * at least `price_trend_min_change` between the oldest and the newest
 * observation, those two observations, the change, and the price the
 * guide uses (the recent level: price.h's median of the last
 * `price_fresh_days`).  Only editions with `price_fresh_days` have it.
 * See guide_ctx.h. */
#include "guide_ctx.h"

#include "price.h"
#include "util.h"

#include <math.h>
#include <string.h>

static const Column TRENDS[] = {
    {"gpu", "table.gpu", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"condition", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"rows", "table.trend_rows", COL_INT, 0, 0, 'r', NULL, 0},
    {"first_date", "table.trend_first_date", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"first_usd", "table.trend_first", COL_MONEY, 0, 2, 'r', NULL, 0},
    {"last_date", "table.trend_last_date", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"last_usd", "table.trend_last", COL_MONEY, 0, 2, 'r', NULL, 0},
    {"change", "table.trend_change", COL_PERCENT, 0, 4, 'r', NULL, 0},
    {"price_usd", "table.trend_used", COL_MONEY, 0, 2, 'r', NULL, 0},
};

/* The oldest and newest counted USD street rows of gpu in condition
 * within the window (equal dates: file order); how many there are. */
static size_t span(const PriceModel *m, size_t gpu, Condition cond,
                   const Price **first, const Price **last)
{
	const Edition *e = m->edition;
	size_t n = 0;
	*first = *last = NULL;
	for (size_t k = m->first_row[gpu]; k < m->first_row[gpu + 1]; k++) {
		const Price *p = &e->prices[m->rows[k]];
		if (p->condition != cond || strcmp(p->currency, "USD") != 0
		    || strcmp(p->channel, "list") == 0 || !price_row_counts(p)
		    || !price_is_current(m, p->from.date))
			continue;
		n++;
		if (!*first || strcmp(p->from.date, (*first)->from.date) < 0)
			*first = p;
		if (!*last || strcmp(p->from.date, (*last)->from.date) >= 0)
			*last = p;
	}
	return n;
}

static void trend_row(const Ctx *c, Table *t, size_t g, Condition cond,
                      double min_change)
{
	const PriceModel *m = c->costs->price_model;
	const Price *first, *last;
	size_t n = span(m, g, cond, &first, &last);
	if (n < 2 || first == last)
		return;
	double change = last->price / first->price - 1;
	if (fabs(change) < min_change)
		return;
	const GpuPrice *used = price_of(m, g, cond);
	const char *name = c->e->gpus[g].name;
	table_add_row(t);
	if (cond == CONDITION_USED)
		table_take_shown(t, "gpu", name,
		                 gg_fill2(S(c, "format.used_build"), name, ""));
	else
		table_set_text(t, "gpu", name);
	table_set_text(t, "condition", format_condition_id(cond));
	table_set_number(t, "rows", (double)n);
	table_set_text(t, "first_date", first->from.date);
	table_set_number(t, "first_usd", first->price);
	table_set_text(t, "last_date", last->from.date);
	table_set_number(t, "last_usd", last->price);
	table_set_number(t, "change", change);
	if (used && used->has_price)
		table_set_number(t, "price_usd", used->price);
}

void guide_add_price_trends(const Ctx *c, Values *v, GPtrArray *tables)
{
	const Assumption *a = edition_assumption(c->e, "price_trend_min_change");
	if (c->costs->price_model->fresh_days <= 0 || !a || !a->is_number)
		return;
	values_set_scalar(v, "price_trend_min_change",
	                  guide_md_percent(c, a->number, 0));
	Table *t = table_new("price_trends", TRENDS, G_N_ELEMENTS(TRENDS),
	                     NULL);
	for (size_t g = 0; g < c->e->n_gpus; g++)
		for (int cond = CONDITION_NEW; cond <= CONDITION_USED; cond++)
			trend_row(c, t, g, (Condition)cond, a->number);
	guide_add_table(c, v, tables, t);
}
