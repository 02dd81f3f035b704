/* Guide tables about buying: performance per dollar (one table per
 * build size, and all sizes together; each GPU price with its range,
 * count and newest date), every build, the recommendations with their
 * price sensitivity, the purchase requests (the cloud tables are in
 * guide_cloud.c, the budgets and "upgrade the PC I have" tables in
 * guide_tables_short.c); and the scalars of the power section
 * (power notes, circuits, driver licence; the currency note is
 * guide_money.c's).
 * Each table is described once (its Columns) and is both a Markdown table
 * of the guide and a file of the data export.  See guide_ctx.h. */
#include "guide_ctx.h"
#include "price_age.h"

#include "paths.h"
#include "util.h"

#include <math.h>

/* md_escape of text, which it frees. */
static char *md_escape_take(char *text)
{
	char *md = md_escape(text);
	g_free(text);
	return md;
}
#include <string.h>

static const Column PER_DOLLAR[] = {
    {"gpu_count", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"gpu", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"rank_cnn", "table.rank", COL_INT, 0, 0, 'r', NULL, 0},
    {"per_dollar_cnn", "table.per_dollar_cnn", COL_NUMBER, 2, 4, 'r', NULL,
     0},
    {"rank_transformer", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"per_dollar_transformer", "table.per_dollar_transformer", COL_NUMBER,
     2, 4, 'r', NULL, 0},
    {"system_cost_usd", "table.system_cost", COL_MONEY, 0, 2, 'r', NULL, 0},
    {"gpu_price_usd", "table.gpu_price", COL_MONEY, 0, 2, 'r', NULL, 0},
    {"price_condition", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"price_rows", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"price_min_usd", NULL, COL_MONEY, 0, 2, 'r', NULL, 0},
    {"price_max_usd", NULL, COL_MONEY, 0, 2, 'r', NULL, 0},
    {"price_latest_date", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"list_price", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"fit_problems", "table.fit", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"build", "table.build", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"memory_gb", "table.memory", COL_NUMBER, 0, 0, 'l', "unit.gb", 0},
};

/* Performance per dollar with the interval of the GPU's performance. */
static void set_per_dollar(const Ctx *c, Table *t, const char *key,
                           const Build *b, Workload w)
{
	const GpuPerf *p = &c->perf->gpus[w][b->gpu];
	double v = b->per_dollar[w];
	if (p->rated && p->value > 0)
		table_set_interval(t, key, v, v * p->low / p->value,
		                   v * p->high / p->value);
	else
		table_set_number(t, key, v);
}

/* The builds of n GPUs, best performance per dollar (CNN) first. */
static Table *per_dollar_table(const Ctx *c, int n)
{
	char *name = g_strdup_printf("per_dollar_%dgpu", n);
	Table *t = table_new(name, PER_DOLLAR, G_N_ELEMENTS(PER_DOLLAR),
	                     "rank_cnn build memory_gb gpu_price_usd "
	                     "system_cost_usd per_dollar_cnn "
	                     "per_dollar_transformer fit_problems");
	g_free(name);
	const Build **list = g_new(const Build *, c->costs->n_builds + 1);
	size_t m = guide_builds_of_size(c, n, WORKLOAD_CNN, list);
	for (size_t i = 0; i < m; i++) {
		const Build *b = list[i];
		const GpuPrice *pr = b->gpu_price;
		table_add_row(t);
		table_set_number(t, "gpu_count", b->gpu_count);
		table_set_text(t, "gpu", c->e->gpus[b->gpu].name);
		table_set_number(t, "rank_cnn", b->rank[WORKLOAD_CNN]);
		set_per_dollar(c, t, "per_dollar_cnn", b, WORKLOAD_CNN);
		table_set_number(t, "rank_transformer",
		                 b->rank[WORKLOAD_TRANSFORMER]);
		set_per_dollar(c, t, "per_dollar_transformer", b,
		               WORKLOAD_TRANSFORMER);
		table_set_number(t, "system_cost_usd", b->cost);
		guide_set_gpu_price(c, t, pr);
		guide_set_fit(c, t, "fit_problems", b->fit);
		guide_set_build(c, t, "build", b);
		table_set_number(t, "memory_gb", c->e->gpus[b->gpu].memory_gb);
	}
	g_free(list);
	return t;
}

