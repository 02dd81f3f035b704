/* Model stage: the extrapolation of the 2023 article's form.  Log
 * performance = family intercept + weights x (log memory bandwidth, log
 * tensor TFLOPS with FP32 accumulate, log board power), weights shared by
 * all families and fitted with the intercepts by least squares (the
 * intercepts by family means, the weights from the within-family
 * deviations: linear in the GPUs); a GPU whose family has no measured
 * member borrows the nearest family of its own segment.  See
 * model_internal.h. */
#include "model_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define N_WEIGHTS FAMILY_FEATURES
/* Ridge on the weights (log units): keeps the normal equations solvable
 * when few GPUs per family make the features collinear. */
#define RIDGE FAMILY_RIDGE

const char *model_family(const Gpu *g)
{
	return g->family && g->family[0] ? g->family : g->architecture;
}

const char *model_family_segment(const Gpu *g)
{
	if (g->family_segment && g->family_segment[0])
		return g->family_segment;
	return g->segment == SEGMENT_DATACENTER ? "datacenter" : "client";
}

/* The features of the fit.  Tensor throughput is fp16_tflops, the FP16
 * tensor rate with FP32 accumulate: mixed-precision training (PyTorch
 * AMP) accumulates its matrix products in FP32, which GeForce cards run
 * at half their FP16-accumulate rate (tensor_tflops).  Board power
 * stands for the clocks a card sustains under its power limit (the A10
 * at 150 W, the RTX 6000 Ada at 300 W).  L2 cache is not a feature: it
 * is nearly constant within a chip family, so the family level absorbs
 * it, and what varies inside a family varies with chip size (a free L2
 * weight fitted negative). */
void family_features(const Gpu *g, double x[N_WEIGHTS])
{
	x[0] = log(g->bandwidth_gbs);
	x[1] = log(g->fp16_tflops);
	x[2] = log(g->tdp_w);
}

static bool fitted(const Edition *e, const bool *has, size_t skip, size_t g)
{
	return has[g] && g != skip && e->gpus[g].model_ok;
}

void family_index_build(const Edition *e, FamilyIndex *fi)
{
	GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);
	fi->of_gpu = g_new0(size_t, e->n_gpus + 1);
	fi->name = g_new0(const char *, e->n_gpus + 1);
	fi->segment = g_new0(const char *, e->n_gpus + 1);
	fi->n = 0;
	for (size_t g = 0; g < e->n_gpus; g++) {
		const char *name = model_family(&e->gpus[g]);
		gpointer v;
		if (!g_hash_table_lookup_extended(seen, name, NULL, &v)) {
			v = GSIZE_TO_POINTER(fi->n);
			fi->name[fi->n] = name;
			fi->segment[fi->n] = model_family_segment(&e->gpus[g]);
			fi->n++;
			g_hash_table_insert(seen, (gpointer)name, v);
		}
		fi->of_gpu[g] = GPOINTER_TO_SIZE(v);
	}
	g_hash_table_destroy(seen);
}

void family_index_free(FamilyIndex *fi)
{
	g_free(fi->of_gpu);
	g_free(fi->name);
	g_free(fi->segment);
	memset(fi, 0, sizeof *fi);
}

size_t family_model_parameters(const Edition *e, const FamilyIndex *fi,
                               const bool *has)
{
	bool *any = g_new0(bool, fi->n + 1);
	size_t n = N_WEIGHTS;
	for (size_t g = 0; g < e->n_gpus; g++)
		if (fitted(e, has, SIZE_MAX, g) && !any[fi->of_gpu[g]]) {
			any[fi->of_gpu[g]] = true;
			n++;
		}
	g_free(any);
	return n;
}

bool model_solve(double *a, double *b, size_t k)
{
	for (size_t c = 0; c < k; c++) {
		size_t best = c;
		for (size_t r = c + 1; r < k; r++)
			if (fabs(a[r * k + c]) > fabs(a[best * k + c]))
				best = r;
		if (fabs(a[best * k + c]) < 1e-12)
			return false;
		for (size_t j = 0; j < k; j++) {
			double t = a[c * k + j];
			a[c * k + j] = a[best * k + j];
			a[best * k + j] = t;
		}
		double t = b[c];
		b[c] = b[best];
		b[best] = t;
		for (size_t r = 0; r < k; r++) {
			if (r == c)
				continue;
			double f = a[r * k + c] / a[c * k + c];
			for (size_t j = c; j < k; j++)
				a[r * k + j] -= f * a[c * k + j];
			b[r] -= f * b[c];
		}
	}
	for (size_t c = 0; c < k; c++)
		b[c] /= a[c * k + c];
	return true;
}

