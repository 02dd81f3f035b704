/* Guide table model_ratios: for the GPU pairs the edition names
 * (assumption validation_ratios, "B200/H100 SXM;..."), the ratio of
 * their measured performance beside the ratio of their held-out
 * predictions (each card predicted without its own benchmarks), per
 * workload, and whether the two agree within loo_target_ratio.  A buyer
 * compares cards, so the model must get ratios right, not only levels.
 * Both a Markdown table of the guide and a file of the data export; no
 * table when the edition names no pairs.  See guide_ctx.h. */
#include "guide_ctx.h"

#include <math.h>
#include <string.h>

static const Column RATIOS[] = {
    {"workload", "table.workload", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"gpu", "table.gpu", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"over", "table.ratio_over", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"measured", "table.ratio_measured", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"held_out", "table.ratio_held_out", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"error", "table.error", COL_PERCENT, 1, 4, 'r', NULL, 0},
    {"within_target", "table.ratio_within", COL_TEXT, 0, 0, 'l', NULL, 0},
};

/* One row for GPUs a over b in workload w, when both are measured. */
static void ratio_row(const Ctx *c, Table *t, Workload w, size_t a,
                      size_t b, double target)
{
	const GpuPerf *pa = &c->perf->gpus[w][a], *pb = &c->perf->gpus[w][b];
	if (pa->basis != BASIS_MEASURED || pb->basis != BASIS_MEASURED
	    || pb->value <= 0)
		return;
	table_add_row(t);
	guide_set_workload(c, t, "workload", w);
	table_set_text(t, "gpu", c->e->gpus[a].name);
	table_set_text(t, "over", c->e->gpus[b].name);
	double measured = pa->value / pb->value;
	table_set_number(t, "measured", measured);
	if (isnan(pa->loo_value) || isnan(pb->loo_value)) {
		table_set_shown(t, "within_target", "not_held_out",
		                S(c, "model.ratio.not_held_out"));
		return;
	}
	double held = pa->loo_value / pb->loo_value;
	double err = held / measured - 1;
	table_set_number(t, "held_out", held);
	table_set_number(t, "error", err);
	bool ok = fabs(err) <= target;
	table_set_shown(t, "within_target", ok ? "yes" : "no",
	                S(c, ok ? "model.ratio.within" : "model.ratio.outside"));
}

/* The pairs "A/B;C/D" of the assumption, each as two GPU indices; a
 * name the edition lacks skips its pair.  Returns the number of pairs. */
static size_t ratio_pairs(const Edition *e, const char *spec, size_t *pairs)
{
	size_t n = 0;
	char **items = g_strsplit(spec, ";", -1);
	for (char **it = items; *it; it++) {
		char **two = g_strsplit(*it, "/", 2);
		if (two[0] && two[1]) {
			long a = edition_find_gpu(e, g_strstrip(two[0]));
			long b = edition_find_gpu(e, g_strstrip(two[1]));
			if (a >= 0 && b >= 0) {
				pairs[2 * n] = (size_t)a;
				pairs[2 * n + 1] = (size_t)b;
				n++;
			}
		}
		g_strfreev(two);
	}
	g_strfreev(items);
	return n;
}

Table *guide_model_ratios_table(const Ctx *c)
{
	Table *t = table_new("model_ratios", RATIOS, G_N_ELEMENTS(RATIOS),
	                     NULL);
	const Assumption *spec = edition_assumption(c->e, "validation_ratios");
	const Assumption *tgt = edition_assumption(c->e, "loo_target_ratio");
	if (!spec || !spec->value)
		return t;
	double target = tgt && tgt->is_number ? tgt->number : INFINITY;
	size_t *pairs = g_new(size_t, 2 * (strlen(spec->value) + 1));
	size_t n = ratio_pairs(c->e, spec->value, pairs);
	for (int w = 0; w < WORKLOAD_COUNT; w++)
		for (size_t i = 0; i < n; i++)
			ratio_row(c, t, (Workload)w, pairs[2 * i],
			          pairs[2 * i + 1], target);
	g_free(pairs);
	return t;
}
