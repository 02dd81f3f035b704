/* Model stage: the extrapolation of the 2023 article's form.  Log
 * performance = family intercept + weights x (log memory bandwidth, log
 * tensor TFLOPS, log L2), weights shared by all families and fitted with
 * the intercepts by least squares; a GPU whose family has no measured
 * member borrows the nearest family of its own segment.  See model_fit.h. */
#include "model_internal.h"

#include <stdint.h>
#include <string.h>

#define N_WEIGHTS 3
/* Ridge on the weights (log units): keeps the normal equations solvable
 * when few GPUs per family make the features collinear. */
#define RIDGE 0.01

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

/* The features of the fit.  Tensor throughput is the chip's FP16 rate:
 * measured AMP training shows no gain of the professional cards' full-rate
 * FP32 accumulate over GeForce (RTX A6000 against RTX 3090). */
static void features(const Gpu *g, double x[N_WEIGHTS])
{
	x[0] = log(g->bandwidth_gbs);
	x[1] = log(g->tensor_tflops > 0 ? g->tensor_tflops : g->fp16_tflops);
	x[2] = log(g->l2_mb);
}

static bool fitted(const Edition *e, const bool *has, size_t skip, size_t g)
{
	return has[g] && g != skip && e->gpus[g].model_ok;
}

static long family_index(const FamilyModel *m, const char *family)
{
	for (size_t i = 0; i < m->n; i++)
		if (strcmp(m->family[i], family) == 0)
			return (long)i;
	return -1;
}

static void collect_families(const Edition *e, const bool *has, size_t skip,
                             FamilyModel *m)
{
	m->family = g_new0(const char *, e->n_gpus);
	m->segment = g_new0(const char *, e->n_gpus);
	m->count = g_new0(size_t, e->n_gpus);
	m->gen = g_new0(int, e->n_gpus);
	m->n = 0;
	for (size_t g = 0; g < e->n_gpus; g++) {
		if (!fitted(e, has, skip, g))
			continue;
		const Gpu *gpu = &e->gpus[g];
		long i = family_index(m, model_family(gpu));
		if (i < 0) {
			i = (long)m->n++;
			m->family[i] = model_family(gpu);
			m->segment[i] = model_family_segment(gpu);
		}
		m->count[i]++;
		m->gen[i] = MAX(m->gen[i], gpu->tensor_gen);
	}
}

size_t family_model_parameters(const Edition *e, const bool *has)
{
	FamilyModel m = {0};
	collect_families(e, has, SIZE_MAX, &m);
	size_t n = m.n + N_WEIGHTS;
	family_model_free(&m);
	return n;
}

/* Solves a x = b (k x k, row-major) by Gaussian elimination with partial
 * pivoting; a and b are overwritten.  FALSE when singular. */
static bool solve(double *a, double *b, size_t k)
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

void family_model_fit(const Edition *e, const double *P, const bool *has,
                      size_t skip, FamilyModel *m)
{
	memset(m, 0, sizeof *m);
	collect_families(e, has, skip, m);
	m->intercept = g_new0(double, e->n_gpus);
	size_t k = m->n + N_WEIGHTS;
	if (m->n == 0)
		return;
	double *a = g_new0(double, k * k), *b = g_new0(double, k);
	double *row = g_new0(double, k);
	for (size_t g = 0; g < e->n_gpus; g++) {
		if (!fitted(e, has, skip, g))
			continue;
		memset(row, 0, sizeof(double) * k);
		row[family_index(m, model_family(&e->gpus[g]))] = 1;
		features(&e->gpus[g], row + m->n);
		for (size_t i = 0; i < k; i++) {
			for (size_t j = 0; j < k; j++)
				a[i * k + j] += row[i] * row[j];
			b[i] += row[i] * P[g];
		}
	}
	for (size_t i = m->n; i < k; i++)
		a[i * k + i] += RIDGE;
	m->ok = solve(a, b, k);
	if (m->ok) {
		memcpy(m->intercept, b, sizeof(double) * m->n);
		m->w_bandwidth = b[m->n];
		m->w_tensor = b[m->n + 1];
		m->w_l2 = b[m->n + 2];
	}
	g_free(a);
	g_free(b);
	g_free(row);
}

void family_model_free(FamilyModel *m)
{
	g_free(m->family);
	g_free(m->segment);
	g_free(m->intercept);
	g_free(m->count);
	g_free(m->gen);
	memset(m, 0, sizeof *m);
}

/* The fitted family of g's segment nearest to it: the closest tensor-core
 * generation, then the most measured GPUs.  -1 when there is none. */
static long nearest_family(const FamilyModel *m, const Gpu *g)
{
	long best = -1;
	for (size_t i = 0; i < m->n; i++) {
		if (strcmp(m->segment[i], model_family_segment(g)) != 0)
			continue;
		if (best < 0)
			best = (long)i;
		int d = abs(m->gen[i] - g->tensor_gen);
		int bd = abs(m->gen[best] - g->tensor_gen);
		if (d < bd || (d == bd && m->count[i] > m->count[best]))
			best = (long)i;
	}
	return best;
}

double family_model_predict(const Edition *e, const FamilyModel *m,
                            size_t g, Basis *basis, const char **family)
{
	const Gpu *gpu = &e->gpus[g];
	*basis = BASIS_NONE;
	*family = NULL;
	if (!m->ok)
		return NAN;
	long i = family_index(m, model_family(gpu));
	if (i >= 0) {
		*basis = BASIS_FAMILY;
	} else {
		i = nearest_family(m, gpu);
		if (i < 0)
			return NAN; /* never across segments */
		*basis = BASIS_FALLBACK_FAMILY;
	}
	*family = m->family[i];
	double x[N_WEIGHTS];
	features(gpu, x);
	return m->intercept[i] + m->w_bandwidth * x[0] + m->w_tensor * x[1]
	       + m->w_l2 * x[2];
}

bool model_precision_supported(const Gpu *g, const char *precision)
{
	if (strcmp(precision, "fp8") == 0)
		return strcmp(g->vendor, "NVIDIA") == 0 && g->tensor_gen >= 4;
	if (strcmp(precision, "fp4") == 0)
		return strcmp(g->vendor, "NVIDIA") == 0 && g->tensor_gen >= 5;
	return true;
}

bool model_tie(const GpuPerf *a, const GpuPerf *b)
{
	if (!a->rated || !b->rated)
		return false;
	return a->low <= b->high && b->low <= a->high;
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
	    "model.unused.batch_below_min", "model.unused.scaling_only"};
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
