/* The model on the current edition: measured GPUs stay measured, the
 * family fit never crosses segments, intervals hold their values, and
 * B200/H200 over H100 SXM agree with the same-configuration rows. */
#include "unit.h"
#include "model.h"

#include <stdbool.h>

/* Geometric mean over networks of g over r from the one-GPU rows of one
 * config (both measured on the network), of g's pipeline-bound rows when
 * bound, else of its others; NAN when no pair. */
static double raw_ratio(const Performance *p, size_t g, size_t r,
                        Workload w, const char *config, bool bound)
{
	const Edition *e = p->edition;
	double sum = 0;
	int n = 0;
	for (size_t i = 0; i < e->n_benchmarks; i++) {
		const Benchmark *a = &e->benchmarks[i];
		if (a->gpu != g || a->gpu_count != 1 || a->workload != w
		    || strcmp(a->config, config) != 0
		    || (p->rows[i].reason == UNUSED_PIPELINE_BOUND) != bound)
			continue;
		for (size_t j = 0; j < e->n_benchmarks; j++) {
			const Benchmark *b = &e->benchmarks[j];
			if (b->gpu != r || b->gpu_count != 1
			    || strcmp(b->network, a->network) != 0
			    || strcmp(b->config, config) != 0)
				continue;
			sum += log(a->throughput / b->throughput);
			n++;
		}
	}
	return n ? exp(sum / n) : NAN;
}

static void ratio_check(const Performance *p, const char *name)
{
	const Edition *e = p->edition;
	long g = edition_find_gpu(e, name), h = edition_find_gpu(e, "H100 SXM");
	CHECK(g >= 0 && h >= 0);
	if (g < 0 || h < 0)
		return;
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		const GpuPerf *a = &p->gpus[w][g], *b = &p->gpus[w][h];
		double expected = raw_ratio(p, (size_t)g, (size_t)h, (Workload)w,
		                            "lambda-pytorch-v2", false);
		double floor = raw_ratio(p, (size_t)g, (size_t)h, (Workload)w,
		                         "lambda-pytorch-v2", true);
		if (isnan(expected) && !isnan(floor)) {
			/* Every row pipeline-bound (the B200's CNN runs): the
			 * card is modelled, and at least as fast as its bound
			 * runs show. */
			CHECK(a->kind == PERF_MODELLED);
			CHECK(a->value / b->value >= floor);
			continue;
		}
		CHECK(!isnan(expected));
		CHECK(a->kind != PERF_MODELLED);
		/* within the debiasing's own error: the spread of both
		 * GPUs' rows around the fit */
		double lo = a->low / b->high, hi = a->high / b->low;
		if (!(expected >= lo && expected <= hi))
			printf("  %s/H100 SXM %s: ours %.3f (%.3f-%.3f), rows %.3f\n",
			       name, workload_name((Workload)w),
			       a->value / b->value, lo, hi, expected);
		CHECK(expected >= lo && expected <= hi);
	}
}

/* Every GPU with a mixed-precision row in a workload, used by the fit or
 * not, is measured or debiased there, never modelled (issue 12), unless
 * the row measured the input pipeline (issue 30). */
/* TRUE when a row of b's GPU, network and configuration was left out as
 * pipeline-bound (its multi-GPU twins then feed the scaling only). */
static bool network_bound(const Performance *p, const Benchmark *b)
{
	const Edition *e = p->edition;
	for (size_t i = 0; i < e->n_benchmarks; i++) {
		const Benchmark *a = &e->benchmarks[i];
		if (p->rows[i].reason == UNUSED_PIPELINE_BOUND
		    && a->gpu == b->gpu && strcmp(a->network, b->network) == 0
		    && strcmp(a->config, b->config) == 0)
			return true;
	}
	return false;
}

