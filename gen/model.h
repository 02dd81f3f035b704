/* Model stage: relative deep-learning training performance of every GPU
 * of an edition, for CNNs and transformers, from the benchmarks (debiased
 * for batch size and GPU count), extrapolated within an architecture from
 * SM count and memory bandwidth, and validated leave-one-out.  Every
 * constant comes from assumptions.csv.
 * In: const Edition.  Out: Performance.
 * Ownership: model_run returns a Performance the caller frees with
 * performance_free; it points into the Edition, which must outlive it. */
#ifndef GG_MODEL_H
#define GG_MODEL_H

#include "data.h"

#include <math.h>

typedef enum { PERF_MEASURED, PERF_DEBIASED, PERF_MODELLED } PerfKind;

typedef struct {
	bool rated;        /* false: the model cannot vouch (model_ok = no) */
	double value;      /* relative to the reference GPU (= 1) */
	PerfKind kind;
	double loo_value;  /* measured GPUs: prediction with own data held out */
	double loo_error;  /* loo_value / value - 1; NAN when not measured */
	size_t n_benchmarks;
} GpuPerf;

/* A benchmark row brought to one GPU at its network's common batch. */
typedef struct {
	bool used;          /* false: precision or GPU count not usable */
	double per_gpu;     /* debiased throughput of one GPU */
	double batch_factor, count_factor;
	const char *why_unused;
} DebiasedRow;

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
	double bandwidth_weight[WORKLOAD_COUNT]; /* fitted extrapolation */
	double loo_median[WORKLOAD_COUNT], loo_max[WORKLOAD_COUNT];
	size_t loo_count[WORKLOAD_COUNT];
	Scaling *scaling;
	size_t n_scaling;
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

/* The numeric assumption key; FALSE with an error naming assumptions.csv
 * when it is missing or not a number. */
bool model_assumption(const Edition *e, const char *key, double *value,
                      GError **error);

#endif