/* Per family: fitted GPUs, mean features and mean log performance. */
static void family_means(const Edition *e, FamilyModel *m, const double *P,
                         const bool *has, size_t skip, double *xm,
                         double *ym)
{
	const FamilyIndex *fi = m->index;
	for (size_t g = 0; g < e->n_gpus; g++) {
		if (!fitted(e, has, skip, g))
			continue;
		size_t f = fi->of_gpu[g];
		double x[N_WEIGHTS];
		family_features(&e->gpus[g], x);
		for (int j = 0; j < N_WEIGHTS; j++)
			xm[f * N_WEIGHTS + j] += x[j];
		ym[f] += P[g];
		m->count[f]++;
		m->gen[f] = MAX(m->gen[f], e->gpus[g].tensor_gen);
	}
	for (size_t f = 0; f < fi->n; f++) {
		if (!m->count[f])
			continue;
		for (int j = 0; j < N_WEIGHTS; j++)
			xm[f * N_WEIGHTS + j] /= (double)m->count[f];
		ym[f] /= (double)m->count[f];
	}
}

/* The intercepts are free, so least squares with one intercept per family
 * equals least squares of the weights on the deviations from the family
 * means (then intercept = mean log performance - weights x mean
 * features).  The ridge keeps the 3 x 3 system solvable when few GPUs per
 * family make the features collinear. */
void family_model_fit(const Edition *e, const FamilyIndex *fi,
                      const double *P, const bool *has, size_t skip,
                      FamilyModel *m)
{
	memset(m, 0, sizeof *m);
	m->index = fi;
	m->intercept = g_new0(double, fi->n + 1);
	m->count = g_new0(size_t, fi->n + 1);
	m->gen = g_new0(int, fi->n + 1);
	double *xm = g_new0(double, (fi->n + 1) * N_WEIGHTS);
	double *ym = g_new0(double, fi->n + 1);
	family_means(e, m, P, has, skip, xm, ym);
	double a[N_WEIGHTS * N_WEIGHTS] = {0}, b[N_WEIGHTS] = {0};
	bool any = false;
	for (size_t g = 0; g < e->n_gpus; g++) {
		if (!fitted(e, has, skip, g))
			continue;
		size_t f = fi->of_gpu[g];
		double x[N_WEIGHTS];
		family_features(&e->gpus[g], x);
		for (int i = 0; i < N_WEIGHTS; i++)
			x[i] -= xm[f * N_WEIGHTS + i];
		for (int i = 0; i < N_WEIGHTS; i++) {
			for (int j = 0; j < N_WEIGHTS; j++)
				a[i * N_WEIGHTS + j] += x[i] * x[j];
			b[i] += x[i] * (P[g] - ym[f]);
		}
		any = true;
	}
	for (int i = 0; i < N_WEIGHTS; i++)
		a[i * N_WEIGHTS + i] += RIDGE;
	m->ok = any && model_solve(a, b, N_WEIGHTS);
	if (m->ok) {
		m->w_bandwidth = b[0];
		m->w_tensor = b[1];
		m->w_power = b[2];
		for (size_t f = 0; f < fi->n; f++)
			if (m->count[f])
				m->intercept[f] = ym[f] - b[0] * xm[f * N_WEIGHTS]
				                  - b[1] * xm[f * N_WEIGHTS + 1]
				                  - b[2] * xm[f * N_WEIGHTS + 2];
	}
	g_free(xm);
	g_free(ym);
}

void family_model_free(FamilyModel *m)
{
	g_free(m->intercept);
	g_free(m->count);
	g_free(m->gen);
	memset(m, 0, sizeof *m);
}