static const Column BUILDS[] = {
    {"gpu_count", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"gpu", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"base_system", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"system_cost_usd", NULL, COL_MONEY, 0, 2, 'r', NULL, 0},
    {"performance_cnn", NULL, COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"performance_transformer", NULL, COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"parallel_speedup", NULL, COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"gpu_w", NULL, COL_NUMBER, 0, 0, 'r', NULL, 0},
    {"system_draw_w", NULL, COL_NUMBER, 0, 0, 'r', NULL, 0},
    {"psu_w", NULL, COL_NUMBER, 0, 0, 'r', NULL, 0},
    {"fit_problems", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"kwh_per_year", NULL, COL_NUMBER, 0, 1, 'r', NULL, 0},
    {"electricity_usd_per_year", NULL, COL_MONEY, 0, 2, 'r', NULL, 0},
    {"co2_kg_per_year", NULL, COL_NUMBER, 0, 1, 'r', NULL, 0},
};

/* Data only: every build the cost stage priced. */
static Table *builds_table(const Ctx *c)
{
	Table *t = table_new("builds", BUILDS, G_N_ELEMENTS(BUILDS), NULL);
	for (size_t i = 0; i < c->costs->n_builds; i++) {
		const Build *b = &c->costs->builds[i];
		table_add_row(t);
		table_set_number(t, "gpu_count", b->gpu_count);
		table_set_text(t, "gpu", c->e->gpus[b->gpu].name);
		table_set_text(t, "base_system", b->system->name);
		table_set_number(t, "system_cost_usd", b->cost);
		table_set_number(t, "performance_cnn", b->perf[WORKLOAD_CNN]);
		table_set_number(t, "performance_transformer",
		                 b->perf[WORKLOAD_TRANSFORMER]);
		table_set_number(t, "parallel_speedup", b->speedup);
		table_set_number(t, "gpu_w", b->gpu_w);
		table_set_number(t, "system_draw_w", b->draw_w);
		table_set_number(t, "psu_w", b->psu_w);
		guide_set_fit(c, t, "fit_problems", b->fit);
		table_set_number(t, "kwh_per_year", b->kwh_year);
		table_set_number(t, "electricity_usd_per_year",
		                 b->electricity_year);
		table_set_number(t, "co2_kg_per_year", b->co2_kg_year);
	}
	return t;
}

static const Column RECOMMENDATIONS[] = {
    {"use_case", "table.use_case", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"min_memory_gb", "table.min_memory", COL_NUMBER, 0, 0, 'r', "unit.gb",
     0},
    {"workload", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"gpu_count", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"budget_usd", "table.budget", COL_MONEY, 0, 0, 'r', NULL, 0},
    {"condition", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"requires", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"ranked_on", "table.ranked_on", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"decision", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"buy", "table.buy", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"buy_tokens_per_s", NULL, COL_NUMBER, 0, 1, 'r', NULL, 0},
    {"speed_source", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"other_tokens_per_s", NULL, COL_NUMBER, 0, 1, 'r', NULL, 0},
    {"machines_ranked", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"rent_instance", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"rent_instead_of", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"quote", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"no_answer", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"largest_memory_gb", NULL, COL_NUMBER, 0, 0, 'r', NULL, 0},
    {"runner_up", "table.runner_up", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"best_value", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"tie", "table.tie", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"tie_buy", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"tie_rule", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"fastest_within_budget", "table.best_absolute", COL_TEXT, 0, 0, 'l',
     NULL, 0},
    {"candidates", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"stays_unless", "table.stays_unless", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"pick_max_gpu_price_usd", NULL, COL_MONEY, 0, 2, 'r', NULL, 0},
    {"pick_rise", NULL, COL_PERCENT, 0, 4, 'r', NULL, 0},
    {"runner_min_gpu_price_usd", NULL, COL_MONEY, 0, 2, 'r', NULL, 0},
    {"runner_fall", NULL, COL_PERCENT, 0, 4, 'r', NULL, 0},
};

