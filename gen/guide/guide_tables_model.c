/* Guide tables and scalars of the methodology: the fitted form and
 * weights per workload, the chip families' intercepts and held-out error
 * bands (the intervals' basis), the benchmark rows left out of the fits
 * with their reasons, what the model cannot see and what the edition
 * makes of the GPUs it cannot vouch for.  Each
 * table is both a Markdown table of the guide and a file of the data
 * export.  See guide_ctx.h. */
#include "guide_ctx.h"

#include "util.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

static const char *form_id(ModelForm f)
{
	return f == FORM_FAMILY_FIT ? "family_fit" : "legacy";
}

static const char *form_key(ModelForm f)
{
	return f == FORM_FAMILY_FIT ? "model.form.family_fit"
	                            : "model.form.legacy";
}

static const Column MODEL_FIT[] = {
    {"workload", "table.workload", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"form", "table.form", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"w_bandwidth", "table.w_bandwidth", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"w_tensor", "table.w_tensor", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"w_power", "table.w_power", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"bandwidth_weight", "table.bandwidth_share", COL_NUMBER, 2, 4, 'r',
     NULL, 0},
    {"gpus_validated", "table.gpus_validated", COL_INT, 0, 0, 'r', NULL, 0},
    {"median_abs_error", "table.median_error", COL_PERCENT, 1, 4, 'r', NULL,
     0},
    {"max_abs_error", "table.worst_error", COL_PERCENT, 1, 4, 'r', NULL, 0},
    {"fallback_gpus", "table.fallback_gpus", COL_INT, 0, 0, 'r', NULL, 0},
    {"fallback_max_error", "table.fallback_worst", COL_PERCENT, 1, 4, 'r',
     NULL, 0},
};

/* One row per workload: the form that rated its unmeasured GPUs, its
 * fitted weights (the family fit) or bandwidth share (the 2020 form), and
 * its held-out errors. */
static Table *model_fit_table(const Ctx *c)
{
	const Performance *p = c->perf;
	bool any_fit = false;
	for (int w = 0; w < WORKLOAD_COUNT; w++)
		any_fit |= p->form[w] == FORM_FAMILY_FIT;
	/* the guide shows the columns of the form the edition used */
	Table *t = table_new("model_fit", MODEL_FIT, G_N_ELEMENTS(MODEL_FIT),
	                     any_fit ? "workload form w_bandwidth w_tensor w_power "
	                               "gpus_validated median_abs_error "
	                               "max_abs_error fallback_gpus "
	                               "fallback_max_error"
	                             : "workload form bandwidth_weight "
	                               "gpus_validated median_abs_error "
	                               "max_abs_error");
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		bool fit = p->form[w] == FORM_FAMILY_FIT;
		table_add_row(t);
		guide_set_workload(c, t, "workload", (Workload)w);
		table_set_shown(t, "form", form_id(p->form[w]),
		                S(c, form_key(p->form[w])));
		if (fit) {
			table_set_number(t, "w_bandwidth", p->w_bandwidth[w]);
			table_set_number(t, "w_tensor", p->w_tensor[w]);
			table_set_number(t, "w_power", p->w_power[w]);
			table_set_number(t, "fallback_gpus",
			                 (double)p->fallback_count[w]);
			if (p->fallback_count[w])
				table_set_number(t, "fallback_max_error",
				                 p->fallback_max[w]);
		} else {
			table_set_number(t, "bandwidth_weight",
			                 p->bandwidth_weight[w]);
		}
		table_set_number(t, "gpus_validated", (double)p->loo_count[w]);
		table_set_number(t, "median_abs_error", p->loo_median[w]);
		table_set_number(t, "max_abs_error", p->loo_max[w]);
	}
	return t;
}

static const Column MODEL_FORMS[] = {
    {"workload", "table.workload", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"form", "table.form", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"gpus", "table.gpus_validated", COL_INT, 0, 0, 'r', NULL, 0},
    {"median_abs_error", "table.median_error", COL_PERCENT, 1, 4, 'r', NULL, 0},
    {"max_abs_error", "table.worst_error", COL_PERCENT, 1, 4, 'r', NULL, 0},
    {"used", "table.form_used", COL_TEXT, 0, 0, 'l', NULL, 0},
};

