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

typedef struct {
	double beta, cap;
} GridPoint;

/* The grid's points in the order of the search. */
static size_t grid_points(bool power_limited, GridPoint *pt)
{
	int cap_lo = power_limited ? CAP_LO : 0;
	int cap_hi = power_limited ? CAP_HI : 0;
	size_t n = 0;
	for (int c = cap_lo; c <= cap_hi; c++)
		for (int i = BETA_LO; i <= BETA_HI; i++) {
			if (pt)
				pt[n] = (GridPoint){pow(10, i / 6.0),
				                    power_limited ? pow(10, c / 24.0)
				                                  : 0};
			n++;
		}
	return n;
}

/* Per family: usable GPUs, sums of levels, terms, squared terms and
 * level times term (the last three at one grid point). */
typedef struct {
	size_t *count;
	double *sP, *sT, *sTT, *sPT;
} FamilySums;

/* At grid point pt, the fit's squared residuals with free levels less
 * a constant are 2 e A + e^2 B: A and B from one pass over the GPUs. */
static void point_sums(const Edition *e, const FamilyIndex *fi,
                       const double *P, const bool *has, size_t skip,
                       const RooflineModel *m, GridPoint pt,
                       FamilySums *fs, double *A, double *B)
{
	size_t nf = fi->n;
	memset(fs->sT, 0, sizeof *fs->sT * nf);
	memset(fs->sTT, 0, sizeof *fs->sTT * nf);
	memset(fs->sPT, 0, sizeof *fs->sPT * nf);
	for (size_t g = 0; g < e->n_gpus; g++)
		if (usable(e, has, skip, g)) {
			size_t f = fi->of_gpu[g];
			double t = roofline_term(e, fi, m->watt_rate, pt.cap, g,
			                         pt.beta);
			fs->sT[f] += t;
			fs->sTT[f] += t * t;
			fs->sPT[f] += P[g] * t;
		}
	*A = *B = 0;
	for (size_t f = 0; f < nf; f++)
		if (fs->count[f]) {
			double n = (double)fs->count[f];
			*A += fs->sPT[f] - fs->sP[f] * fs->sT[f] / n;
			*B += fs->sTT[f] - fs->sT[f] * fs->sT[f] / n;
		}
}

/* Searches the grid; the best point's levels and counts go to m.  Each
 * point costs a pass over the GPUs (point_sums), or none when its sums
 * are given (ga, gb); each elasticity then costs O(1): the squared
 * residuals with free levels are c0 + 2 e A + e^2 B. */
static void grid_search(const Edition *e, const FamilyIndex *fi,
                        const double *P, const bool *has, size_t skip,
                        const double *ga, const double *gb,
                        RooflineModel *m)
{
	size_t nf = fi->n;
	double *level = g_new0(double, nf + 1);
	double *term = g_new0(double, e->n_gpus + 1);
	double *sPP = g_new0(double, nf + 1);
	FamilySums fs = {g_new0(size_t, nf + 1), g_new0(double, nf + 1),
	                 g_new0(double, nf + 1), g_new0(double, nf + 1),
	                 g_new0(double, nf + 1)};
	double c0 = 0;
	for (size_t g = 0; g < e->n_gpus; g++)
		if (usable(e, has, skip, g)) {
			size_t f = fi->of_gpu[g];
			fs.count[f]++;
			fs.sP[f] += P[g];
			sPP[f] += P[g] * P[g];
		}
	for (size_t f = 0; f < nf; f++)
		if (fs.count[f])
			c0 += sPP[f] - fs.sP[f] * fs.sP[f] / (double)fs.count[f];
	size_t np = grid_points(m->power_limited, NULL);
	GridPoint *pt = g_new(GridPoint, np);
	grid_points(m->power_limited, pt);
	double best = INFINITY;
	for (size_t p = 0; p < np; p++) {
		double A = ga ? ga[p] : 0, B = gb ? gb[p] : 0;
		if (!ga)
			point_sums(e, fi, P, has, skip, m, pt[p], &fs, &A, &B);
		for (int k = 0; k < ELASTICITY_STEPS; k++) {
			double el = 0.5 + 0.05 * k;
			double sse = c0 + 2 * el * A + el * el * B;
			if (sse < best - 1e-12) {
				best = sse;
				m->beta = pt[p].beta;
				m->elasticity = el;
				m->power_cap = pt[p].cap;
			}
		}
	}
	m->ok = isfinite(best);
	if (m->ok) {
		/* the levels at the best point, each a mean of its family */
		terms_at(e, fi, m->watt_rate, has, skip, m->beta, m->power_cap,
		         term);
		levels(e, fi, P, has, skip, term, m->elasticity, level,
		       fs.count);
		memcpy(m->level, level, sizeof *level * nf);
		memcpy(m->count, fs.count, sizeof *fs.count * nf);
	}
	g_free(pt);
	g_free(level);
	g_free(term);
	g_free(sPP);
	g_free(fs.count);
	g_free(fs.sP);
	g_free(fs.sT);
	g_free(fs.sTT);
	g_free(fs.sPT);
}

