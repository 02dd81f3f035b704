/* Model stage: leave-one-out by GPU in time linear in the rows and GPUs.
 * Holding a GPU x out changes the network-and-config effects S only by
 * x's own share of their normal equations (a k x k solve, k the
 * network-and-config pairs); every other GPU's level then moves by its
 * rows' mean change of S, and the family fit, linear in those levels,
 * follows from sums per family kept once (x changes only its own
 * family's sums).  The result equals refitting without x (model.c's
 * model_fit_measured, model_fit.c's family_model_fit).  Bridge GPUs are
 * the cut vertices of the graph of GPUs and network-and-config pairs.
 * See model_internal.h. */
#include "model_internal.h"

#include <stdint.h>
#include <string.h>

#define F FAMILY_FEATURES

/* ---- bridges: cut vertices of the GPU / network-and-config graph ---- */

typedef struct {
	size_t *start, *adj; /* CSR over GPUs 0..n_gpus-1, keys after */
} Graph;

static void graph_build(const RowSet *rs, Graph *gr)
{
	size_t nv = rs->n_gpus + rs->n_keys;
	gr->start = g_new0(size_t, nv + 2);
	gr->adj = g_new0(size_t, 2 * rs->n + 1);
	for (size_t i = 0; i < rs->n; i++) {
		gr->start[rs->gpu[i] + 1]++;
		gr->start[rs->n_gpus + rs->key[i] + 1]++;
	}
	for (size_t v = 0; v < nv; v++)
		gr->start[v + 1] += gr->start[v];
	size_t *fill = g_memdup2(gr->start, sizeof(size_t) * (nv + 1));
	for (size_t i = 0; i < rs->n; i++) {
		size_t gv = rs->gpu[i], kv = rs->n_gpus + rs->key[i];
		gr->adj[fill[gv]++] = kv;
		gr->adj[fill[kv]++] = gv;
	}
	g_free(fill);
}

typedef struct {
	size_t *disc, *low, *parent, *next, *gpus, *root;
	size_t *cut_gpus;  /* per GPU: GPUs in its children cut off */
	size_t *cut_parts; /* per GPU: children cut off that hold a GPU */
} Dfs;

/* Iterative depth-first search from root over one component: discovery
 * times, low links, GPUs per subtree (the root's: the component's), the
 * root of each vertex and, per GPU vertex, the child subtrees that
 * removing it cuts off. */
static void dfs_component(const RowSet *rs, const Graph *gr, Dfs *d,
                            size_t root, size_t *time, size_t *stack)
{
	size_t top = 0;
	stack[top++] = root;
	d->disc[root] = d->low[root] = ++*time;
	d->parent[root] = SIZE_MAX;
	d->next[root] = gr->start[root];
	d->gpus[root] = root < rs->n_gpus;
	d->root[root] = root;
	while (top) {
		size_t v = stack[top - 1];
		if (d->next[v] < gr->start[v + 1]) {
			size_t u = gr->adj[d->next[v]++];
			if (d->disc[u] == 0) {
				d->parent[u] = v;
				d->disc[u] = d->low[u] = ++*time;
				d->next[u] = gr->start[u];
				d->gpus[u] = u < rs->n_gpus;
				d->root[u] = root;
				stack[top++] = u;
			} else if (u != d->parent[v]) {
				d->low[v] = MIN(d->low[v], d->disc[u]);
			}
			continue;
		}
		top--;
		size_t p = d->parent[v];
		if (p == SIZE_MAX)
			continue;
		d->low[p] = MIN(d->low[p], d->low[v]);
		d->gpus[p] += d->gpus[v];
		if (p < rs->n_gpus && d->low[v] >= d->disc[p] && d->gpus[v]) {
			d->cut_parts[p]++;
			d->cut_gpus[p] += d->gpus[v];
		}
	}
}

