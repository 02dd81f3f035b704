/* recommend_tie: per-dollar intervals of a pick and its runner-up, and
 * the differences that decide a tie, on a two-GPU edition built in
 * memory. */
#include "unit.h"
#include "recommend.h"


void test_tie(void)
{
	Gpu gpus[2] = {{.memory_gb = 24}, {.memory_gb = 48}};
	Edition e = {.gpus = gpus, .n_gpus = 2};
	GpuPerf cnn[2] = {
	    {.rated = true, .value = 1.0, .low = 0.9, .high = 1.1},
	    {.rated = true, .value = 1.2, .low = 1.0, .high = 1.4}};
	Performance p = {.edition = &e};
	p.gpus[WORKLOAD_CNN] = cnn;
	Build a = {.gpu = 0, .gpu_count = 2, .cost = 1000, .draw_w = 700};
	Build b = {.gpu = 1, .gpu_count = 2, .cost = 1300, .draw_w = 850};
	a.perf[WORKLOAD_CNN] = 2 * 1.0 * 0.9; /* two GPUs, scaling 0.9 */
	b.perf[WORKLOAD_CNN] = 2 * 1.2 * 0.9;
	RecommendTie t;
	/* 1.8 [1.62, 1.98] / 1000 against 2.16 [1.8, 2.52] / 1300 */
	CHECK(recommend_tie(&p, &a, &b, WORKLOAD_CNN, &t));
	CHECK(t.tie);
	CHECK_NEAR(t.best_low, 1.62 / 1000, 1e-12);
	CHECK_NEAR(t.best_high, 1.98 / 1000, 1e-12);
	CHECK_NEAR(t.runner_low, 1.8 / 1300, 1e-12);
	CHECK_NEAR(t.runner_high, 2.52 / 1300, 1e-12);
	CHECK_NEAR(t.cost_diff, 300, 1e-9);
	CHECK_NEAR(t.memory_diff, 48, 1e-9); /* 2 x (48 - 24) GB */
	CHECK_NEAR(t.power_diff, 150, 1e-9);

	/* the runner-up twice the price: its interval ends below the pick's */
	b.cost = 2000;
	CHECK(!recommend_tie(&p, &a, &b, WORKLOAD_CNN, &t));
	CHECK(!t.tie);
	CHECK(t.runner_high < t.best_low);
	CHECK_NEAR(t.cost_diff, 1000, 1e-9);

	/* a narrower interval separates what a wider one joined */
	b.cost = 1300;
	cnn[1].low = 1.19;
	cnn[1].high = 1.21;
	cnn[0].low = 0.99;
	cnn[0].high = 1.01;
	CHECK(!recommend_tie(&p, &a, &b, WORKLOAD_CNN, &t));

	/* ranges that overlap are not yet a tie: 1.0 (0.9-1.1) against
	 * 1.18 (1.07-1.3) overlap, but the gap (log 1.18 = 0.166) is beyond
	 * the facing half-widths in quadrature (hypot(0.095, 0.098) =
	 * 0.137); at 1.10 the gap (0.095) is within them (hypot(0.095,
	 * log 1.10/1.07 = 0.028) = 0.099) */
	GpuPerf x = {.rated = true, .value = 1.0, .low = 0.9, .high = 1.1};
	GpuPerf y = {.rated = true, .value = 1.18, .low = 1.07, .high = 1.3};
	CHECK(y.low <= x.high);
	CHECK(!model_tie(&x, &y));
	CHECK(!model_tie(&y, &x));
	y.value = 1.10;
	CHECK(model_tie(&x, &y));
	CHECK(model_tie(&y, &x));

	/* an unrated figure never ties; a missing runner-up neither */
	cnn[1] = (GpuPerf){.rated = false, .value = 1.2, .low = 0, .high = 9};
	CHECK(!recommend_tie(&p, &a, &b, WORKLOAD_CNN, &t));
	CHECK(!recommend_tie(&p, &a, NULL, WORKLOAD_CNN, &t));
}

/* The decision record of recommend_run on a two-build use case: the best
 * value is bought unless it ties with the runner-up and the rule for
 * ties takes the runner-up; the purchase requests follow the decision. */
void test_decision(void)
{
	Gpu gpus[2] = {{.memory_gb = 24, .segment = SEGMENT_CONSUMER},
	               {.memory_gb = 48, .segment = SEGMENT_CONSUMER}};
	UseCase u = {.id = (char *)"work", .gpu_count = 1, .min_memory_gb = 16,
	             .condition = -1, .workload = WORKLOAD_CNN};
	Edition e = {.gpus = gpus, .n_gpus = 2, .use_cases = &u,
	             .n_use_cases = 1};
	GpuPerf cnn[2] = {
	    {.rated = true, .value = 1.0, .low = 0.9, .high = 1.1},
	    {.rated = true, .value = 1.2, .low = 1.0, .high = 1.4}};
	Performance p = {.edition = &e};
	p.gpus[WORKLOAD_CNN] = cnn;
	p.gpus[WORKLOAD_TRANSFORMER] = cnn;
	GpuPrice price[2] = {{.has_price = true, .price = 1000},
	                     {.has_price = true, .price = 1300}};
	Build b[2] = {{.gpu = 0, .gpu_count = 1, .cost = 1000},
	              {.gpu = 1, .gpu_count = 1, .cost = 1300}};
	for (int i = 0; i < 2; i++) {
		b[i].gpu_price = &price[i];
		b[i].payable = true;
		b[i].perf[WORKLOAD_CNN] = cnn[i].value;
		b[i].per_dollar[WORKLOAD_CNN] = cnn[i].value / b[i].cost;
	}
	Costs c = {.perf = &p, .builds = b, .n_builds = 2};
	/* 1.0/1000 beats 1.2/1300 on value, but the two tie and the
	 * runner-up has more memory: it is bought */
	Recommendations *r = recommend_run(&c, NULL);
	const Recommendation *x = &r->items[0];
	CHECK(x->best == &b[0] && x->runner_up == &b[1]);
	CHECK(x->compared && x->tie.tie);
	CHECK(x->buy == &b[1] && x->other == &b[0]);
	CHECK(x->tie.buy == x->buy && x->tie.rule == TIE_RULE_MEMORY);
	/* its differences are the other's minus the bought one's */
	CHECK_NEAR(x->tie.memory_diff, -24, 1e-9);
	CHECK_NEAR(x->tie.cost_diff, -300, 1e-9);
	const Build **bought;
	CHECK(recommend_best_builds(r, &bought) == 1 && bought[0] == &b[1]);
	g_free(bought);
	recommendations_free(r);

	/* apart (the runner-up twice the price): the best value is bought */
	b[1].cost = 2600;
	b[1].per_dollar[WORKLOAD_CNN] = 1.2 / 2600;
	r = recommend_run(&c, NULL);
	x = &r->items[0];
	CHECK(x->compared && !x->tie.tie);
	CHECK(x->buy == &b[0] && x->other == &b[1]);
	recommendations_free(r);

	/* one candidate: bought, nothing compared */
	u.min_memory_gb = 32;
	r = recommend_run(&c, NULL);
	x = &r->items[0];
	CHECK(x->buy == &b[1] && !x->other && !x->compared);
	recommendations_free(r);
}