/* roofline_fit, with the grid's sums when ga and gb are given. */
static void fit(const Edition *e, const FamilyIndex *fi, const double *P,
                const bool *has, size_t skip, bool power_limited,
                const double *ga, const double *gb, RooflineModel *m)
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
	grid_search(e, fi, P, has, skip, ga, gb, m);
	for (size_t g = 0; g < e->n_gpus; g++)
		if (usable(e, has, skip, g)) {
			size_t f = fi->of_gpu[g];
			m->gen[f] = MAX(m->gen[f], e->gpus[g].tensor_gen);
		}
}

void roofline_fit(const Edition *e, const FamilyIndex *fi, const double *P,
                  const bool *has, size_t skip, bool power_limited,
                  RooflineModel *m)
{
	fit(e, fi, P, has, skip, power_limited, NULL, NULL, m);
}

void roofline_fit_summed(const Edition *e, const FamilyIndex *fi,
                         const double *P, const bool *has,
                         bool power_limited, const double *A,
                         const double *B, RooflineModel *m)
{
	fit(e, fi, P, has, SIZE_MAX, power_limited, A, B, m);
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

/* ---- leave-one-out from sums per grid point ------------------------------
 *
 * At one grid point (beta, d) every usable GPU g has a fixed term t_g,
 * and at elasticity e the squared residuals with the family levels free
 * are, per family f (n_f GPUs),
 *
 *     sum (P + e t)^2 - (sum (P + e t))^2 / n_f
 *       = const + 2 e (sPT - sP sT / n_f) + e^2 (sTT - sT^2 / n_f).
 *
 * Holding x out moves every other GPU's level by -c_g . dS (c_g: g's
 * share of rows per network-and-config pair, dS from loo_effects_shift),
 * which changes sP by -sc . dS and sPT by -U . dS (U = sum of t_g c_g)
 * and takes x's own term out of its family.  So with the sums per grid
 * point and family kept once, a held-out fit costs one k-vector dot per
 * grid point and O(1) per elasticity, whatever the number of GPUs. */

struct LooRoofline {
	const Edition *e;
	const FamilyIndex *fi;
	const RowSet *rs;
	const double *P;
	const bool *has;
	double *rate;         /* the families' lowest TFLOPS per watt */
	size_t k, np, nf;
	GridPoint *pt;        /* np */
	size_t *n;            /* nf: usable GPUs per family */
	int *gen;             /* nf */
	double *sP;           /* nf */
	double *sc;           /* nf x k */
	double *sT, *sTT, *sPT; /* np x nf */
	double *A0, *B0;      /* np */
	double *W;            /* np x k: U - sum_f sc_f sT_f / n_f */
	double *tx;           /* np: scratch, one GPU's terms */
	double *wd;           /* np: scratch, W . dS per point */
	size_t *count;        /* nf: scratch for family_predicting */
};

/* GPU g's terms at every grid point (tx: np).  The points run over
 * the betas within each cap: a cap that leaves g's sustained rate as the
 * previous one did gives the same terms, so an uncapped card costs one
 * log per beta, not one per point. */
static void terms_of(const LooRoofline *lr, size_t g, double *tx)
{
	size_t nb = BETA_HI - BETA_LO + 1;
	double prev = -1;
	for (size_t p0 = 0; p0 < lr->np; p0 += nb) {
		double T = sustained_tflops(lr->e, lr->fi, lr->rate,
		                            lr->pt[p0].cap, g);
		if (p0 > 0 && T == prev) {
			memcpy(tx + p0, tx + p0 - nb, sizeof *tx * nb);
			continue;
		}
		for (size_t i = 0; i < nb; i++)
			tx[p0 + i] = log(1 / T + lr->pt[p0 + i].beta
			                             / lr->e->gpus[g].bandwidth_gbs);
		prev = T;
	}
}

LooRoofline *loo_roofline_new(const Edition *e, const FamilyIndex *fi,
                              const RowSet *rs, const double *P,
                              const bool *has, bool power_limited)
{
	LooRoofline *lr = g_new0(LooRoofline, 1);
	size_t k = rs->n_keys, nf = fi->n;
	*lr = (LooRoofline){.e = e, .fi = fi, .rs = rs, .P = P, .has = has,
	                    .k = k, .nf = nf};
	lr->np = grid_points(power_limited, NULL);
	lr->pt = g_new(GridPoint, lr->np);
	grid_points(power_limited, lr->pt);
	size_t np = lr->np;
	lr->rate = g_new0(double, nf + 1);
	if (power_limited)
		family_watt_rates(e, fi, lr->rate);
	lr->n = g_new0(size_t, nf + 1);
	lr->count = g_new0(size_t, nf + 1);
	lr->gen = g_new0(int, nf + 1);
	lr->sP = g_new0(double, nf + 1);
	lr->sc = g_new0(double, nf * k + 1);
	lr->sT = g_new0(double, np * nf + 1);
	lr->sTT = g_new0(double, np * nf + 1);
	lr->sPT = g_new0(double, np * nf + 1);
	lr->A0 = g_new0(double, np + 1);
	lr->B0 = g_new0(double, np + 1);
	lr->W = g_new0(double, np * k + 1);
	for (size_t g = 0; g < e->n_gpus; g++) {
		if (!usable(e, has, SIZE_MAX, g))
			continue;
		size_t f = fi->of_gpu[g], lo = rs->start[g], hi = rs->start[g + 1];
		lr->n[f]++;
		lr->gen[f] = MAX(lr->gen[f], e->gpus[g].tensor_gen);
		lr->sP[f] += P[g];
		for (size_t r = lo; r < hi; r++)
			lr->sc[f * k + rs->key[r]] += 1.0 / (double)(hi - lo);
	}
	lr->tx = g_new(double, np + 1);
	lr->wd = g_new(double, np + 1);
	for (size_t g = 0; g < e->n_gpus; g++) {
		if (!usable(e, has, SIZE_MAX, g))
			continue;
		size_t f = fi->of_gpu[g], lo = rs->start[g], hi = rs->start[g + 1];
		terms_of(lr, g, lr->tx);
		for (size_t p = 0; p < np; p++) {
			double t = lr->tx[p];
			double share = t / (double)(hi - lo); /* one per row */
			lr->sT[p * nf + f] += t;
			lr->sTT[p * nf + f] += t * t;
			lr->sPT[p * nf + f] += P[g] * t;
			for (size_t r = lo; r < hi; r++)
				lr->W[p * k + rs->key[r]] += share;
		}
	}
	for (size_t p = 0; p < np; p++) {
		double *sT = lr->sT + p * nf, *sTT = lr->sTT + p * nf;
		double *sPT = lr->sPT + p * nf, *W = lr->W + p * k;
		for (size_t f = 0; f < nf; f++) {
			if (!lr->n[f])
				continue;
			double n = (double)lr->n[f];
			lr->A0[p] += sPT[f] - lr->sP[f] * sT[f] / n;
			lr->B0[p] += sTT[f] - sT[f] * sT[f] / n;
			for (size_t c = 0; c < k; c++)
				W[c] -= lr->sc[f * k + c] * sT[f] / n;
		}
	}
	return lr;
}

void loo_roofline_sums(const LooRoofline *lr, double **A, double **B)
{
	*A = g_memdup2(lr->A0, sizeof(double) * (lr->np + 1));
	*B = g_memdup2(lr->B0, sizeof(double) * (lr->np + 1));
}

void loo_roofline_free(LooRoofline *lr)
{
	if (!lr)
		return;
	g_free(lr->pt);
	g_free(lr->rate);
	g_free(lr->n);
	g_free(lr->count);
	g_free(lr->gen);
	g_free(lr->sP);
	g_free(lr->sc);
	g_free(lr->sT);
	g_free(lr->sTT);
	g_free(lr->sPT);
	g_free(lr->A0);
	g_free(lr->B0);
	g_free(lr->W);
	g_free(lr->tx);
	g_free(lr->wd);
	g_free(lr);
}

/* The mean of v[key] over GPU x's rows (loo_row_mean, kept here so the
 * rooflines call no further down than the family fit). */
static double row_mean(const RowSet *rs, size_t x, const double *v)
{
	size_t lo = rs->start[x], hi = rs->start[x + 1];
	double s = 0;
	for (size_t r = lo; r < hi; r++)
		s += v[rs->key[r]] / (double)(hi - lo);
	return s;
}

static double vdot(const double *a, const double *b, size_t n)
{
	double s = 0;
	for (size_t i = 0; i < n; i++)
		s += a[i] * b[i];
	return s;
}

/* out[p] = vdot(W + p k, dS, k), p < np: four sums at a time (each in
 * vdot's order: the same bits), none waiting on another. */
static void grid_dots(const double *W, const double *dS, size_t k,
                      size_t np, double *out)
{
	size_t p = 0;
	for (; p + 4 <= np; p += 4) {
		const double *w = W + p * k;
		double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
		for (size_t c = 0; c < k; c++) {
			s0 += w[c] * dS[c];
			s1 += w[k + c] * dS[c];
			s2 += w[2 * k + c] * dS[c];
			s3 += w[3 * k + c] * dS[c];
		}
		out[p] = s0;
		out[p + 1] = s1;
		out[p + 2] = s2;
		out[p + 3] = s3;
	}
	for (; p < np; p++)
		out[p] = vdot(W + p * k, dS, k);
}

/* Whether no grid elasticity makes 2 e A + e^2 B less than `below`:
 * its least over a slightly wider interval is not below `below` less far
 * more than any rounding (NAN: never skipped).  No division: the least
 * is at lo or hi when -A / B is outside them, else -A^2 / B, times B. */
static bool sse_above(double A, double B, double below)
{
	double lo = 0.49, hi = 0.51 + 0.05 * (ELASTICITY_STEPS - 1);
	double bound = below - 1e-9 * (fabs(A) + fabs(B));
	if (!(B > 0)) {
		double qlo = 2 * lo * A + lo * lo * B;
		double qhi = 2 * hi * A + hi * hi * B;
		return qlo >= bound && qhi >= bound;
	}
	if (-A <= lo * B)
		return 2 * lo * A + lo * lo * B >= bound;
	if (-A >= hi * B)
		return 2 * hi * A + hi * hi * B >= bound;
	return -A * A >= bound * B;
}

double loo_roofline_error(LooRoofline *lr, size_t x, const double *dS,
                          double moved, Basis *basis, const char **family)
{
	const Edition *e = lr->e;
	size_t k = lr->k, nf = lr->nf, fx = lr->fi->of_gpu[x];
	*basis = BASIS_NONE;
	*family = NULL;
	if (!usable(e, lr->has, SIZE_MAX, x))
		return NAN;
	/* x's level on the held-out fit's scale, and its family's sums */
	double qx = lr->P[x] - row_mean(lr->rs, x, dS);
	double n = (double)lr->n[fx], n1 = n - 1;
	double sQ = lr->sP[fx] - vdot(lr->sc + fx * k, dS, k);
	double bar = INFINITY - 1e-12, best_el = 0; /* the best sum - 1e-12 */
	size_t best_p = 0;
	terms_of(lr, x, lr->tx);
	grid_dots(lr->W, dS, k, lr->np, lr->wd);
	for (size_t p = 0; p < lr->np; p++) {
		double t = lr->tx[p];
		double sT = lr->sT[p * nf + fx];
		/* family fx's share before and after x leaves it (the
		 * U . dS terms of both cancel) */
		double da = sQ * sT / n - t * qx;
		double db = sT * sT / n - t * t;
		if (n1 > 0) {
			da -= (sQ - qx) * (sT - t) / n1;
			db -= (sT - t) * (sT - t) / n1;
		}
		double A = lr->A0[p] - lr->wd[p] + da;
		double B = lr->B0[p] + db;
		if (sse_above(A, B, bar))
			continue; /* no elasticity of this point beats best */
		/* each elasticity in order is kept when below bar; most
		 * points keep none, which a pass without a chain tells */
		double sse[ELASTICITY_STEPS];
		bool any = false;
		for (int j = 0; j < ELASTICITY_STEPS; j++) {
			double el = 0.5 + 0.05 * j;
			sse[j] = 2 * el * A + el * el * B;
			any |= sse[j] < bar;
		}
		for (int j = 0; any && j < ELASTICITY_STEPS; j++)
			if (sse[j] < bar) {
				bar = sse[j] - 1e-12;
				best_p = p;
				best_el = 0.5 + 0.05 * j;
			}
	}
	memcpy(lr->count, lr->n, sizeof(size_t) * nf);
	lr->count[fx]--;
	long f = family_predicting(lr->fi, lr->count, lr->gen, x, &e->gpus[x],
	                           basis);
	if (f < 0)
		return NAN;
	*family = lr->fi->name[f];
	double sTf = lr->sT[best_p * nf + (size_t)f], level;
	if ((size_t)f == fx)
		level = ((sQ - qx) + best_el * (sTf - lr->tx[best_p])) / n1;
	else
		level = (lr->sP[f] - vdot(lr->sc + (size_t)f * k, dS, k)
		         + best_el * sTf) / (double)lr->n[f];
	double pred = level - best_el * lr->tx[best_p];
	return pred - lr->P[x] + moved;
}
