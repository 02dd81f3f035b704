/* Guide values of the article's advice that is not a pick by performance
 * per dollar (advice.h): the avoid list and which recommended builds it
 * touches, the price ladder of the little-money tier, the power-limited
 * pick of the not-serious tier, the serious beginner's path, the cluster
 * mix of 8-GPU nodes, and the figures the 2020-09 prose quotes that
 * follow from assumptions (number-format ranges, the sparse speed-up,
 * tensor-core idle time, upgrade gains, {{percent.KEY}} for every
 * fraction).  Every value is set only when its inputs exist,
 * so an edition without them (current) simply has fewer names.  See
 * guide_ctx.h. */
#include "guide_ctx.h"

#include "advice.h"
#include "claims.h"
#include "util.h"

#include <math.h>
#include <string.h>

static const Assumption *number_of(const Ctx *c, const char *key)
{
	const Assumption *a = edition_assumption(c->e, key);
	return a && a->is_number ? a : NULL;
}

static const UseCase *use_case(const Ctx *c, const char *id)
{
	for (size_t i = 0; i < c->e->n_use_cases; i++)
		if (strcmp(c->e->use_cases[i].id, id) == 0)
			return &c->e->use_cases[i];
	return NULL;
}

/* The use case named by assumption key (its text value). */
static const UseCase *use_case_of(const Ctx *c, const char *key)
{
	const Assumption *a = edition_assumption(c->e, key);
	return a ? use_case(c, a->value) : NULL;
}

static const Recommendation *rec_of(const Ctx *c, const UseCase *u)
{
	for (size_t i = 0; u && i < c->recs->n; i++)
		if (c->recs->items[i].use_case == u)
			return &c->recs->items[i];
	return NULL;
}

/* ---- the avoid list ----------------------------------------------------- */