static void sensitivity_cells(const Ctx *c, Table *t,
                              const Recommendation *r)
{
	if (!r->compared || r->kind != DECISION_BUILD)
		return;
	const Sensitivity *k = &r->sensitivity;
	table_take_shown(t, "stays_unless", "", format_sensitivity(c->s, c->e, r));
	if (r->buy != r->best)
		return; /* bought by the rule for ties: no price threshold */
	table_set_number(t, "pick_max_gpu_price_usd", k->pick_max_price);
	table_set_number(t, "pick_rise", k->pick_rise);
	if (k->runner_min_price > 0) {
		table_set_number(t, "runner_min_gpu_price_usd",
		                 k->runner_min_price);
		table_set_number(t, "runner_fall", k->runner_fall);
	}
}

/* "tie" in the data when the two finalists overlap (the decision's
 * tie); the guide adds what differs and the rule that bought one. */
static void set_tie(const Ctx *c, Table *t, const Recommendation *r)
{
	const RecommendTie *tie = &r->tie;
	if (!r->compared || r->kind != DECISION_BUILD)
		return; /* nothing to compare: an em dash */
	if (!tie->tie) {
		table_set_shown(t, "tie", "", S(c, "tie.none"));
		return;
	}
	/* the Buy column names the build; the cell says why */
	char *diff = guide_tie_differences(c, tie);
	char *key = g_strdup_printf("tie.rule.%s",
	                            recommend_tie_rule_ids[tie->rule]);
	table_take_shown(t, "tie", "tie",
	                 gg_fill2(S(c, "tie.cell"), diff, S(c, key)));
	g_free(key);
	char *id = format_build_id(c->e, tie->buy);
	table_set_text(t, "tie_buy", id);
	table_set_text(t, "tie_rule", recommend_tie_rule_ids[tie->rule]);
	g_free(id);
	g_free(diff);
}

/* What the use case is ranked on, per dollar: training speed, or decode
 * tokens per second of its LLM case (users at once, context), and where
 * the decision's speed comes from (published runs or the decode model). */
static void set_measure(const Ctx *c, Table *t, const Recommendation *r)
{
	const char *id = edition_measure_ids[r->measure];
	if (r->measure != MEASURE_DECODE) {
		table_set_shown(t, "ranked_on", id, S(c, "measure.training"));
		return;
	}
	char *count = format_number(c->s, r->llm_case.users, 0);
	char *users = r->llm_case.users > 1
	                  ? gg_fill2(S(c, "measure.users"), count, "")
	                  : g_strdup(S(c, "measure.one_user"));
	char *context = format_number(c->s, r->llm_case.context, 0);
	char *shown = gg_fill2(S(c, "measure.decode"), users, context);
	const LlmDecode *d = &r->buy_decode;
	if (d->source != LLM_SPEED_NONE) {
		bool measured = d->source == LLM_SPEED_MEASURED;
		table_set_interval(t, "buy_tokens_per_s", d->together, d->low,
		                   d->high);
		table_set_text(t, "speed_source",
		               measured ? "measured" : "modelled");
		table_set_number(t, "machines_ranked", (double)r->n_machines);
		const LlmDecode *o = &r->other_decode;
		if (o->source != LLM_SPEED_NONE)
			table_set_interval(t, "other_tokens_per_s", o->together,
			                   o->low, o->high);
		char *speed = format_interval(
		    c->s, format_number(c->s, d->together, 1),
		    format_number(c->s, d->low, 1),
		    format_number(c->s, d->high, 1), NULL);
		char *from = gg_fill2(S(c, "format.pair"), speed,
		                      S(c, measured ? "speed.measured"
		                                    : "speed.modelled"));
		char *with = gg_fill2(S(c, "measure.speed_from"), shown, from);
		g_free(speed);
		g_free(from);
		g_free(shown);
		shown = with;
	}
	table_take_shown(t, "ranked_on", id, shown);
	g_free(count);
	g_free(users);
	g_free(context);
}

