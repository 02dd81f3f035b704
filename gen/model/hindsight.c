/* Hindsight stage: the edition's modelled and debiased figures against
 * the measured fit of its later/ rows.  See hindsight.h. */
#include "hindsight.h"

#include "util.h"

#include <stdlib.h>

char *hindsight_later_dir(const char *dir)
{
	return g_build_filename(dir, "later", NULL);
}

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The edition with its benchmarks replaced by the later rows: a shallow
 * copy sharing every other table (read only). */
static Edition later_edition(const Edition *e, Benchmark *rows, size_t n)
{
	Edition later = *e;
	later.benchmarks = rows;
	later.n_benchmarks = n;
	return later;
}

/* TRUE when the edition's figure is a forecast: modelled, or corrected
 * from measurements of another batch size or GPU count. */
static bool forecast(const GpuPerf *gp)
{
	return gp->rated
	       && (gp->kind == PERF_MODELLED || gp->kind == PERF_DEBIASED);
}

static void compare(Hindsight *h, const Performance *p,
                    const Performance *later)
{
	const Edition *e = p->edition;
	size_t a = h->anchor;
	GArray *rows = g_array_new(FALSE, TRUE, sizeof(HindsightRow));
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		const GpuPerf *ea = &p->gpus[w][a], *la = &later->gpus[w][a];
		if (!ea->rated || !la->rated || !(ea->value > 0)
		    || !(la->value > 0))
			continue;
		for (size_t g = 0; g < e->n_gpus; g++) {
			const GpuPerf *ed = &p->gpus[w][g];
			const GpuPerf *lt = &later->gpus[w][g];
			if (g == a || !forecast(ed) || !lt->rated
			    || lt->basis != BASIS_MEASURED)
				continue;
			double pr = ed->value / ea->value;
			double me = lt->value / la->value;
			HindsightRow r = {g, (Workload)w, ed->kind, pr, me,
			                  pr / me - 1, lt->n_benchmarks};
			g_array_append_val(rows, r);
		}
	}
	h->n = rows->len;
	h->rows = (HindsightRow *)g_array_free(rows, FALSE);
	h->median_abs_error = h->worst_abs_error = NAN;
	if (h->n == 0)
		return;
	double *abs_err = g_new(double, h->n);
	for (size_t i = 0; i < h->n; i++) {
		abs_err[i] = fabs(h->rows[i].error);
		if (i == 0 || abs_err[i] > h->worst_abs_error) {
			h->worst_abs_error = abs_err[i];
			h->worst = i;
		}
	}
	qsort(abs_err, h->n, sizeof *abs_err, compare_doubles);
	h->median_abs_error = h->n % 2 ? abs_err[h->n / 2]
	                               : (abs_err[h->n / 2 - 1]
	                                  + abs_err[h->n / 2]) / 2;
	g_free(abs_err);
}

/* The GPU both sides are normalized to: hindsight_reference_gpu, else
 * the edition's reference GPU. */
static bool find_anchor(Hindsight *h, const Edition *e, GError **error)
{
	const Assumption *a = edition_assumption(e, "hindsight_reference_gpu");
	if (!a) {
		h->anchor = (size_t)edition_find_gpu(e, edition_assumption(
		                                            e, "reference_gpu")
		                                            ->value);
		return true;
	}
	long g = edition_find_gpu(e, a->value);
	if (g < 0) {
		char *path = g_build_filename(e->dir, "assumptions.csv", NULL);
		gg_set_input_error(error, path, a->from.line, a->value_col,
		                   "hindsight_reference_gpu '%s' is not a GPU "
		                   "of gpus.csv", a->value);
		g_free(path);
		return false;
	}
	h->anchor = (size_t)g;
	return true;
}

Hindsight *hindsight_run(const Performance *p, GError **error)
{
	const Edition *e = p->edition;
	Hindsight *h = g_new0(Hindsight, 1);
	h->edition = e;
	h->median_abs_error = h->worst_abs_error = NAN;
	char *dir = hindsight_later_dir(e->dir);
	char *path = g_build_filename(dir, "benchmarks.csv", NULL);
	bool present = g_file_test(path, G_FILE_TEST_IS_REGULAR);
	g_free(path);
	if (!present) {
		g_free(dir);
		return h;
	}
	size_t n = 0;
	Benchmark *rows = edition_load_benchmarks(e, dir, &n, error);
	g_free(dir);
	if (!rows) {
		hindsight_free(h);
		return NULL;
	}
	h->n_later_rows = n;
	if (!find_anchor(h, e, error)) {
		edition_benchmarks_free(rows, n);
		hindsight_free(h);
		return NULL;
	}
	Edition later = later_edition(e, rows, n);
	later.dir = hindsight_later_dir(e->dir); /* errors name later/ */
	Performance *lp = model_run(&later, error);
	if (lp)
		compare(h, p, lp);
	performance_free(lp);
	g_free(later.dir);
	edition_benchmarks_free(rows, n);
	if (!lp) {
		hindsight_free(h);
		return NULL;
	}
	return h;
}

void hindsight_free(Hindsight *h)
{
	if (!h)
		return;
	g_free(h->rows);
	g_free(h);
}