static void measured_stay_measured(const Performance *p)
{
	const Edition *e = p->edition;
	for (size_t i = 0; i < e->n_benchmarks; i++) {
		const Benchmark *b = &e->benchmarks[i];
		/* a pipeline-bound run measures the input pipeline, not
		 * the card (model_bound.c) */
		if (p->rows[i].reason == UNUSED_PRECISION
		    || network_bound(p, b))
			continue;
		const GpuPerf *gp = &p->gpus[b->workload][b->gpu];
		if (!gp->rated || gp->kind == PERF_MODELLED)
			printf("  %s %s: modelled although measured\n",
			       e->gpus[b->gpu].name, workload_name(b->workload));
		CHECK(gp->rated && gp->kind != PERF_MODELLED);
	}
}

static void no_cross_segment(const Performance *p)
{
	const Edition *e = p->edition;
	for (int w = 0; w < WORKLOAD_COUNT; w++)
		for (size_t g = 0; g < e->n_gpus; g++) {
			const GpuPerf *gp = &p->gpus[w][g];
			if (!gp->rated)
				continue;
			CHECK(gp->low <= gp->value + 1e-12
			      && gp->value <= gp->high + 1e-12);
			if (!gp->basis_family)
				continue;
			const char *seg = NULL;
			for (size_t i = 0; i < p->n_families[w]; i++)
				if (strcmp(p->families[w][i].family,
				           gp->basis_family) == 0)
					seg = p->families[w][i].segment;
			CHECK(seg != NULL);
			CHECK_STR(seg, model_family_segment(&e->gpus[g]));
			if (gp->basis == BASIS_FALLBACK_FAMILY)
				CHECK(strcmp(gp->basis_family,
				             model_family(&e->gpus[g])) != 0);
		}
}

