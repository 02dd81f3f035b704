/* Model stage: validation and uncertainty.  Leave-one-out by GPU with the
 * edition's form (the family form in linear time, model_loo.c), intervals
 * of modelled figures from the held-out errors
 * of their basis family, the choice of form, and the fitted families kept
 * for the methodology.  See model.h and model_internal.h. */
#include "model_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The median of the n sorted values v (NAN when n = 0). */
static double sorted_median(const double *v, size_t n)
{
	return n == 0 ? NAN
	       : n % 2 ? v[n / 2]
	               : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Predicted log performance of x from the GPUs with qhas (x's own rows
 * held out), by form f; NAN when nothing predicts it. */
static double predict_form(const Performance *p, ModelForm f,
                           const FamilyIndex *fi, size_t x, const double *Q,
                           const bool *qhas, Basis *basis,
                           const char **family)
{
	const Edition *e = p->edition;
	if (f == FORM_FAMILY_FIT) {
		FamilyModel m;
		family_model_fit(e, fi, Q, qhas, x, &m);
		double v = family_model_predict(e, &m, x, basis, family);
		family_model_free(&m);
		return v;
	}
	if (form_is_roofline(f)) {
		RooflineModel m;
		roofline_fit(e, fi, Q, qhas, x, f == FORM_POWER_ROOFLINE, &m);
		double v = roofline_predict(e, &m, x, basis, family);
		roofline_free(&m);
		return v;
	}
	*family = NULL;
	*basis = legacy_basis(e, x, qhas, x);
	return legacy_predict(e, x, Q, qhas, x, legacy_fit_weight(e, Q, qhas));
}

/* Form f's held-out error of x (pred - measured in log space, on the
 * held-out fit's scale; NAN when nothing predicts x): a refit without x,
 * linear in the rows per GPU (the edition's own family-fit LOO takes the
 * linear-time path of model_loo.c instead). */
static double refit_error(const Performance *p, ModelForm f,
                          const FamilyIndex *fi, const RowSet *rs, size_t x,
                          const double *P, const bool *has, double *Q,
                          bool *qhas, Basis *basis, const char **family)
{
	model_fit_measured(rs, x, Q, qhas, NULL, NULL);
	double pred = predict_form(p, f, fi, x, Q, qhas, basis, family);
	if (isnan(pred))
		return NAN;
	/* P shifted so the other GPUs have the same mean log as in Q */
	double shift = 0;
	size_t k = 0;
	for (size_t g = 0; g < p->edition->n_gpus; g++)
		if (qhas[g] && has[g]) {
			shift += Q[g] - P[g];
			k++;
		}
	shift = k ? shift / (double)k : 0;
	return pred - (P[x] + shift);
}

/* Every form's held-out fit without one GPU: the network-and-config
 * effects' change dS solved once per held-out GPU (loo_effects_shift),
 * then the family fit and the rooflines from sums kept once (model_loo.c,
 * model_roofline.c), in time independent of the number of GPUs; the 2020
 * form refits (its bandwidth weight compares every pair of GPUs of an
 * architecture). */
typedef struct {
	const Performance *p;
	const FamilyIndex *fi;
	const RowSet *rs;
	const double *P;
	const bool *has;
	LooEffects *le;
	LooFamily *family;
	LooRoofline *roofline[2]; /* plain, power-limited */
	double *Q;
	bool *qhas;
	const double *dS;
	double moved;
	size_t x;
} Holdout;

/* use[f]: which forms will be asked for. */
static void holdout_init(Holdout *h, const Performance *p,
                         const FamilyIndex *fi, const RowSet *rs,
                         const double *P, const bool *has,
                         const bool use[FORM_COUNT])
{
	const Edition *e = p->edition;
	*h = (Holdout){.p = p, .fi = fi, .rs = rs, .P = P, .has = has,
	               .x = SIZE_MAX};
	h->le = loo_effects_new(rs, has);
	if (use[FORM_FAMILY_FIT])
		h->family = loo_family_new(e, fi, rs, has, h->le);
	for (int i = 0; i < 2; i++)
		if (use[FORM_ROOFLINE + i])
			h->roofline[i] = loo_roofline_new(e, fi, rs, P, has,
			                                  i == 1);
	if (use[FORM_LEGACY]) {
		h->Q = g_new(double, e->n_gpus + 1);
		h->qhas = g_new(bool, e->n_gpus + 1);
	}
}

static void holdout_free(Holdout *h)
{
	loo_effects_free(h->le);
	loo_family_free(h->family);
	loo_roofline_free(h->roofline[0]);
	loo_roofline_free(h->roofline[1]);
	g_free(h->Q);
	g_free(h->qhas);
}

/* Form f's held-out error of x, as refit_error. */
static double holdout_error(Holdout *h, ModelForm f, size_t x,
                            Basis *basis, const char **family)
{
	if (h->x != x) {
		h->dS = loo_effects_shift(h->le, x, &h->moved);
		h->x = x;
	}
	if (f == FORM_FAMILY_FIT)
		return loo_family_error(h->family, x, h->dS, h->moved, basis,
		                        family);
	if (form_is_roofline(f))
		return loo_roofline_error(h->roofline[f == FORM_POWER_ROOFLINE],
		                          x, h->dS, h->moved, basis, family);
	return refit_error(h->p, f, h->fi, h->rs, x, h->P, h->has, h->Q,
	                   h->qhas, basis, family);
}

/* Held-out signed log errors (prediction over measurement) of every
 * measured, model_ok GPU; err[x] = NAN for the others. */
static void leave_one_out(Performance *p, Workload w, const FamilyIndex *fi,
                          const RowSet *rs, const double *P,
                          const bool *has, const HeldOut *ho, double *err,
                          const char **fam)
{
	const Edition *e = p->edition;
	double *errors = g_new(double, e->n_gpus + 1);
	size_t n = 0;
	bool *bridge = model_bridge_gpus(rs);
	bool use[FORM_COUNT] = {false};
	ModelForm form = p->form[w];
	bool kept = ho && ho->err[form];
	use[form] = !kept;
	Holdout h;
	holdout_init(&h, p, fi, rs, P, has, use);
	for (size_t x = 0; x < e->n_gpus; x++) {
		GpuPerf *gp = &p->gpus[w][x];
		gp->loo_error = NAN;
		gp->loo_value = NAN;
		gp->loo_alone = false;
		err[x] = NAN;
		fam[x] = NULL;
		/* The model vouches only for model_ok GPUs: others are
		 * measured but not validated; nor is a bridge GPU. */
		if (!has[x] || !e->gpus[x].model_ok || bridge[x])
			continue;
		Basis basis;
		double d;
		if (kept) {
			d = ho->err[form][x];
			basis = ho->basis[form][x];
			fam[x] = ho->family[form][x];
		} else {
			d = holdout_error(&h, form, x, &basis, &fam[x]);
		}
		if (isnan(d))
			continue;
		err[x] = d;
		gp->loo_error = exp(d) - 1;
		gp->loo_value = gp->value * exp(d);
		/* A GPU alone in its family is held out only through the
		 * fallback: its error counts in the summary like any other,
		 * and is also kept apart (p->fallback_*); it leaves no error
		 * in its family's band. */
		if (basis == BASIS_FALLBACK_FAMILY) {
			fam[x] = NULL;
			gp->loo_alone = true;
			p->fallback_count[w]++;
			p->fallback_max[w] = fmax(p->fallback_max[w],
			                          fabs(gp->loo_error));
		}
		errors[n++] = fabs(gp->loo_error);
	}
	qsort(errors, n, sizeof *errors, compare_doubles);
	p->loo_count[w] = n;
	p->loo_median[w] = sorted_median(errors, n);
	p->loo_max[w] = n ? errors[n - 1] : NAN;
	g_free(errors);
	g_free(bridge);
	holdout_free(&h);
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

/* The 10-90 % bands of the held-out errors (log, pred/true), always
 * holding 0: per chip family (of the GPUs whose error it made), and of
 * every validated GPU of the workload, which a family with fewer than
 * three errors takes. */
typedef struct {
	double *lo, *hi;  /* per family */
	size_t *n;        /* errors per family */
	double all_lo, all_hi;
} Bands;

static void band_of(double *v, size_t n, double *lo, double *hi)
{
	*lo = *hi = 0;
	if (n == 0)
		return;
	qsort(v, n, sizeof *v, compare_doubles);
	*lo = fmin(0, quantile(v, n, 0.1));
	*hi = fmax(0, quantile(v, n, 0.9));
}

/* Linear in the GPUs (plus the sorts): errors bucketed by family. */
static void bands_build(const Edition *e, const FamilyIndex *fi,
                        const double *err, const char **fam, Bands *b)
{
	GHashTable *id = g_hash_table_new(g_str_hash, g_str_equal);
	for (size_t f = 0; f < fi->n; f++)
		g_hash_table_insert(id, (gpointer)fi->name[f],
		                    GSIZE_TO_POINTER(f + 1));
	size_t *of = g_new0(size_t, e->n_gpus + 1);
	size_t *start = g_new0(size_t, fi->n + 2);
	double *all = g_new(double, e->n_gpus + 1);
	size_t n_all = 0;
	b->lo = g_new0(double, fi->n + 1);
	b->hi = g_new0(double, fi->n + 1);
	b->n = g_new0(size_t, fi->n + 1);
	for (size_t g = 0; g < e->n_gpus; g++) {
		if (isnan(err[g]))
			continue;
		all[n_all++] = err[g];
		of[g] = fam[g] ? GPOINTER_TO_SIZE(g_hash_table_lookup(id, fam[g]))
		               : 0;
		if (of[g])
			b->n[of[g] - 1]++;
	}
	band_of(all, n_all, &b->all_lo, &b->all_hi);
	for (size_t f = 0; f < fi->n; f++)
		start[f + 1] = start[f] + b->n[f];
	double *v = g_new(double, n_all + 1);
	size_t *fill = g_memdup2(start, sizeof(size_t) * (fi->n + 1));
	for (size_t g = 0; g < e->n_gpus; g++)
		if (!isnan(err[g]) && of[g])
			v[fill[of[g] - 1]++] = err[g];
	for (size_t f = 0; f < fi->n; f++) {
		if (b->n[f] >= 3) {
			band_of(v + start[f], b->n[f], &b->lo[f], &b->hi[f]);
		} else {
			b->lo[f] = b->all_lo;
			b->hi[f] = b->all_hi;
		}
	}
	g_hash_table_destroy(id);
	g_free(of);
	g_free(start);
	g_free(fill);
	g_free(all);
	g_free(v);
}

static void bands_free(Bands *b)
{
	g_free(b->lo);
	g_free(b->hi);
	g_free(b->n);
}

/* Intervals of the modelled GPUs from the held-out errors: a prediction
 * err too high means the truth lies lower, so the band flips.  Its own
 * family's band (BASIS_FAMILY), else the workload's, widened by the
 * fallback penalty for a borrowed family. */
static void modelled_interval(GpuPerf *gp, size_t own_family,
                              const Bands *b, double pen)
{
	bool own = gp->basis == BASIS_FAMILY;
	double lo = own ? b->lo[own_family] : b->all_lo;
	double hi = own ? b->hi[own_family] : b->all_hi;
	gp->low = gp->value * exp(-hi);
	gp->high = gp->value * exp(-lo);
	if (gp->basis == BASIS_FALLBACK_FAMILY) {
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

/* roof: the roofline fit of the edition's form when it is one. */
static void keep_family_fit(Performance *p, Workload w,
                            const FamilyIndex *fi, const double *P,
                            const bool *has, const Bands *bands,
                            const RooflineModel *roof)
{
	const Edition *e = p->edition;
	FamilyModel m;
	family_model_fit(e, fi, P, has, SIZE_MAX, &m);
	p->w_bandwidth[w] = m.w_bandwidth;
	p->w_tensor[w] = m.w_tensor;
	p->w_power[w] = m.w_power;
	bool rooflined = form_is_roofline(p->form[w]);
	if (rooflined) {
		p->roofline_beta[w] = roof->beta;
		p->roofline_elasticity[w] = roof->elasticity;
		p->roofline_power_cap[w] = roof->power_cap;
	}
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
		f->intercept = rooflined ? roof->level[i] : m.intercept[i];
		f->n_gpus = m.count[i];
		f->err_low = bands->lo[i];
		f->err_high = bands->hi[i];
		f->n_errors = bands->n[i];
	}
	g_free(done);
	family_model_free(&m);
}

/* Every form held out on the GPUs the edition's LOO validates (measured,
 * model_ok, not a bridge; alone in their family or not): the comparison
 * of forms (p->form_score). */
/* The 2020 form's held-out fit refits its bandwidth weight, which
 * compares every pair of GPUs of an architecture: it is scored only
 * where that stays small (the editions it was made for); above, its
 * row of model_forms.csv counts no GPU. */
enum { LEGACY_HELD_OUT_MAX_GPUS = 64, LEGACY_HELD_OUT_MAX_PAIRS = 1024 };

static bool legacy_affordable(const Edition *e, const bool *has,
                              const bool *bridge)
{
	size_t n = 0;
	for (size_t x = 0; x < e->n_gpus; x++)
		n += has[x] && e->gpus[x].model_ok && !bridge[x];
	return n <= LEGACY_HELD_OUT_MAX_GPUS
	       && legacy_pairs(e, has) <= LEGACY_HELD_OUT_MAX_PAIRS;
}

void held_out_free(HeldOut *ho)
{
	for (int f = 0; f < FORM_COUNT; f++) {
		g_free(ho->err[f]);
		g_free(ho->basis[f]);
		g_free(ho->family[f]);
	}
	for (int i = 0; i < 2; i++) {
		g_free(ho->grid_a[i]);
		g_free(ho->grid_b[i]);
	}
	memset(ho, 0, sizeof *ho);
}

static void score_forms(Performance *p, Workload w, const FamilyIndex *fi,
                        const RowSet *rs, const double *P, const bool *has,
                        HeldOut *ho)
{
	const Edition *e = p->edition;
	const Assumption *a = edition_assumption(e, "loo_target_max");
	double target = a && a->is_number ? a->number : INFINITY;
	double *errors[FORM_COUNT];
	bool *bridge = model_bridge_gpus(rs);
	bool use[FORM_COUNT];
	for (int f = 0; f < FORM_COUNT; f++) {
		FormScore *s = &p->form_score[w][f];
		s->over_target = 0;
		s->count = 0;
		errors[f] = g_new(double, e->n_gpus + 1);
		use[f] = true;
	}
	use[FORM_LEGACY] = legacy_affordable(e, has, bridge);
	for (int f = 0; f < FORM_COUNT; f++) {
		if (!use[f])
			continue;
		ho->err[f] = g_new(double, e->n_gpus + 1);
		ho->basis[f] = g_new(Basis, e->n_gpus + 1);
		ho->family[f] = g_new0(const char *, e->n_gpus + 1);
		for (size_t x = 0; x < e->n_gpus; x++) {
			ho->err[f][x] = NAN;
			ho->basis[f][x] = BASIS_NONE;
		}
	}
	Holdout h;
	holdout_init(&h, p, fi, rs, P, has, use);
	for (size_t x = 0; x < e->n_gpus; x++) {
		if (!has[x] || !e->gpus[x].model_ok || bridge[x])
			continue;
		for (int f = 0; f < FORM_COUNT; f++) {
			FormScore *s = &p->form_score[w][f];
			if (!use[f])
				continue;
			Basis basis;
			const char *family;
			double d = holdout_error(&h, (ModelForm)f, x, &basis,
			                         &family);
			ho->err[f][x] = d;
			ho->basis[f][x] = basis;
			ho->family[f][x] = family;
			if (isnan(d))
				continue;
			double err = fabs(exp(d) - 1);
			errors[f][s->count++] = err;
			s->over_target += err > target;
		}
	}
	for (int f = 0; f < FORM_COUNT; f++) {
		FormScore *s = &p->form_score[w][f];
		size_t n = s->count;
		qsort(errors[f], n, sizeof *errors[f], compare_doubles);
		s->median = sorted_median(errors[f], n);
		s->max = n ? errors[f][n - 1] : NAN;
		g_free(errors[f]);
	}
	for (int i = 0; i < 2; i++)
		if (h.roofline[i])
			loo_roofline_sums(h.roofline[i], &ho->grid_a[i],
			                  &ho->grid_b[i]);
	holdout_free(&h);
	g_free(bridge);
}

/* Whether score s meets both targets (median and worst error). */
static bool meets_targets(const Edition *e, const FormScore *s)
{
	const Assumption *med = edition_assumption(e, "loo_target_median");
	const Assumption *max = edition_assumption(e, "loo_target_max");
	return med && max && med->is_number && max->is_number && s->count
	       && s->median <= med->number && s->max <= max->number;
}

/* True when score r holds out better than score f (on as many GPUs):
 * it meets both targets where f does not; else, neither or both meeting
 * them, it leaves fewer cards above the worst-error target, or as many
 * with a lower median error. */
static bool holds_out_better(const Edition *e, const FormScore *r,
                             const FormScore *f)
{
	if (!r->count || r->count != f->count)
		return false;
	bool rm = meets_targets(e, r), fm = meets_targets(e, f);
	if (rm != fm)
		return rm;
	if (r->over_target != f->over_target)
		return r->over_target < f->over_target;
	return r->median < f->median;
}

ModelForm model_compare_forms(Performance *p, Workload w,
                              const FamilyIndex *fi, const RowSet *rs,
                              const double *P, const bool *has,
                              ModelForm base, HeldOut *ho)
{
	score_forms(p, w, fi, rs, P, has, ho);
	if (base != FORM_FAMILY_FIT)
		return base;
	static const ModelForm rooflines[] = {FORM_ROOFLINE,
	                                      FORM_POWER_ROOFLINE};
	ModelForm best = base;
	for (size_t i = 0; i < G_N_ELEMENTS(rooflines); i++)
		if (holds_out_better(p->edition,
		                     &p->form_score[w][rooflines[i]],
		                     &p->form_score[w][best]))
			best = rooflines[i];
	return best;
}

void model_validate(Performance *p, Workload w, const FamilyIndex *fi,
                    const RowSet *rs, const double *P, const bool *has,
                    const HeldOut *ho, const RooflineModel *roof)
{
	const Edition *e = p->edition;
	double *err = g_new(double, e->n_gpus + 1);
	const char **fam = g_new0(const char *, e->n_gpus + 1);
	leave_one_out(p, w, fi, rs, P, has, ho, err, fam);
	Bands bands;
	bands_build(e, fi, err, fam, &bands);
	const Assumption *a = edition_assumption(e, "family_fallback_penalty");
	double pen = a && a->is_number ? a->number : 0;
	for (size_t g = 0; g < e->n_gpus; g++)
		if (p->gpus[w][g].rated && !has[g])
			modelled_interval(&p->gpus[w][g], fi->of_gpu[g], &bands,
			                  pen);
	p->roofline_beta[w] = p->roofline_elasticity[w] = NAN;
	p->roofline_power_cap[w] = NAN;
	if (p->form[w] != FORM_LEGACY)
		keep_family_fit(p, w, fi, P, has, &bands, roof);
	bands_free(&bands);
	g_free(err);
	g_free(fam);
}
