/* Model stage: the roofline forms, compared by the validation with the
 * family fit and the 2020 form.  A step of training takes a compute time
 * and a memory time that add up:
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
 * throughput for its bandwidth gains little from more.
 *
 * The power-limited roofline also caps T by the board's power: a chip
 * family turns a watt into about as many tensor operations on each of
 * its cards, so a card cannot sustain more than
 *
 *     T <= d * tdp_w * (the family's lowest fp16_tflops per watt)
 *
 * (over the family's model_ok cards of gpus.csv, from specs alone: the
 * card rated lowest per watt is the one surest to sustain its rating,
 * and unlike a median the lowest does not move with how many
 * workstation cards the catalogue lists).  A low-power board rated for
 * full-rate FP32 accumulate (A10, RTX 6000 Ada) then runs at the clock
 * its power allows, not at its boost clock.  d is one more grid
 * parameter per workload.
 *
 * beta, e (and d) are chosen on a fixed grid by least squares with the
 * family levels free (each level the mean residual of its family); a GPU
 * whose family has no measured member borrows the nearest family of its
 * segment, as in the family fit.  See model_internal.h. */
#include "model_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The grid: beta = 10^(i/6) for i in BETA_LO..BETA_HI (0.001 to 1000
 * GB/s per TFLOPS), e from 0.5 to 1 in steps of 0.05, and for the
 * power-limited form d = 10^(i/24) for i in CAP_LO..CAP_HI (0.32 to
 * 3.2 times the family's lowest rate per watt). */
enum {
	BETA_LO = -18, BETA_HI = 18, ELASTICITY_STEPS = 11,
	CAP_LO = -12, CAP_HI = 12
};

/* Each family's lowest fp16_tflops per watt over its model_ok GPUs
 * with both figures (0 when none): rate[f], n = fi->n. */
static void family_watt_rates(const Edition *e, const FamilyIndex *fi,
                              double *rate)
{
	for (size_t f = 0; f < fi->n; f++)
		rate[f] = 0;
	for (size_t g = 0; g < e->n_gpus; g++) {
		const Gpu *gpu = &e->gpus[g];
		if (!gpu->model_ok || gpu->fp16_tflops <= 0 || gpu->tdp_w <= 0)
			continue;
		double r = gpu->fp16_tflops / gpu->tdp_w;
		double *low = &rate[fi->of_gpu[g]];
		*low = *low > 0 ? fmin(*low, r) : r;
	}
}

/* The tensor rate GPU g can sustain: fp16_tflops, capped by its power
 * when cap > 0 and its family has a rate per watt. */
static double sustained_tflops(const Edition *e, const FamilyIndex *fi,
                               const double *rate, double cap, size_t g)
{
	const Gpu *gpu = &e->gpus[g];
	double r = rate[fi->of_gpu[g]];
	if (cap <= 0 || r <= 0 || gpu->tdp_w <= 0)
		return gpu->fp16_tflops;
	return fmin(gpu->fp16_tflops, cap * gpu->tdp_w * r);
}

static double roofline_term(const Edition *e, const FamilyIndex *fi,
                            const double *rate, double cap, size_t g,
                            double beta)
{
	return log(1 / sustained_tflops(e, fi, rate, cap, g)
	           + beta / e->gpus[g].bandwidth_gbs);
}

static bool usable(const Edition *e, const bool *has, size_t skip, size_t g)
{
	const Gpu *gpu = &e->gpus[g];
	return has[g] && g != skip && gpu->model_ok && gpu->fp16_tflops > 0
	       && gpu->bandwidth_gbs > 0;
}

/* Family levels (mean of P + e * term per family) and the squared
 * residuals at elasticity el; term[g] holds the roofline term of g. */
static double levels(const Edition *e, const FamilyIndex *fi,
                     const double *P, const bool *has, size_t skip,
                     const double *term, double el, double *level,
                     size_t *count)
{
	memset(level, 0, sizeof *level * fi->n);
	memset(count, 0, sizeof *count * fi->n);
	for (size_t g = 0; g < e->n_gpus; g++)
		if (usable(e, has, skip, g)) {
			size_t f = fi->of_gpu[g];
			level[f] += P[g] + el * term[g];
			count[f]++;
		}
	for (size_t f = 0; f < fi->n; f++)
		if (count[f])
			level[f] /= (double)count[f];
	double sse = 0;
	for (size_t g = 0; g < e->n_gpus; g++)
		if (usable(e, has, skip, g)) {
			double r = P[g] + el * term[g] - level[fi->of_gpu[g]];
			sse += r * r;
		}
	return sse;
}

/* The roofline terms of every usable GPU at one beta and cap. */
static void terms_at(const Edition *e, const FamilyIndex *fi,
                     const double *rate, const bool *has, size_t skip,
                     double beta, double cap, double *term)
{
	for (size_t g = 0; g < e->n_gpus; g++)
		term[g] = usable(e, has, skip, g)
		              ? roofline_term(e, fi, rate, cap, g, beta) : 0;
}

/* Searches the grid; the best point's levels and counts go to m. */
static void grid_search(const Edition *e, const FamilyIndex *fi,
                        const double *P, const bool *has, size_t skip,
                        RooflineModel *m)
{
	double *level = g_new0(double, fi->n + 1);
	size_t *count = g_new0(size_t, fi->n + 1);
	double *term = g_new0(double, e->n_gpus + 1);
	int cap_lo = m->power_limited ? CAP_LO : 0;
	int cap_hi = m->power_limited ? CAP_HI : 0;
	double best = INFINITY;
	for (int c = cap_lo; c <= cap_hi; c++) {
		double cap = m->power_limited ? pow(10, c / 24.0) : 0;
		for (int i = BETA_LO; i <= BETA_HI; i++) {
			double beta = pow(10, i / 6.0);
			terms_at(e, fi, m->watt_rate, has, skip, beta, cap,
			         term);
			for (int k = 0; k < ELASTICITY_STEPS; k++) {
				double el = 0.5 + 0.05 * k;
				double sse = levels(e, fi, P, has, skip, term,
				                    el, level, count);
				if (sse < best - 1e-12) {
					best = sse;
					m->beta = beta;
					m->elasticity = el;
					m->power_cap = cap;
					memcpy(m->level, level,
					       sizeof *level * fi->n);
					memcpy(m->count, count,
					       sizeof *count * fi->n);
				}
			}
		}
	}
	m->ok = isfinite(best);
	g_free(level);
	g_free(count);
	g_free(term);
}

void roofline_fit(const Edition *e, const FamilyIndex *fi, const double *P,
                  const bool *has, size_t skip, bool power_limited,
                  RooflineModel *m)
{
	memset(m, 0, sizeof *m);
	m->index = fi;
	m->power_limited = power_limited;
	m->level = g_new0(double, fi->n + 1);
	m->count = g_new0(size_t, fi->n + 1);
	m->gen = g_new0(int, fi->n + 1);
	m->watt_rate = g_new0(double, fi->n + 1);
	if (power_limited)
		family_watt_rates(e, fi, m->watt_rate);
	grid_search(e, fi, P, has, skip, m);
	for (size_t g = 0; g < e->n_gpus; g++)
		if (usable(e, has, skip, g)) {
			size_t f = fi->of_gpu[g];
			m->gen[f] = MAX(m->gen[f], e->gpus[g].tensor_gen);
		}
}

void roofline_free(RooflineModel *m)
{
	g_free(m->level);
	g_free(m->count);
	g_free(m->gen);
	g_free(m->watt_rate);
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
	return m->level[i]
	       - m->elasticity * roofline_term(e, m->index, m->watt_rate,
	                                       m->power_cap, g, m->beta);
}
