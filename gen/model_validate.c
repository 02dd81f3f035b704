/* Model stage: validation and uncertainty.  Leave-one-out by GPU with the
 * edition's form, intervals of modelled figures from the held-out errors
 * of their basis family, the choice of form, and the fitted families kept
 * for the methodology.  See model.h and model_fit.h. */
#include "model_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static size_t find_root(size_t *parent, size_t i)
{
	while (parent[i] != i)
		i = parent[i] = parent[parent[i]];
	return i;
}

/* Groups of GPUs other than x that the rows of rs tie together (through
 * a shared network and configuration), counting x's rows when with_x.
 * Linear in the rows; parent and first are scratch (n_gpus, n_keys). */
static size_t measured_groups(const RowSet *rs, size_t x, bool with_x,
                              size_t *parent, size_t *first)
{
	for (size_t g = 0; g < rs->n_gpus; g++)
		parent[g] = g;
	for (size_t k = 0; k < rs->n_keys; k++)
		first[k] = SIZE_MAX;
	for (size_t i = 0; i < rs->n; i++) {
		size_t g = rs->gpu[i], k = rs->key[i];
		if (!with_x && g == x)
			continue;
		if (first[k] == SIZE_MAX)
			first[k] = g;
		else
			parent[find_root(parent, g)] = find_root(parent, first[k]);
	}
	size_t groups = 0;
	for (size_t g = 0; g < rs->n_gpus; g++)
		if (g != x && rs->start[g] < rs->start[g + 1]
		    && find_root(parent, g) == g)
			groups++;
	/* x may be a root that holds others together */
	if (with_x && rs->start[x] < rs->start[x + 1]
	    && find_root(parent, x) == x) {
		bool holds = false;
		for (size_t g = 0; g < rs->n_gpus && !holds; g++)
			holds = g != x && rs->start[g] < rs->start[g + 1]
			        && find_root(parent, g) == x;
		groups += holds;
	}
	return groups;
}

/* TRUE when x is the only GPU tying two groups of measurements together
 * (the 2020-09 V100, the one card NVIDIA and Lambda both ran): held out,
 * the groups' levels float apart and its error measures nothing. */
static bool bridge_gpu(const RowSet *rs, size_t x)
{
	size_t *parent = g_new(size_t, rs->n_gpus + 1);
	size_t *first = g_new(size_t, rs->n_keys + 1);
	bool bridge = measured_groups(rs, x, false, parent, first)
	              > measured_groups(rs, x, true, parent, first);
	g_free(parent);
	g_free(first);
	return bridge;
}

/* Predicted log performance of x from the GPUs with qhas (x's own rows
 * held out), by the edition's form; NAN when nothing predicts it. */
static double predict_form(const Performance *p, Workload w,
                           const FamilyIndex *fi, size_t x, const double *Q,
                           const bool *qhas, Basis *basis,
                           const char **family)
{
	const Edition *e = p->edition;
	if (p->form[w] == FORM_FAMILY_FIT) {
		FamilyModel m;
		family_model_fit(e, fi, Q, qhas, x, &m);
		double v = family_model_predict(e, &m, x, basis, family);
		family_model_free(&m);
		return v;
	}
	*family = NULL;
	*basis = legacy_basis(e, x, qhas, x);
	return legacy_predict(e, x, Q, qhas, x, legacy_fit_weight(e, Q, qhas));
}

/* Held-out signed log errors (prediction over measurement) of every
 * measured, model_ok GPU; err[x] = NAN for the others. */
static void leave_one_out(Performance *p, Workload w, const FamilyIndex *fi,
                          const RowSet *rs, const double *P,
                          const bool *has, double *err, const char **fam)
{
	const Edition *e = p->edition;
	double *Q = g_new(double, e->n_gpus);
	bool *qhas = g_new(bool, e->n_gpus);
	double *errors = g_new(double, e->n_gpus);
	size_t n = 0;
	for (size_t x = 0; x < e->n_gpus; x++) {
		GpuPerf *gp = &p->gpus[w][x];
		gp->loo_error = NAN;
		gp->loo_value = NAN;
		err[x] = NAN;
		fam[x] = NULL;
		/* The model vouches only for model_ok GPUs: others are
		 * measured but not validated; nor is a bridge GPU. */
		if (!has[x] || !e->gpus[x].model_ok || bridge_gpu(rs, x))
			continue;
		model_fit_measured(rs, x, Q, qhas, NULL, NULL);
		Basis basis;
		double pred = predict_form(p, w, fi, x, Q, qhas, &basis,
		                           &fam[x]);
		if (isnan(pred))
			continue;
		/* Compare on the held-out fit's scale: P shifted so the
		 * other GPUs have the same mean log as in Q. */
		double shift = 0;
		size_t k = 0;
		for (size_t g = 0; g < e->n_gpus; g++)
			if (qhas[g] && has[g]) {
				shift += Q[g] - P[g];
				k++;
			}
		shift = k ? shift / (double)k : 0;
		double measured = P[x] + shift;
		err[x] = pred - measured;
		gp->loo_error = exp(pred - measured) - 1;
		gp->loo_value = gp->value * exp(pred - measured);
		/* A GPU alone in its family is held out only through the
		 * fallback: its error measures the fallback (kept per GPU,
		 * and in p->fallback_*), not the family fit. */
		if (basis == BASIS_FALLBACK_FAMILY) {
			fam[x] = NULL;
			p->fallback_count[w]++;
			p->fallback_max[w] = fmax(p->fallback_max[w],
			                          fabs(gp->loo_error));
			continue;
		}
		errors[n++] = fabs(gp->loo_error);
	}
	qsort(errors, n, sizeof *errors, compare_doubles);
	p->loo_count[w] = n;
	p->loo_median[w] = n == 0       ? NAN
	                   : n % 2 == 1 ? errors[n / 2]
	                                : (errors[n / 2 - 1] + errors[n / 2]) / 2;
	p->loo_max[w] = n ? errors[n - 1] : NAN;
	g_free(Q);
	g_free(qhas);
	g_free(errors);
}