void test_model_current(void)
{
	GError *error = NULL;
	Edition *e = edition_load(FROZEN_DATA "/current", &error);
	Performance *p = e ? model_run(e, &error) : NULL;
	CHECK(p != NULL);
	if (p) {
		ratio_check(p, "B200");
		ratio_check(p, "H200 SXM");
		measured_stay_measured(p);
		no_cross_segment(p);
		/* The power-limited roofline holds out best by the targets
		 * (issue 30): on CNNs every form but the 2020 one meets
		 * both and it has the lowest median; on transformers none
		 * meets both and it leaves the fewest cards above the worst
		 * target (one, against three for the plain roofline and the
		 * family fit), so it rates both. */
		CHECK(p->form[WORKLOAD_CNN] == FORM_POWER_ROOFLINE);
		CHECK(p->form[WORKLOAD_TRANSFORMER] == FORM_POWER_ROOFLINE);
		for (int w = 0; w < WORKLOAD_COUNT; w++)
			CHECK(isfinite(p->roofline_beta[w])
			      && p->roofline_elasticity[w] > 0
			      && p->roofline_elasticity[w] <= 1
			      && p->roofline_power_cap[w] > 0);
		CHECK(p->form_score[WORKLOAD_TRANSFORMER][FORM_POWER_ROOFLINE]
		          .over_target
		      < p->form_score[WORKLOAD_TRANSFORMER][FORM_ROOFLINE]
		          .over_target);
		/* Leave-one-out by GPU, every validated GPU counted (those
		 * alone in their family too; issue 30 targets: median <= 5 %,
		 * worst <= 20 %).  Met: CNN both.  Not met on transformers:
		 * the median (7.1 %: the plain roofline's 5.0 % came with
		 * three cards above 20 %) and the worst (RTX 6000 Ada
		 * +27 %), named with its reason in the methodology.  The
		 * bounds below are the figures of the power limit's
		 * session: they stop the errors from growing. */
		for (int w = 0; w < WORKLOAD_COUNT; w++)
			printf("  leave-one-out %s: median %.1f %%, worst %.1f %% "
			       "over %zu GPUs\n", workload_name((Workload)w),
			       100 * p->loo_median[w], 100 * p->loo_max[w],
			       p->loo_count[w]);
		CHECK(p->loo_count[WORKLOAD_CNN] >= 22);
		CHECK(p->loo_count[WORKLOAD_TRANSFORMER] >= 25);
		CHECK(p->loo_median[WORKLOAD_CNN] <= 0.05);
		CHECK(p->loo_max[WORKLOAD_CNN] <= 0.20);
		CHECK(p->loo_median[WORKLOAD_TRANSFORMER] <= 0.072);
		CHECK(p->loo_max[WORKLOAD_TRANSFORMER] <= 0.28);
		/* the weights are physical: more bandwidth, tensor rate or
		 * power never makes a card slower */
		for (int w = 0; w < WORKLOAD_COUNT; w++)
			CHECK(p->w_bandwidth[w] > 0 && p->w_tensor[w] > 0
			      && p->w_power[w] > 0);
		/* rows below the valid batch are listed, not corrected */
		size_t below = 0;
		for (size_t i = 0; i < e->n_benchmarks; i++) {
			CHECK(model_unused_key(p->rows[i].reason) != NULL);
			below += p->rows[i].reason == UNUSED_BATCH_BELOW_MIN;
		}
		CHECK(below > 0);
		/* an unmeasured card of a family without transformer
		 * measurements (RTX 50 series, sm_120) is rated from a client
		 * family; on CNNs the RTX 5090 is measured (one timm run) and
		 * its family rates the RTX 5080 */
		long r5090 = edition_find_gpu(e, "RTX 5090");
		CHECK(p->gpus[WORKLOAD_TRANSFORMER][r5090].basis
		      == BASIS_FALLBACK_FAMILY);
		CHECK(p->gpus[WORKLOAD_CNN][r5090].basis == BASIS_MEASURED);
		CHECK(p->gpus[WORKLOAD_CNN][edition_find_gpu(e, "RTX 5080")].basis
		      == BASIS_FAMILY);
		/* FP8/FP4 knowledge */
		CHECK(model_precision_supported(&e->gpus[r5090], "fp4"));
		CHECK(!model_precision_supported(
		    &e->gpus[edition_find_gpu(e, "RTX 3090")], "fp8"));
		/* the formats are gpus.csv columns, each row with its
		 * source: CDNA3 computes in FP8 (no tensor_gen rule said
		 * so), no Hopper computes in FP4 */
		const Gpu *mi = &e->gpus[edition_find_gpu(e, "MI300X")];
		CHECK(model_precision_supported(mi, "fp8"));
		CHECK(!model_precision_supported(mi, "fp4"));
		CHECK(!model_precision_supported(
		    &e->gpus[edition_find_gpu(e, "H200 SXM")], "fp4"));
		for (size_t g = 0; g < e->n_gpus; g++)
			CHECK(e->gpus[g].precision_source[0] != '\0');
		/* a fallback family widens the interval beyond its family's */
		const GpuPerf *f = &p->gpus[WORKLOAD_TRANSFORMER][r5090];
		const GpuPerf *in =
		    &p->gpus[WORKLOAD_TRANSFORMER][edition_find_gpu(e, "RTX 4070 Ti Super")];
		CHECK(in->basis == BASIS_FAMILY);
		CHECK(f->high / f->low > in->high / in->low);
		/* a figure ties with itself */
		CHECK(model_tie(&p->gpus[WORKLOAD_CNN][r5090],
		                &p->gpus[WORKLOAD_CNN][r5090]));
	}
	if (error)
		printf("FAIL data/current: %s\n", error->message);
	g_clear_error(&error);
	performance_free(p);
	edition_free(e);

	/* 2020-09: too few measured GPUs for the family fit; the edition
	 * keeps the 2020 form and says so. */
	e = edition_load(FROZEN_DATA "/2020-09", &error);
	p = e ? model_run(e, &error) : NULL;
	CHECK(p != NULL);
	for (int w = 0; p && w < WORKLOAD_COUNT; w++) {
		CHECK(p->form[w] == FORM_LEGACY);
		CHECK(p->n_families[w] == 0);
		for (size_t g = 0; g < e->n_gpus; g++)
			if (p->gpus[w][g].rated)
				CHECK(p->gpus[w][g].low <= p->gpus[w][g].value + 1e-12
				      && p->gpus[w][g].value
				             <= p->gpus[w][g].high + 1e-12);
	}
	g_clear_error(&error);
	performance_free(p);
	edition_free(e);
}
