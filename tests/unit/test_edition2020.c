/* The 2020-09 edition as it could have been written on 2020-09-07: no
 * row after the edition date, the later measurements kept apart, and the
 * hindsight comparison computed from them.  Runs from the repository's
 * top folder. */
#include "unit.h"
#include "advice.h"
#include "claims.h"
#include "hindsight.h"
#include "recommend.h"

#define EDITION_DIR "data/2020-09"

/* Every dated observation of the edition is on or before its date. */
static void nothing_after_the_date(const Edition *e)
{
	const Assumption *d = edition_assumption(e, "edition_date");
	CHECK(d != NULL);
	if (!d)
		return;
	CHECK_STR(d->value, "2020-09-07");
	size_t late = 0;
	for (size_t i = 0; i < e->n_benchmarks; i++)
		late += strcmp(e->benchmarks[i].from.date, d->value) > 0;
	for (size_t i = 0; i < e->n_prices; i++)
		late += strcmp(e->prices[i].from.date, d->value) > 0;
	for (size_t i = 0; i < e->n_cloud; i++)
		late += strcmp(e->cloud[i].from.date, d->value) > 0;
	CHECK(late == 0);
	/* specs too: every gpus.csv row cites a source public on or before
	 * the date (the RTX 30 rows: NVIDIA's announcement of 2020-09-01,
	 * not the GA102 whitepaper of 2020-09-17), and so do the
	 * assumptions and use cases */
	size_t late_specs = 0;
	for (size_t i = 0; i < e->n_gpus; i++) {
		bool after = strcmp(e->gpus[i].from.date, d->value) > 0;
		if (after)
			printf("FAIL gpus.csv: %s dated %s\n", e->gpus[i].name,
			       e->gpus[i].from.date);
		late_specs += after;
	}
	for (size_t i = 0; i < e->n_assumptions; i++)
		late_specs += strcmp(e->assumptions[i].from.date, d->value) > 0;
	for (size_t i = 0; i < e->n_use_cases; i++)
		late_specs += strcmp(e->use_cases[i].from.date, d->value) > 0;
	CHECK(late_specs == 0);
	long g3090 = edition_find_gpu(e, "RTX 3090");
	CHECK(g3090 >= 0
	      && strcmp(e->gpus[g3090].from.date, "2020-09-01") == 0);
	/* every benchmark row names its suite */
	size_t no_config = 0;
	for (size_t i = 0; i < e->n_benchmarks; i++)
		no_config += e->benchmarks[i].config[0] == '\0';
	CHECK(no_config == 0);
}

/* later/ holds only rows after the date, and none of them is in the
 * edition's own table. */
static void later_rows_apart(const Edition *e)
{
	char *dir = hindsight_later_dir(e->dir);
	GError *error = NULL;
	size_t n = 0;
	Benchmark *later = edition_load_benchmarks(e, dir, &n, &error);
	g_free(dir);
	CHECK(later != NULL && n > 0);
	if (error)
		printf("FAIL later/: %s\n", error->message);
	g_clear_error(&error);
	const char *date = edition_assumption(e, "edition_date")->value;
	size_t early = 0, shared = 0;
	for (size_t i = 0; i < n; i++) {
		early += strcmp(later[i].from.date, date) <= 0;
		for (size_t j = 0; j < e->n_benchmarks; j++)
			shared += strcmp(later[i].from.source,
			                 e->benchmarks[j].from.source) == 0;
	}
	CHECK(early == 0);
	CHECK(shared == 0);
	edition_benchmarks_free(later, n);
}

/* The RTX 30 cards are modelled (nothing measured before the date) by
 * the article's theory from the measured client Turing cards: bandwidth
 * ratio times the Ampere bonuses. */
static void rtx30_from_specs(const Performance *p)
{
	const Edition *e = p->edition;
	long g3090 = edition_find_gpu(e, "RTX 3090");
	long g3080 = edition_find_gpu(e, "RTX 3080");
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		CHECK(p->gpus[w][g3090].kind == PERF_MODELLED);
		CHECK(p->gpus[w][g3080].kind == PERF_MODELLED);
		CHECK(p->gpus[w][g3090].basis == BASIS_GENERATION);
		/* both from the same anchors, so their ratio is the
		 * bandwidth ratio */
		CHECK_NEAR(p->gpus[w][g3090].value / p->gpus[w][g3080].value,
		           936.0 / 760.0, 1e-9);
	}
}