/* Both forms held out on the same GPUs of each workload (every validated
 * GPU, those alone in their family too): the comparison of forms. */
static Table *forms_table(const Ctx *c)
{
	const Performance *p = c->perf;
	Table *t = table_new("model_forms", MODEL_FORMS,
	                     G_N_ELEMENTS(MODEL_FORMS), NULL);
	for (int w = 0; w < WORKLOAD_COUNT; w++)
		for (int f = 0; f < FORM_COUNT; f++) {
			const FormScore *s = &p->form_score[w][f];
			bool used = p->form[w] == (ModelForm)f;
			table_add_row(t);
			guide_set_workload(c, t, "workload", (Workload)w);
			table_set_shown(t, "form", form_id((ModelForm)f),
			                S(c, form_key((ModelForm)f)));
			table_set_number(t, "gpus", (double)s->count);
			if (s->count) {
				table_set_number(t, "median_abs_error", s->median);
				table_set_number(t, "max_abs_error", s->max);
			}
			table_set_shown(t, "used", used ? "yes" : "no",
			                S(c, used ? "model.form_used.yes"
			                          : "model.form_used.no"));
		}
	return t;
}

/* "CNN: the form used has the lower median (4.3% against 5.8%) ...": the
 * comparison of workload w in words (caller frees). */
static char *form_verdict(const Ctx *c, Workload w)
{
	const Performance *p = c->perf;
	const FormScore *u = &p->form_score[w][p->form[w]];
	const FormScore *o = &p->form_score[w][p->form[w] == FORM_LEGACY
	                                           ? FORM_FAMILY_FIT
	                                           : FORM_LEGACY];
	if (!u->count || !o->count)
		return gg_fill2(S(c, "method.forms.one_only"),
		                S(c, form_key(p->form[w])), "");
	char *um = guide_md_percent(c, u->median, 1);
	char *om = guide_md_percent(c, o->median, 1);
	char *ux = guide_md_percent(c, u->max, 1);
	char *ox = guide_md_percent(c, o->max, 1);
	char *median = gg_fill2(S(c, "method.forms.pair"), um, om);
	char *worst = gg_fill2(S(c, "method.forms.pair"), ux, ox);
	const char *key = u->median <= o->median
	                      ? (u->max <= o->max ? "method.forms.both_better"
	                                          : "method.forms.median_better")
	                      : (u->max <= o->max ? "method.forms.worst_better"
	                                          : "method.forms.both_worse");
	char *verdict = gg_fill2(S(c, key), median, worst);
	char *text = gg_fill2(S(c, "method.forms.workload"),
	                      S(c, w == WORKLOAD_CNN
	                               ? "method.forms.label.cnn"
	                               : "method.forms.label.transformer"),
	                      verdict);
	g_free(um);
	g_free(om);
	g_free(ux);
	g_free(ox);
	g_free(median);
	g_free(worst);
	g_free(verdict);
	return text;
}

/* The comparison of forms in words, one sentence per workload. */
static char *forms_intro(const Ctx *c)
{
	GString *s = g_string_new(S(c, "method.forms.intro"));
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		char *v = form_verdict(c, (Workload)w);
		g_string_append_c(s, ' ');
		g_string_append(s, v);
		g_free(v);
	}
	return g_string_free(s, FALSE);
}

static const Column FAMILIES[] = {
    {"workload", "table.workload", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"family", "table.family", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"segment", "table.segment", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"gpus", "table.gpus_fitted", COL_INT, 0, 0, 'r', NULL, 0},
    {"intercept", NULL, COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"errors", "table.errors", COL_INT, 0, 0, 'r', NULL, 0},
    {"band_low", "table.band_low", COL_PERCENT, 1, 4, 'r', NULL, 0},
    {"band_high", "table.band_high", COL_PERCENT, 1, 4, 'r', NULL, 0},
};

/* The chip families of the family fit: their measured GPUs and the 10-90 %
 * band of their held-out errors, which is the interval of every GPU
 * modelled from them.  Empty under the 2020 form. */
