/* The 2020-09 edition reproduces the article: its closed-form worked
 * numbers and its picks, computed from data/2020-09 by the real stages.
 * Runs from the repository's top folder. */
#include "unit.h"
#include "recommend.h"

static double r2(double v)
{
	return round(v * 100) / 100;
}

static const char *name_of(const Edition *e, const Build *b)
{
	return b ? e->gpus[b->gpu].name : "(none)";
}

static const Recommendation *rec_for(const Recommendations *r, const char *id)
{
	for (size_t i = 0; i < r->n; i++)
		if (strcmp(r->items[i].use_case->id, id) == 0)
			return &r->items[i];
	return NULL;
}

static void check_pick(const Recommendations *r, const char *id,
                       int gpu_count, const char *best,
                       const char *runner_up, const char *fastest)
{
	const Edition *e = r->costs->perf->edition;
	const Recommendation *x = rec_for(r, id);
	CHECK(x != NULL);
	if (!x)
		return;
	CHECK_STR(name_of(e, x->best), best);
	if (x->best)
		CHECK(x->best->gpu_count == gpu_count);
	if (runner_up)
		CHECK_STR(name_of(e, x->runner_up), runner_up);
	if (fastest)
		CHECK_STR(name_of(e, x->best_absolute), fastest);
}

static void worked_numbers(const Costs *c)
{
	const Examples *x = &c->examples;
	const Edition *e = c->perf->edition;
	/* 1. A100 over V100: 1555/900 = 1.73; with bonuses 1.78 to 1.87 */
	CHECK_NEAR(r2(x->theory_ratio), 1.73, 1e-9);
	CHECK_NEAR(r2(x->theory_low), 1.78, 1e-9);
	CHECK_NEAR(r2(x->theory_high), 1.87, 1e-9);
	/* 8. 4x RTX 3090 = 1400 W of GPUs: a 1600 W unit is not enough, the
	 * article asks for 1700 W; 4x RTX 3080 fits 1600 W */
	CHECK_STR(e->gpus[x->power_build->gpu].name, "RTX 3090");
	CHECK_NEAR(x->power_build->gpu_w, 1400, 1e-9);
	CHECK_NEAR(x->power_build->psu_w, 1700, 1e-9);
	CHECK((x->power_build->fit & FIT_POWER) != 0);
	CHECK_NEAR(c->psu_max_w - x->power_build->gpu_w, 200, 1e-9);
	CHECK_NEAR(x->power_alt_build->psu_w, 1600, 1e-9);
	CHECK((x->power_alt_build->fit & FIT_POWER) == 0);
	/* 9. (350 + 100) W at 15 % = 591 kWh = $71 a year */
	CHECK_NEAR(round(x->breakeven_build->kwh_year), 591, 1e-9);
	CHECK_NEAR(round(x->breakeven_build->electricity_year), 71, 1e-9);
	/* 10. cloud $2,311 after 300 days against $2,270; break-even 293 */
	CHECK_NEAR(round(x->cloud_at_example), 2311, 1e-9);
	CHECK_NEAR(round(x->desktop_first_year / 10) * 10, 2270, 1e-9);
	CHECK_NEAR(ceil(x->breakeven_days), 293, 1e-9);
	/* 11. 392 cycles without tensor cores, 221 with */
	CHECK(x->cycles_without == 392);
	CHECK(x->cycles_with == 221);
}

/* The 1-GPU build of gpu in the use case's condition, or NULL. */
static const Build *build_of(const Recommendations *r, const UseCase *u,
                             const char *gpu)
{
	const Costs *c = r->costs;
	const Build *found = NULL;
	for (size_t i = 0; i < c->n_builds; i++) {
		const Build *b = &c->builds[i];
		if (b->gpu_count == 1 && recommend_qualifies(c, u, b)
		    && strcmp(c->perf->edition->gpus[b->gpu].name, gpu) == 0
		    && (!found || b->per_dollar[u->workload]
		                      > found->per_dollar[u->workload]))
			found = b;
	}
	return found;
}

/* The article's runner-up is ours, or a statistical tie with ours: their
 * performance-per-dollar intervals (the model's interval over the build
 * cost) overlap.  The 2020-09 Turing cards below the RTX 2080 Ti are
 * modelled from four TU102 cards whose bandwidth and SM ratios differ by
 * 3 %, so the bandwidth/SM weight, and with it the order of the RTX 2060
 * Super and RTX 2070 Super at equal bandwidth, is not pinned down. */
