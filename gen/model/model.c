/* Model stage: debiasing, a log-additive fit of GPU effects and one
 * effect per network and software configuration (so that GPUs measured
 * under several configurations bridge them), extrapolation (the family
 * fit of model_fit.c, or the 2020 form within an architecture when that
 * fit is under-determined), intervals and leave-one-out validation.
 * See model.h. */
#include "model.h"

#include "model_internal.h"
#include "util.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- assumptions ---------------------------------------------------- */

static void assumption_error(const Edition *e, const Assumption *a,
                             const char *key, GError **error)
{
	char *path = g_build_filename(e->dir, "assumptions.csv", NULL);
	if (a)
		gg_set_input_error(error, path, a->from.line, a->value_col,
		                   "assumption '%s' must be a number, got '%s'",
		                   key, a->value);
	else
		gg_set_input_error(error, path, 0, 0,
		                   "missing assumption '%s'", key);
	g_free(path);
}

bool model_assumption(const Edition *e, const char *key, double *value,
                      GError **error)
{
	const Assumption *a = edition_assumption(e, key);
	if (!a || !a->is_number) {
		assumption_error(e, a, key, error);
		return false;
	}
	*value = a->number;
	return true;
}

static bool reference_gpu(const Edition *e, size_t *index, GError **error)
{
	const Assumption *a = edition_assumption(e, "reference_gpu");
	if (!a) {
		assumption_error(e, NULL, "reference_gpu", error);
		return false;
	}
	long i = edition_find_gpu(e, a->value);
	if (i < 0 || !e->gpus[i].model_ok) {
		char *path = g_build_filename(e->dir, "assumptions.csv", NULL);
		gg_set_input_error(error, path, a->from.line, a->value_col,
		                   i < 0 ? "reference_gpu '%s' is not in gpus.csv"
		                         : "reference_gpu '%s' has model_ok = no",
		                   a->value);
		g_free(path);
		return false;
	}
	*index = (size_t)i;
	return true;
}

/* ---- debiasing ------------------------------------------------------ */

double model_batch_debias(double throughput, double batch, double target,
                          double gain)
{
	return throughput * pow(1 + gain, log2(target / batch));
}

static bool mixed_precision(const Benchmark *b)
{
	return strcmp(b->precision, "fp16") == 0
	       || strcmp(b->precision, "amp") == 0
	       || strcmp(b->precision, "bf16") == 0;
}

static double per_gpu_batch(const Benchmark *b)
{
	return b->batch_size / b->gpu_count;
}

static Scaling *find_scaling(GArray *list, const char *ic, int n, Workload w)
{
	for (guint i = 0; i < list->len; i++) {
		Scaling *s = &g_array_index(list, Scaling, i);
		if (s->gpu_count == n && s->workload == w
		    && strcmp(s->interconnect, ic) == 0)
			return s;
	}
	return NULL;
}

/* The rows of each GPU, in file order: rows of g are
 * p->gpu_rows[p->gpu_row_start[g] .. p->gpu_row_start[g + 1] - 1]. */
static void index_rows_by_gpu(Performance *p)
{
	const Edition *e = p->edition;
	p->gpu_row_start = g_new0(size_t, e->n_gpus + 2);
	p->gpu_rows = g_new0(size_t, e->n_benchmarks + 1);
	for (size_t i = 0; i < e->n_benchmarks; i++)
		p->gpu_row_start[e->benchmarks[i].gpu + 1]++;
	for (size_t g = 0; g < e->n_gpus; g++)
		p->gpu_row_start[g + 1] += p->gpu_row_start[g];
	size_t *fill = g_memdup2(p->gpu_row_start,
	                         sizeof(size_t) * (e->n_gpus + 1));
	for (size_t i = 0; i < e->n_benchmarks; i++)
		p->gpu_rows[fill[e->benchmarks[i].gpu]++] = i;
	g_free(fill);
}

/* The one-GPU row measured with the same GPU, network, precision, source
 * and per-GPU batch as the multi-GPU row b, or NULL. */