static Table *families_table(const Ctx *c)
{
	const Performance *p = c->perf;
	Table *t = table_new("model_families", FAMILIES,
	                     G_N_ELEMENTS(FAMILIES), NULL);
	for (int w = 0; w < WORKLOAD_COUNT; w++)
		for (size_t i = 0; i < p->n_families[w]; i++) {
			const FamilyFit *f = &p->families[w][i];
			table_add_row(t);
			guide_set_workload(c, t, "workload", (Workload)w);
			table_set_text(t, "family", f->family);
			table_set_text(t, "segment", f->segment);
			table_set_number(t, "gpus", (double)f->n_gpus);
			table_set_number(t, "intercept", f->intercept);
			table_set_number(t, "errors", (double)f->n_errors);
			/* log(pred/true) as a percentage; a family with fewer
			 * than three errors has the workload's band */
			table_set_number(t, "band_low", expm1(f->err_low));
			table_set_number(t, "band_high", expm1(f->err_high));
		}
	return t;
}

static const Column EXCLUDED[] = {
    {"gpu", "table.gpu", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"network", "table.network", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"config", "table.config", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"precision", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"gpu_count", "table.gpus", COL_INT, 0, 0, 'r', NULL, 0},
    {"batch_size", "table.batch", COL_NUMBER, 0, 1, 'r', NULL, 0},
    {"reason", "table.reason", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"source", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"date", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
};

static const Column SCALING_ROWS[] = {
    {"gpu", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"network", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"config", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"precision", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"gpu_count", NULL, COL_INT, 0, 0, 'r', NULL, 0},
    {"batch_size", NULL, COL_NUMBER, 0, 1, 'r', NULL, 0},
    {"reason", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"source", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"date", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
};

/* Benchmark rows that do not enter the fit, with the reason: the guide's
 * table those left out for a fault of the row (scaling_only false), the
 * data-only one the multi-GPU rows that feed the scaling instead. */
static Table *excluded_table(const Ctx *c, bool scaling_only)
{
	Table *t = scaling_only
	               ? table_new("scaling_rows", SCALING_ROWS,
	                           G_N_ELEMENTS(SCALING_ROWS), NULL)
	               : table_new("excluded_rows", EXCLUDED,
	                           G_N_ELEMENTS(EXCLUDED), NULL);
	for (size_t i = 0; i < c->e->n_benchmarks; i++) {
		const DebiasedRow *d = &c->perf->rows[i];
		const Benchmark *b = &c->e->benchmarks[i];
		if (d->used || (d->reason == UNUSED_SCALING_ONLY) != scaling_only)
			continue;
		const char *key = model_unused_key(d->reason);
		table_add_row(t);
		table_set_text(t, "gpu", c->e->gpus[b->gpu].name);
		table_set_text(t, "network", b->network);
		table_set_text(t, "config", b->config);
		table_set_text(t, "precision", b->precision);
		table_set_number(t, "gpu_count", b->gpu_count);
		table_set_number(t, "batch_size", b->batch_size);
		table_set_shown(t, "reason", key, S(c, key));
		table_set_text(t, "source", b->from.source);
		table_set_text(t, "date", b->from.date);
	}
	return t;
}

/* The blind spots as a Markdown list, one item per line. */
static char *blind_spots(const Ctx *c)
{
	size_t n;
	const BlindSpot *spots = model_blind_spots(&n);
	GString *md = g_string_new(NULL);
	for (size_t i = 0; i < n; i++)
		g_string_append_printf(md, "%s- %s", i ? "\n" : "",
		                       S(c, model_blind_spot_key(spots[i])));
	return g_string_free(md, FALSE);
}

/* The extrapolation step of the methodology in the form the edition
 * used: the 2020 form's bandwidth shares, or the family fit's weights. */
static char *extrapolation(const Ctx *c)
{
	const Performance *p = c->perf;
	bool fit = false;
	for (int w = 0; w < WORKLOAD_COUNT; w++)
		fit |= p->form[w] == FORM_FAMILY_FIT;
	if (!fit) {
		char *cnn = num(c, p->bandwidth_weight[WORKLOAD_CNN], 2);
		char *tr = num(c, p->bandwidth_weight[WORKLOAD_TRANSFORMER], 2);
		char *md = gg_fill2(S(c, "method.extrapolate.legacy"), cnn, tr);
		g_free(cnn);
		g_free(tr);
		return md;
	}
	char *text[WORKLOAD_COUNT];
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		char *bw = num(c, p->w_bandwidth[w], 2);
		char *ts = num(c, p->w_tensor[w], 2);
		char *pw = num(c, p->w_power[w], 2);
		char *two = gg_fill2(S(c, "method.weights"), bw, ts);
		text[w] = gg_fill2(S(c, "method.weights_power"), two, pw);
		g_free(two);
		g_free(bw);
		g_free(ts);
		g_free(pw);
	}
	char *md = gg_fill2(S(c, "method.extrapolate.family"),
	                    text[WORKLOAD_CNN], text[WORKLOAD_TRANSFORMER]);
	for (int w = 0; w < WORKLOAD_COUNT; w++)
		g_free(text[w]);
	return md;
}

/* The validated GPU with the largest held-out error of w (the one
 * loo_max counts), or SIZE_MAX. */
static size_t worst_validated(const Performance *p, Workload w)
{
	for (size_t g = 0; g < p->edition->n_gpus; g++) {
		double e = p->gpus[w][g].loo_error;
		if (!isnan(e) && fabs(fabs(e) - p->loo_max[w]) < 1e-12)
			return g;
	}
	return SIZE_MAX;
}

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
	add_sentence(c, out, gg_fill2(S(c, gp->loo_error > 0
	                                       ? "method.target_family_ahead"
	                                       : "method.target_family_behind"),
	                              pred, meas));
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

/* One workload against the targets: met, or which figure misses and,
 * for the worst error, why (its family a pair, or larger). */
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
	size_t x = worst_validated(p, w);
	if (p->loo_max[w] > max && x != SIZE_MAX) {
		char *pct = guide_md_percent(c, fabs(p->gpus[w][x].loo_error), 1);
		char *gpu = md_escape(c->e->gpus[x].name);
		char *sign = g_strconcat(p->gpus[w][x].loo_error > 0
		                             ? "+" : "\xE2\x88\x92", pct, NULL);
		char *who = gg_fill2(S(c, "format.aside"), gpu, sign);
		g_free(sign);
		add_sentence(c, out, gg_fill2(S(c, "method.target_max_missed"),
		                              name, who));
		size_t n = family_size(p, w, x);
		if (n == 2) {
			char *fam = md_escape(model_family(&c->e->gpus[x]));
			add_sentence(c, out,
			             gg_fill2(S(c, "method.target_pair"), fam, ""));
			add_sentence(c, out, gg_fill2(S(c, "method.target_pair_tried"),
			                              fam, ""));
			g_free(fam);
		} else if (n > 2) {
			family_gap(c, w, x, n, out);
		}
		g_free(who);
		g_free(gpu);
		g_free(pct);
	}
	if (p->loo_median[w] <= med && p->loo_max[w] <= max) {
		add_sentence(c, out, gg_fill2(S(c, "method.target_met"), name, ""));
	}
	g_free(name);
}

