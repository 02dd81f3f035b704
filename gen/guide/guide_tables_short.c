/* Guide tables of the short answer: what to buy for each kind of work
 * and budget, new and used, and the "upgrade the PC I have" ranking on
 * the GPU price alone.  Each table is both a Markdown table of the guide
 * and a file of the data export.  See guide_ctx.h. */
#include "guide_ctx.h"

#include "util.h"


static const Column BUDGETS[] = {
    {"use_case", "table.use_case", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"budget_usd", "table.budget", COL_MONEY, 0, 0, 'r', NULL, 0},
    {"best_new", "table.best_new", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"best_new_cost_usd", NULL, COL_MONEY, 0, 2, 'r', NULL, 0},
    {"best_used", "table.best_used", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"best_used_cost_usd", NULL, COL_MONEY, 0, 2, 'r', NULL, 0},
};

/* The best performance per dollar among builds that serve u when bought
 * in condition cond (recommend_qualifies with the condition set). */
static const Build *best_in(const Ctx *c, const UseCase *u, Condition cond)
{
	UseCase v = *u;
	v.condition = (int)cond;
	const Build *best = NULL;
	for (size_t i = 0; i < c->costs->n_builds; i++) {
		const Build *b = &c->costs->builds[i];
		if (!recommend_qualifies(c->costs, &v, b))
			continue;
		if (!best || b->per_dollar[u->workload]
		                 > best->per_dollar[u->workload])
			best = b;
	}
	return best;
}

/* "RTX 5070 Ti at $2,479 (one GPU price, 2026-01-15)": a build with its
 * whole cost, the range and date of its GPU prices; without a build
 * within the budget, the sentence naming the cheapest that would do. */
static void build_cost_cell(const Ctx *c, Table *t, const char *key,
                            const char *cost_key, const Build *b,
                            const UseCase *u, Condition cond)
{
	if (!b) {
		if (u->budget > 0)
			table_take_shown(t, key, "",
			                 guide_none_within(c, u, (int)cond));
		return;
	}
	char *id = format_build_id(c->e, b);
	char *name = format_build_name(c->s, c->e, b);
	char *money = guide_build_cost_shown(c, b);
	table_take_shown(t, key, id, gg_fill2(S(c, "budget.build_at"), name,
	                                      money));
	table_set_number(t, cost_key, b->cost);
	g_free(id);
	g_free(name);
	g_free(money);
}

/* One-GPU use cases that are not restricted to one condition: budgets
 * first (smallest first, as in the file), then the others. */
static Table *budgets_table(const Ctx *c)
{
	Table *t = table_new("budgets", BUDGETS, G_N_ELEMENTS(BUDGETS), NULL);
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < c->recs->n; i++) {
			const UseCase *u = c->recs->items[i].use_case;
			if (u->gpu_count != 1 || u->condition >= 0
			    || (u->budget > 0) != (pass == 0))
				continue;
			table_add_row(t);
			table_set_shown(t, "use_case", u->id,
			                format_use_case_title(c->s, u));
			if (u->budget > 0)
				table_set_number(t, "budget_usd", u->budget);
			else
				table_set_number_shown(t, "budget_usd", 0,
				                       S(c, "table.no_limit"));
			build_cost_cell(c, t, "best_new", "best_new_cost_usd",
			                best_in(c, u, CONDITION_NEW), u,
			                CONDITION_NEW);
			build_cost_cell(c, t, "best_used",
			                "best_used_cost_usd",
			                best_in(c, u, CONDITION_USED), u,
			                CONDITION_USED);
		}
	return t;
}

static const Column UPGRADE[] = {
    {"rank", "table.rank", COL_INT, 0, 0, 'r', NULL, 0},
    {"gpu", "table.gpu", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"memory_gb", "table.memory", COL_NUMBER, 0, 0, 'l', "unit.gb", 0},
    {"gpu_price_usd", "table.gpu_price", COL_MONEY, 0, 2, 'r', NULL, 0},
    {"price_condition", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"price_rows", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"price_min_usd", NULL, COL_MONEY, 0, 2, 'r', NULL, 0},
    {"price_max_usd", NULL, COL_MONEY, 0, 2, 'r', NULL, 0},
    {"price_latest_date", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"list_price", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"price_eur", NULL, COL_NUMBER, 0, 2, 'r', NULL, 0},
    {"price_eur_native", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"price_cny", NULL, COL_NUMBER, 0, 2, 'r', NULL, 0},
    {"price_cny_native", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"regional_price", "table.regional_price", COL_TEXT, 0, 0, 'r', NULL,
     0},
    {"value_per_1000_usd", "table.value_per_gpu_dollar", COL_NUMBER, 2, 4,
     'r', NULL, 0},
};

#define UPGRADE_ROWS 12

/* "Upgrade the PC I have": one GPU, at least the smallest memory of the
 * one-GPU use cases, ranked on CNN performance per GPU dollar. */
static Table *upgrade_table(const Ctx *c)
{
	Table *t = table_new("upgrade", UPGRADE, G_N_ELEMENTS(UPGRADE), NULL);
	double min_memory = 0;
	for (size_t i = 0; i < c->recs->n; i++) {
		const UseCase *u = c->recs->items[i].use_case;
		if (u->gpu_count == 1
		    && (min_memory == 0 || u->min_memory_gb < min_memory))
			min_memory = u->min_memory_gb;
	}
	const Build **list = NULL;
	size_t n = recommend_gpu_only(c->costs, WORKLOAD_CNN, min_memory, -1,
	                              &list);
	for (size_t i = 0; i < n && i < UPGRADE_ROWS; i++) {
		table_add_row(t);
		table_set_number(t, "rank", (double)(i + 1));
		guide_set_build(c, t, "gpu", list[i]);
		table_set_number(t, "memory_gb",
		                 c->e->gpus[list[i]->gpu].memory_gb);
		guide_set_gpu_price(c, t, list[i]->gpu_price);
		guide_set_regional_price(c, t, list[i]->gpu_price);
		table_set_number(t, "value_per_1000_usd",
		                 1000 * recommend_gpu_value(list[i],
		                                            WORKLOAD_CNN));
	}
	g_free(list);
	return t;
}

void guide_add_short_answer_tables(const Ctx *c, Values *v,
                                   GPtrArray *tables)
{
	guide_add_table(c, v, tables, budgets_table(c));
	guide_add_table(c, v, tables, upgrade_table(c));
}
