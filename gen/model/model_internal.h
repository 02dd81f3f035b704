/* Model stage, internal: what model.c (debiasing, per workload),
 * model_measured.c (the fit of measured GPUs), model_fit.c (the family
 * fit), model_legacy.c (the 2020 forms), model_validate.c and model_loo.c
 * (leave-one-out, intervals) share.  In: the used rows of one workload
 * (RowSet) and the log performances of its measured GPUs.  Out: a
 * FamilyModel (weights and one intercept per chip family) the caller
 * frees with family_model_free; its strings point into the Edition
 * (through the FamilyIndex, which must outlive it). */
#ifndef GG_MODEL_INTERNAL_H
#define GG_MODEL_INTERNAL_H

#include "model.h"

/* The chip families of an edition, numbered once (model_family of each
 * GPU); names point into the Edition. */
typedef struct {
	size_t n;
	size_t *of_gpu;        /* n_gpus: family number of each GPU */
	const char **name;     /* n */
	const char **segment;  /* n */
} FamilyIndex;

/* Solves a x = b (k x k, row-major) by Gaussian elimination with partial
 * pivoting; a and b are overwritten, b gets x.  FALSE when singular. */
bool model_solve(double *a, double *b, size_t k);

void family_index_build(const Edition *e, FamilyIndex *fi);
void family_index_free(FamilyIndex *fi);

typedef struct {
	const FamilyIndex *index;
	double *intercept;     /* index->n; families with count 0 unfitted */
	size_t *count;         /* measured GPUs fitted in each family */
	int *gen;              /* tensor-core generation (max of members) */
	double w_bandwidth, w_tensor, w_power;
	bool ok;               /* false: nothing to fit */
} FamilyModel;

/* The features of the family fit (FAMILY_FEATURES logs) and the ridge on
 * their weights (model_fit.c). */
#define FAMILY_FEATURES 3
#define FAMILY_RIDGE 0.01
void family_features(const Gpu *g, double x[FAMILY_FEATURES]);

/* The family of g's segment nearest to it among those with count[f] > 0:
 * the closest tensor-core generation gen[f], then the most GPUs; -1 when
 * there is none (never across segments). */
long family_nearest(const FamilyIndex *fi, const size_t *count,
                    const int *gen, const Gpu *g);
/* The family that predicts GPU g (gpu = its row) for a fit with count[f]
 * measured members per family: its own when it has members
 * (*basis = BASIS_FAMILY), else family_nearest (BASIS_FALLBACK_FAMILY);
 * -1 and BASIS_NONE when there is none.  Shared by the family fit and
 * the roofline. */
long family_predicting(const FamilyIndex *fi, const size_t *count,
                       const int *gen, size_t g, const Gpu *gpu,
                       Basis *basis);

/* Least squares in log space over the GPUs with has[g] (model_ok only),
 * leaving out skip (SIZE_MAX: none).  Linear in the GPUs. */
void family_model_fit(const Edition *e, const FamilyIndex *fi,
                      const double *P, const bool *has, size_t skip,
                      FamilyModel *m);
void family_model_free(FamilyModel *m);

/* Predicted log performance of GPU g; NAN when no family of g's segment
 * was fitted.  *basis says whether g's own family or a fallback gave it,
 * *family which one. */
double family_model_predict(const Edition *e, const FamilyModel *m,
                            size_t g, Basis *basis, const char **family);

/* Free parameters of the family fit for the GPUs with has[g]. */
size_t family_model_parameters(const Edition *e, const FamilyIndex *fi,
                               const bool *has);

/* model_measured.c: the used rows of one workload, numbered for the
 * fits: rows grouped by GPU (rows of g are start[g] .. start[g + 1] - 1),
 * each with its network-and-configuration number and log per-GPU
 * throughput. */
typedef struct {
	size_t n, n_keys, n_gpus;
	size_t *gpu, *key;
	double *y;
	size_t *start;   /* n_gpus + 1 */
} RowSet;

/* model_bound.c: marks the used rows that measure the input pipeline
 * rather than the GPU (UNUSED_PIPELINE_BOUND). */
void model_flag_pipeline_bound(Performance *p);

void row_set_build(const Performance *p, Workload w, RowSet *rs);
void row_set_free(RowSet *rs);