static Table *recommendations_table(const Ctx *c)
{
	Table *t = table_new("recommendations", RECOMMENDATIONS,
	                     G_N_ELEMENTS(RECOMMENDATIONS), NULL);
	for (size_t i = 0; i < c->recs->n; i++) {
		const Recommendation *r = &c->recs->items[i];
		const UseCase *u = r->use_case;
		table_add_row(t);
		table_set_shown(t, "use_case", u->id,
		                format_use_case_title(c->s, u));
		table_set_number(t, "min_memory_gb", u->min_memory_gb);
		table_set_text(t, "workload", workload_name(u->workload));
		table_set_number(t, "gpu_count", u->gpu_count);
		if (u->budget > 0)
			table_set_number(t, "budget_usd", u->budget);
		else
			table_set_number_shown(t, "budget_usd", u->budget,
			                       S(c, "table.no_limit"));
		table_set_text(t, "condition",
		               format_condition_id(u->condition));
		char *requires = guide_rule_ids(u->requires);
		table_set_text(t, "requires", requires);
		g_free(requires);
		set_measure(c, t, r);
		table_set_text(t, "decision", recommend_decision_ids[r->kind]);
		const CloudOffer *rented = r->kind == DECISION_RENT ? r->rent.offer
		                           : r->quote_rent;
		if (rented) {
			char *instance = g_strdup_printf("%s %s", rented->provider,
			                                 rented->instance);
			table_set_text(t, "rent_instance", instance);
			g_free(instance);
			guide_set_build(c, t, "rent_instead_of", r->rent_build);
		}
		if (r->kind == DECISION_NONE) {
			static const char *const why[] = {"memory", "budget",
			                                  "rules", "other"};
			table_set_text(t, "no_answer", why[r->none_reason]);
			table_set_number(t, "largest_memory_gb",
			                 r->none_largest_gb);
		}
		table_set_text(t, "quote", r->kind == DECISION_QUOTE
		                               ? r->use_case->quote : "");
		if (r->buy)
			guide_set_build(c, t, "buy", r->buy);
		else if (r->machine)
			table_set_text(t, "buy", r->machine->name);
		else if (r->kind == DECISION_RENT)
			table_take_shown(t, "buy", "", format_rent_brief(c->s, r));
		else if (r->kind == DECISION_QUOTE)
			table_take_shown(t, "buy", "",
			                 format_quote_decision(c->s, r));
		else if (u->budget > 0 && r->none_reason == NONE_BUDGET)
			table_take_shown(t, "buy", "",
			                 guide_none_within(c, u, u->condition));
		else if (r->kind == DECISION_NONE)
			table_take_shown(t, "buy", "", format_no_answer(c->s, r));
		guide_set_build(c, t, "runner_up", r->other);
		guide_set_build(c, t, "best_value", r->best);
		set_tie(c, t, r);
		guide_set_build(c, t, "fastest_within_budget", r->best_absolute);
		table_set_number(t, "candidates", (double)r->n_candidates);
		sensitivity_cells(c, t, r);
	}
	return t;
}

static const Column REQUESTS[] = {
    {"build", "table.build", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"serves", "table.serves", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"system_cost_usd", "table.system_cost", COL_MONEY, 0, 2, 'r', NULL, 0},
    {"request", "table.request", COL_TEXT, 0, 0, 'l', NULL, 0},
};

/* The use cases build is the best value for: ids for the data, titles
 * for the guide. */
static void serves_cell(const Ctx *c, Table *t, const Build *build)
{
	GString *ids = g_string_new(NULL);
	char *titles = NULL;
	for (size_t k = 0; k < c->recs->n; k++) {
		const UseCase *u = c->recs->items[k].use_case;
		if (c->recs->items[k].buy != build)
			continue;
		g_string_append_printf(ids, "%s%s", ids->len ? " " : "", u->id);
		const char *title = format_use_case_title(c->s, u);
		char *joined = titles ? gg_fill2(S(c, "format.list"), titles, title)
		                      : g_strdup(title);
		g_free(titles);
		titles = joined;
	}
	table_take_shown(t, "serves", ids->str, titles ? titles : g_strdup(""));
	g_string_free(ids, TRUE);
}

