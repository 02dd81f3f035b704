/* Model stage: relative deep-learning performance of every GPU of an
 * edition, from its specs and the constants of assumptions.csv.
 * In: const Edition.  Out: Performance (one row per GPU, same order as
 * Edition.gpus).
 * Ownership: model_run returns a Performance the caller frees with
 * performance_free; it points into the Edition, which must outlive it. */
#ifndef GG_MODEL_H
#define GG_MODEL_H

#include "data.h"

typedef enum { PERF_MEASURED, PERF_DEBIASED, PERF_MODELLED } PerfKind;

typedef struct {
	double low, high; /* theoretical speed-up over the reference */
	double value;     /* the figure the guide ranks by */
	PerfKind kind;
} GpuPerf;

typedef struct {
	const Edition *edition;
	size_t reference; /* index of assumptions' reference_gpu */
	GpuPerf *gpus;    /* n = edition->n_gpus */
} Performance;

/* Theoretical speed-up range of g over r: bandwidth ratio times
 * (1 + shared-memory bonus) times (1 + tensor-core bonus), bonuses by
 * architecture from assumptions (absent keys mean no bonus). */
void model_speedup_range(const Edition *e, const Gpu *g, const Gpu *r,
                         double *low, double *high);

Performance *model_run(const Edition *e, GError **error);
void performance_free(Performance *p);

const char *perf_kind_name(PerfKind kind);

/* The numeric assumption key; FALSE with an error naming assumptions.csv
 * when it is missing or not a number. */
bool model_assumption(const Edition *e, const char *key, double *value,
                      GError **error);

#endif