static const Column AVOID[] = {
    {"match", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"value", "table.avoid_what", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"reason", "table.avoid_why", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"buyer", "table.avoid_for", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"gpus", "table.gpus_of", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"source", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"note", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
};

static const char *const MATCH_IDS[] = {"gpu", "segment", "variant"};

/* The GPUs of gpus.csv a row matches (none for a board variant). */
static char *matched_gpus(const Ctx *c, const AvoidList *a,
                          const AvoidRow *row)
{
	GString *s = g_string_new(NULL);
	for (size_t g = 0; g < c->e->n_gpus; g++)
		if (advice_avoid_for(a, c->e, g) == row)
			g_string_append_printf(s, "%s%s", s->len ? ", " : "",
			                       c->e->gpus[g].name);
	return g_string_free(s, FALSE);
}

static Table *avoid_table(const Ctx *c, const AvoidList *a)
{
	Table *t = table_new("avoid", AVOID, G_N_ELEMENTS(AVOID), NULL);
	for (size_t i = 0; i < a->n; i++) {
		const AvoidRow *r = &a->rows[i];
		table_add_row(t);
		table_set_text(t, "match", MATCH_IDS[r->match]);
		char *key = r->match == AVOID_SEGMENT
		                ? g_strdup_printf("avoid.segment.%s", r->value)
		                : NULL;
		table_set_shown(t, "value", r->value,
		                key ? S(c, key) : r->value);
		g_free(key);
		key = g_strdup_printf("avoid.%s", r->reason);
		table_set_shown(t, "reason", r->reason, S(c, key));
		g_free(key);
		table_set_shown(t, "buyer",
		                r->buyer == AVOID_INDIVIDUAL ? "individual"
		                                             : "anyone",
		                S(c, r->buyer == AVOID_INDIVIDUAL
		                         ? "avoid.buyer.individual"
		                         : "avoid.buyer.anyone"));
		char *gpus = matched_gpus(c, a, r);
		table_set_text(t, "gpus", gpus);
		g_free(gpus);
		table_set_text(t, "source", r->source);
		table_set_text(t, "note", r->note);
	}
	return t;
}

/* The best build per dollar for r's use case other than its pick whose
 * GPU the avoid list does not advise an individual against; NULL when
 * there is none. */
static const Build *individual_runner_up(const Ctx *c, const AvoidList *a,
                                         const Recommendation *r)
{
	const UseCase *u = r->use_case;
	const Build *best = NULL;
	for (size_t i = 0; i < c->costs->n_builds; i++) {
		const Build *b = &c->costs->builds[i];
		const AvoidRow *row = advice_avoid_for(a, c->e, b->gpu);
		if (b == r->buy || (row && row->buyer == AVOID_INDIVIDUAL)
		    || !recommend_qualifies(c->costs, u, b))
			continue;
		if (!best || b->per_dollar[u->workload]
		                 > best->per_dollar[u->workload])
			best = b;
	}
	return best;
}

/* {{avoid_offered}}: the recommended builds (pick, runner-up or fastest)
 * that the avoid list advises an individual against, each with its role,
 * use case and the runner-up an individual gets instead, or the word for
 * none. */
static char *avoid_offered(const Ctx *c, const AvoidList *a, size_t *count)
{
	GString *s = g_string_new(NULL);
	*count = 0;
	const char *roles[] = {"avoid.role.best", "avoid.role.runner_up",
	                       "avoid.role.absolute"};
	for (size_t i = 0; i < c->recs->n; i++) {
		const Recommendation *r = &c->recs->items[i];
		const Build *b[] = {r->best, r->runner_up, r->best_absolute};
		for (int k = 0; k < 3; k++) {
			const AvoidRow *row =
			    b[k] ? advice_avoid_for(a, c->e, b[k]->gpu) : NULL;
			if (!row || row->buyer != AVOID_INDIVIDUAL)
				continue;
			char *name = format_build_name(c->s, c->e, b[k]);
			char *role = gg_fill2(S(c, "avoid.offered_as"),
			                      S(c, roles[k]),
			                      format_use_case_title(c->s,
			                                            r->use_case));
			const Build *alt = individual_runner_up(c, a, r);
			char *alt_name = alt ? format_build_name(c->s, c->e, alt)
			                     : NULL;
			char *instead = alt_name
			                    ? gg_fill2(S(c, "avoid.instead"),
			                               alt_name, "")
			                    : g_strdup(S(c, "avoid.instead_none"));
			g_string_append_printf(s, "%s%s (%s; %s)",
			                       s->len ? "; " : "", name, role,
			                       instead);
			g_free(instead);
			g_free(alt_name);
			g_free(role);
			g_free(name);
			(*count)++;
		}
	}
	if (!s->len)
		g_string_append(s, S(c, "avoid.offered_none"));
	char *md = md_escape(s->str);
	g_string_free(s, TRUE);
	return md;
}

static void avoid_values(const Ctx *c, Values *v, GPtrArray *tables)
{
	const AvoidList *a = c->res->avoid;
	if (a->n) {
		guide_add_table(c, v, tables, avoid_table(c, a));
		size_t n;
		values_set_scalar(v, "avoid_offered", avoid_offered(c, a, &n));
		values_set_scalar(v, "avoid_offered_count",
		                  g_strdup_printf("%zu", n));
	}
}

/* ---- budget tiers ------------------------------------------------------- */

/* The ladder's columns but its last: performance per 1,000 USD, or per
 * ¥10,000 in a yuan market's edition (guide_per_yuan). */
#define LADDER_COLUMNS \
    {"card", "ladder.card", COL_TEXT, 0, 0, 'l', NULL, 0}, \
    {"gpu_price_usd", "ladder.price", COL_MONEY, 0, 2, 'r', NULL, 0}, \
    {"fastest", "ladder.fastest", COL_TEXT, 0, 0, 'l', NULL, 0}, \
    {"relative_performance", "table.relative_performance", COL_NUMBER, 2, \
     4, 'r', NULL, 0},

static const Column LADDER[] = {
    LADDER_COLUMNS
    {"per_1000_usd", "ladder.per_1000", COL_NUMBER, 2, 4, 'r', NULL, 0},
};
static const Column LADDER_YUAN[] = {
    LADDER_COLUMNS
    {"per_10000_cny", "ladder.per_10000_cny", COL_NUMBER, 2, 4, 'r', NULL,
     0},
};

static Table *ladder_table(const Ctx *c, const UseCase *u)
{
	bool yuan = guide_per_yuan(c);
	Table *t = yuan ? table_new("price_ladder", LADDER_YUAN,
	                            G_N_ELEMENTS(LADDER_YUAN), NULL)
	                : table_new("price_ladder", LADDER,
	                            G_N_ELEMENTS(LADDER), NULL);
	LadderStep *steps = NULL;
	size_t n = advice_price_ladder(c->costs, u, &steps);
	for (size_t i = 0; i < n; i++) {
		const LadderStep *s = &steps[i];
		double perf = s->card->perf[u->workload];
		table_add_row(t);
		guide_set_build(c, t, "card", s->card);
		table_set_number(t, "gpu_price_usd", s->price);
		guide_set_build(c, t, "fastest", s->fastest);
		table_set_number(t, "relative_performance", perf);
		table_set_number(t, yuan ? "per_10000_cny" : "per_1000_usd",
		                 guide_perf_per_money(c, perf,
		                                      s->card->gpu_price));
	}
	g_free(steps);
	return t;
}

/* The not-serious tier's power-limited pick: the card an existing
 * supply feeds with no other part changed. */
static void power_pick_values(const Ctx *c, Values *v, const UseCase *u)
{
	const Assumption *psu = number_of(c, "not_serious_psu_w");
	if (!psu)
		return;
	long g = advice_power_pick(c->costs, u, psu->number);
	double budget_w = psu->number / (1 + c->costs->psu_headroom)
	                  - c->costs->cpu_w - c->costs->rest_w;
	values_set_scalar(v, "not_serious_gpu_w", num(c, budget_w, 0));
	values_set_scalar(v, "not_serious_power_pick",
	                  g >= 0 ? guide_gpu_md(c, (size_t)g)
	                         : md_escape(S(c, "avoid.offered_none")));
	if (g >= 0)
		values_set_scalar(v, "not_serious_power_pick_w",
		                  num(c, c->e->gpus[g].tdp_w, 0));
}

static void tier_values(const Ctx *c, Values *v, GPtrArray *tables)
{
	const Recommendation *r = rec_of(c, use_case_of(c,
	                                        "cheaper_option_use_case"));
	const Build *cheap = r ? advice_cheaper_option(c->costs, r) : NULL;
	if (r) { /* an edition's own advice names them even with none cheaper */
		values_set_scalar(v, "cheaper_option_use_case",
		                  md_escape(format_use_case_title(c->s,
		                                                  r->use_case)));
		values_set_scalar(v, "cheaper_option_pick",
		                  guide_build_md(c, r->buy));
		values_set_scalar(v, "cheaper_option",
		                  cheap ? guide_build_md(c, cheap)
		                        : md_escape(S(c, "avoid.offered_none")));
		values_set_scalar(v, "cheaper_option_runner_up",
		                  guide_build_md(c, r->other));
	}
	const UseCase *little = use_case(c, "little_money");
	if (little)
		guide_add_table(c, v, tables, ladder_table(c, little));
	const UseCase *ns = use_case(c, "not_serious");
	if (ns)
		power_pick_values(c, v, ns);
}

/* ---- the beginner's path and the cluster mix ---------------------------- */

static void beginner_values(const Ctx *c, Values *v)
{
	const Recommendation *now = rec_of(c, use_case_of(c,
	                                          "beginner_start_use_case"));
	const UseCase *later = use_case_of(c, "beginner_later_use_case");
	const Build *four = later ? advice_best_of_size(c->costs, later, 4) : NULL;
	if (!now || !now->buy || !four)
		return;
	values_set_scalar(v, "beginner_start", guide_build_md(c, now->buy));
	values_set_scalar(v, "beginner_start_cost",
	                  guide_md_money(c, now->buy->cost));
	values_set_scalar(v, "beginner_later", guide_build_md(c, four));
	values_set_scalar(v, "beginner_later_cost",
	                  guide_md_money(c, four->cost));
}

/* The cluster mix of advice_cluster_mix, its cost and shares. */
static void cluster_values(const Ctx *c, Values *v)
{
	ClusterMix m;
	if (!advice_cluster_mix(c->costs, &m))
		return;
	values_set_scalar(v, "cluster_nodes", g_strdup_printf("%d", m.nodes));
	values_set_scalar(v, "cluster_small_node", guide_build_md(c, m.small));
	values_set_scalar(v, "cluster_large_node", guide_build_md(c, m.large));
	values_set_scalar(v, "cluster_small_count",
	                  g_strdup_printf("%d", m.n_small));
	values_set_scalar(v, "cluster_large_count",
	                  g_strdup_printf("%d", m.n_large));
	values_set_scalar(v, "cluster_small_node_cost",
	                  guide_md_money(c, m.small->cost));
	values_set_scalar(v, "cluster_large_node_cost",
	                  guide_md_money(c, m.large->cost));
	values_set_scalar(v, "cluster_cost", guide_md_money(c, m.cost));
	values_set_scalar(v, "cluster_large_budget_share",
	                  guide_md_percent(c, m.large_cost / m.cost, 0));
	values_set_scalar(v, "cluster_small_node_share",
	                  guide_md_percent(c, (double)m.n_small / m.nodes, 0));
	values_set_scalar(v, "cluster_large_node_share",
	                  guide_md_percent(c, (double)m.n_large / m.nodes, 0));
}

/* ---- figures of the hardware prose -------------------------------------- */

/* "65,504" or "3.4 × 10³⁸" (superscript digits) */
static char *big_number(const Ctx *c, double x)
{
	if (x < 1e7)
		return num(c, x, 0);
	static const char *const SUP[] = {"⁰", "¹", "²", "³", "⁴",
	                                  "⁵", "⁶", "⁷", "⁸", "⁹"};
	int exp10 = (int)floor(log10(x));
	char *mant = num(c, x / pow(10, exp10), 1);
	GString *s = g_string_new(NULL);
	g_string_printf(s, "%s × 10", mant);
	char digits[16];
	g_snprintf(digits, sizeof digits, "%d", exp10);
	for (const char *d = digits; *d; d++)
		g_string_append(s, SUP[*d - '0']);
	g_free(mant);
	return g_string_free(s, FALSE);
}

static void format_values(const Ctx *c, Values *v)
{
	const char *fmts[] = {"fp16", "bf16", "tf32"};
	for (size_t i = 0; i < G_N_ELEMENTS(fmts); i++) {
		char key[64];
		g_snprintf(key, sizeof key, "format_exponent_bits.%s", fmts[i]);
		const Assumption *e = number_of(c, key);
		g_snprintf(key, sizeof key, "format_mantissa_bits.%s", fmts[i]);
		const Assumption *m = number_of(c, key);
		if (!e || !m)
			continue;
		g_snprintf(key, sizeof key, "%s_max", fmts[i]);
		values_set_scalar(v, key, big_number(c, claims_format_max(e->number,
		                                                     m->number)));
		g_snprintf(key, sizeof key, "%s_bits", fmts[i]);
		values_set_scalar(v, key, num(c, 1 + e->number + m->number, 0));
	}
	const Assumption *group = number_of(c, "sparse_group");
	const Assumption *zeros = number_of(c, "sparse_zeros");
	if (group && zeros && group->number > zeros->number)
		values_set_scalar(v, "sparse_speedup",
		                  num(c, group->number
		                             / (group->number - zeros->number),
		                      0));
	const Assumption *util = number_of(c, "bert_tensor_core_utilization");
	if (util)
		values_set_scalar(v, "tensor_core_idle",
		                  guide_md_percent(c, 1 - util->number, 0));
	const Assumption *sms = number_of(c, "cycle_example_sms");
	const Assumption *gpu = edition_assumption(c->e, "cycle_example_gpu");
	long g = gpu ? edition_find_gpu(c->e, gpu->value) : -1;
	if (g >= 0)
		values_set_scalar(v, "cycle_example_gpu", guide_gpu_md(c, g));
	if (sms && g >= 0)
		values_set_scalar(v, "cycle_example_sm_share",
		                  guide_md_percent(c, sms->number
		                                          / c->e->gpus[g].sm_count,
		                                   0));
}

/* When not to upgrade: perf_claim_gpu over perf_claim_reference per
 * workload and the extra board power. */
static void upgrade_values(const Ctx *c, Values *v)
{
	const Assumption *ga = edition_assumption(c->e, "perf_claim_gpu");
	const Assumption *ra = edition_assumption(c->e, "perf_claim_reference");
	long g = ga ? edition_find_gpu(c->e, ga->value) : -1;
	long r = ra ? edition_find_gpu(c->e, ra->value) : -1;
	if (g < 0 || r < 0)
		return;
	const char *names[] = {"upgrade_gain_cnn", "upgrade_gain_transformer"};
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		const GpuPerf *pg = &c->perf->gpus[w][g], *pr = &c->perf->gpus[w][r];
		if (pg->rated && pr->rated && pr->value > 0)
			values_set_scalar(v, names[w],
			                  guide_md_percent(c, pg->value / pr->value
			                                          - 1,
			                                   0));
	}
	values_set_scalar(v, "upgrade_to", guide_gpu_md(c, (size_t)g));
	values_set_scalar(v, "upgrade_from", guide_gpu_md(c, (size_t)r));
	values_set_scalar(v, "upgrade_extra_w",
	                  num(c, c->e->gpus[g].tdp_w - c->e->gpus[r].tdp_w, 0));
}

/* {{percent.KEY}}: every assumption whose unit is "fraction", as a
 * percentage in the language ("25%"). */
static void percent_values(const Ctx *c, Values *v)
{
	for (size_t i = 0; i < c->e->n_assumptions; i++) {
		const Assumption *a = &c->e->assumptions[i];
		if (!a->is_number || strcmp(a->unit, "fraction") != 0)
			continue;
		char *name = g_strdup_printf("percent.%s", a->key);
		values_set_scalar(v, name, guide_md_percent(c, a->number, 0));
		g_free(name);
	}
}

void guide_add_advice(const Ctx *c, Values *v, GPtrArray *tables)
{
	avoid_values(c, v, tables);
	tier_values(c, v, tables);
	beginner_values(c, v);
	cluster_values(c, v);
	format_values(c, v);
	upgrade_values(c, v);
	percent_values(c, v);
}