static const Benchmark *single_gpu_twin(const Performance *p,
                                        const Benchmark *b)
{
	const Edition *e = p->edition;
	for (size_t j = p->gpu_row_start[b->gpu];
	     j < p->gpu_row_start[b->gpu + 1]; j++) {
		const Benchmark *s = &e->benchmarks[p->gpu_rows[j]];
		if (s->gpu_count == 1 && s->gpu == b->gpu
		    && strcmp(s->network, b->network) == 0
		    && strcmp(s->precision, b->precision) == 0
		    && strcmp(s->from.source, b->from.source) == 0
		    && fabs(per_gpu_batch(s) - per_gpu_batch(b)) < 1e-9)
			return s;
	}
	return NULL;
}

/* Parallel efficiency measured by pairs of n-GPU and one-GPU rows.  A
 * pair above `scaling_max_efficiency` (optional) is no measurement of
 * scaling: its multi-GPU row is marked UNUSED_SUPERLINEAR (p->rows is
 * allocated here for that) and feeds nothing. */
static void measure_scaling(Performance *p)
{
	const Edition *e = p->edition;
	const Assumption *cap = edition_assumption(e, "scaling_max_efficiency");
	double max_eff = cap && cap->is_number ? cap->number : INFINITY;
	p->rows = g_new0(DebiasedRow, e->n_benchmarks);
	GArray *list = g_array_new(FALSE, TRUE, sizeof(Scaling));
	for (size_t i = 0; i < e->n_benchmarks; i++) {
		const Benchmark *b = &e->benchmarks[i];
		const Benchmark *s = b->gpu_count > 1 ? single_gpu_twin(p, b)
		                                      : NULL;
		if (!s)
			continue;
		double eff = b->throughput / (b->gpu_count * s->throughput);
		if (eff > max_eff) {
			p->rows[i].reason = UNUSED_SUPERLINEAR;
			continue;
		}
		Scaling *sc = find_scaling(list, b->interconnect, b->gpu_count,
		                           b->workload);
		if (!sc) {
			Scaling fresh = {g_strdup(b->interconnect),
			                 b->gpu_count, b->workload, 0, 0};
			g_array_append_val(list, fresh);
			sc = &g_array_index(list, Scaling, list->len - 1);
		}
		sc->efficiency = (sc->efficiency * (double)sc->n_pairs + eff)
		                 / (double)(sc->n_pairs + 1);
		sc->n_pairs++;
	}
	p->n_scaling = list->len;
	p->scaling = (Scaling *)g_array_free(list, FALSE);
}

/* The assumption key.W as a number, or NAN when the edition has none. */
static double optional_number(const Edition *e, const char *key, Workload w)
{
	char *k = g_strdup_printf("%s.%s", key, workload_name(w));
	const Assumption *a = edition_assumption(e, k);
	g_free(k);
	return a && a->is_number ? a->number : NAN;
}

/* Common per-GPU batch of each network: the smallest among usable rows
 * (network name -> pointer to a double, owned by the table). */
static GHashTable *common_batches(const Edition *e)
{
	GHashTable *t = g_hash_table_new_full(g_str_hash, g_str_equal, NULL,
	                                      g_free);
	double min[WORKLOAD_COUNT];
	for (int w = 0; w < WORKLOAD_COUNT; w++)
		min[w] = optional_number(e, "batch_min_valid", (Workload)w);
	for (size_t i = 0; i < e->n_benchmarks; i++) {
		const Benchmark *b = &e->benchmarks[i];
		if (!mixed_precision(b)
		    || (!isnan(min[b->workload])
		        && per_gpu_batch(b) < min[b->workload]))
			continue;
		double *v = g_hash_table_lookup(t, b->network);
		if (!v) {
			v = g_new(double, 1);
			*v = INFINITY;
			g_hash_table_insert(t, b->network, v);
		}
		*v = fmin(*v, per_gpu_batch(b));
	}
	return t;
}

/* TRUE when b is a multi-GPU row of a GPU, network, precision and
 * configuration that also has a one-GPU row: the multi-GPU row measures
 * scaling, and the one-GPU row alone measures the GPU (dividing by a mean
 * efficiency would blur it: a 4090 pair without peer-to-peer scales far
 * worse than the mean of its interconnect). */