/* The purchase-request PDFs, one per recommended build. */
static Table *requests_table(const Ctx *c)
{
	Table *t = table_new("requests", REQUESTS, G_N_ELEMENTS(REQUESTS),
	                     NULL);
	const Build **builds = NULL;
	size_t n = recommend_best_builds(c->recs, &builds);
	for (size_t i = 0; i < n; i++) {
		table_add_row(t);
		guide_set_build(c, t, "build", builds[i]);
		serves_cell(c, t, builds[i]);
		guide_set_build_cost(c, t, "system_cost_usd", builds[i]);
		char *stem = format_build_stem(c->e, builds[i]);
		char *url = paths_request(stem);
		g_free(stem);
		char *name = format_build_name(c->s, c->e, builds[i]);
		char *label = gg_fill2(S(c, "table.request_pdf_named"), name,
		                       "");
		table_set_link(t, "request", url, label, url);
		g_free(label);
		g_free(name);
		g_free(url);
	}
	g_free(builds);
	return t;
}


/* pattern escaped as Markdown, with Markdown md in place of its {1}. */
static char *fill_markdown(const char *pattern, const char *md)
{
	const char *at = strstr(pattern, "{1}");
	if (!at)
		return md_escape(pattern);
	char *head = g_strndup(pattern, (size_t)(at - pattern));
	char *a = md_escape(head), *b = md_escape(at + 3);
	char *out = g_strconcat(a, md, b, NULL);
	g_free(head);
	g_free(a);
	g_free(b);
	return out;
}

/* "[source](url)" of a row, Markdown. */
char *guide_source_link(const Provenance *from)
{
	char *name = md_escape(from->source);
	if (!from->url || !*from->url)
		return name;
	char *link = g_strdup_printf("[%s](%s)", name, from->url);
	g_free(name);
	return link;
}

/* The power section's notes on its example build: what the largest
 * standard supply leaves (never a negative wattage), the household
 * circuits per region, and the driver licence for consumer cards in
 * servers. */
static void power_scalars(const Ctx *c, Values *v)
{
	const Build *pb = c->costs->examples.power_build;
	if (!pb)
		return;
	double spare = c->costs->psu_max_w - pb->gpu_w;
	char *w = num(c, fabs(spare), 0);
	values_set_scalar(v, "power_standard_note", md_escape_take(gg_fill2(
	    S(c, spare >= 0 ? "power.spare" : "power.short"), w, "")));
	g_free(w);
	char *list = format_circuits(c->s, c->costs, pb);
	char *draw = num(c, pb->draw_w, 0);
	values_set_scalar(v, "power_circuit_note",
	                  pb->over_circuit && list
	                      ? md_escape_take(gg_fill2(S(c, "power.circuit"),
	                                                draw, list))
	                      : g_strdup(""));
	g_free(draw);
	g_free(list);
	char *src = c->costs->licence ? guide_source_link(&c->costs->licence->from)
	                              : g_strdup("");
	/* without a sourced licence row, no empty "()" for its source */
	values_set_scalar(v, "licence_note",
	                  fill_markdown(S(c, c->costs->licence
	                                         ? "power.licence"
	                                         : "power.licence_unsourced"),
	                                src));
	g_free(src);
}

/* note_source.ID: each market_notes.csv row as its language cites it,
 * "[source](url), date" (market.note_source); the zh-CN section
 * 中国买家须知 names them. */
static void note_sources(const Ctx *c, Values *v)
{
	for (size_t i = 0; i < c->e->n_market_notes; i++) {
		const MarketNote *n = &c->e->market_notes[i];
		char *key = g_strdup_printf("note_source.%s", n->id);
		char *link = guide_source_link(&n->from);
		char *date = md_escape_take(
		    gg_fill2(S(c, "market.note_date"), n->from.date, ""));
		char *both = g_strconcat(link, date, NULL);
		values_set_scalar(v, key,
		                  fill_markdown(S(c, "market.note_source"), both));
		g_free(both);
		g_free(date);
		g_free(link);
		g_free(key);
	}
}