bool *model_bridge_gpus(const RowSet *rs)
{
	size_t nv = rs->n_gpus + rs->n_keys;
	Graph gr;
	graph_build(rs, &gr);
	Dfs d = {g_new0(size_t, nv + 1), g_new0(size_t, nv + 1),
	         g_new0(size_t, nv + 1), g_new0(size_t, nv + 1),
	         g_new0(size_t, nv + 1), g_new0(size_t, nv + 1),
	         g_new0(size_t, nv + 1), g_new0(size_t, nv + 1)};
	size_t *stack = g_new(size_t, nv + 1);
	bool *bridge = g_new0(bool, rs->n_gpus + 1);
	size_t time = 0;
	for (size_t g = 0; g < rs->n_gpus; g++)
		if (!d.disc[g] && rs->start[g] < rs->start[g + 1])
			dfs_component(rs, &gr, &d, g, &time, stack);
	/* Held out, x leaves its cut-off children and, when any GPU is
	 * left beside them, the rest of its component: two parts or more
	 * make x a bridge. */
	for (size_t x = 0; x < rs->n_gpus; x++) {
		if (!d.disc[x])
			continue;
		size_t rest = d.gpus[d.root[x]] - 1 - d.cut_gpus[x];
		bridge[x] = d.cut_parts[x] + (rest > 0) >= 2;
	}
	g_free(gr.start);
	g_free(gr.adj);
	g_free(d.disc);
	g_free(d.low);
	g_free(d.parent);
	g_free(d.next);
	g_free(d.gpus);
	g_free(d.cut_gpus);
	g_free(d.cut_parts);
	g_free(d.root);
	g_free(stack);
	return bridge;
}

/* Sums over the fitted GPUs of one family: their count, features x, log
 * levels P0 (before any normalization), x x', x P0, and the mean share
 * of each network-and-config pair in their rows (c / n) alone and times
 * x: enough to refit the family after S moves by dS. */
typedef struct {
	size_t n;
	int gen;
	double sx[F], sxx[F * F], sq, sxq[F];
	double *sc;  /* k */
	double *sxc; /* F x k */
} FamSums;

/* ---- the network-and-config effects without one GPU ------------------ */

struct LooEffects {
	const RowSet *rs;
	size_t k, n_has;
	double *S, *a, *b, *scale_all; /* scale_all: sum over GPUs of c / n */
	double *work_a, *work_b, *dS;
};

LooEffects *loo_effects_new(const RowSet *rs, const bool *has)
{
	LooEffects *le = g_new0(LooEffects, 1);
	size_t k = rs->n_keys;
	le->rs = rs;
	le->k = k;
	le->a = g_new0(double, k * k + 1);
	le->b = g_new0(double, k + 1);
	le->S = g_new0(double, k + 1);
	le->dS = g_new0(double, k + 1);
	le->work_a = g_new0(double, k * k + 1);
	le->work_b = g_new0(double, k + 1);
	le->scale_all = g_new0(double, k + 1);
	model_effects_system(rs, SIZE_MAX, le->a, le->b);
	memcpy(le->work_a, le->a, sizeof(double) * k * k);
	memcpy(le->S, le->b, sizeof(double) * k);
	if (!model_solve(le->work_a, le->S, k))
		memset(le->S, 0, sizeof(double) * k);
	for (size_t g = 0; g < rs->n_gpus; g++) {
		size_t lo = rs->start[g], hi = rs->start[g + 1];
		if (!has[g] || lo == hi)
			continue;
		for (size_t r = lo; r < hi; r++)
			le->scale_all[rs->key[r]] += 1.0 / (double)(hi - lo);
		le->n_has++;
	}
	return le;
}

void loo_effects_free(LooEffects *le)
{
	if (!le)
		return;
	g_free(le->a);
	g_free(le->b);
	g_free(le->S);
	g_free(le->dS);
	g_free(le->work_a);
	g_free(le->work_b);
	g_free(le->scale_all);
	g_free(le);
}

const double *loo_effects_full(const LooEffects *le)
{
	return le->S;
}

double loo_row_mean(const RowSet *rs, size_t g, const double *v)
{
	size_t lo = rs->start[g], hi = rs->start[g + 1];
	double s = 0;
	for (size_t r = lo; r < hi; r++)
		s += v[rs->key[r]] / (double)(hi - lo);
	return s;
}