static void hindsight(const Performance *p)
{
	const Edition *e = p->edition;
	/* the edition's figures before the comparison runs */
	double *before = g_new(double, e->n_gpus);
	for (size_t g = 0; g < e->n_gpus; g++)
		before[g] = p->gpus[WORKLOAD_CNN][g].value;
	size_t n_bench = e->n_benchmarks;
	GError *error = NULL;
	Hindsight *h = hindsight_run(p, &error);
	if (error)
		printf("FAIL hindsight: %s\n", error->message);
	g_clear_error(&error);
	CHECK(h != NULL);
	if (!h) {
		g_free(before);
		return;
	}
	/* nothing of later/ leaks into the edition */
	CHECK(e->n_benchmarks == n_bench);
	for (size_t g = 0; g < e->n_gpus; g++)
		CHECK(p->gpus[WORKLOAD_CNN][g].value == before[g]);
	g_free(before);
	CHECK(h->n_later_rows == 64);
	CHECK(h->n >= 6);
	long g3090 = edition_find_gpu(e, "RTX 3090");
	long g3080 = edition_find_gpu(e, "RTX 3080");
	/* both sides relative to the measured RTX 2080 Ti, so the modelled
	 * reference GPU (RTX 3080) is compared too */
	CHECK((long)h->anchor == edition_find_gpu(e, "RTX 2080 Ti"));
	bool saw_3090[WORKLOAD_COUNT] = {false, false};
	bool saw_3080[WORKLOAD_COUNT] = {false, false};
	double *abs_err = g_new(double, h->n);
	size_t above = 0, below = 0;
	for (size_t i = 0; i < h->n; i++) {
		const HindsightRow *r = &h->rows[i];
		/* each row: the edition's forecast against the later fit */
		CHECK(r->kind == PERF_MODELLED || r->kind == PERF_DEBIASED);
		CHECK(r->gpu != h->anchor);
		CHECK_NEAR(r->predicted,
		           p->gpus[r->workload][r->gpu].value
		               / p->gpus[r->workload][h->anchor].value,
		           1e-12);
		CHECK_NEAR(r->error, r->predicted / r->measured - 1, 1e-12);
		CHECK(r->n_later > 0);
		if ((long)r->gpu == g3090)
			saw_3090[r->workload] = true;
		if ((long)r->gpu == g3080)
			saw_3080[r->workload] = true;
		abs_err[i] = fabs(r->error);
		CHECK(abs_err[i] <= h->worst_abs_error + 1e-15);
	}
	CHECK(saw_3090[WORKLOAD_CNN] && saw_3090[WORKLOAD_TRANSFORMER]);
	CHECK(saw_3080[WORKLOAD_CNN] && saw_3080[WORKLOAD_TRANSFORMER]);
	CHECK_NEAR(fabs(h->rows[h->worst].error), h->worst_abs_error, 1e-15);
	for (size_t i = 0; i < h->n; i++) {
		above += abs_err[i] > h->median_abs_error;
		below += abs_err[i] < h->median_abs_error;
	}
	/* the median splits the errors in halves */
	CHECK(above <= h->n / 2 && below <= h->n / 2);
	g_free(abs_err);
	hindsight_free(h);
}

static const Recommendation *use_case_rec(const Recommendations *r,
                                          const char *id)
{
	for (size_t i = 0; i < r->n; i++)
		if (strcmp(r->items[i].use_case->id, id) == 0)
			return &r->items[i];
	return NULL;
}

static const char *gpu_name(const Edition *e, const Build *b)
{
	return b ? e->gpus[b->gpu].name : "(none)";
}

/* The article's order of the used cards, in groups it ranks alike. */
static int article_group(const char *gpu)
{
	static const char *const order[][2] = {
	    {"RTX 2070", NULL},           {"RTX 2060", NULL},
	    {"GTX 1070", "GTX 1070 Ti"},  {"GTX 1650 Super", "GTX 980 Ti"}};
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 2; j++)
			if (order[i][j] && strcmp(order[i][j], gpu) == 0)
				return i;
	return -1;
}

