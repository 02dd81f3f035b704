/* Hindsight stage: how an archived edition's forecast held up.  Every
 * figure the edition modelled or debiased is compared with the measured
 * fit of the rows in the edition's later/ folder (benchmarks.csv,
 * published after the edition date), run through the same model with the
 * same assumptions.  Both sides are normalized to one anchor GPU, the
 * hindsight_reference_gpu assumption (a card rated on both sides; the
 * edition's reference GPU when absent), so a modelled reference GPU is
 * itself compared.  The edition's own fit never sees those rows.
 * In: the edition's Performance.  Out: Hindsight.
 * Ownership: hindsight_run returns a Hindsight the caller frees with
 * hindsight_free; it points into the Edition, which must outlive it. */
#ifndef GG_HINDSIGHT_H
#define GG_HINDSIGHT_H

#include "model.h"

/* One GPU and workload: the edition's figure against the later one. */
typedef struct {
	size_t gpu;          /* index into Edition.gpus */
	Workload workload;
	PerfKind kind;       /* the edition's figure: modelled or debiased */
	double predicted;    /* the edition's figure, anchor GPU = 1 */
	double measured;     /* the later measured fit, anchor GPU = 1 */
	double error;        /* predicted / measured - 1 */
	size_t n_later;      /* later rows behind the measured figure */
} HindsightRow;

typedef struct {
	const Edition *edition;
	HindsightRow *rows;  /* by workload, then gpus.csv order */
	size_t n;
	size_t n_later_rows; /* rows of later/benchmarks.csv */
	size_t anchor;       /* the GPU both sides are relative to */
	/* Over every row: median and worst absolute error (NAN when n is
	 * 0) and the worst row's index. */
	double median_abs_error, worst_abs_error;
	size_t worst;
} Hindsight;

/* The comparison for the edition of p.  An edition without
 * later/benchmarks.csv gets zero rows; a bad later file, or one whose
 * rows cannot rate the reference GPU, or an unknown
 * hindsight_reference_gpu is an error (file:line:col). */
Hindsight *hindsight_run(const Performance *p, GError **error);
void hindsight_free(Hindsight *h);

/* The folder of later measurements of the edition in dir (newly
 * allocated): dir/later. */
char *hindsight_later_dir(const char *dir);

#endif