/* The q-quantile (0..1) of the n sorted values v, linear between. */
static double quantile(const double *v, size_t n, double q)
{
	double at = q * (double)(n - 1);
	size_t i = (size_t)floor(at);
	if (i + 1 >= n)
		return v[n - 1];
	return v[i] + (at - (double)i) * (v[i + 1] - v[i]);
}

/* The 10-90 % band of the held-out errors of family (NULL or fewer than
 * three: of every validated GPU of the workload), always holding 0. */
static void error_band(const Edition *e, const double *err,
                       const char **fam, const char *family, double *lo,
                       double *hi)
{
	double *v = g_new(double, e->n_gpus + 1);
	size_t n = 0;
	for (int pass = 0; pass < 2 && n < 3; pass++) {
		n = 0;
		for (size_t g = 0; g < e->n_gpus; g++)
			if (!isnan(err[g])
			    && (pass == 1
			        || (family && fam[g]
			            && strcmp(fam[g], family) == 0)))
				v[n++] = err[g];
	}
	*lo = *hi = 0;
	if (n > 0) {
		qsort(v, n, sizeof *v, compare_doubles);
		*lo = fmin(0, quantile(v, n, 0.1));
		*hi = fmax(0, quantile(v, n, 0.9));
	}
	g_free(v);
}

/* Intervals of the modelled GPUs from the held-out errors: a prediction
 * err too high means the truth lies lower, so the band flips. */
static void modelled_interval(const Performance *p, GpuPerf *gp,
                              const double *err, const char **fam)
{
	double lo, hi;
	error_band(p->edition, err, fam,
	           gp->basis == BASIS_FAMILY ? gp->basis_family : NULL, &lo,
	           &hi);
	gp->low = gp->value * exp(-hi);
	gp->high = gp->value * exp(-lo);
	if (gp->basis == BASIS_FALLBACK_FAMILY) {
		const Assumption *a = edition_assumption(p->edition,
		                                         "family_fallback_penalty");
		double pen = a && a->is_number ? a->number : 0;
		gp->low /= 1 + pen;
		gp->high *= 1 + pen;
	}
}

/* The family form needs five measured GPUs more than free parameters;
 * otherwise the edition keeps the 2020 form. */
ModelForm model_choose_form(const Edition *e, const FamilyIndex *fi,
                            const bool *has)
{
	size_t measured = 0;
	bool *ok = g_new0(bool, e->n_gpus);
	for (size_t g = 0; g < e->n_gpus; g++)
		if (has[g] && e->gpus[g].model_ok) {
			ok[g] = true;
			measured++;
		}
	size_t params = family_model_parameters(e, fi, ok);
	g_free(ok);
	return measured >= params + 5 ? FORM_FAMILY_FIT : FORM_LEGACY;
}

static void keep_family_fit(Performance *p, Workload w,
                            const FamilyIndex *fi, const double *P,
                            const bool *has, const double *err,
                            const char **fam)
{
	const Edition *e = p->edition;
	FamilyModel m;
	family_model_fit(e, fi, P, has, SIZE_MAX, &m);
	p->w_bandwidth[w] = m.w_bandwidth;
	p->w_tensor[w] = m.w_tensor;
	p->w_power[w] = m.w_power;
	/* families in the order of their first fitted GPU */
	p->families[w] = g_new0(FamilyFit, fi->n + 1);
	p->n_families[w] = 0;
	bool *done = g_new0(bool, fi->n + 1);
	for (size_t g = 0; g < e->n_gpus; g++) {
		size_t i = fi->of_gpu[g];
		if (done[i] || !m.count[i] || !has[g] || !e->gpus[g].model_ok)
			continue;
		done[i] = true;
		FamilyFit *f = &p->families[w][p->n_families[w]++];
		f->family = g_strdup(fi->name[i]);
		f->segment = g_strdup(fi->segment[i]);
		f->intercept = m.intercept[i];
		f->n_gpus = m.count[i];
		error_band(e, err, fam, fi->name[i], &f->err_low, &f->err_high);
		for (size_t x = 0; x < e->n_gpus; x++)
			if (fam[x] && strcmp(fam[x], fi->name[i]) == 0)
				f->n_errors++;
	}
	g_free(done);
	family_model_free(&m);
}

void model_validate(Performance *p, Workload w, const FamilyIndex *fi,
                    const RowSet *rs, const double *P, const bool *has)
{
	const Edition *e = p->edition;
	double *err = g_new(double, e->n_gpus + 1);
	const char **fam = g_new0(const char *, e->n_gpus + 1);
	leave_one_out(p, w, fi, rs, P, has, err, fam);
	for (size_t g = 0; g < e->n_gpus; g++)
		if (p->gpus[w][g].rated && !has[g])
			modelled_interval(p, &p->gpus[w][g], err, fam);
	if (p->form[w] == FORM_FAMILY_FIT)
		keep_family_fit(p, w, fi, P, has, err, fam);
	g_free(err);
	g_free(fam);
}
