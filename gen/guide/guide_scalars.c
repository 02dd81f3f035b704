/* Guide scalars: the single values the template text quotes
 * ({{name}}): the edition, the worked examples, the model's validation
 * and every assumption.  See guide_ctx.h. */
#include "guide_ctx.h"

#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void set(Values *v, const char *name, char *text)
{
	values_set_scalar(v, name, text);
}

/* "between 1.78 and 1.87 times", or a sentence saying no bonus applies. */
static char *theory_range(const Ctx *c, const Examples *x)
{
	char *low = num(c, x->theory_low, 2), *high = num(c, x->theory_high, 2);
	bool same = strcmp(low, high) == 0;
	char *text = gg_fill2(S(c, same ? "sentence.theory_no_bonus"
	                             : "sentence.theory_range"),
	                   low, high);
	char *md = md_escape(text);
	g_free(low);
	g_free(high);
	g_free(text);
	return md;
}

static void example_scalars(const Ctx *c, Values *v)
{
	const Examples *x = &c->costs->examples;
	set(v, "theory_gpu", md_escape(x->theory_gpu));
	set(v, "theory_reference", md_escape(x->theory_reference));
	set(v, "theory_ratio", num(c, x->theory_ratio, 2));
	set(v, "theory_low", num(c, x->theory_low, 2));
	set(v, "theory_high", num(c, x->theory_high, 2));
	set(v, "theory_range", theory_range(c, x));
	set(v, "cycles_without", g_strdup_printf("%d", x->cycles_without));
	set(v, "cycles_with", g_strdup_printf("%d", x->cycles_with));
	const Build *pb = x->power_build, *pa = x->power_alt_build;
	set(v, "power_gpu", md_escape(c->e->gpus[pb->gpu].name));
	set(v, "power_alt_gpu", md_escape(c->e->gpus[pa->gpu].name));
	set(v, "power_gpus", g_strdup_printf("%d", pb->gpu_count));
	set(v, "power_gpu_tdp", num(c, c->e->gpus[pb->gpu].tdp_w, 0));
	set(v, "power_gpu_w", num(c, pb->gpu_w, 0));
	set(v, "power_draw_w", num(c, pb->draw_w, 0));
	set(v, "power_psu_w", num(c, pb->psu_w, 0));
	set(v, "power_alt_gpu_w", num(c, pa->gpu_w, 0));
	set(v, "power_alt_psu_w", num(c, pa->psu_w, 0));
	set(v, "standard_psu_w", num(c, c->costs->psu_max_w, 0));
	set(v, "psu_spare_w", num(c, c->costs->psu_max_w - pb->gpu_w, 0));
	const Build *bb = x->breakeven_build;
	double kwh = bb ? bb->kwh_year : NAN;
	set(v, "breakeven_gpu", md_escape(bb ? c->e->gpus[bb->gpu].name : "-"));
	set(v, "breakeven_gpu_tdp", num(c, bb ? c->e->gpus[bb->gpu].tdp_w : NAN, 0));
	set(v, "cpu_w", num(c, c->costs->cpu_w, 0));
	set(v, "utilization", guide_md_percent(c, c->costs->utilization, 0));
	set(v, "kwh_year", num(c, kwh, 0));
	set(v, "kwh_price", guide_md_price(c, c->costs->kwh_price));
	set(v, "electricity_year", guide_md_money(c, kwh * c->costs->kwh_price));
	set(v, "co2_kg_year", num(c, kwh * c->costs->co2_per_kwh, 0));
	set(v, "desktop_cost", guide_md_money(c, x->desktop_cost));
	const CloudOffer *o = x->breakeven_offer;
	set(v, "cloud_price_hour", guide_md_price(c, o->price_per_hour));
	char *inst = g_strdup_printf("%s %s", o->provider, o->instance);
	set(v, "cloud_instance", md_escape(inst));
	g_free(inst);
	set(v, "cloud_gpu", md_escape(c->e->gpus[o->gpu].name));
	set(v, "breakeven_days", isfinite(x->breakeven_days) /* never: words */
	                             ? num(c, ceil(x->breakeven_days), 0)
	                             : md_escape(S(c, "cloud.never")));
	set(v, "example_days", num(c, x->example_days, 0));
	set(v, "cloud_at_example", guide_md_money(c, x->cloud_at_example));
	set(v, "desktop_first_year", guide_md_money(c, x->desktop_first_year));
}