static bool has_single_gpu_row(const Performance *p, const Benchmark *b)
{
	if (b->gpu_count == 1)
		return false;
	for (size_t j = p->gpu_row_start[b->gpu];
	     j < p->gpu_row_start[b->gpu + 1]; j++) {
		const Benchmark *s = &p->edition->benchmarks[p->gpu_rows[j]];
		if (s->gpu_count == 1 && s->gpu == b->gpu
		    && strcmp(s->network, b->network) == 0
		    && strcmp(s->precision, b->precision) == 0
		    && strcmp(s->config, b->config) == 0)
			return true;
	}
	return false;
}

static bool debias_rows(Performance *p, GError **error)
{
	const Edition *e = p->edition;
	GHashTable *common = common_batches(e); /* p->rows: measure_scaling */
	bool ok = true, looked[WORKLOAD_COUNT] = {false};
	double gains[WORKLOAD_COUNT], min[WORKLOAD_COUNT], cap[WORKLOAD_COUNT];
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		min[w] = optional_number(e, "batch_min_valid", (Workload)w);
		cap[w] = optional_number(e, "batch_saturation", (Workload)w);
	}
	const Assumption *only = edition_assumption(
	    e, "multi_gpu_rows_scaling_only");
	for (size_t i = 0; ok && i < e->n_benchmarks; i++) {
		const Benchmark *b = &e->benchmarks[i];
		DebiasedRow *r = &p->rows[i];
		if (r->reason == UNUSED_SUPERLINEAR)
			continue; /* measure_scaling's verdict */
		if (!mixed_precision(b)) {
			r->reason = UNUSED_PRECISION;
			continue;
		}
		Workload w = b->workload;
		if (!looked[w]) { /* required once a workload has a row */
			char *key = g_strdup_printf("batch_gain_per_doubling.%s",
			                            workload_name(w));
			ok = model_assumption(e, key, &gains[w], error);
			g_free(key);
			looked[w] = true;
			if (!ok)
				break;
		}
		/* Below the smallest batch the per-doubling gain was measured
		 * for, the correction does not hold: such rows are left out
		 * (editions without the key keep every row). */
		if (!isnan(min[w]) && per_gpu_batch(b) < min[w]) {
			r->reason = UNUSED_BATCH_BELOW_MIN;
			continue;
		}
		if (only && only->is_number && only->number != 0
		    && has_single_gpu_row(p, b)) {
			r->reason = UNUSED_SCALING_ONLY;
			continue;
		}
		double speedup = model_gpu_speedup(p, b->gpu_count,
		                                   b->interconnect, b->workload);
		if (isnan(speedup)) {
			r->reason = UNUSED_NO_SCALING;
			continue;
		}
		double target = *(double *)g_hash_table_lookup(common,
		                                               b->network);
		/* Past the saturation batch throughput no longer grows: both
		 * sides are clamped there (editions without the key: none). */
		double batch = per_gpu_batch(b);
		if (!isnan(cap[w])) {
			batch = fmin(batch, cap[w]);
			target = fmin(target, cap[w]);
		}
		r->batch_factor = model_batch_debias(1, batch, target,
		                                     gains[w]);
		r->count_factor = 1 / speedup;
		r->per_gpu = b->throughput * r->batch_factor * r->count_factor;
		r->used = true;
		r->reason = UNUSED_NONE;
	}
	g_hash_table_destroy(common);
	return ok;
}

/* ---- per workload --------------------------------------------------- */

static PerfKind measured_kind(const Performance *p, size_t g, Workload w,
                              size_t *count)
{
	const Edition *e = p->edition;
	bool corrected = false;
	*count = 0;
	for (size_t j = p->gpu_row_start[g]; j < p->gpu_row_start[g + 1];
	     j++) {
		size_t i = p->gpu_rows[j];
		const Benchmark *b = &e->benchmarks[i];
		if (b->gpu != g || b->workload != w || !p->rows[i].used)
			continue;
		(*count)++;
		if (fabs(p->rows[i].batch_factor - 1) > 1e-12
		    || fabs(p->rows[i].count_factor - 1) > 1e-12)
			corrected = true;
	}
	return corrected ? PERF_DEBIASED : PERF_MEASURED;
}

static bool has_any(const bool *has, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (has[i])
			return true;
	return false;
}