static double dot(const double *a, const double *b, size_t n)
{
	double s = 0;
	for (size_t i = 0; i < n; i++)
		s += a[i] * b[i];
	return s;
}

/* dS = S without x's rows - S: x's share of the normal equations taken
 * away and the k x k system solved again. */
const double *loo_effects_shift(LooEffects *le, size_t x, double *moved)
{
	size_t k = le->k;
	memcpy(le->work_a, le->a, sizeof(double) * k * k);
	memcpy(le->work_b, le->b, sizeof(double) * k);
	model_effects_add(le->rs, x, -1, le->work_a, le->work_b);
	if (!model_solve(le->work_a, le->work_b, k))
		memcpy(le->work_b, le->S, sizeof(double) * k);
	for (size_t c = 0; c < k; c++)
		le->dS[c] = le->work_b[c] - le->S[c];
	/* the other GPUs' mean level moves by their rows' mean dS */
	double dx = loo_row_mean(le->rs, x, le->dS);
	*moved = le->n_has > 1 ? (dot(le->scale_all, le->dS, k) - dx)
	                             / (double)(le->n_has - 1)
	                       : 0;
	return le->dS;
}

/* ---- the family form --------------------------------------------------- */

struct LooFamily {
	const Edition *e;
	const FamilyIndex *fi;
	const RowSet *rs;
	const bool *has;
	size_t k, n_has;
	double *P0;
	FamSums *fam;
	double A[F * F], B0[F], *T; /* pooled within-family sums, T: F x k */
};

static bool fitted(const LooFamily *lf, size_t g)
{
	return lf->has[g] && lf->e->gpus[g].model_ok;
}

/* sign = 1 adds GPU g to its family's sums, -1 takes it away. */
static void sums_add(const LooFamily *lf, FamSums *s, size_t g, double sign)
{
	double x[F];
	family_features(&lf->e->gpus[g], x);
	s->n = (size_t)((double)s->n + sign);
	s->sq += sign * lf->P0[g];
	for (int i = 0; i < F; i++) {
		s->sx[i] += sign * x[i];
		s->sxq[i] += sign * x[i] * lf->P0[g];
		for (int j = 0; j < F; j++)
			s->sxx[i * F + j] += sign * x[i] * x[j];
	}
	const RowSet *rs = lf->rs;
	double n = (double)(rs->start[g + 1] - rs->start[g]);
	for (size_t r = rs->start[g]; r < rs->start[g + 1]; r++)
		for (int i = 0; i <= F; i++) {
			double v = sign / n * (i < F ? x[i] : 1);
			if (i < F)
				s->sxc[i * lf->k + rs->key[r]] += v;
			else
				s->sc[rs->key[r]] += v;
		}
}

/* The family's share of the pooled within-family sums (sign 1: add). */
static void pooled_add(LooFamily *lf, const FamSums *s, double sign,
                       double *A, double *B0, double *T)
{
	if (s->n == 0)
		return;
	double n = (double)s->n;
	for (int i = 0; i < F; i++) {
		for (int j = 0; j < F; j++)
			A[i * F + j] += sign * (s->sxx[i * F + j]
			                        - s->sx[i] * s->sx[j] / n);
		B0[i] += sign * (s->sxq[i] - s->sx[i] * s->sq / n);
		for (size_t c = 0; c < lf->k; c++)
			T[i * lf->k + c] += sign * (s->sxc[i * lf->k + c]
			                            - s->sx[i] * s->sc[c] / n);
	}
}

static void fam_sums_init(FamSums *s, size_t k)
{
	memset(s, 0, sizeof *s);
	s->sc = g_new0(double, k + 1);
	s->sxc = g_new0(double, F * k + 1);
}