/* "Not in these figures: B200, V100 SXM2 16GB ..." for workload w, or ""
 * when every validated GPU is counted (caller frees). */
static char *loo_alone(const Ctx *c, Workload w)
{
	const Performance *p = c->perf;
	if (!p->fallback_count[w])
		return g_strdup("");
	GString *names = g_string_new(NULL);
	for (size_t g = 0; g < c->e->n_gpus; g++) {
		if (!p->gpus[w][g].loo_alone)
			continue;
		char *md = guide_gpu_md(c, g);
		if (names->len)
			g_string_append(names, S(c, "validation.alone_separator"));
		g_string_append(names, md);
		g_free(md);
	}
	char *worst = guide_md_percent(c, p->fallback_max[w], 1);
	char *key = g_strdup_printf("validation.alone_sentence.%s",
	                            workload_name(w));
	char *text = gg_fill2(S(c, key), names->str, worst);
	g_free(key);
	g_string_free(names, TRUE);
	g_free(worst);
	return text;
}

static void model_scalars(const Ctx *c, Values *v)
{
	const Performance *p = c->perf;
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		const char *wn = workload_name((Workload)w);
		char *k = g_strdup_printf("loo_median_%s", wn);
		set(v, k, guide_md_percent(c, p->loo_median[w], 1));
		g_free(k);
		k = g_strdup_printf("loo_max_%s", wn);
		set(v, k, guide_md_percent(c, p->loo_max[w], 1));
		g_free(k);
		k = g_strdup_printf("loo_count_%s", wn);
		set(v, k, g_strdup_printf("%zu", p->loo_count[w]));
		g_free(k);
		k = g_strdup_printf("loo_alone_%s", wn);
		set(v, k, loo_alone(c, (Workload)w));
		g_free(k);
		k = g_strdup_printf("bandwidth_weight_%s", wn);
		set(v, k, isnan(p->bandwidth_weight[w])
		              ? g_strdup("\xE2\x80\x94")
		              : num(c, p->bandwidth_weight[w], 2));
		g_free(k);
	}
	char *gain = NULL;
	const Assumption *a = edition_assumption(c->e,
	                                         "batch_gain_per_doubling.cnn");
	gain = a && a->is_number ? guide_md_percent(c, a->number, 1) : g_strdup("-");
	set(v, "batch_gain_cnn", gain);
	a = edition_assumption(c->e, "batch_gain_per_doubling.transformer");
	set(v, "batch_gain_transformer",
	    a && a->is_number ? guide_md_percent(c, a->number, 1) : g_strdup("-"));
}

/* Every assumption as {{assumption.KEY}}, as written in the data. */
static void assumption_scalars(const Ctx *c, Values *v)
{
	for (size_t i = 0; i < c->e->n_assumptions; i++) {
		const Assumption *a = &c->e->assumptions[i];
		char *name = g_strdup_printf("assumption.%s", a->key);
		set(v, name, md_escape(a->value));
		g_free(name);
	}
}

/* The use case the short answer speaks of: assumption headline_use_case,
 * else the first use case. */
static const Recommendation *headline(const Ctx *c)
{
	const Assumption *a = edition_assumption(c->e, "headline_use_case");
	for (size_t i = 0; a && i < c->recs->n; i++)
		if (strcmp(c->recs->items[i].use_case->id, a->value) == 0)
			return &c->recs->items[i];
	return c->recs->n ? &c->recs->items[0] : NULL;
}

/* "September 2020" from a YYYY-MM... date; NULL when it is not one. */
static char *month_year(const Ctx *c, const char *date)
{
	if (strlen(date) < 7 || date[4] != '-' || !g_ascii_isdigit(date[5])
	    || !g_ascii_isdigit(date[6]))
		return NULL;
	int month = atoi(date + 5);
	if (month < 1 || month > 12)
		return NULL;
	char key[16];
	g_snprintf(key, sizeof key, "month.%d", month);
	char *year = g_strndup(date, 4);
	char *text = gg_fill2(S(c, "format.month_year"), S(c, key), year);
	g_free(year);
	return text;
}

/* The edition's name for readers: the month of a dated edition folder
 * ("2020-09"), else the month of its data. */