/* The validation targets of the edition (loo_target_median and
 * loo_target_max in assumptions.csv) and, per workload, whether the
 * held-out errors meet them; "" when the edition sets none. */
static char *targets_text(const Ctx *c)
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

/* Appends GPU g's name to the Markdown list *list (format.list). */
static void list_gpu(const Ctx *c, char **list, size_t g)
{
	char *name = guide_gpu_md(c, g);
	char *joined = *list ? gg_fill2(S(c, "format.list"), *list, name)
	                     : g_strdup(name);
	g_free(name);
	g_free(*list);
	*list = joined;
}

/* {{model_unvouched}}: what the edition makes of the GPUs the
 * tensor-core model cannot vouch for (model_ok = no: no tensor cores,
 * or another vendor): which it rates from their own benchmarks, which
 * it models (the 2020 form's FP32 rule) and which it leaves unrated, as
 * its results say; empty when it has none. */
static char *unvouched(const Ctx *c)
{
	enum { MEASURED, MODELLED, UNRATED, GROUPS };
	static const char *const keys[GROUPS] = {"model.unvouched.measured",
	                                         "model.unvouched.modelled",
	                                         "model.unvouched.unrated"};
	char *list[GROUPS] = {NULL, NULL, NULL};
	for (size_t g = 0; g < c->e->n_gpus; g++) {
		if (c->e->gpus[g].model_ok)
			continue;
		bool measured = false, modelled = false;
		for (int w = 0; w < WORKLOAD_COUNT; w++) {
			const GpuPerf *gp = &c->perf->gpus[w][g];
			measured |= gp->rated && gp->basis == BASIS_MEASURED;
			modelled |= gp->rated && gp->basis != BASIS_MEASURED;
		}
		if (measured)
			list_gpu(c, &list[MEASURED], g);
		if (modelled)
			list_gpu(c, &list[MODELLED], g);
		if (!measured && !modelled)
			list_gpu(c, &list[UNRATED], g);
	}
	if (!list[MEASURED] && !list[MODELLED] && !list[UNRATED])
		return g_strdup("");
	char *md = g_strdup(S(c, "model.unvouched.intro"));
	for (int k = 0; k < GROUPS; k++) {
		if (!list[k])
			continue;
		char *sentence = gg_fill2(S(c, keys[k]), list[k], "");
		char *joined = gg_fill2(S(c, "format.sentences"), md, sentence);
		g_free(sentence);
		g_free(md);
		g_free(list[k]);
		md = joined;
	}
	return md;
}

