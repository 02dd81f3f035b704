/* Model stage: the types of its results, shared by the model's files
 * (model.c and the fit, validation and leave-one-out files beside it)
 * and read by every later stage.  Ownership: a Performance is made by
 * model_run and freed with performance_free (model.h); everything inside
 * belongs to it. */
#ifndef GG_PERFORMANCE_H
#define GG_PERFORMANCE_H

#include "edition.h"

#include <math.h>

typedef enum { PERF_MEASURED, PERF_DEBIASED, PERF_MODELLED } PerfKind;

/* Which form rated the unmeasured GPUs of a workload. */
typedef enum {
	FORM_LEGACY,     /* 2020 form: bandwidth and SM count within an
	                    architecture (the family fit is under-determined) */
	FORM_FAMILY_FIT, /* log-linear fit per chip family (model_fit.c) */
	FORM_ROOFLINE,   /* compute time plus memory time per chip family
	                    (model_roofline.c) */
	FORM_POWER_ROOFLINE, /* the roofline with each card's tensor rate
	                        capped by its board power */
	FORM_COUNT
} ModelForm;

static inline bool form_is_roofline(ModelForm f)
{
	return f == FORM_ROOFLINE || f == FORM_POWER_ROOFLINE;
}

/* Leave-one-out of one form over every validated GPU of a workload
 * (those alone in their family included), whichever form rates it. */
typedef struct {
	size_t count;          /* GPUs the form could predict */
	double median, max;    /* of |error|; NAN when count = 0 */
	size_t over_target;    /* GPUs whose |error| exceeds loo_target_max
	                          (0 when the edition sets no target) */
} FormScore;

/* Where a modelled figure's prediction comes from. */
typedef enum {
	BASIS_MEASURED,        /* the GPU's own benchmark rows */
	BASIS_FAMILY,          /* measured GPUs of its own chip family */
	BASIS_FALLBACK_FAMILY, /* the nearest family of the same segment,
	                          interval widened by the fallback penalty */
	BASIS_ARCHITECTURE,    /* legacy form: same architecture */
	BASIS_GENERATION,      /* legacy form: nearest tensor-core generation */
	BASIS_NONE             /* not rated */
} Basis;

typedef struct {
	bool rated;        /* false: the model cannot vouch (model_ok = no) */
	double value;      /* relative to the reference GPU (= 1) */
	PerfKind kind;
	double loo_value;  /* measured GPUs: prediction with own data held out */
	double loo_error;  /* loo_value / value - 1; NAN when not measured */
	bool loo_alone;    /* held out through the fallback family (alone in
	                      its own): not in loo_median / loo_max */
	size_t n_benchmarks;
	/* Interval on the same scale as value: measured GPUs, the spread of
	 * their rows (runs, configurations, networks) around the fit;
	 * modelled GPUs, the 10-90 % band of the held-out errors of their
	 * basis family (widened for a fallback).  low <= value <= high. */
	double low, high;
	Basis basis;
	const char *basis_family; /* family the prediction came from, or NULL */
} GpuPerf;

/* Why a benchmark row does not enter the fit. */
typedef enum {
	UNUSED_NONE,             /* used */
	UNUSED_PRECISION,        /* not mixed precision */
	UNUSED_GPU_NOT_RATED,    /* GPU has model_ok = no and no usable row */
	UNUSED_NO_SCALING,       /* no scaling figure for this GPU count */
	UNUSED_BATCH_BELOW_MIN,  /* per-GPU batch below batch_min_valid.W */
	UNUSED_SCALING_ONLY,     /* multi-GPU row whose one-GPU twin (same
	                            GPU, network, precision, config) measures
	                            the GPU: it feeds the scaling only (when
	                            multi_gpu_rows_scaling_only = 1) */
	UNUSED_PIPELINE_BOUND,   /* ties a slower GPU on its network while
	                            much faster on another: the run measures
	                            the input pipeline (model_bound.c) */
	UNUSED_SUPERLINEAR,      /* multi-GPU row more than
	                            scaling_max_efficiency times n of its
	                            one-GPU twin: no GPUs scale beyond
	                            linear, so it measures something else and
	                            feeds neither the scaling nor the fit */
	UNUSED_REASON_COUNT
} UnusedReason;

/* A benchmark row brought to one GPU at its network's common batch. */
typedef struct {
	bool used;          /* false: see reason */
	double per_gpu;     /* debiased throughput of one GPU */
	double batch_factor, count_factor;
	UnusedReason reason;
} DebiasedRow;

