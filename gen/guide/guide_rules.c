/* Guide table of the builds a use case's rules exclude: for each use case
 * with rules (use_cases.csv requires), the builds that would beat its pick
 * on performance per dollar but break a rule (recommend.h's
 * Recommendation.excluded), with the rules named, so a reader sees why
 * the cheaper-looking build is not the pick.  Both a Markdown table of
 * the guide and a file of the data export.  See guide_ctx.h. */
#include "guide_ctx.h"

#include "util.h"

static const Column EXCLUDED[] = {
    {"use_case", "table.use_case", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"build", "table.excluded_build", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"per_dollar_vs_pick", "table.vs_pick", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"rules_broken", "table.rules_broken", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"fit_problems", "table.fit", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"pick", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
};

/* The rules as ids ("fit p2p") and in the language's words, joined. */
static void set_rules(const Ctx *c, Table *t, unsigned rules)
{
	char *shown = NULL;
	for (int k = 0; k < USE_RULE_COUNT; k++) {
		if (!(rules & (1u << k)))
			continue;
		char *key = g_strdup_printf("rule.%s", edition_use_rule_ids[k]);
		const char *words = S(c, key);
		g_free(key);
		char *joined = shown ? gg_fill2(S(c, "format.list"), shown, words)
		                     : g_strdup(words);
		g_free(shown);
		shown = joined;
	}
	char *ids = guide_rule_ids(rules);
	table_take_shown(t, "rules_broken", ids, shown);
	g_free(ids);
}

static Table *excluded_table(const Ctx *c)
{
	Table *t = table_new("excluded_builds", EXCLUDED,
	                     G_N_ELEMENTS(EXCLUDED), NULL);
	for (size_t i = 0; i < c->recs->n; i++) {
		const Recommendation *r = &c->recs->items[i];
		const UseCase *u = r->use_case;
		for (size_t k = 0; k < r->n_excluded; k++) {
			const Build *b = r->excluded[k];
			table_add_row(t);
			table_set_shown(t, "use_case", u->id,
			                format_use_case_title(c->s, u));
			guide_set_build(c, t, "build", b);
			if (r->buy)
				table_set_number(t, "per_dollar_vs_pick",
				                 r->excluded_vs_buy[k]);
			set_rules(c, t, r->excluded_rules[k]);
			guide_set_fit(c, t, "fit_problems", b->fit);
			guide_set_build(c, t, "pick", r->buy);
		}
	}
	return t;
}

void guide_add_rules_tables(const Ctx *c, Values *v, GPtrArray *tables)
{
	guide_add_table(c, v, tables, excluded_table(c));
}
