/* The 2020-09 edition as it could have been written on 2020-09-07: no
 * row after the edition date, the later measurements kept apart, and the
 * hindsight comparison computed from them.  Runs from the repository's
 * top folder. */
#include "unit.h"
#include "hindsight.h"

#define EDITION_DIR "data/2020-09"

/* Every dated observation of the edition is on or before its date. */
static void nothing_after_the_date(const Edition *e)
{
	const Assumption *d = edition_assumption(e, "edition_date");
	CHECK(d != NULL);
	if (!d)
		return;
	CHECK_STR(d->value, "2020-09-07");
	size_t late = 0;
	for (size_t i = 0; i < e->n_benchmarks; i++)
		late += strcmp(e->benchmarks[i].from.date, d->value) > 0;
	for (size_t i = 0; i < e->n_prices; i++)
		late += strcmp(e->prices[i].from.date, d->value) > 0;
	for (size_t i = 0; i < e->n_cloud; i++)
		late += strcmp(e->cloud[i].from.date, d->value) > 0;
	CHECK(late == 0);
	/* every benchmark row names its suite */
	size_t no_config = 0;
	for (size_t i = 0; i < e->n_benchmarks; i++)
		no_config += e->benchmarks[i].config[0] == '\0';
	CHECK(no_config == 0);
}

/* later/ holds only rows after the date, and none of them is in the
 * edition's own table. */
static void later_rows_apart(const Edition *e)
{
	char *dir = hindsight_later_dir(e->dir);
	GError *error = NULL;
	size_t n = 0;
	Benchmark *later = edition_load_benchmarks(e, dir, &n, &error);
	g_free(dir);
	CHECK(later != NULL && n > 0);
	if (error)
		printf("FAIL later/: %s\n", error->message);
	g_clear_error(&error);
	const char *date = edition_assumption(e, "edition_date")->value;
	size_t early = 0, shared = 0;
	for (size_t i = 0; i < n; i++) {
		early += strcmp(later[i].from.date, date) <= 0;
		for (size_t j = 0; j < e->n_benchmarks; j++)
			shared += strcmp(later[i].from.source,
			                 e->benchmarks[j].from.source) == 0;
	}
	CHECK(early == 0);
	CHECK(shared == 0);
	edition_benchmarks_free(later, n);
}

/* The RTX 30 cards are modelled (nothing measured before the date) by
 * the article's theory from the measured client Turing cards: bandwidth
 * ratio times the Ampere bonuses. */
static void rtx30_from_specs(const Performance *p)
{
	const Edition *e = p->edition;
	long g3090 = edition_find_gpu(e, "RTX 3090");
	long g3080 = edition_find_gpu(e, "RTX 3080");
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		CHECK(p->gpus[w][g3090].kind == PERF_MODELLED);
		CHECK(p->gpus[w][g3080].kind == PERF_MODELLED);
		CHECK(p->gpus[w][g3090].basis == BASIS_GENERATION);
		/* both from the same anchors, so their ratio is the
		 * bandwidth ratio */
		CHECK_NEAR(p->gpus[w][g3090].value / p->gpus[w][g3080].value,
		           936.0 / 760.0, 1e-9);
	}
}

static void hindsight(const Performance *p)
{
	const Edition *e = p->edition;
	/* the edition's figures before the comparison runs */
	double *before = g_new(double, e->n_gpus);
	for (size_t g = 0; g < e->n_gpus; g++)
		before[g] = p->gpus[WORKLOAD_CNN][g].value;
	size_t n_bench = e->n_benchmarks;
	GError *error = NULL;
	Hindsight *h = hindsight_run(p, &error);
	if (error)
		printf("FAIL hindsight: %s\n", error->message);
	g_clear_error(&error);
	CHECK(h != NULL);
	if (!h) {
		g_free(before);
		return;
	}
	/* nothing of later/ leaks into the edition */
	CHECK(e->n_benchmarks == n_bench);
	for (size_t g = 0; g < e->n_gpus; g++)
		CHECK(p->gpus[WORKLOAD_CNN][g].value == before[g]);
	g_free(before);
	CHECK(h->n_later_rows == 64);
	CHECK(h->n >= 6);
	long g3090 = edition_find_gpu(e, "RTX 3090");
	bool saw_3090[WORKLOAD_COUNT] = {false, false};
	double *abs_err = g_new(double, h->n);
	size_t above = 0, below = 0;
	for (size_t i = 0; i < h->n; i++) {
		const HindsightRow *r = &h->rows[i];
		/* each row: the edition's forecast against the later fit */
		CHECK(r->kind == PERF_MODELLED || r->kind == PERF_DEBIASED);
		CHECK(r->gpu != p->reference);
		CHECK_NEAR(r->predicted, p->gpus[r->workload][r->gpu].value,
		           1e-12);
		CHECK_NEAR(r->error, r->predicted / r->measured - 1, 1e-12);
		CHECK(r->n_later > 0);
		if ((long)r->gpu == g3090)
			saw_3090[r->workload] = true;
		abs_err[i] = fabs(r->error);
		CHECK(abs_err[i] <= h->worst_abs_error + 1e-15);
	}
	CHECK(saw_3090[WORKLOAD_CNN] && saw_3090[WORKLOAD_TRANSFORMER]);
	CHECK_NEAR(fabs(h->rows[h->worst].error), h->worst_abs_error, 1e-15);
	for (size_t i = 0; i < h->n; i++) {
		above += abs_err[i] > h->median_abs_error;
		below += abs_err[i] < h->median_abs_error;
	}
	/* the median splits the errors in halves */
	CHECK(above <= h->n / 2 && below <= h->n / 2);
	g_free(abs_err);
	hindsight_free(h);
}

void test_edition2020(void)
{
	GError *error = NULL;
	Edition *e = edition_load(EDITION_DIR, &error);
	Performance *p = e ? model_run(e, &error) : NULL;
	if (error)
		printf("FAIL " EDITION_DIR ": %s\n", error->message);
	g_clear_error(&error);
	CHECK(p != NULL);
	if (p) {
		nothing_after_the_date(e);
		later_rows_apart(e);
		rtx30_from_specs(p);
		hindsight(p);
	}
	performance_free(p);
	edition_free(e);
}