/* pattern with {1}..{n} replaced by args[0..n-1]; caller frees. */
static char *fill_slots(const char *pattern, const char *const *args,
                        int n)
{
	char *out = g_strdup(pattern);
	for (int i = 0; i < n; i++) {
		char slot[8];
		g_snprintf(slot, sizeof slot, "{%d}", i + 1);
		char **parts = g_strsplit(out, slot, -1);
		g_free(out);
		out = g_strjoinv(args[i], parts);
		g_strfreev(parts);
	}
	return out;
}

/* The model's figure of g on w against the reference GPU with its range,
 * "0.93 (0.87–1.05)"; caller frees. */
static char *rating_interval(const Ctx *c, size_t g, Workload w)
{
	const GpuPerf *p = &c->perf->gpus[w][g];
	return format_interval(c->s, num(c, p->value, 2), num(c, p->low, 2),
	                       num(c, p->high, 2), NULL);
}

/* note_rating.ID: for a market note about one card (market_notes.csv
 * gpu), the model's rating of it from the computed results (both
 * workloads against the reference GPU, with range and basis), or that
 * the model does not rate it; then, when the reader's market has no
 * current price for it, that it is in no ranking.  Plain text, escaped
 * whole. */
static void note_ratings(const Ctx *c, Values *v)
{
	for (size_t i = 0; i < c->e->n_market_notes; i++) {
		const MarketNote *n = &c->e->market_notes[i];
		if (!n->has_gpu)
			continue;
		const GpuPerf *cnn = &c->perf->gpus[WORKLOAD_CNN][n->gpu],
		              *tf = &c->perf->gpus[WORKLOAD_TRANSFORMER][n->gpu];
		char *text;
		if (cnn->rated && tf->rated) {
			char *args[4] = {rating_interval(c, n->gpu, WORKLOAD_CNN),
			                 rating_interval(c, n->gpu,
			                                 WORKLOAD_TRANSFORMER),
			                 g_strdup(c->e->gpus[c->perf->reference].name),
			                 cnn->basis == tf->basis
			                     ? g_strdup(S(c, model_basis_key(cnn->basis)))
			                     : gg_fill2(S(c, "market.bases"),
			                                S(c, model_basis_key(cnn->basis)),
			                                S(c, model_basis_key(tf->basis)))};
			text = fill_slots(S(c, "market.rating"),
			                  (const char *const *)args, 4);
			for (int k = 0; k < 4; k++)
				g_free(args[k]);
		} else {
			text = g_strdup(S(c, "market.unrated"));
		}
		const PriceModel *m = c->costs->price_model;
		if (!price_of(m, n->gpu, CONDITION_NEW)->has_price
		    && !price_of(m, n->gpu, CONDITION_USED)->has_price) {
			char *both = gg_fill2(S(c, "format.sentences"), text,
			                      S(c, "market.no_rank"));
			g_free(text);
			text = both;
		}
		char *key = g_strdup_printf("note_rating.%s", n->id);
		values_set_scalar(v, key, md_escape_take(text)); /* plain text */
		g_free(key);
	}
}

void guide_add_buying_tables(const Ctx *c, Values *v, GPtrArray *tables)
{
	note_sources(c, v);
	note_ratings(c, v);
	Table *all = NULL;
	for (int k = 0; k < BUILD_SIZES; k++) {
		Table *t = per_dollar_table(c, BUILD_GPU_COUNTS[k]);
		if (!all)
			all = table_new("per_dollar", PER_DOLLAR,
			                G_N_ELEMENTS(PER_DOLLAR), "");
		table_append(all, t);
		guide_add_table(c, v, tables, t);
	}
	guide_add_table(c, v, tables, all);
	guide_add_table(c, v, tables, builds_table(c));
	guide_add_table(c, v, tables, recommendations_table(c));
	guide_add_table(c, v, tables, requests_table(c));
}

void guide_add_buying_scalars(const Ctx *c, Values *v)
{
	power_scalars(c, v);
	guide_money_scalars(c, v);
}