/* model_measured.c: log(per-GPU throughput) = P[gpu] + S[network,
 * config] fitted over the rows of rs, leaving out GPU skip (SIZE_MAX:
 * none), by least squares (linear in the rows, cubic in the
 * network-and-config pairs);
 * has[g] tells which GPUs got a value; lo/hi (may be NULL) each GPU's
 * smallest and largest residual. */
void model_fit_measured(const RowSet *rs, size_t skip, double *P, bool *has,
                        double *lo, double *hi);

/* model_measured.c: the normal equations of the network-and-config
 * effects of that fit (a: n_keys x n_keys, b: n_keys), leaving out skip;
 * and one GPU's share of them added (sign 1) or taken away (sign -1). */
void model_effects_system(const RowSet *rs, size_t skip, double *a,
                          double *b);
void model_effects_add(const RowSet *rs, size_t g, double sign, double *a,
                       double *b);

/* model_loo.c: leave-one-out in time linear in the rows and GPUs.  The
 * GPUs whose rows alone tie groups of measurements together (held out,
 * the groups' levels float apart); freed with g_free. */
bool *model_bridge_gpus(const RowSet *rs);

/* What every form's leave-one-out shares, built once per workload: the
 * network-and-config effects S of the full fit and their normal
 * equations.  loo_effects_shift gives dS = S without x's rows - S (a
 * k x k solve, k the network-and-config pairs; the array is the
 * LooEffects's, valid until the next call) and *moved, the mean change
 * of the other measured GPUs' levels (mean over their rows of dS):
 * holding x out moves GPU g's level by -loo_row_mean(rs, g, dS), so a
 * form's held-out fit is its fit of P - that, and its error on x is
 * pred - P[x] + moved (on the held-out fit's scale). */
typedef struct LooEffects LooEffects;
LooEffects *loo_effects_new(const RowSet *rs, const bool *has);
const double *loo_effects_full(const LooEffects *le);
const double *loo_effects_shift(LooEffects *le, size_t x, double *moved);
void loo_effects_free(LooEffects *le);
/* The mean of v[key] over the rows of GPU g (0 when it has none). */
double loo_row_mean(const RowSet *rs, size_t g, const double *v);

/* The family form's leave-one-out: what the full fit's sums must know,
 * built once; then for each held-out GPU x (dS and moved from
 * loo_effects_shift), pred - measured in log space on the held-out
 * fit's scale (NAN when nothing predicts x), with the basis and family
 * of the prediction.  Equal to refitting without x, in time linear in
 * x's rows (and k). */
typedef struct LooFamily LooFamily;
LooFamily *loo_family_new(const Edition *e, const FamilyIndex *fi,
                          const RowSet *rs, const bool *has,
                          const LooEffects *le);
double loo_family_error(LooFamily *lf, size_t x, const double *dS,
                        double moved, Basis *basis, const char **family);
void loo_family_free(LooFamily *lf);

/* model_legacy.c: the 2020 extrapolation.  The bandwidth weight (0..1)
 * that best predicts each fitted GPU from the others of its architecture
 * (NAN when none has two); the predicted log performance of g (NAN when
 * nothing predicts it); which basis predicts g. */
double legacy_fit_weight(const Edition *e, const double *P, const bool *has);
/* The ordered pairs of GPUs with has[g] that share an architecture and
 * segment: what one legacy_fit_weight compares per step of its grid. */
size_t legacy_pairs(const Edition *e, const bool *has);
double legacy_predict(const Edition *e, size_t g, const double *P,
                      const bool *has, size_t skip, double weight);
Basis legacy_basis(const Edition *e, size_t g, const bool *has, size_t skip);
/* The non-tensor-core rule: log performance of a GPU without tensor cores
 * from the measured ones of its segment by FP32 rate (model_legacy.c);
 * NAN when it does not apply. */
double legacy_predict_fp32(const Edition *e, size_t g, const double *P,
                           const bool *has, size_t skip);

/* model_roofline.c: the roofline forms: log performance = family level
 * - elasticity x log(1 / T + beta / bandwidth), T = fp16_tflops, or with
 * power_limited T capped at power_cap x tdp_w x the family's lowest
 * fp16_tflops per watt; beta, elasticity (and power_cap) per workload on
 * a grid, levels per family; fitted over the GPUs with has[g] but skip
 * (SIZE_MAX: none); the model owns its arrays, freed with roofline_free.
 * Prediction as family_model_predict. */