/* "Little money": used cards.  The pick is the article's first (RTX
 * 2070); down the price ladder, at each card's price the fastest card
 * for that money is the card itself or one the article ranks alike, or
 * a statistical tie with it (overlapping model intervals). */
static void little_money(const Recommendations *r, Workload w,
                         size_t *agree, size_t *steps_out)
{
	const Costs *c = r->costs;
	const Edition *e = c->perf->edition;
	const Recommendation *x = use_case_rec(r, "little_money");
	CHECK(x != NULL);
	if (!x)
		return;
	CHECK_STR(gpu_name(e, x->best), "RTX 2070");
	CHECK_STR(gpu_name(e, x->best_absolute), "RTX 2070");
	UseCase u = *x->use_case;
	u.workload = w;
	LadderStep *steps = NULL;
	size_t n = advice_price_ladder(c, &u, &steps);
	CHECK(n == 6); /* the six used cards of the article */
	for (size_t i = 0; i < n; i++) {
		const char *card = gpu_name(e, steps[i].card);
		const char *got = gpu_name(e, steps[i].fastest);
		CHECK(article_group(card) >= 0);
		CHECK(i == 0 || steps[i].price <= steps[i - 1].price);
		bool same = article_group(card) == article_group(got);
		bool tie = model_tie(&c->perf->gpus[w][steps[i].card->gpu],
		                     &c->perf->gpus[w][steps[i].fastest->gpu]);
		CHECK(same || tie);
		*agree += same;
	}
	*steps_out += n;
	g_free(steps);
}

/* "Not serious": a new RTX 2060 Super, or the GTX 1050 Ti, the only card
 * an existing 300 W supply feeds. */
static void not_serious(const Recommendations *r)
{
	const Costs *c = r->costs;
	const Edition *e = c->perf->edition;
	const Recommendation *x = use_case_rec(r, "not_serious");
	CHECK(x != NULL);
	if (!x)
		return;
	CHECK_STR(gpu_name(e, x->best), "RTX 2060 Super");
	double psu = edition_assumption(e, "not_serious_psu_w")->number;
	long g = advice_power_pick(c, x->use_case, psu);
	CHECK(g >= 0);
	CHECK_STR(g >= 0 ? e->gpus[g].name : "(none)", "GTX 1050 Ti");
	/* 300 / 1.05 - 100 - 100 = 85.7 W: the 100 W GTX 1650 Super is out */
	CHECK(advice_power_pick(c, x->use_case, 1e9) != g);
}

/* The avoid list: every datacenter and workstation card, the Titans;
 * the Titan RTX runner-up of the large-model use case carries its
 * reason. */
static void avoid_list(const Recommendations *r)
{
	const Edition *e = r->costs->perf->edition;
	GError *error = NULL;
	AvoidList *a = advice_avoid_load(e, &error);
	CHECK(a != NULL && a->n == 5);
	g_clear_error(&error);
	if (!a)
		return;
	const char *avoided[] = {"V100", "A100", "Quadro RTX 6000",
	                         "Quadro RTX 8000", "Titan RTX", "Titan V"};
	for (size_t i = 0; i < G_N_ELEMENTS(avoided); i++) {
		const AvoidRow *row = advice_avoid_for(
		    a, e, (size_t)edition_find_gpu(e, avoided[i]));
		CHECK(row != NULL && row->buyer == AVOID_INDIVIDUAL);
		CHECK_STR(row ? row->reason : "", "price");
	}
	CHECK(advice_avoid_for(a, e, (size_t)edition_find_gpu(e, "RTX 3090"))
	      == NULL);
	const Recommendation *x = use_case_rec(r, "large_models");
	CHECK(x && x->runner_up);
	if (x && x->runner_up && strcmp(gpu_name(e, x->runner_up),
	                                 "Titan RTX") == 0)
		CHECK(advice_avoid_for(a, e, x->runner_up->gpu) != NULL);
	advice_avoid_free(a);
}

/* "Cost-effective but cheaper": the article names the RTX 3070 and, as
 * the cheaper card beside it, the RTX 2060 Super.  Our runner-up by
 * performance per dollar is the RTX 2070 Super, which costs as much as
 * the RTX 3070; among the cards that cost less than the pick the best
 * value is exactly the article's. */
