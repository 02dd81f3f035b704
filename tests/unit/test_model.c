/* Model arithmetic on constructed editions. */
#include "unit.h"
#include "model.h"

void test_model(void)
{
	/* A100 over V100 from bandwidth and the Ampere bonuses of the
	 * article: 1555/900 = 1.73, range 1.78 to 1.87. */
	Assumption a[] = {
	    {.key = (char *)"smem_bonus_low.Ampere", .number = 0.02, .is_number = 1},
	    {.key = (char *)"smem_bonus_high.Ampere", .number = 0.05, .is_number = 1},
	    {.key = (char *)"tc_bonus_low.Ampere", .number = 0.01, .is_number = 1},
	    {.key = (char *)"tc_bonus_high.Ampere", .number = 0.03, .is_number = 1},
	};
	Edition e = {.assumptions = a, .n_assumptions = 4};
	Gpu a100 = {.architecture = (char *)"Ampere", .bandwidth_gbs = 1555,
	            .tensor_gen = 3};
	Gpu v100 = {.architecture = (char *)"Volta", .bandwidth_gbs = 900,
	            .tensor_gen = 1};
	double low, high;
	model_speedup_range(&e, &a100, &v100, &low, &high);
	CHECK_NEAR(low, 1555.0 / 900 * 1.02 * 1.01, 1e-9);
	CHECK_NEAR(high, 1555.0 / 900 * 1.05 * 1.03, 1e-9);
	CHECK_NEAR(round(low * 100) / 100, 1.78, 1e-9);
	CHECK_NEAR(round(high * 100) / 100, 1.87, 1e-9);
	/* Same architecture: the bonuses cancel. */
	Gpu a30 = {.architecture = (char *)"Ampere", .bandwidth_gbs = 933,
	           .tensor_gen = 3};
	model_speedup_range(&e, &a100, &a30, &low, &high);
	CHECK_NEAR(low, 1555.0 / 933, 1e-9);
	CHECK_NEAR(high, 1555.0 / 933, 1e-9);
	/* The older side of the pair: the newer one's bonuses divide. */
	model_speedup_range(&e, &v100, &a100, &low, &high);
	CHECK_NEAR(low, 900 / 1555.0 / (1.05 * 1.03), 1e-9);
	CHECK_NEAR(high, 900 / 1555.0 / (1.02 * 1.01), 1e-9);
	/* A newer generation without bonus keys: bandwidth alone. */
	Gpu h100 = {.architecture = (char *)"Hopper", .bandwidth_gbs = 3350,
	            .tensor_gen = 4};
	model_speedup_range(&e, &h100, &a100, &low, &high);
	CHECK_NEAR(low, 3350 / 1555.0, 1e-9);
	CHECK_NEAR(high, 3350 / 1555.0, 1e-9);

	/* Debiasing: one batch doubling gains 13.6 %; bringing a larger
	 * batch down loses it again. */
	CHECK_NEAR(model_batch_debias(100, 64, 128, 0.136), 113.6, 1e-9);
	CHECK_NEAR(model_batch_debias(113.6, 128, 64, 0.136), 100, 1e-9);
	CHECK_NEAR(model_batch_debias(100, 32, 128, 0.136), 100 * 1.136 * 1.136,
	           1e-9);
	CHECK_NEAR(model_batch_debias(100, 64, 64, 0.136), 100, 1e-12);
}