void guide_add_method_tables(const Ctx *c, Values *v, GPtrArray *tables)
{
	values_set_scalar(v, "model_unvouched", unvouched(c));
	guide_add_table(c, v, tables, model_fit_table(c));
	guide_add_table(c, v, tables, forms_table(c));
	values_set_scalar(v, "model_forms_intro", forms_intro(c));
	Table *families = families_table(c);
	bool no_families = table_rows(families) == 0;
	guide_add_table(c, v, tables, families);
	if (no_families) /* the 2020 form: no table in the guide */
		values_set_table(v, "model_families", g_strdup(""));
	Table *scaling = excluded_table(c, true);
	values_set_scalar(v, "scaling_only_count",
	                  g_strdup_printf("%zu", table_rows(scaling)));
	guide_add_table(c, v, tables, scaling);
	Table *excluded = excluded_table(c, false);
	values_set_scalar(v, "excluded_count",
	                  g_strdup_printf("%zu", table_rows(excluded)));
	guide_add_table(c, v, tables, excluded);
	values_set_scalar(v, "model_blind_spots", blind_spots(c));
	values_set_scalar(v, "model_extrapolation", extrapolation(c));
	bool fit = false;
	for (int w = 0; w < WORKLOAD_COUNT; w++)
		fit |= c->perf->form[w] == FORM_FAMILY_FIT;
	char *targets = targets_text(c);
	values_set_scalar(v, "model_fit_intro",
	                  targets[0]
	                      ? g_strdup_printf("%s\n\n%s", targets,
	                                        S(c, fit ? "method.fit_intro.family"
	                                                 : "method.fit_intro.legacy"))
	                      : g_strdup(S(c, fit ? "method.fit_intro.family"
	                                          : "method.fit_intro.legacy")));
	g_free(targets);
	const Assumption *pen = edition_assumption(c->e,
	                                           "family_fallback_penalty");
	char *pct = guide_md_percent(c, pen && pen->is_number ? pen->number : 0,
	                             0);
	values_set_scalar(v, "model_ranges",
	                  gg_fill2(S(c, fit ? "method.ranges.family"
	                                    : "method.ranges.legacy"),
	                           pct, ""));
	g_free(pct);
	values_set_scalar(v, "model_form_short",
	                  g_strdup(S(c, form_key(fit ? FORM_FAMILY_FIT
	                                             : FORM_LEGACY))));
}
