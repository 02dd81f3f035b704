/* Model stage: the log-additive fit of the measured GPUs.  log(per-GPU
 * throughput) = P[gpu] + S[network, config] by least squares over the
 * used rows of one workload: the GPU effects eliminated, the
 * network-and-config effects solve a small k x k system, so the fit is
 * linear in the rows.  A GPU measured under two configurations ties
 * their effects together, so results of several suites and years
 * combine.  See model_internal.h. */
#include "model_internal.h"

#include <stdint.h>
#include <string.h>

void row_set_build(const Performance *p, Workload w, RowSet *rs)
{
	const Edition *e = p->edition;
	GHashTable *keys = g_hash_table_new_full(g_str_hash, g_str_equal,
	                                         g_free, NULL);
	memset(rs, 0, sizeof *rs);
	rs->n_gpus = e->n_gpus;
	rs->start = g_new0(size_t, e->n_gpus + 1);
	for (size_t i = 0; i < e->n_benchmarks; i++)
		if (p->rows[i].used && e->benchmarks[i].workload == w) {
			rs->start[e->benchmarks[i].gpu + 1]++;
			rs->n++;
		}
	for (size_t g = 0; g < e->n_gpus; g++)
		rs->start[g + 1] += rs->start[g];
	size_t *fill = g_memdup2(rs->start, sizeof(size_t) * (e->n_gpus + 1));
	rs->gpu = g_new(size_t, rs->n + 1);
	rs->key = g_new(size_t, rs->n + 1);
	rs->y = g_new(double, rs->n + 1);
	for (size_t i = 0; i < e->n_benchmarks; i++) {
		const Benchmark *b = &e->benchmarks[i];
		if (!p->rows[i].used || b->workload != w)
			continue;
		char *k = g_strdup_printf("%s\x1f%s", b->network, b->config);
		gpointer v;
		if (!g_hash_table_lookup_extended(keys, k, NULL, &v)) {
			v = GSIZE_TO_POINTER(rs->n_keys++);
			g_hash_table_insert(keys, k, v);
		} else {
			g_free(k);
		}
		size_t at = fill[b->gpu]++;
		rs->gpu[at] = b->gpu;
		rs->key[at] = GPOINTER_TO_SIZE(v);
		rs->y[at] = log(p->rows[i].per_gpu);
	}
	g_free(fill);
	g_hash_table_destroy(keys);
}

void row_set_free(RowSet *rs)
{
	g_free(rs->gpu);
	g_free(rs->key);
	g_free(rs->y);
	g_free(rs->start);
	memset(rs, 0, sizeof *rs);
}

/* The normal equations of the network-and-config effects S: with each
 * GPU's effect eliminated (P[g] = mean over its rows of y - S), least
 * squares leaves the k x k system sum over GPUs of (diag(c) - c c' / n) S
 * = sum of (y - mean y) per key, c the GPU's row count per key.  The
 * system is singular along a common shift of S (taken up by P); a ridge
 * of 1e-9 picks the smallest S and changes no GPU ratio. */
void model_effects_system(const RowSet *rs, size_t skip, double *a,
                          double *b)
{
	size_t k = rs->n_keys;
	memset(a, 0, sizeof(double) * k * k);
	memset(b, 0, sizeof(double) * k);
	for (size_t g = 0; g < rs->n_gpus; g++)
		if (g != skip)
			model_effects_add(rs, g, 1, a, b);
	for (size_t i = 0; i < k; i++)
		a[i * k + i] += 1e-9;
}

void model_effects_add(const RowSet *rs, size_t g, double sign, double *a,
                       double *b)
{
	size_t k = rs->n_keys, lo = rs->start[g], hi = rs->start[g + 1];
	if (lo == hi)
		return;
	double n = (double)(hi - lo), mean = 0;
	for (size_t i = lo; i < hi; i++)
		mean += rs->y[i];
	mean /= n;
	for (size_t i = lo; i < hi; i++) {
		a[rs->key[i] * k + rs->key[i]] += sign;
		b[rs->key[i]] += sign * (rs->y[i] - mean);
		for (size_t j = lo; j < hi; j++)
			a[rs->key[i] * k + rs->key[j]] -= sign / n;
	}
}

static void solve_effects(const RowSet *rs, size_t skip, double *S)
{
	size_t k = rs->n_keys;
	double *a = g_new0(double, k * k + 1), *b = g_new0(double, k + 1);
	model_effects_system(rs, skip, a, b);
	if (!model_solve(a, b, k))
		memset(b, 0, sizeof(double) * k);
	memcpy(S, b, sizeof(double) * k);
	g_free(a);
	g_free(b);
}

/* A GPU measured under two configurations ties their effects together,
 * so results of several suites and years combine.  The scale is fixed so
 * that the mean of P over the fitted GPUs is 0. */
void model_fit_measured(const RowSet *rs, size_t skip, double *P, bool *has,
                        double *lo, double *hi)
{
	double *S = g_new0(double, rs->n_keys + 1);
	solve_effects(rs, skip, S);
	double mean = 0;
	size_t n = 0;
	for (size_t g = 0; g < rs->n_gpus; g++) {
		size_t a = rs->start[g], b = rs->start[g + 1];
		P[g] = 0;
		has[g] = g != skip && a < b;
		if (!has[g])
			continue;
		for (size_t i = a; i < b; i++)
			P[g] += rs->y[i] - S[rs->key[i]];
		P[g] /= (double)(b - a);
		mean += P[g];
		n++;
	}
	mean = n ? mean / (double)n : 0;
	for (size_t g = 0; g < rs->n_gpus; g++) {
		if (has[g])
			P[g] -= mean;
		if (!lo)
			continue;
		lo[g] = hi[g] = 0;
		for (size_t i = rs->start[g]; has[g] && i < rs->start[g + 1];
		     i++) {
			double r = rs->y[i] - S[rs->key[i]] - P[g] - mean;
			lo[g] = fmin(lo[g], r);
			hi[g] = fmax(hi[g], r);
		}
	}
	g_free(S);
}

