/* Model stage: relative deep-learning training performance of every GPU
 * of an edition, for CNNs and transformers.  Measured GPUs come from the
 * benchmarks (debiased for batch size and GPU count, bridged across
 * software configurations by a per-network-and-configuration effect);
 * the others from a log-linear fit on memory bandwidth, tensor
 * throughput and board power with one intercept per chip family, never
 * across family segments (model_fit.c), or the 2020 form when that fit is
 * under-determined (model_legacy.c).  Every figure carries an interval;
 * the fit is validated leave-one-out (model_validate.c).  Every constant
 * comes from assumptions.csv.
 * In: const Edition.  Out: Performance.
 * Ownership: model_run returns a Performance the caller frees with
 * performance_free; it points into the Edition, which must outlive it. */
#ifndef GG_MODEL_H
#define GG_MODEL_H

#include "data.h"

#include <math.h>

typedef enum { PERF_MEASURED, PERF_DEBIASED, PERF_MODELLED } PerfKind;

/* Which form rated the unmeasured GPUs of a workload. */
typedef enum {
	FORM_LEGACY,     /* 2020 form: bandwidth and SM count within an
	                    architecture (the family fit is under-determined) */
	FORM_FAMILY_FIT, /* log-linear fit per chip family (model_fit.c) */
	FORM_COUNT
} ModelForm;

/* Leave-one-out of one form over every validated GPU of a workload
 * (those alone in their family included), whichever form rates it. */
typedef struct {
	size_t count;          /* GPUs the form could predict */
	double median, max;    /* of |error|; NAN when count = 0 */
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
	/* The family fit (FORM_FAMILY_FIT only; else n_families = 0). */
	ModelForm form[WORKLOAD_COUNT];
	double w_bandwidth[WORKLOAD_COUNT], w_tensor[WORKLOAD_COUNT],
	    w_power[WORKLOAD_COUNT];
	FamilyFit *families[WORKLOAD_COUNT];
	size_t n_families[WORKLOAD_COUNT];
	/* loo_median/max/count cover GPUs held out within their own family
	 * (or, legacy form, every measured GPU); GPUs alone in their family
	 * can only be predicted by the fallback: their count and worst
	 * error are here (their loo_error is per GPU as usual). */
	size_t fallback_count[WORKLOAD_COUNT];
	double fallback_max[WORKLOAD_COUNT];
	/* Every form held out on the same GPUs, for the comparison table. */
	FormScore form_score[WORKLOAD_COUNT][FORM_COUNT];
	/* The benchmark rows of each GPU (indices into edition->benchmarks,
	 * file order): rows of g are gpu_rows[gpu_row_start[g] ..
	 * gpu_row_start[g + 1] - 1]; lookups stay linear in the rows. */
	size_t *gpu_row_start, *gpu_rows;
} Performance;

Performance *model_run(const Edition *e, GError **error);
void performance_free(Performance *p);

/* Theoretical speed-up range of g over r: bandwidth ratio times
 * (1 + shared-memory bonus) times (1 + tensor-core bonus), the bonuses of
 * the newer tensor-core generation's architecture from assumptions
 * (smem_bonus_low.ARCH, ...; absent keys mean no bonus), applied to the
 * newer side; within one generation the bonuses do not apply. */
void model_speedup_range(const Edition *e, const Gpu *g, const Gpu *r,
                         double *low, double *high);

/* Throughput measured at batch b brought to batch target, gaining gain
 * per doubling. */
double model_batch_debias(double throughput, double batch, double target,
                          double gain);

/* Speed-up of n GPUs over one on interconnect for workload: from
 * assumptions (speedup_<n>gpu.<interconnect>.<workload>), else measured
 * pairs, else extrapolated per doubling from the measured 2-GPU figure of
 * the same interconnect family.  NAN when nothing supports it. */
double model_gpu_speedup(const Performance *p, int n,
                         const char *interconnect, Workload w);

/* Ratio of g over r on one network after debiasing, from the smallest GPU
 * count both were measured at.  FALSE when there is no such pair. */
bool model_pair_claim(const Performance *p, size_t g, size_t r,
                      const char *network, PairClaim *claim);

const char *perf_kind_name(PerfKind kind);

/* TRUE when a and b are a statistical tie: the gap between their values
 * (in log space) is within their ranges combined as independent errors,
 * the square root of the sum of the squared half-widths on the sides that
 * face each other; i.e. the same band of their ratio holds 1.  Plain
 * overlap would call a tie up to the sum of the half-widths, which for
 * two 10-90 % bands is a far looser test than either band.  Unrated
 * figures never tie. */
bool model_tie(const GpuPerf *a, const GpuPerf *b);

/* TRUE when g can run training at precision ("fp16", "bf16", "fp8",
 * "fp4"): FP8 and FP4 as gpus.csv's fp8 and fp4 columns give them (each
 * with its source; absent columns mean no), the 16-bit formats always.
 * A GPU is never rated at a precision it lacks: the model fits and rates
 * mixed-precision 16-bit rows only, and the loader refuses an FP8 or FP4
 * benchmark row of a GPU without that format. */
bool model_precision_supported(const Gpu *g, const char *precision);

/* The chip family the model groups g in, and that family's segment
 * ("datacenter" or "client"): gpus.csv's family columns, else the
 * architecture and the GPU's own segment. */
const char *model_family(const Gpu *g);
const char *model_family_segment(const Gpu *g);

/* The blind spots of the model, in a fixed order; *n gets the count. */
const BlindSpot *model_blind_spots(size_t *n);

/* Keys of templates/LANG/strings.csv naming an unused-row reason, a basis
 * and a blind spot (static strings; the presentation owns the words). */
const char *model_unused_key(UnusedReason r);
const char *model_basis_key(Basis b);
const char *model_blind_spot_key(BlindSpot b);

/* The numeric assumption key; FALSE with an error naming assumptions.csv
 * when it is missing or not a number. */
bool model_assumption(const Edition *e, const char *key, double *value,
                      GError **error);

#endif