/* The fitted extrapolation of one workload: log relative performance =
 * intercept[family] + w_bandwidth log(GB/s) + w_tensor log(FP16 tensor
 * TFLOPS with FP32 accumulate, the rate mixed-precision training uses) +
 * w_power log(board power, W).  The weights are shared by the families
 * (pooled least squares); each family has its own intercept.  L2 cache is
 * not a term: constant within a family, the intercept absorbs it. */
typedef struct {
	char *family, *segment;
	double intercept;
	size_t n_gpus;          /* measured GPUs fitted */
	double err_low, err_high; /* 10/90 % held-out log errors (pred/true) */
	size_t n_errors;
} FamilyFit;

/* What the model cannot see (the methodology names each). */
typedef enum {
	BLIND_FP8_TRAINING,      /* no FP8 training rows: FP8 GPUs rated at FP16 */
	BLIND_FP4_TRAINING,      /* FP4 training not rated at all */
	BLIND_NVLINK_DOMAIN,     /* NVLink domain size beyond 8 GPUs */
	BLIND_SOFTWARE_VERSION,  /* framework/driver gains after a run */
	BLIND_SHARED_MEMORY,     /* shared memory per SM: not separable in the
	                            data from the family intercept */
	BLIND_LARGE_MODELS,      /* memory-bound large-model training */
	BLIND_POWER_LIMIT,       /* sustained clocks under a card's power
	                            limit (A10 at 150 W, RTX 6000 Ada at 300 W) */
	BLIND_BATCH_MEMORY,      /* larger memory allows larger batches, which
	                            run faster past the saturation assumption
	                            (RTX A6000 over RTX 3090 on transformers) */
	BLIND_COUNT
} BlindSpot;

/* Parallel speed-up of n GPUs over one, by interconnect and workload. */
typedef struct {
	char *interconnect;
	int gpu_count;
	Workload workload;
	double efficiency; /* speed-up / n */
	size_t n_pairs;    /* measured pairs; 0 = from assumptions */
} Scaling;

/* A100 over V100 (or any pair) on one network after debiasing. */
typedef struct {
	char *network;
	Workload workload;
	int gpu_count;  /* of the rows compared */
	double raw, debiased;
} PairClaim;

typedef struct {
	const Edition *edition;
	size_t reference;
	GpuPerf *gpus[WORKLOAD_COUNT]; /* n = edition->n_gpus each */
	DebiasedRow *rows;             /* n = edition->n_benchmarks */
	/* The 2020 form's fitted share of bandwidth against SM count (0..1);
	 * NAN when the workload uses the family fit (see w_* below). */
	double bandwidth_weight[WORKLOAD_COUNT];
	double loo_median[WORKLOAD_COUNT], loo_max[WORKLOAD_COUNT];
	size_t loo_count[WORKLOAD_COUNT];
	Scaling *scaling;
	size_t n_scaling;
	/* The form that rates each workload.  The family fit's weights are
	 * kept whenever it is determined (FORM_FAMILY_FIT or FORM_ROOFLINE);
	 * a roofline's memory share, elasticity and power cap (0: none) only
	 * when it rates the workload (else NAN).  families: the levels and held-out bands of
	 * the form used (n_families = 0 for the 2020 form). */
	ModelForm form[WORKLOAD_COUNT];
	double w_bandwidth[WORKLOAD_COUNT], w_tensor[WORKLOAD_COUNT],
	    w_power[WORKLOAD_COUNT];
	double roofline_beta[WORKLOAD_COUNT], roofline_elasticity[WORKLOAD_COUNT];
	double roofline_power_cap[WORKLOAD_COUNT];
	FamilyFit *families[WORKLOAD_COUNT];
	size_t n_families[WORKLOAD_COUNT];
	/* loo_median/max/count cover every validated GPU, those alone in
	 * their family included; those alone can only be predicted by the
	 * fallback: their count and worst error are also kept here. */
	size_t fallback_count[WORKLOAD_COUNT];
	double fallback_max[WORKLOAD_COUNT];
	/* Every form held out on the same GPUs, for the comparison table. */
	FormScore form_score[WORKLOAD_COUNT][FORM_COUNT];
	/* The benchmark rows of each GPU (indices into edition->benchmarks,
	 * file order): rows of g are gpu_rows[gpu_row_start[g] ..
	 * gpu_row_start[g + 1] - 1]; lookups stay linear in the rows. */
	size_t *gpu_row_start, *gpu_rows;
} Performance;

#endif