/* The fitted forms of one workload, as rate_gpu reads them. */
typedef struct {
	const FamilyModel *family;
	const RooflineModel *roofline;
	double legacy_weight;
} Fits;

/* Rates GPU g of workload w (its GpuPerf's rated, kind, basis) and
 * returns its log performance: measured where it has benchmarks, else
 * from the form that rates w (NAN and not rated when nothing does). */
static double rate_gpu(Performance *p, Workload w, size_t g, const double *P,
                       const bool *has, const Fits *f)
{
	const Edition *e = p->edition;
	GpuPerf *gp = &p->gpus[w][g];
	double v, fp32 = NAN;
	/* A measurement rates a GPU even where the model could not. */
	gp->rated = e->gpus[g].model_ok || has[g];
	gp->basis_family = NULL;
	if (has[g]) {
		v = P[g];
		gp->kind = measured_kind(p, g, w, &gp->n_benchmarks);
		gp->basis = BASIS_MEASURED;
	} else if (p->form[w] == FORM_FAMILY_FIT) {
		v = family_model_predict(e, f->family, g, &gp->basis,
		                         &gp->basis_family);
		gp->kind = PERF_MODELLED;
	} else if (form_is_roofline(p->form[w])) {
		v = roofline_predict(e, f->roofline, g, &gp->basis,
		                     &gp->basis_family);
		gp->kind = PERF_MODELLED;
	} else if (!isnan(fp32 = legacy_predict_fp32(e, g, P, has, SIZE_MAX))) {
		v = fp32; /* non-tensor-core rule: estimate */
		gp->rated = true;
		gp->kind = PERF_MODELLED;
		gp->basis = BASIS_GENERATION;
	} else {
		v = legacy_predict(e, g, P, has, SIZE_MAX, f->legacy_weight);
		gp->kind = PERF_MODELLED;
		gp->basis = legacy_basis(e, g, has, SIZE_MAX);
	}
	if (!has[g] && (isnan(v) || (!e->gpus[g].model_ok && isnan(fp32)))) {
		gp->rated = false;
		gp->basis = BASIS_NONE;
	}
	return v;
}

static void run_workload(Performance *p, Workload w, const FamilyIndex *fi)
{
	const Edition *e = p->edition;
	double *P = g_new(double, e->n_gpus + 1);
	bool *has = g_new(bool, e->n_gpus + 1);
	double *lo = g_new(double, e->n_gpus + 1);
	double *hi = g_new(double, e->n_gpus + 1);
	RowSet rs;
	row_set_build(p, w, &rs);
	model_fit_measured(&rs, SIZE_MAX, P, has, lo, hi);
	HeldOut ho = {0};
	p->form[w] = model_compare_forms(p, w, fi, &rs, P, has,
	                                 model_choose_form(e, fi, has), &ho);
	double weight = p->form[w] == FORM_LEGACY
	                    ? legacy_fit_weight(e, P, has) : NAN;
	p->bandwidth_weight[w] =
	    p->form[w] == FORM_LEGACY ? weight : NAN; /* see model.h */
	FamilyModel m = {0};
	RooflineModel roof = {0};
	if (p->form[w] == FORM_FAMILY_FIT)
		family_model_fit(e, fi, P, has, SIZE_MAX, &m);
	if (form_is_roofline(p->form[w])) {
		/* the comparison's sums per grid point, when it kept them */
		bool power = p->form[w] == FORM_POWER_ROOFLINE;
		if (ho.grid_a[power])
			roofline_fit_summed(e, fi, P, has, power, ho.grid_a[power],
			                    ho.grid_b[power], &roof);
		else
			roofline_fit(e, fi, P, has, SIZE_MAX, power, &roof);
	}
	Fits fits = {&m, &roof, weight};
	double *logv = g_new(double, e->n_gpus);
	for (size_t g = 0; g < e->n_gpus; g++)
		logv[g] = rate_gpu(p, w, g, P, has, &fits);
	family_model_free(&m);
	if (!has_any(has, e->n_gpus)) /* no benchmark: bandwidth theory */
		for (size_t g = 0; g < e->n_gpus; g++) {
			double low, high;
			model_speedup_range(e, &e->gpus[g],
			                    &e->gpus[p->reference], &low, &high);
			logv[g] = log((low + high) / 2);
			p->gpus[w][g].rated = e->gpus[g].model_ok;
		}
	double ref = logv[p->reference];
	for (size_t g = 0; g < e->n_gpus; g++) {
		GpuPerf *gp = &p->gpus[w][g];
		gp->value = gp->rated ? exp(logv[g] - ref) : 0;
		gp->low = gp->value * (has[g] ? exp(lo[g]) : 1);
		gp->high = gp->value * (has[g] ? exp(hi[g]) : 1);
	}
	model_validate(p, w, fi, &rs, P, has, &ho, &roof);
	held_out_free(&ho);
	roofline_free(&roof);
	row_set_free(&rs);
	g_free(logv);
	g_free(P);
	g_free(has);
	g_free(lo);
	g_free(hi);
}