LooFamily *loo_family_new(const Edition *e, const FamilyIndex *fi,
                          const RowSet *rs, const bool *has,
                          const LooEffects *le)
{
	LooFamily *lf = g_new0(LooFamily, 1);
	size_t k = rs->n_keys;
	*lf = (LooFamily){.e = e, .fi = fi, .rs = rs, .has = has, .k = k};
	lf->T = g_new0(double, F * k + 1);
	const double *S = loo_effects_full(le);
	lf->P0 = g_new0(double, e->n_gpus + 1);
	for (size_t g = 0; g < e->n_gpus; g++) {
		size_t lo = rs->start[g], hi = rs->start[g + 1];
		if (!has[g] || lo == hi)
			continue;
		for (size_t r = lo; r < hi; r++)
			lf->P0[g] += rs->y[r] - S[rs->key[r]];
		lf->P0[g] /= (double)(hi - lo);
		lf->n_has++;
	}
	lf->fam = g_new0(FamSums, fi->n + 1);
	for (size_t f = 0; f < fi->n; f++)
		fam_sums_init(&lf->fam[f], k);
	for (size_t g = 0; g < e->n_gpus; g++)
		if (fitted(lf, g)) {
			FamSums *s = &lf->fam[fi->of_gpu[g]];
			sums_add(lf, s, g, 1);
			s->gen = MAX(s->gen, e->gpus[g].tensor_gen);
		}
	for (size_t f = 0; f < fi->n; f++)
		pooled_add(lf, &lf->fam[f], 1, lf->A, lf->B0, lf->T);
	return lf;
}

void loo_family_free(LooFamily *lf)
{
	if (!lf)
		return;
	for (size_t f = 0; f < lf->fi->n; f++) {
		g_free(lf->fam[f].sc);
		g_free(lf->fam[f].sxc);
	}
	g_free(lf->fam);
	g_free(lf->P0);
	g_free(lf->T);
	g_free(lf);
}

/* Mean level of family s after S moves by dS, less w x its mean
 * features: the family's intercept. */
static double intercept(const LooFamily *lf, const FamSums *s,
                        const double *w, const double *dS)
{
	double n = (double)s->n;
	return (s->sq - dot(s->sc, dS, lf->k)) / n - dot(w, s->sx, F) / n;
}

double loo_family_error(LooFamily *lf, size_t x, const double *dS,
                        double moved, Basis *basis, const char **family)
{
	const FamilyIndex *fi = lf->fi;
	size_t k = lf->k, fx = fi->of_gpu[x];
	*basis = BASIS_NONE;
	*family = NULL;
	double *T = g_memdup2(lf->T, sizeof(double) * (F * k + 1));
	double A[F * F], B[F];
	memcpy(A, lf->A, sizeof A);
	memcpy(B, lf->B0, sizeof B);
	/* x's family without x */
	FamSums *own = &lf->fam[fx];
	pooled_add(lf, own, -1, A, B, T);
	sums_add(lf, own, x, -1);
	pooled_add(lf, own, 1, A, B, T);
	double w[F];
	for (int i = 0; i < F; i++) {
		w[i] = B[i] - dot(T + (size_t)i * k, dS, k);
		A[i * F + i] += FAMILY_RIDGE;
	}
	bool ok = lf->n_has > 1 && model_solve(A, w, F);
	long f = (long)fx;
	if (ok && own->n == 0) {
		size_t *count = g_new0(size_t, fi->n + 1);
		int *gen = g_new0(int, fi->n + 1);
		for (size_t i = 0; i < fi->n; i++) {
			count[i] = lf->fam[i].n;
			gen[i] = lf->fam[i].gen;
		}
		f = family_nearest(fi, count, gen, &lf->e->gpus[x]);
		g_free(count);
		g_free(gen);
	}
	double err = NAN;
	if (ok && f >= 0) {
		*basis = f == (long)fx ? BASIS_FAMILY : BASIS_FALLBACK_FAMILY;
		*family = fi->name[f];
		double xx[F];
		family_features(&lf->e->gpus[x], xx);
		double pred = intercept(lf, &lf->fam[f], w, dS) + dot(w, xx, F);
		/* on the held-out fit's scale: the other GPUs' mean level */
		err = pred - lf->P0[x] + moved;
	}
	sums_add(lf, own, x, 1); /* restore */
	g_free(T);
	return err;
}