typedef struct {
	const FamilyIndex *index;
	double *level;         /* index->n */
	size_t *count;         /* measured GPUs of each family */
	int *gen;              /* tensor-core generation (max of members) */
	double *watt_rate;     /* index->n: lowest TFLOPS per watt (0: none) */
	double beta, elasticity;
	double power_cap;      /* d; 0 without the power limit */
	bool power_limited;
	bool ok;
} RooflineModel;
void roofline_fit(const Edition *e, const FamilyIndex *fi, const double *P,
                  const bool *has, size_t skip, bool power_limited,
                  RooflineModel *m);
void roofline_free(RooflineModel *m);
double roofline_predict(const Edition *e, const RooflineModel *m, size_t g,
                        Basis *basis, const char **family);

/* model_roofline.c: the roofline forms' leave-one-out: sums per grid
 * point and chip family over the usable GPUs of P, built once (time
 * linear in the GPUs and rows per grid point); then x's held-out error
 * as loo_family_error, equal to roofline_fit without x (up to rounding)
 * in time linear in the grid and k. */
typedef struct LooRoofline LooRoofline;
LooRoofline *loo_roofline_new(const Edition *e, const FamilyIndex *fi,
                              const RowSet *rs, const double *P,
                              const bool *has, bool power_limited);
double loo_roofline_error(LooRoofline *lr, size_t x, const double *dS,
                          double moved, Basis *basis, const char **family);
void loo_roofline_free(LooRoofline *lr);
/* The fit's sums per grid point over every usable GPU (*A and *B,
 * g_free): at elasticity e its squared residuals are a constant plus
 * 2 e A + e^2 B.  roofline_fit_summed takes them instead of a log per
 * GPU and grid point; the same bits as roofline_fit's own sums. */
void loo_roofline_sums(const LooRoofline *lr, double **A, double **B);
void roofline_fit_summed(const Edition *e, const FamilyIndex *fi,
                         const double *P, const bool *has,
                         bool power_limited, const double *A,
                         const double *B, RooflineModel *m);

/* model_limits.c: FALSE with an input error at its cell when an
 * optional assumption is out of range: scaling_max_efficiency below 1,
 * a validation target (loo_target_*) not above 0, regional_gap_min
 * below 0, or a validation_ratios pair that is not two gpus.csv names. */
bool model_valid_limits(const Edition *e, GError **error);

/* model_validate.c: the form an edition can support (five measured GPUs
 * more than the family fit's free parameters, else the 2020 form); then,
 * after the values are set, leave-one-out errors, intervals of the
 * modelled GPUs and the fitted families of workload w. */
ModelForm model_choose_form(const Edition *e, const FamilyIndex *fi,
                            const bool *has);
/* Every form held out on the GPUs the LOO validates (p->form_score[w]),
 * then the form that rates w: base (model_choose_form), except that a
 * roofline (plain, then power-limited) replaces a determined family fit,
 * or the plain roofline, when it holds out better by
 * the edition's targets (loo_target_median, loo_target_max): it meets
 * both where the fit does not, else it leaves fewer cards above the
 * worst-error target, else as many with a lower median error. */
/* What the comparison of forms held out, kept for model_validate: per
 * form (NULL when not held out), each GPU's error (NAN: none), basis and
 * family, as holding the form out alone would give them.  Filled by
 * model_compare_forms, freed with held_out_free. */
typedef struct {
	double *err[FORM_COUNT];
	Basis *basis[FORM_COUNT];
	const char **family[FORM_COUNT];
	/* the plain [0] and power-limited [1] rooflines' sums per grid
	 * point over every GPU (loo_roofline_sums), NULL when not held out */
	double *grid_a[2], *grid_b[2];
} HeldOut;
void held_out_free(HeldOut *ho);

ModelForm model_compare_forms(Performance *p, Workload w,
                              const FamilyIndex *fi, const RowSet *rs,
                              const double *P, const bool *has,
                              ModelForm base, HeldOut *ho);
/* ho: model_compare_forms' held-out errors (the edition's form is held
 * out again only when it has none of it); roof: the edition's roofline
 * fit when its form is a roofline (else unused). */
void model_validate(Performance *p, Workload w, const FamilyIndex *fi,
                    const RowSet *rs, const double *P, const bool *has,
                    const HeldOut *ho, const RooflineModel *roof);

#endif
