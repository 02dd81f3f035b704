/* Guide tables of the short answer: the one build to buy for each kind
 * of work (the decisions of the results, each once), and the "upgrade
 * the PC I have" ranking on the GPU price alone.  Each table is both a Markdown table of the guide
 * and a file of the data export.  See guide_ctx.h. */
#include "guide_ctx.h"

#include "util.h"


static const Column SHORT_ANSWER[] = {
    {"buy", "table.buy", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"tie_with", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"tie_rule", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"system_cost_usd", "table.whole_system", COL_MONEY, 0, 2, 'r', NULL, 0},
    {"gpu_price_usd", "table.gpu_price_each", COL_MONEY, 0, 2, 'r', NULL, 0},
    {"use_cases", "table.use_cases", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"price_condition", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"price_rows", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"price_min_usd", NULL, COL_MONEY, 0, 2, 'r', NULL, 0},
    {"price_max_usd", NULL, COL_MONEY, 0, 2, 'r', NULL, 0},
    {"price_latest_date", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"list_price", NULL, COL_INT, 0, 0, 'r', NULL, 0},
};

/* Whether two use cases' decisions name the same thing to buy. */
static bool same_decision(const Recommendation *a, const Recommendation *b)
{
	if (a->kind == DECISION_QUOTE)
		return a == b;
	return a->kind != DECISION_NONE && a->kind == b->kind
	       && a->buy == b->buy && a->machine == b->machine
	       && a->rent_build == b->rent_build
	       && a->rent.offer == b->rent.offer;
}

/* The use cases whose decision is r's (all of them when r buys
 * something; r's own alone when nothing qualifies): ids for the data,
 * titles for the reader. */
static void use_cases_cell(const Ctx *c, Table *t, const Recommendation *r)
{
	GString *ids = g_string_new(NULL);
	char *titles = NULL;
	for (size_t k = 0; k < c->recs->n; k++) {
		const Recommendation *x = &c->recs->items[k];
		if (x != r && !same_decision(x, r))
			continue;
		g_string_append_printf(ids, "%s%s", ids->len ? " " : "",
		                       x->use_case->id);
		guide_list_append(c, &titles, g_strdup(format_use_case_title(
		                                  c->s, x->use_case)));
	}
	table_take_shown(t, "use_cases", ids->str, titles);
	g_string_free(ids, TRUE);
}

/* "RTX 3090 (used) — tie with the RTX 4090 (used); bought by the rule
 * for ties: less power": the decision's build, and its tie. */
static void buy_cell(const Ctx *c, Table *t, const Recommendation *r)
{
	char *id = format_build_id(c->e, r->buy);
	char *name = format_build_name(c->s, c->e, r->buy);
	if (r->compared && r->tie.tie) {
		char *other = format_build_name(c->s, c->e, r->other);
		char *key = g_strdup_printf("tie.rule.%s",
		                            recommend_tie_rule_ids[r->tie.rule]);
		char *why = gg_fill2(S(c, "short.tie"), other, S(c, key));
		char *shown = gg_fill2(S(c, "short.buy_tie"), name, why);
		g_free(name);
		name = shown;
		char *other_id = format_build_id(c->e, r->other);
		table_set_text(t, "tie_with", other_id);
		table_set_text(t, "tie_rule", recommend_tie_rule_ids[r->tie.rule]);
		g_free(other_id);
		g_free(why);
		g_free(key);
		g_free(other);
	}
	table_take_shown(t, "buy", id, name);
	g_free(id);
}

/* The short answer: one row per decision (Recommendation.buy), the use
 * cases that share it together, in the order of their first use case;
 * a use case that nothing serves has a row of its own saying so. */
static Table *short_answer_table(const Ctx *c)
{
	Table *t = table_new("short_answer", SHORT_ANSWER,
	                     G_N_ELEMENTS(SHORT_ANSWER), NULL);
	for (size_t i = 0; i < c->recs->n; i++) {
		const Recommendation *r = &c->recs->items[i];
		bool seen = false;
		for (size_t k = 0; k < i; k++)
			seen |= same_decision(&c->recs->items[k], r);
		if (seen)
			continue;
		table_add_row(t);
		use_cases_cell(c, t, r);
		if (r->machine) {
			const Provenance *from = &r->machine->from;
			table_take_shown(t, "buy", r->machine->name,
			                 gg_fill2(S(c, "short.machine"),
			                          r->machine->name,
			                          from->date ? from->date : ""));
			table_set_number(t, "system_cost_usd", r->machine->price);
			continue;
		}
		if (r->kind == DECISION_RENT || r->kind == DECISION_QUOTE) {
			table_take_shown(t, "buy", "",
			                 r->kind == DECISION_RENT
			                     ? format_rent_decision(c->s, c->e, r)
			                     : format_quote_decision(c->s, r));
			continue;
		}
		if (!r->buy) {
			const UseCase *u = r->use_case;
			table_take_shown(t, "buy", "",
			                 u->budget > 0 && r->none_reason == NONE_BUDGET
			                     ? guide_none_within(c, u, u->condition)
			                     : format_no_answer(c->s, r));
			continue;
		}
		buy_cell(c, t, r);
		table_set_number(t, "system_cost_usd", r->buy->cost);
		guide_set_gpu_price(c, t, r->buy->gpu_price);
	}
	return t;
}

