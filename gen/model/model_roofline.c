/* Model stage: the roofline form, a third form the validation compares
 * with the family fit and the 2020 form (it rates no GPU).  A step of
 * training takes a compute time and a memory time that add up:
 *
 *     log performance = family level - e * log(1 / T + beta / B)
 *
 * with T the FP16 tensor rate with FP32 accumulate (fp16_tflops), B the
 * memory bandwidth (GB/s), beta the memory share of the work (one per
 * workload: the bandwidth at which memory time equals compute time on a
 * 1-TFLOPS card) and e the elasticity (one per workload; 1 is a pure
 * roofline, below 1 says the measured GPUs gain less than their
 * specifications promise).  Unlike the log-linear fit, the weight of
 * each term falls as the other term dominates: a card with ample tensor
 * throughput for its bandwidth gains little from more.  beta and e are
 * chosen on a fixed grid by least squares with the family levels free
 * (each level the mean residual of its family); a GPU whose family has
 * no measured member borrows the nearest family of its segment, as in
 * the family fit.  See model_internal.h. */
#include "model_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The grid: beta = 10^(i/6) for i in BETA_LO..BETA_HI (0.001 to 1000
 * GB/s per TFLOPS), e from 0.5 to 1 in steps of 0.05. */
enum { BETA_LO = -18, BETA_HI = 18, ELASTICITY_STEPS = 11 };

static double roofline_term(const Gpu *g, double beta)
{
	return log(1 / g->fp16_tflops + beta / g->bandwidth_gbs);
}

static bool usable(const Edition *e, const bool *has, size_t skip, size_t g)
{
	const Gpu *gpu = &e->gpus[g];
	return has[g] && g != skip && gpu->model_ok && gpu->fp16_tflops > 0
	       && gpu->bandwidth_gbs > 0;
}

/* Family levels (mean of P + e * term per family) and the squared
 * residuals of one (beta, e) pair. */
static double levels(const Edition *e, const FamilyIndex *fi,
                     const double *P, const bool *has, size_t skip,
                     double beta, double el, double *level, size_t *count)
{
	memset(level, 0, sizeof *level * fi->n);
	memset(count, 0, sizeof *count * fi->n);
	for (size_t g = 0; g < e->n_gpus; g++)
		if (usable(e, has, skip, g)) {
			size_t f = fi->of_gpu[g];
			level[f] += P[g] + el * roofline_term(&e->gpus[g], beta);
			count[f]++;
		}
	for (size_t f = 0; f < fi->n; f++)
		if (count[f])
			level[f] /= (double)count[f];
	double sse = 0;
	for (size_t g = 0; g < e->n_gpus; g++)
		if (usable(e, has, skip, g)) {
			double r = P[g] + el * roofline_term(&e->gpus[g], beta)
			           - level[fi->of_gpu[g]];
			sse += r * r;
		}
	return sse;
}

void roofline_fit(const Edition *e, const FamilyIndex *fi, const double *P,
                  const bool *has, size_t skip, RooflineModel *m)
{
	memset(m, 0, sizeof *m);
	m->index = fi;
	m->level = g_new0(double, fi->n + 1);
	m->count = g_new0(size_t, fi->n + 1);
	m->gen = g_new0(int, fi->n + 1);
	double *level = g_new0(double, fi->n + 1);
	size_t *count = g_new0(size_t, fi->n + 1);
	double best = INFINITY;
	for (int i = BETA_LO; i <= BETA_HI; i++) {
		double beta = pow(10, i / 6.0);
		for (int k = 0; k < ELASTICITY_STEPS; k++) {
			double el = 0.5 + 0.05 * k;
			double sse = levels(e, fi, P, has, skip, beta, el, level,
			                    count);
			if (sse < best - 1e-12) {
				best = sse;
				m->beta = beta;
				m->elasticity = el;
				memcpy(m->level, level, sizeof *level * fi->n);
				memcpy(m->count, count, sizeof *count * fi->n);
			}
		}
	}
	m->ok = isfinite(best);
	for (size_t g = 0; g < e->n_gpus; g++)
		if (usable(e, has, skip, g)) {
			size_t f = fi->of_gpu[g];
			m->gen[f] = MAX(m->gen[f], e->gpus[g].tensor_gen);
		}
	g_free(level);
	g_free(count);
}

void roofline_free(RooflineModel *m)
{
	g_free(m->level);
	g_free(m->count);
	g_free(m->gen);
	memset(m, 0, sizeof *m);
}

double roofline_predict(const Edition *e, const RooflineModel *m, size_t g,
                        Basis *basis, const char **family)
{
	const Gpu *gpu = &e->gpus[g];
	*basis = BASIS_NONE;
	*family = NULL;
	if (!m->ok || gpu->fp16_tflops <= 0 || gpu->bandwidth_gbs <= 0)
		return NAN;
	long i = family_predicting(m->index, m->count, m->gen, g, gpu, basis);
	if (i < 0)
		return NAN;
	*family = m->index->name[i];
	return m->level[i] - m->elasticity * roofline_term(gpu, m->beta);
}