static char *edition_title(const Ctx *c)
{
	char *when = month_year(c, c->e->name);
	if (!when)
		when = month_year(c, c->e->data_date);
	char *title = gg_fill2(S(c, "edition.title"),
	                       when ? when : c->e->name, "");
	char *md = md_escape(title);
	g_free(title);
	g_free(when);
	return md;
}

/* The short answer's tie sentence: empty when the headline decision's
 * two finalists are apart, else that they tie and what decided. */
static char *top_tie(const Ctx *c, const Recommendation *r)
{
	if (!r || !r->compared || !r->tie.tie)
		return g_strdup("");
	const RecommendTie t = r->tie;
	char *best = format_build_name(c->s, c->e, r->buy);
	char *runner = format_build_name(c->s, c->e, r->other);
	char *diff = guide_tie_differences(c, &t);
	char *two = gg_fill2(S(c, "sentence.tie"), best, runner);
	char *decide = gg_fill2(S(c, "sentence.tie_decides"), runner, diff);
	char *buy_name = format_build_name(c->s, c->e, t.buy);
	char *rule_key = g_strdup_printf("tie.rule.%s",
	                                 recommend_tie_rule_ids[t.rule]);
	char *buy = gg_fill2(S(c, "sentence.tie_buy"), buy_name,
	                     S(c, rule_key));
	char *both = gg_fill2(S(c, "format.sentences"), two, decide);
	char *text = gg_fill2(S(c, "format.sentences"), both, buy);
	g_free(buy_name);
	g_free(rule_key);
	g_free(buy);
	g_free(both);
	g_free(decide);
	char *md = md_escape(text);
	char *out = gg_fill2(S(c, "format.label"), S(c, "tie.label"), md);
	g_free(best);
	g_free(runner);
	g_free(diff);
	g_free(two);
	g_free(text);
	g_free(md);
	return out;
}

/* The headline sentence naming each build once: value pick, runner-up
 * and fastest, with the fastest folded into the pick or the runner-up
 * when it is the same build. */
static char *top_sentence(const Ctx *c, const Recommendation *r)
{
	if (!r || !r->best)
		return g_strdup("");
	const Build *best = r->best, *runner = r->runner_up,
	            *fast = r->best_absolute;
	char *names[3] = {guide_build_md(c, best), guide_build_md(c, runner),
	                  guide_build_md(c, fast)};
	char *b = g_strdup_printf("**%s**", names[0]);
	char *n = g_strdup_printf("**%s**", names[1]);
	char *f = g_strdup_printf("**%s**", names[2]);
	for (int i = 0; i < 3; i++)
		g_free(names[i]);
	const char *key = fast == best     ? "sentence.top_best_fastest"
	                  : fast == runner ? "sentence.top_runner_fastest"
	                                   : "sentence.top_three";
	char **parts = g_strsplit(S(c, key), "{3}", -1);
	char *pattern = g_strjoinv(f, parts);
	char *out = gg_fill2(pattern, b, n);
	g_strfreev(parts);
	g_free(pattern);
	g_free(b);
	g_free(n);
	g_free(f);
	return out;
}

static void edition_scalars(const Ctx *c, Values *v)
{
	const Edition *e = c->e;
	set(v, "edition", md_escape(e->name));
	set(v, "edition_title", edition_title(c));
	set(v, "data_date", md_escape(e->data_date));
	set(v, "reference_gpu", guide_gpu_md(c, c->perf->reference));
	set(v, "gpu_count", g_strdup_printf("%zu", e->n_gpus));
	set(v, "price_count", g_strdup_printf("%zu", e->n_prices));
	set(v, "benchmark_count", g_strdup_printf("%zu", e->n_benchmarks));
	set(v, "source_count", g_strdup_printf("%zu", edition_count_sources(e)));
	const Recommendation *r = headline(c);
	set(v, "top_value", guide_build_md(c, r ? r->best : NULL));
	set(v, "top_runner_up", guide_build_md(c, r ? r->runner_up : NULL));
	set(v, "top_absolute", guide_build_md(c, r ? r->best_absolute : NULL));
	set(v, "top_tie", top_tie(c, r));
	set(v, "top_sentence", top_sentence(c, r));
}

void guide_add_scalars(const Ctx *c, Values *v)
{
	edition_scalars(c, v);
	assumption_scalars(c, v);
	example_scalars(c, v);
	model_scalars(c, v);
}
