/* The methodology's validation targets in words: the edition's targets
 * (loo_target_median and loo_target_max in assumptions.csv), whether
 * each workload's held-out errors meet them, and every card above the
 * worst-error target named with its held-out prediction beside its
 * measurement and the reason the model misses it.  See guide_ctx.h. */
#include "guide_ctx.h"

#include "util.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* Measured GPUs the family fit of w holds in g's family (0: none). */
static size_t family_size(const Performance *p, Workload w, size_t g)
{
	const char *f = model_family(&p->edition->gpus[g]);
	for (size_t i = 0; i < p->n_families[w]; i++)
		if (strcmp(p->families[w][i].family, f) == 0)
			return p->families[w][i].n_gpus;
	return 0;
}

/* True when GPU g has a row of workload w that enters the fit under
 * config cfg (cfg NULL: any config). */
static bool fitted_in_config(const Performance *p, Workload w, size_t g,
                             const char *cfg)
{
	const Edition *e = p->edition;
	for (size_t k = p->gpu_row_start[g]; k < p->gpu_row_start[g + 1]; k++) {
		size_t r = p->gpu_rows[k];
		if (p->rows[r].used && e->benchmarks[r].workload == w &&
		    (!cfg || strcmp(e->benchmarks[r].config, cfg) == 0))
			return true;
	}
	return false;
}

/* Other measured GPUs of x's family in workload w that share at least
 * one benchmark suite (config) with x. */
static size_t family_sharing_suite(const Performance *p, Workload w,
                                   size_t x)
{
	const Edition *e = p->edition;
	const char *fam = model_family(&e->gpus[x]);
	size_t n = 0;
	for (size_t g = 0; g < e->n_gpus; g++) {
		if (g == x || strcmp(model_family(&e->gpus[g]), fam) != 0)
			continue;
		for (size_t k = p->gpu_row_start[x];
		     k < p->gpu_row_start[x + 1]; k++) {
			size_t r = p->gpu_rows[k];
			if (p->rows[r].used && e->benchmarks[r].workload == w &&
			    fitted_in_config(p, w, g, e->benchmarks[r].config)) {
				n++;
				break;
			}
		}
	}
	return n;
}

/* Appends sentence t (freed) to out, joined as the language joins them. */
static void add_sentence(const Ctx *c, GString *out, char *t)
{
	char *joined = out->len ? gg_fill2(S(c, "format.sentences"), out->str, t)
	                        : g_strdup(t);
	g_string_assign(out, joined);
	g_free(joined);
	g_free(t);
}

/* Why the worst card of a family with more than two measured GPUs
 * misses: what the others predict for it against its own benchmarks, and,
 * when some of them share no benchmark suite with it, how many do. */
static void family_gap(const Ctx *c, Workload w, size_t x, size_t n,
                       GString *out)
{
	const Performance *p = c->perf;
	const GpuPerf *gp = &p->gpus[w][x];
	char *fam = md_escape(model_family(&c->e->gpus[x]));
	char *count = num(c, (double)n, 0);
	add_sentence(c, out, gg_fill2(S(c, "method.target_family"), fam, count));
	char *pred = num(c, gp->loo_value, 2);
	char *meas = num(c, gp->value, 2);
	char *key = g_strconcat(gp->loo_error > 0 ? "method.target_family_ahead"
	                                           : "method.target_family_behind",
	                        p->form[w] == FORM_ROOFLINE ? ".roofline"
	                        : p->form[w] == FORM_POWER_ROOFLINE
	                            ? ".roofline_power" : "",
	                        NULL);
	add_sentence(c, out, gg_fill2(S(c, key), pred, meas));
	g_free(key);
	size_t sharing = family_sharing_suite(p, w, x);
	if (sharing < n - 1) {
		char *shared = num(c, (double)sharing, 0);
		char *others = num(c, (double)(n - 1), 0);
		add_sentence(c, out,
		             gg_fill2(S(c, "method.target_family_suites"),
		                      shared, others));
		g_free(others);
		g_free(shared);
	}
	g_free(meas);
	g_free(pred);
	g_free(count);
	g_free(fam);
}

/* Why card x of workload w misses the worst-error target: what the
 * model predicts for it held out beside what it measures, and where the
 * prediction comes from (the nearest family for a card alone in its
 * own; its one sibling; or the rest of its family). */
static void card_reason(const Ctx *c, Workload w, size_t x, GString *out)
{
	const Performance *p = c->perf;
	const GpuPerf *gp = &p->gpus[w][x];
	if (gp->loo_alone) {
		char *fam = md_escape(model_family(&c->e->gpus[x]));
		char *pred = num(c, gp->loo_value, 2);
		char *meas = num(c, gp->value, 2);
		char *both = gg_fill2(S(c, "method.forms.pair"), pred, meas);
		add_sentence(c, out, gg_fill2(S(c, "method.target_alone"), fam,
		                              both));
		g_free(both);
		g_free(meas);
		g_free(pred);
		g_free(fam);
		return;
	}
	size_t n = family_size(p, w, x);
	if (n == 2) {
		char *fam = md_escape(model_family(&c->e->gpus[x]));
		add_sentence(c, out, gg_fill2(S(c, "method.target_pair"), fam, ""));
		add_sentence(c, out,
		             gg_fill2(S(c, "method.target_pair_tried"), fam, ""));
		g_free(fam);
	} else if (n > 2) {
		family_gap(c, w, x, n, out);
	}
}