/* The upgrade table's columns but its last, the performance per money:
 * per 1,000 USD, or per ¥10,000 in a yuan market's edition
 * (guide_per_yuan), whose data export names its column so. */
#define UPGRADE_PRICE_COLUMNS \
    {"rank", "table.rank", COL_INT, 0, 0, 'r', NULL, 0}, \
    {"gpu", "table.gpu", COL_TEXT, 0, 0, 'l', NULL, 0}, \
    {"memory_gb", "table.memory", COL_NUMBER, 0, 0, 'l', "unit.gb", 0}, \
    {"gpu_price_usd", "table.gpu_price", COL_MONEY, 0, 2, 'r', NULL, 0}, \
    {"price_condition", NULL, COL_TEXT, 0, 0, 'l', NULL, 0}, \
    {"price_rows", NULL, COL_INT, 0, 0, 'r', NULL, 0}, \
    {"price_min_usd", NULL, COL_MONEY, 0, 2, 'r', NULL, 0}, \
    {"price_max_usd", NULL, COL_MONEY, 0, 2, 'r', NULL, 0}, \
    {"price_latest_date", NULL, COL_TEXT, 0, 0, 'l', NULL, 0}, \
    {"list_price", NULL, COL_INT, 0, 0, 'r', NULL, 0}, \
    {"price_eur", NULL, COL_NUMBER, 0, 2, 'r', NULL, 0}, \
    {"price_eur_native", NULL, COL_INT, 0, 0, 'r', NULL, 0}, \
    {"price_cny", NULL, COL_NUMBER, 0, 2, 'r', NULL, 0}, \
    {"price_cny_native", NULL, COL_INT, 0, 0, 'r', NULL, 0}, \
    {"regional_price", "table.regional_price", COL_TEXT, 0, 0, 'r', NULL, \
     0},

static const Column UPGRADE[] = {
    UPGRADE_PRICE_COLUMNS
    {"value_per_1000_usd", "table.value_per_gpu_dollar", COL_NUMBER, 2, 4,
     'r', NULL, 0},
};
static const Column UPGRADE_YUAN[] = {
    UPGRADE_PRICE_COLUMNS
    {"value_per_10000_cny", "table.value_per_gpu_yuan", COL_NUMBER, 2, 4,
     'r', NULL, 0},
};

#define UPGRADE_ROWS 12

/* "Upgrade the PC I have": one GPU, at least the smallest memory of the
 * one-GPU use cases, ranked on CNN performance per GPU dollar. */
static Table *upgrade_table(const Ctx *c)
{
	bool yuan = guide_per_yuan(c);
	Table *t = yuan ? table_new("upgrade", UPGRADE_YUAN,
	                            G_N_ELEMENTS(UPGRADE_YUAN), NULL)
	                : table_new("upgrade", UPGRADE, G_N_ELEMENTS(UPGRADE),
	                            NULL);
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
		table_set_number(t, yuan ? "value_per_10000_cny"
		                          : "value_per_1000_usd",
		                 guide_perf_per_money(c,
		                                      list[i]->perf[WORKLOAD_CNN],
		                                      list[i]->gpu_price));
	}
	g_free(list);
	return t;
}

/* The dates of the rental prices the short answer names, once each
 * ("AutoDL, 2026-08-13"), as a note after its table; "" without one. */
static char *rent_dates_note(const Ctx *c)
{
	GString *list = g_string_new(NULL);
	GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal,
	                                         g_free, NULL);
	for (size_t i = 0; i < c->recs->n; i++) {
		const Recommendation *r = &c->recs->items[i];
		if (r->kind != DECISION_RENT || !r->rent.offer)
			continue;
		const CloudOffer *o = r->rent.offer;
		char *one = gg_fill2(S(c, "short.rent_date"), o->provider,
		                     o->from.date ? o->from.date : "");
		if (g_hash_table_contains(seen, one)) {
			g_free(one);
			continue;
		}
		if (list->len)
			g_string_append(list, S(c, "short.rent_date_join"));
		g_string_append(list, one);
		g_hash_table_add(seen, one);
	}
	g_hash_table_destroy(seen);
	char *note = list->len ? gg_fill2(S(c, "short.rent_note"), list->str, "")
	                       : g_strdup("");
	g_string_free(list, TRUE);
	return note;
}

void guide_add_short_answer_tables(const Ctx *c, Values *v,
                                   GPtrArray *tables)
{
	values_set_scalar(v, "short_answer_note", rent_dates_note(c));
	/* the money the upgrade table's value is per, as its text names it */
	values_set_scalar(v, "upgrade_per_money",
	                  g_strdup(S(c, guide_per_yuan(c) ? "upgrade.per_yuan"
	                                                  : "upgrade.per_usd")));
	guide_add_table(c, v, tables, short_answer_table(c));
	guide_add_table(c, v, tables, upgrade_table(c));
}