Performance *model_run(const Edition *e, GError **error)
{
	size_t ref;
	if (!model_valid_limits(e, error) || !reference_gpu(e, &ref, error))
		return NULL;
	Performance *p = g_new0(Performance, 1);
	p->edition = e;
	p->reference = ref;
	index_rows_by_gpu(p);
	measure_scaling(p);
	if (!debias_rows(p, error)) {
		performance_free(p);
		return NULL;
	}
	model_flag_pipeline_bound(p);
	FamilyIndex fi;
	family_index_build(e, &fi);
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		p->gpus[w] = g_new0(GpuPerf, e->n_gpus);
		run_workload(p, (Workload)w, &fi);
	}
	family_index_free(&fi);
	if (!p->gpus[WORKLOAD_CNN][ref].rated) {
		char *path = g_build_filename(e->dir, "benchmarks.csv", NULL);
		gg_set_input_error(error, path, 0, 0,
		                   "no benchmark of a tensor-core GPU: the "
		                   "model cannot rate the reference GPU");
		g_free(path);
		performance_free(p);
		return NULL;
	}
	return p;
}

void performance_free(Performance *p)
{
	if (!p)
		return;
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		g_free(p->gpus[w]);
		for (size_t i = 0; i < p->n_families[w]; i++) {
			g_free(p->families[w][i].family);
			g_free(p->families[w][i].segment);
		}
		g_free(p->families[w]);
	}
	for (size_t i = 0; i < p->n_scaling; i++)
		g_free(p->scaling[i].interconnect);
	g_free(p->scaling);
	g_free(p->rows);
	g_free(p->gpu_row_start);
	g_free(p->gpu_rows);
	g_free(p);
}

bool model_pair_claim(const Performance *p, size_t g, size_t r,
                      const char *network, PairClaim *claim)
{
	const Edition *e = p->edition;
	int best_n = INT_MAX;
	double best_raw = 0, best_deb = 0;
	Workload w = WORKLOAD_CNN;
	/* g's rows against r's, in file order (linear in their rows) */
	for (size_t ii = p->gpu_row_start[g]; ii < p->gpu_row_start[g + 1];
	     ii++) {
		size_t i = p->gpu_rows[ii];
		const Benchmark *a = &e->benchmarks[i];
		if (a->gpu != g || !p->rows[i].used
		    || strcmp(a->network, network) != 0)
			continue;
		for (size_t jj = p->gpu_row_start[r];
		     jj < p->gpu_row_start[r + 1]; jj++) {
			size_t j = p->gpu_rows[jj];
			const Benchmark *b = &e->benchmarks[j];
			if (b->gpu != r || !p->rows[j].used
			    || b->gpu_count != a->gpu_count
			    || strcmp(b->network, network) != 0
			    || strcmp(b->from.source, a->from.source) != 0
			    || a->gpu_count >= best_n)
				continue;
			best_n = a->gpu_count;
			best_raw = a->throughput / b->throughput;
			best_deb = p->rows[i].per_gpu / p->rows[j].per_gpu;
			w = a->workload;
		}
	}
	if (best_n == INT_MAX)
		return false;
	claim->network = (char *)network;
	claim->workload = w;
	claim->gpu_count = best_n;
	claim->raw = best_raw;
	claim->debiased = best_deb;
	return true;
}

const char *perf_kind_name(PerfKind kind)
{
	static const char *const names[] = {"measured", "debiased",
	                                    "modelled"};
	return names[kind];
}