long family_nearest(const FamilyIndex *fi, const size_t *count,
                    const int *gen, const Gpu *g)
{
	long best = -1;
	for (size_t i = 0; i < fi->n; i++) {
		if (!count[i]
		    || strcmp(fi->segment[i], model_family_segment(g)) != 0)
			continue;
		if (best < 0)
			best = (long)i;
		int d = abs(gen[i] - g->tensor_gen);
		int bd = abs(gen[best] - g->tensor_gen);
		if (d < bd || (d == bd && count[i] > count[best]))
			best = (long)i;
	}
	return best;
}

long family_predicting(const FamilyIndex *fi, const size_t *count,
                       const int *gen, size_t g, const Gpu *gpu,
                       Basis *basis)
{
	long i = (long)fi->of_gpu[g];
	if (count[i]) {
		*basis = BASIS_FAMILY;
		return i;
	}
	i = family_nearest(fi, count, gen, gpu);
	*basis = i < 0 ? BASIS_NONE : BASIS_FALLBACK_FAMILY;
	return i;
}

double family_model_predict(const Edition *e, const FamilyModel *m,
                            size_t g, Basis *basis, const char **family)
{
	const Gpu *gpu = &e->gpus[g];
	*basis = BASIS_NONE;
	*family = NULL;
	if (!m->ok)
		return NAN;
	long i = family_predicting(m->index, m->count, m->gen, g, gpu, basis);
	if (i < 0)
		return NAN; /* never across segments */
	*family = m->index->name[i];
	double x[N_WEIGHTS];
	family_features(gpu, x);
	return m->intercept[i] + m->w_bandwidth * x[0] + m->w_tensor * x[1]
	       + m->w_power * x[2];
}

bool model_precision_supported(const Gpu *g, const char *precision)
{
	if (strcmp(precision, "fp8") == 0)
		return g->fp8;
	if (strcmp(precision, "fp4") == 0)
		return g->fp4;
	return true;
}

/* Half-width in log space of f's range on the side facing the other
 * figure: below the value when up, above it otherwise. */
static double facing_half_width(const GpuPerf *f, bool up)
{
	double edge = up ? f->low : f->high;
	return edge > 0 && f->value > 0 ? fabs(log(f->value / edge)) : INFINITY;
}

bool model_tie(const GpuPerf *a, const GpuPerf *b)
{
	if (!a->rated || !b->rated || a->value <= 0 || b->value <= 0)
		return false;
	const GpuPerf *hi = a->value >= b->value ? a : b;
	const GpuPerf *lo = hi == a ? b : a;
	double gap = log(hi->value / lo->value);
	double ha = facing_half_width(hi, true);
	double hb = facing_half_width(lo, false);
	return gap <= sqrt(ha * ha + hb * hb) + 1e-12;
}

const BlindSpot *model_blind_spots(size_t *n)
{
	static const BlindSpot list[] = {
	    BLIND_FP8_TRAINING,  BLIND_FP4_TRAINING,    BLIND_NVLINK_DOMAIN,
	    BLIND_SOFTWARE_VERSION, BLIND_SHARED_MEMORY, BLIND_LARGE_MODELS,
	    BLIND_POWER_LIMIT,   BLIND_BATCH_MEMORY};
	*n = G_N_ELEMENTS(list);
	return list;
}

const char *model_unused_key(UnusedReason r)
{
	static const char *const keys[] = {
	    "model.unused.none",          "model.unused.precision",
	    "model.unused.gpu_not_rated", "model.unused.no_scaling",
	    "model.unused.batch_below_min", "model.unused.scaling_only",
	    "model.unused.pipeline_bound", "model.unused.superlinear"};
	G_STATIC_ASSERT(G_N_ELEMENTS(keys) == UNUSED_REASON_COUNT);
	return keys[r];
}

const char *model_basis_key(Basis b)
{
	static const char *const keys[] = {
	    "model.basis.measured",  "model.basis.family",
	    "model.basis.fallback_family", "model.basis.architecture",
	    "model.basis.generation", "model.basis.none"};
	return keys[b];
}

const char *model_blind_spot_key(BlindSpot b)
{
	static const char *const keys[] = {
	    "model.blind.fp8_training",     "model.blind.fp4_training",
	    "model.blind.nvlink_domain",    "model.blind.software_version",
	    "model.blind.shared_memory",    "model.blind.large_models",
	    "model.blind.power_limit",      "model.blind.batch_memory"};
	G_STATIC_ASSERT(G_N_ELEMENTS(keys) == BLIND_COUNT);
	return keys[b];
}
