/* The roofline forms (model_roofline.c) on a constructed edition: GPUs
 * whose log performance follows the form exactly, with a memory share
 * and an elasticity on its grid, give those two back, their families'
 * levels, and exact predictions; a card of a family without measured
 * members is predicted from the nearest family of its segment; one that
 * is memory-bound gains little from more tensor throughput.  With the
 * power limit, data made with a power cap on its grid give the cap back,
 * and a card its power caps gains nothing from a higher tensor rating. */
#include "unit.h"
#include "model.h"
#include "model_internal.h"

#include <stdint.h>

#define N_TEST_GPUS 7

static Gpu test_gpu(const char *name, const char *family, int gen,
                    double tflops, double gbs, double watts)
{
	Gpu g = {0};
	g.name = (char *)name;
	g.family = (char *)family;
	g.family_segment = (char *)"datacenter";
	g.segment = SEGMENT_DATACENTER;
	g.tensor_gen = gen;
	g.fp16_tflops = tflops;
	g.bandwidth_gbs = gbs;
	g.tdp_w = watts;
	g.model_ok = true;
	return g;
}

static void test_plain_roofline(void)
{
	Gpu gpus[N_TEST_GPUS] = {
	    test_gpu("a1", "A", 3, 100, 900, 300),
	    test_gpu("a2", "A", 3, 300, 1500, 300),
	    test_gpu("a3", "A", 3, 200, 2000, 300),
	    test_gpu("b1", "B", 4, 800, 3000, 700),
	    test_gpu("b2", "B", 4, 1000, 3300, 700),
	    test_gpu("b3", "B", 4, 700, 2000, 700),
	    test_gpu("c1", "C", 5, 2000, 8000, 1000), /* no measurement */
	};
	Edition e = {.gpus = gpus, .n_gpus = N_TEST_GPUS};
	const double beta = 10, el = 0.8, level[2] = {1.0, 1.3};
	double P[N_TEST_GPUS];
	bool has[N_TEST_GPUS];
	for (size_t g = 0; g < N_TEST_GPUS; g++) {
		has[g] = g < 6;
		P[g] = level[g < 3 ? 0 : 1]
		       - el * log(1 / gpus[g].fp16_tflops
		                  + beta / gpus[g].bandwidth_gbs);
	}
	FamilyIndex fi;
	family_index_build(&e, &fi);
	RooflineModel m;
	roofline_fit(&e, &fi, P, has, SIZE_MAX, false, &m);
	CHECK(m.ok);
	CHECK(m.power_cap == 0);
	CHECK_NEAR(m.beta, beta, 1e-9);
	CHECK_NEAR(m.elasticity, el, 1e-9);
	CHECK_NEAR(m.level[fi.of_gpu[0]], level[0], 1e-9);
	CHECK_NEAR(m.level[fi.of_gpu[3]], level[1], 1e-9);
	Basis basis;
	const char *family;
	/* held out, a2 is still predicted exactly by the others */
	RooflineModel held;
	roofline_fit(&e, &fi, P, has, 1, false, &held);
	CHECK_NEAR(roofline_predict(&e, &held, 1, &basis, &family), P[1], 1e-9);
	CHECK(basis == BASIS_FAMILY);
	roofline_free(&held);
	/* c1 borrows family B, the nearest generation of its segment */
	double c1 = roofline_predict(&e, &m, 6, &basis, &family);
	CHECK(basis == BASIS_FALLBACK_FAMILY);
	CHECK_STR(family, "B");
	CHECK_NEAR(c1, level[1] - el * log(1 / 2000.0 + beta / 8000), 1e-9);
	/* diminishing returns: b1 with twice the tensor rate gains far less
	 * than twice, and less than its elasticity alone would give */
	Gpu twice = gpus[3];
	twice.fp16_tflops *= 2;
	Gpu saved = gpus[3];
	gpus[3] = twice;
	double faster = roofline_predict(&e, &m, 3, &basis, &family);
	gpus[3] = saved;
	double base = roofline_predict(&e, &m, 3, &basis, &family);
	CHECK(faster > base);
	CHECK(exp(faster - base) < pow(2, el));
	roofline_free(&m);
	family_index_free(&fi);
}

/* Family A's cards are rated 1, 3, 1 and 1 TFLOPS per watt (lowest 1,
 * family B's too); with the
 * cap d = 10^(6/24) = 1.78 on the grid, a2 (300 TFLOPS at 100 W) can
 * sustain only 178: the data follow the capped form, and the fit finds
 * d, the memory share and the elasticity again. */
static void test_power_roofline(void)
{
	Gpu gpus[N_TEST_GPUS] = {
	    test_gpu("a1", "A", 3, 100, 900, 100),
	    test_gpu("a2", "A", 3, 300, 1500, 100),
	    test_gpu("a3", "A", 3, 200, 2000, 200),
	    test_gpu("a4", "A", 3, 150, 1200, 150),
	    test_gpu("b1", "B", 4, 800, 3000, 800),
	    test_gpu("b2", "B", 4, 1000, 3300, 700),
	    test_gpu("b3", "B", 4, 700, 2000, 700),
	};
	Edition e = {.gpus = gpus, .n_gpus = N_TEST_GPUS};
	const double beta = 10, el = 0.8, level[2] = {1.0, 1.3};
	const double cap = pow(10, 6 / 24.0);
	const double rate[2] = {1.0, 1.0}; /* the lowest of A and of B */
	double P[N_TEST_GPUS];
	bool has[N_TEST_GPUS];
	for (size_t g = 0; g < N_TEST_GPUS; g++) {
		size_t f = g < 4 ? 0 : 1;
		double t = fmin(gpus[g].fp16_tflops,
		                cap * gpus[g].tdp_w * rate[f]);
		has[g] = true;
		P[g] = level[f] - el * log(1 / t + beta / gpus[g].bandwidth_gbs);
	}
	FamilyIndex fi;
	family_index_build(&e, &fi);
	RooflineModel m;
	roofline_fit(&e, &fi, P, has, SIZE_MAX, true, &m);
	CHECK(m.ok && m.power_limited);
	CHECK_NEAR(m.power_cap, cap, 1e-9);
	CHECK_NEAR(m.beta, beta, 1e-9);
	CHECK_NEAR(m.elasticity, el, 1e-9);
	CHECK_NEAR(m.watt_rate[fi.of_gpu[0]], 1.0, 1e-12);
	Basis basis;
	const char *family;
	for (size_t g = 0; g < N_TEST_GPUS; g++)
		CHECK_NEAR(roofline_predict(&e, &m, g, &basis, &family), P[g],
		           1e-9);
	/* a2 is held by its power: a higher tensor rating changes nothing */
	double before = roofline_predict(&e, &m, 1, &basis, &family);
	gpus[1].fp16_tflops *= 2;
	CHECK_NEAR(roofline_predict(&e, &m, 1, &basis, &family), before,
	           1e-12);
	gpus[1].fp16_tflops /= 2;
	/* the plain roofline cannot fit these data exactly */
	RooflineModel plain;
	roofline_fit(&e, &fi, P, has, SIZE_MAX, false, &plain);
	double worst = 0;
	for (size_t g = 0; g < N_TEST_GPUS; g++)
		worst = fmax(worst,
		             fabs(roofline_predict(&e, &plain, g, &basis,
		                                   &family) - P[g]));
	CHECK(worst > 0.01);
	roofline_free(&plain);
	roofline_free(&m);
	family_index_free(&fi);
}

void test_roofline(void)
{
	test_plain_roofline();
	test_power_roofline();
}