static void cheaper_option(const Recommendations *r)
{
	const Edition *e = r->costs->perf->edition;
	const Recommendation *x = use_case_rec(r, "cost_effective_cheaper");
	CHECK(x != NULL);
	if (!x)
		return;
	CHECK_STR(gpu_name(e, x->best), "RTX 3070");
	const Build *cheap = advice_cheaper_option(r->costs, x);
	CHECK_STR(gpu_name(e, cheap), "RTX 2060 Super");
	CHECK(cheap && cheap->gpu_price->price < x->best->gpu_price->price);
	/* the runner-up is not cheaper, so it cannot be the cheaper card */
	CHECK(x->runner_up
	      && x->runner_up->gpu_price->price
	             >= x->best->gpu_price->price);
}

/* Every numeric claim of the article: at least 42 of the 46 the issue
 * counts are exact, within 5% or explained, none is missing, and each
 * one further off carries its reason. */
static void article_claims(const Recommendations *r)
{
	GError *error = NULL;
	ClaimList *l = claims_run(r, &error);
	if (error)
		printf("FAIL claims: %s\n", error->message);
	g_clear_error(&error);
	CHECK(l != NULL);
	if (!l)
		return;
	CHECK(l->n >= 46);
	CHECK(l->count[CLAIM_MISSING] == 0);
	CHECK(l->count[CLAIM_DIFFERS] == 0);
	CHECK(l->count[CLAIM_EXACT] + l->count[CLAIM_CLOSE]
	          + l->count[CLAIM_EXPLAINED] >= 42);
	CHECK(l->count[CLAIM_EXACT] >= 42);
	for (size_t i = 0; i < l->n; i++) {
		const Claim *x = &l->claims[i];
		CHECK(x->verdict != CLAIM_EXPLAINED || x->reason[0]);
		/* the verdict follows from the numbers */
		if (x->verdict == CLAIM_CLOSE)
			CHECK(fabs(x->difference) <= 0.05);
		if (strcmp(x->id, "cycles_without") == 0)
			CHECK(x->verdict == CLAIM_EXACT && x->ours == 392);
		if (strcmp(x->id, "bf16_max") == 0) /* 3.39e38 is 3e38 */
			CHECK(x->verdict == CLAIM_EXACT);
		if (strcmp(x->id, "se_resnext") == 0)
			CHECK(x->verdict == CLAIM_EXPLAINED);
	}
	claims_free(l);
}

static void tiers(const Performance *p)
{
	GError *error = NULL;
	Costs *c = cost_run(p, &error);
	g_clear_error(&error);
	Recommendations *r = c ? recommend_run(c, NULL) : NULL;
	CHECK(r != NULL);
	if (r) {
		size_t agree[WORKLOAD_COUNT] = {0}, n[WORKLOAD_COUNT] = {0};
		for (int w = 0; w < WORKLOAD_COUNT; w++)
			little_money(r, (Workload)w, &agree[w], &n[w]);
		/* transformers follow the article's order at every step;
		 * CNNs at all but the RTX 2060's, where the GTX 1070 Ti is
		 * a tie (0.349 against 0.346 of the RTX 3080) */
		CHECK(agree[WORKLOAD_TRANSFORMER] == n[WORKLOAD_TRANSFORMER]);
		CHECK(agree[WORKLOAD_CNN] + 1 >= n[WORKLOAD_CNN]);
		not_serious(r);
		avoid_list(r);
		cheaper_option(r);
		article_claims(r);
	}
	recommendations_free(r);
	costs_free(c);
}

void test_edition2020(void)
{
	GError *error = NULL;
	Edition *e = edition_load(EDITION_DIR, &error);
	Performance *p = e ? model_run(e, &error) : NULL;
	if (error)
		printf("FAIL " EDITION_DIR ": %s\n", error->message);
	g_clear_error(&error);
	CHECK(p != NULL);
	if (p) {
		nothing_after_the_date(e);
		later_rows_apart(e);
		rtx30_from_specs(p);
		hindsight(p);
		tiers(p);
	}
	performance_free(p);
	edition_free(e);
}