/* The validated GPUs of w whose held-out error exceeds max, worst
 * first (ties by position, as the data lists them); *n of them (caller
 * frees). */
typedef struct {
	double error; /* |held-out error| */
	size_t gpu;
} Miss;

static int worst_first(const void *a, const void *b)
{
	const Miss *x = a, *y = b;
	if (x->error != y->error)
		return x->error < y->error ? 1 : -1;
	return x->gpu < y->gpu ? -1 : x->gpu > y->gpu;
}

static size_t *cards_over(const Performance *p, Workload w, double max,
                          size_t *n)
{
	Miss *miss = g_new(Miss, p->edition->n_gpus + 1);
	*n = 0;
	for (size_t g = 0; g < p->edition->n_gpus; g++) {
		double e = p->gpus[w][g].loo_error;
		if (!isnan(e) && fabs(e) > max)
			miss[(*n)++] = (Miss){fabs(e), g};
	}
	qsort(miss, *n, sizeof *miss, worst_first);
	size_t *over = g_new(size_t, *n + 1);
	for (size_t i = 0; i < *n; i++)
		over[i] = miss[i].gpu;
	g_free(miss);
	return over;
}

/* The cards past the worst-error target explained one by one; the rest
 * are counted (every card's error is in data/validation.csv), so the
 * section stays a paragraph at any number of GPUs. */
#define TARGET_CARDS_EXPLAINED 5

/* One workload against the targets: met, or which figure misses, and
 * every card above the worst-error target with its reason. */
static void target_status(const Ctx *c, Workload w, double med, double max,
                          GString *out)
{
	const Performance *p = c->perf;
	char *name = g_strdup(S(c, w == WORKLOAD_CNN
	                               ? "workload.cnn"
	                               : "workload.transformer_title"));
	if (p->loo_median[w] > med) {
		char *pct = guide_md_percent(c, p->loo_median[w], 1);
		add_sentence(c, out, gg_fill2(S(c, "method.target_median_missed"),
		                              name, pct));
		g_free(pct);
	}
	size_t n;
	size_t *over = cards_over(p, w, max, &n);
	for (size_t i = 0; i < MIN(n, (size_t)TARGET_CARDS_EXPLAINED); i++) {
		size_t x = over[i];
		char *pct = guide_md_percent(c, fabs(p->gpus[w][x].loo_error), 1);
		char *gpu = md_escape(c->e->gpus[x].name);
		char *sign = g_strconcat(p->gpus[w][x].loo_error > 0
		                             ? "+" : "\xE2\x88\x92", pct, NULL);
		char *who = gg_fill2(S(c, "format.aside"), gpu, sign);
		add_sentence(c, out,
		             gg_fill2(S(c, i == 0 ? "method.target_max_missed"
		                                  : "method.target_also_missed"),
		                      name, who));
		card_reason(c, w, x, out);
		g_free(sign);
		g_free(who);
		g_free(gpu);
		g_free(pct);
	}
	if (n > TARGET_CARDS_EXPLAINED) {
		char *more = format_number(c->s, (double)(n - TARGET_CARDS_EXPLAINED), 0);
		add_sentence(c, out,
		             gg_fill2(S(c, "method.target_more_missed"), name, more));
		g_free(more);
	}
	g_free(over);
	if (p->loo_median[w] <= med && p->loo_max[w] <= max) {
		add_sentence(c, out, gg_fill2(S(c, "method.target_met"), name, ""));
	}
	g_free(name);
}

/* The validation targets of the edition (loo_target_median and
 * loo_target_max in assumptions.csv) and, per workload, whether the
 * held-out errors meet them; "" when the edition sets none. */
char *guide_model_targets(const Ctx *c)
{
	const Assumption *med = edition_assumption(c->e, "loo_target_median");
	const Assumption *max = edition_assumption(c->e, "loo_target_max");
	if (!med || !max || !med->is_number || !max->is_number)
		return g_strdup("");
	char *a = guide_md_percent(c, med->number, 0);
	char *b = guide_md_percent(c, max->number, 0);
	GString *out = g_string_new(NULL);
	add_sentence(c, out, gg_fill2(S(c, "method.targets"), a, b));
	for (int w = 0; w < WORKLOAD_COUNT; w++)
		target_status(c, (Workload)w, med->number, max->number, out);
	g_free(a);
	g_free(b);
	return g_string_free(out, FALSE);
}

