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
#include "performance.h"

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
