/* Model stage: theoretical speed-ups from memory bandwidth and the
 * architecture bonuses of assumptions.csv.  See model.h. */
#include "model.h"

#include "util.h"

#include <string.h>

static double bonus(const Edition *e, const char *kind, const char *arch)
{
	char *key = g_strdup_printf("%s.%s", kind, arch);
	const Assumption *a = edition_assumption(e, key);
	g_free(key);
	return a && a->is_number ? a->number : 0.0;
}

static void arch_factor(const Edition *e, const char *arch, double *low,
                        double *high)
{
	*low = (1 + bonus(e, "smem_bonus_low", arch))
	       * (1 + bonus(e, "tc_bonus_low", arch));
	*high = (1 + bonus(e, "smem_bonus_high", arch))
	        * (1 + bonus(e, "tc_bonus_high", arch));
}

void model_speedup_range(const Edition *e, const Gpu *g, const Gpu *r,
                         double *low, double *high)
{
	double gl, gh, rl, rh;
	arch_factor(e, g->architecture, &gl, &gh);
	arch_factor(e, r->architecture, &rl, &rh);
	double ratio = g->bandwidth_gbs / r->bandwidth_gbs;
	/* The bonuses are relative to the previous generation; when both
	 * sides carry the same architecture they cancel out. */
	if (strcmp(g->architecture, r->architecture) == 0)
		gl = gh = rl = rh = 1;
	*low = ratio * gl / rl;
	*high = ratio * gh / rh;
}

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
	if (i < 0) {
		char *path = g_build_filename(e->dir, "assumptions.csv", NULL);
		gg_set_input_error(error, path, a->from.line, a->value_col,
		                   "reference_gpu '%s' is not in gpus.csv",
		                   a->value);
		g_free(path);
		return false;
	}
	*index = (size_t)i;
	return true;
}

Performance *model_run(const Edition *e, GError **error)
{
	size_t ref;
	if (!reference_gpu(e, &ref, error))
		return NULL;
	Performance *p = g_new0(Performance, 1);
	p->edition = e;
	p->reference = ref;
	p->gpus = g_new0(GpuPerf, e->n_gpus);
	for (size_t i = 0; i < e->n_gpus; i++) {
		GpuPerf *gp = &p->gpus[i];
		model_speedup_range(e, &e->gpus[i], &e->gpus[ref], &gp->low,
		                    &gp->high);
		gp->value = (gp->low + gp->high) / 2;
		gp->kind = PERF_MODELLED;
	}
	return p;
}

void performance_free(Performance *p)
{
	if (!p)
		return;
	g_free(p->gpus);
	g_free(p);
}

const char *perf_kind_name(PerfKind kind)
{
	static const char *const names[] = {"measured", "debiased",
	                                    "modelled"};
	return names[kind];
}
