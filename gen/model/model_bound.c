/* Model stage: benchmark rows that measure the input pipeline, not the
 * GPU.  In: the debiased rows of model.c.  Out: rows marked unused with
 * UNUSED_PIPELINE_BOUND (nothing allocated that outlives the call).
 *
 * A row of GPU g on network n is pipeline-bound when g has at least
 * pipeline_bound.gap times both the memory bandwidth and the tensor rate
 * of another GPU r, yet runs n, in the same configuration, at most
 * pipeline_bound.equal_within faster than r: whether n is memory- or
 * compute-bound, the specs say g must be far ahead, and when g's run of
 * another network of that configuration is at least pipeline_bound.gap
 * times r's, the card shows it is; so the tying run waited for its data (Lambda's one-node ResNet-50 runs of the B200, with 1.67x the
 * H200's bandwidth and 2.3x its tensor rate, equal the H200's to 0.1%;
 * its BERT runs are 1.49x faster).  Editions without the keys mark
 * nothing. */
#include <math.h>
#include <string.h>

#include "model_internal.h"

/* The mean per-GPU throughput of GPU g's used rows on network net of
 * configuration config; NAN when there is none. */
static double mean_per_gpu(const Performance *p, size_t g, const char *net,
                           const char *config)
{
	const Edition *e = p->edition;
	double sum = 0;
	size_t n = 0;
	for (size_t i = 0; i < e->n_benchmarks; i++) {
		const Benchmark *b = &e->benchmarks[i];
		if (!p->rows[i].used || b->gpu != g
		    || strcmp(b->network, net) != 0
		    || strcmp(b->config, config) != 0)
			continue;
		sum += p->rows[i].per_gpu;
		n++;
	}
	return n ? sum / (double)n : NAN;
}

/* The smaller of g's memory-bandwidth and tensor-rate (fp16_tflops, the
 * rate the family fit uses) ratios over r: how much faster g's specs say
 * it must be on any network, memory- or compute-bound. */
static double spec_advantage(const Gpu *g, const Gpu *r)
{
	return fmin(g->bandwidth_gbs / r->bandwidth_gbs,
	            g->fp16_tflops / r->fp16_tflops);
}

/* TRUE when g is a newer generation of r's segment with at least gap
 * times its bandwidth and tensor rate.  Across segments or within one
 * generation the specs do not rank cards this far (an RTX 4090 runs CNNs
 * as fast as an A100 with 65% of its bandwidth). */
static bool outclasses(const Gpu *g, const Gpu *r, double gap)
{
	return g->segment == r->segment
	       && g->tensor_gen > r->tensor_gen
	       && spec_advantage(g, r) >= gap;
}

/* The largest speed ratio of g over r on a network of config other than
 * net, both measured; NAN when there is none. */
static double best_other_ratio(const Performance *p, size_t g, size_t r,
                               const char *net, const char *config)
{
	const Edition *e = p->edition;
	double best = NAN;
	for (size_t i = 0; i < e->n_benchmarks; i++) {
		const Benchmark *b = &e->benchmarks[i];
		if (!p->rows[i].used || b->gpu != g
		    || strcmp(b->network, net) == 0
		    || strcmp(b->config, config) != 0)
			continue;
		double ratio = mean_per_gpu(p, g, b->network, config)
		               / mean_per_gpu(p, r, b->network, config);
		if (!isnan(ratio) && (isnan(best) || ratio > best))
			best = ratio;
	}
	return best;
}

/* TRUE when row i (used) ties a GPU that its specs, and its own run of
 * another network, put far behind. */
static bool row_is_bound(const Performance *p, size_t i, double equal,
                         double gap)
{
	const Edition *e = p->edition;
	const Benchmark *b = &e->benchmarks[i];
	double mine = mean_per_gpu(p, b->gpu, b->network, b->config);
	for (size_t r = 0; r < e->n_gpus; r++) {
		if (r == b->gpu || !outclasses(&e->gpus[b->gpu], &e->gpus[r], gap))
			continue;
		double theirs = mean_per_gpu(p, r, b->network, b->config);
		if (isnan(theirs) || mine / theirs > 1 + equal)
			continue;
		double other = best_other_ratio(p, b->gpu, r, b->network,
		                                b->config);
		if (!isnan(other) && other >= gap)
			return true;
	}
	return false;
}

void model_flag_pipeline_bound(Performance *p)
{
	const Edition *e = p->edition;
	const Assumption *eq = edition_assumption(e,
	                                          "pipeline_bound.equal_within");
	const Assumption *gp = edition_assumption(e, "pipeline_bound.gap");
	if (!eq || !gp || !eq->is_number || !gp->is_number)
		return;
	/* Decide every row first, then mark: marking as we go would change
	 * the means the later rows are judged by. */
	bool *bound = g_new0(bool, e->n_benchmarks + 1);
	for (size_t i = 0; i < e->n_benchmarks; i++)
		bound[i] = p->rows[i].used
		           && row_is_bound(p, i, eq->number, gp->number);
	for (size_t i = 0; i < e->n_benchmarks; i++)
		if (bound[i]) {
			p->rows[i].used = false;
			p->rows[i].reason = UNUSED_PIPELINE_BOUND;
		}
	g_free(bound);
}