static void runner_up_ties(const Recommendations *r, const char *id,
                           const char *article)
{
	const Recommendation *x = rec_for(r, id);
	CHECK(x != NULL && x->runner_up != NULL);
	if (!x || !x->runner_up)
		return;
	const Performance *p = r->costs->perf;
	Workload w = x->use_case->workload;
	const Build *a = build_of(r, x->use_case, article);
	const Build *ours = x->runner_up;
	CHECK(a != NULL);
	if (!a || a == ours)
		return;
	const GpuPerf *pa = &p->gpus[w][a->gpu], *po = &p->gpus[w][ours->gpu];
	CHECK(pa->low / a->cost <= po->high / ours->cost
	      && po->low / ours->cost <= pa->high / a->cost);
	/* and it is next after ours: no qualifying build comes between */
	double hi = fmax(a->per_dollar[w], ours->per_dollar[w]);
	double lo = fmin(a->per_dollar[w], ours->per_dollar[w]);
	size_t between = 0;
	for (size_t i = 0; i < r->costs->n_builds; i++) {
		const Build *b = &r->costs->builds[i];
		between += b->gpu_count == 1
		           && recommend_qualifies(r->costs, x->use_case, b)
		           && b->per_dollar[w] > lo && b->per_dollar[w] < hi;
	}
	CHECK(between == 0);
}

static void picks(const Recommendations *r)
{
	/* overall: RTX 3080 for value, RTX 3090 the fastest */
	check_pick(r, "cv", 1, "RTX 3080", NULL, "RTX 3090");
	check_pick(r, "prototyping", 1, "RTX 3080", NULL, "RTX 3090");
	/* cost-effective but cheaper: RTX 3070 and RTX 2060 Super */
	check_pick(r, "cost_effective_cheaper", 1, "RTX 3070", NULL, NULL);
	runner_up_ties(r, "cost_effective_cheaper", "RTX 2060 Super");
	check_pick(r, "kaggle", 1, "RTX 3070", NULL, NULL);
	check_pick(r, "learning", 1, "RTX 3070", NULL, NULL);
	check_pick(r, "nlp_research", 1, "RTX 3080", NULL, NULL);
	/* competitive CV, pretraining, translation: 4x RTX 3090 */
	check_pick(r, "competitive_cv_research", 4, "RTX 3090", NULL, NULL);
}

static void model_results(const Performance *p)
{
	const Edition *e = p->edition;
	long a100 = edition_find_gpu(e, "A100");
	long v100 = edition_find_gpu(e, "V100");
	PairClaim claim;
	/* Mask R-CNN, one GPU each, batch 8 against 4: 25 / (15 x 1.136) */
	CHECK(model_pair_claim(p, (size_t)a100, (size_t)v100, "mask_rcnn",
	                       &claim));
	CHECK(claim.gpu_count == 1);
	CHECK_NEAR(claim.debiased, 25 / (15 * 1.136), 1e-9);
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		CHECK(p->loo_count[w] >= 5);
		CHECK(!isnan(p->loo_median[w]));
		CHECK(p->loo_median[w] <= p->loo_max[w]);
	}
	/* the reference is 1; the GTX 1070 is measured (NikolasEnt, 2018)
	 * for CNNs, and the GTX 1650 Super, never measured before the
	 * date, is rated by the non-tensor-core rule: the FP32-rate ratio to
	 * the measured Pascal cards */
	CHECK_NEAR(p->gpus[WORKLOAD_CNN][p->reference].value, 1, 1e-12);
	const GpuPerf *g1070 =
	    &p->gpus[WORKLOAD_CNN][edition_find_gpu(e, "GTX 1070")];
	CHECK(g1070->rated && g1070->kind == PERF_MEASURED);
	long i1650 = edition_find_gpu(e, "GTX 1650 Super");
	long i1080 = edition_find_gpu(e, "GTX 1080 Ti");
	long i1070 = edition_find_gpu(e, "GTX 1070");
	const GpuPerf *g1650 = &p->gpus[WORKLOAD_TRANSFORMER][i1650];
	CHECK(g1650->rated && g1650->kind == PERF_MODELLED);
	/* transformer: only the GTX 1080 Ti is measured, so the rule is one
	 * ratio */
	CHECK(!p->gpus[WORKLOAD_TRANSFORMER][i1070].n_benchmarks);
	CHECK_NEAR(g1650->value,
	           p->gpus[WORKLOAD_TRANSFORMER][i1080].value
	               * e->gpus[i1650].fp32_tflops
	               / e->gpus[i1080].fp32_tflops,
	           1e-9);
}

void test_editions(void)
{
	GError *error = NULL;
	Edition *e = edition_load("data/2020-09", &error);
	CHECK(e != NULL);
	Performance *p = e ? model_run(e, &error) : NULL;
	Costs *c = p ? cost_run(p, &error) : NULL;
	Recommendations *r = c ? recommend_run(c, NULL) : NULL;
	if (error)
		printf("FAIL data/2020-09: %s\n", error->message);
	CHECK(r != NULL);
	if (r) {
		worked_numbers(c);
		picks(r);
		model_results(p);
	}
	g_clear_error(&error);
	recommendations_free(r);
	costs_free(c);
	performance_free(p);
	edition_free(e);
}
