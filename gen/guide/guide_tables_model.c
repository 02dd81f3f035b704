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
	static const char *const ids[] = {"legacy", "family_fit", "roofline",
	                                  "roofline_power"};
	G_STATIC_ASSERT(G_N_ELEMENTS(ids) == FORM_COUNT);
	return ids[f];
}

static const char *form_key(ModelForm f)
{
	static const char *const keys[] = {"model.form.legacy",
	                                   "model.form.family_fit",
	                                   "model.form.roofline",
	                                   "model.form.roofline_power"};
	G_STATIC_ASSERT(G_N_ELEMENTS(keys) == FORM_COUNT);
	return keys[f];
}

static const Column MODEL_FIT[] = {
    {"workload", "table.workload", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"form", "table.form", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"w_bandwidth", "table.w_bandwidth", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"w_tensor", "table.w_tensor", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"w_power", "table.w_power", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"bandwidth_weight", "table.bandwidth_share", COL_NUMBER, 2, 4, 'r',
     NULL, 0},
    {"memory_share", "table.roofline_beta", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"elasticity", "table.roofline_elasticity", COL_NUMBER, 2, 4, 'r', NULL,
     0},
    {"power_cap", "table.roofline_power_cap", COL_NUMBER, 2, 4, 'r', NULL, 0},
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
	bool any_fit = false, any_roofline = false, any_legacy = false;
	bool any_power = false;
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		any_fit |= p->form[w] == FORM_FAMILY_FIT;
		any_roofline |= form_is_roofline(p->form[w]);
		any_power |= p->form[w] == FORM_POWER_ROOFLINE;
		any_legacy |= p->form[w] == FORM_LEGACY;
	}
	/* the guide shows the columns of the forms the edition used (with
	 * a roofline, the alone-in-family breakdown only in the export and
	 * the validation sentence: the table would not fit a page) */
	char *shown = g_strconcat(
	    "workload form", any_legacy ? " bandwidth_weight" : "",
	    any_fit ? " w_bandwidth w_tensor w_power" : "",
	    any_roofline ? " memory_share elasticity" : "",
	    any_power ? " power_cap" : "",
	    " gpus_validated median_abs_error max_abs_error",
	    any_fit && !any_roofline ? " fallback_gpus fallback_max_error" : "",
	    NULL);
	Table *t = table_new("model_fit", MODEL_FIT, G_N_ELEMENTS(MODEL_FIT),
	                     shown);
	g_free(shown);
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		table_add_row(t);
		guide_set_workload(c, t, "workload", (Workload)w);
		table_set_shown(t, "form", form_id(p->form[w]),
		                S(c, form_key(p->form[w])));
		if (p->form[w] == FORM_FAMILY_FIT) {
			table_set_number(t, "w_bandwidth", p->w_bandwidth[w]);
			table_set_number(t, "w_tensor", p->w_tensor[w]);
			table_set_number(t, "w_power", p->w_power[w]);
		} else if (form_is_roofline(p->form[w])) {
			table_set_number(t, "memory_share", p->roofline_beta[w]);
			table_set_number(t, "elasticity",
			                 p->roofline_elasticity[w]);
			if (p->form[w] == FORM_POWER_ROOFLINE)
				table_set_number(t, "power_cap",
				                 p->roofline_power_cap[w]);
		} else {
			table_set_number(t, "bandwidth_weight",
			                 p->bandwidth_weight[w]);
		}
		if (p->form[w] != FORM_LEGACY) {
			table_set_number(t, "fallback_gpus",
			                 (double)p->fallback_count[w]);
			if (p->fallback_count[w])
				table_set_number(t, "fallback_max_error",
				                 p->fallback_max[w]);
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
    {"over_target", "table.over_target", COL_INT, 0, 0, 'r', NULL, 0},
    {"used", "table.form_used", COL_TEXT, 0, 0, 'l', NULL, 0},
};

/* Every form held out on the same GPUs of each workload (every validated
 * GPU, those alone in their family too): the comparison of forms, with
 * how many cards each leaves above the worst-error target. */
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
				table_set_number(t, "over_target",
				                 (double)s->over_target);
			}
			table_set_shown(t, "used", used ? "yes" : "no",
			                S(c, used ? "model.form_used.yes"
			                          : "model.form_used.no"));
		}
	return t;
}

/* "CNN: the form used has the lower median (4.3% against 5.8%) ...": the
 * comparison of workload w with its best other form (lowest median) in
 * words (caller frees). */
static char *form_verdict(const Ctx *c, Workload w)
{
	const Performance *p = c->perf;
	const FormScore *u = &p->form_score[w][p->form[w]];
	const FormScore *o = NULL; /* the best other form by median */
	for (int f = 0; f < FORM_COUNT; f++) {
		const FormScore *s = &p->form_score[w][f];
		if (f != (int)p->form[w] && s->count
		    && (!o || s->median < o->median))
			o = s;
	}
	if (!o)
		o = &p->form_score[w][p->form[w] == FORM_LEGACY
		                          ? FORM_FAMILY_FIT : FORM_LEGACY];
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

/* ", with a power cap of 1.47" appended to md when workload w uses
 * the power-limited roofline (takes md, caller frees the result). */
static char *with_power_cap(const Ctx *c, Workload w, char *md)
{
	const Performance *p = c->perf;
	if (p->form[w] != FORM_POWER_ROOFLINE)
		return md;
	char *cap = num(c, p->roofline_power_cap[w], 2);
	char *out = gg_fill2(S(c, "method.roofline.power_param"), md, cap);
	g_free(cap);
	g_free(md);
	return out;
}

/* The power limit explained, after the sentences of md, when a workload
 * uses the power-limited roofline (takes md, caller frees the result). */
static char *with_power_text(const Ctx *c, char *md)
{
	bool any_power = false;
	for (int w = 0; w < WORKLOAD_COUNT; w++)
		any_power |= c->perf->form[w] == FORM_POWER_ROOFLINE;
	if (!any_power)
		return md;
	char *out = gg_fill2(S(c, "format.sentences"), md,
	                     S(c, "method.roofline.power"));
	g_free(md);
	return out;
}

/* "Transformers are rated with the roofline form instead ...": the
 * roofline of workload w, its memory share and elasticity (caller
 * frees). */
static char *roofline_text(const Ctx *c, Workload w)
{
	const Performance *p = c->perf;
	char *beta = num(c, p->roofline_beta[w], 2);
	char *el = num(c, p->roofline_elasticity[w], 2);
	char *terms = with_power_cap(
	    c, w, gg_fill2(S(c, "method.roofline.terms"), el, beta));
	char *text = gg_fill2(S(c, "method.roofline"),
	                      S(c, w == WORKLOAD_CNN
	                               ? "method.forms.label.cnn"
	                               : "method.forms.label.transformer"),
	                      terms);
	g_free(beta);
	g_free(el);
	g_free(terms);
	return text;
}

/* Both workloads on the roofline: its form and the fitted elasticity
 * and memory share of each, then the family fit it replaced with its
 * weights (family_weights: per workload). */
static char *roofline_only(const Ctx *c, char *const *family_weights)
{
	const Performance *p = c->perf;
	char *params[WORKLOAD_COUNT];
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		char *el = num(c, p->roofline_elasticity[w], 2);
		char *beta = num(c, p->roofline_beta[w], 2);
		params[w] = with_power_cap(
		    c, (Workload)w,
		    gg_fill2(S(c, "method.roofline.params"), el, beta));
		g_free(el);
		g_free(beta);
	}
	char *lead = with_power_text(
	    c, gg_fill2(S(c, "method.extrapolate.roofline"),
	                params[WORKLOAD_CNN], params[WORKLOAD_TRANSFORMER]));
	char *compared = gg_fill2(S(c, "method.extrapolate.family_compared"),
	                          family_weights[WORKLOAD_CNN],
	                          family_weights[WORKLOAD_TRANSFORMER]);
	char *md = gg_fill2(S(c, "format.sentences"), lead, compared);
	for (int w = 0; w < WORKLOAD_COUNT; w++)
		g_free(params[w]);
	g_free(lead);
	g_free(compared);
	return md;
}

/* The extrapolation step of the methodology in the form the edition
 * used: the 2020 form's bandwidth shares, or the family fit's weights,
 * followed by the roofline of each workload it rates. */
static char *extrapolation(const Ctx *c)
{
	const Performance *p = c->perf;
	bool fit = false;
	for (int w = 0; w < WORKLOAD_COUNT; w++)
		fit |= p->form[w] != FORM_LEGACY;
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
	bool all_roofline = true;
	for (int w = 0; w < WORKLOAD_COUNT; w++)
		all_roofline &= form_is_roofline(p->form[w]);
	char *md = all_roofline ? roofline_only(c, text)
	                        : gg_fill2(S(c, "method.extrapolate.family"),
	                                   text[WORKLOAD_CNN],
	                                   text[WORKLOAD_TRANSFORMER]);
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		g_free(text[w]);
		if (form_is_roofline(p->form[w]) && !all_roofline) {
			char *roof = roofline_text(c, (Workload)w);
			char *joined = gg_fill2(S(c, "format.sentences"), md, roof);
			g_free(roof);
			g_free(md);
			md = joined;
		}
	}
	return all_roofline ? md : with_power_text(c, md);
}

/* Appends GPU g's name to the Markdown list *list (format.list). */
static void list_gpu(const Ctx *c, char **list, size_t g)
{
	guide_list_append(c, list, guide_gpu_md(c, g));
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
	Table *ratios = guide_model_ratios_table(c);
	bool no_ratios = table_rows(ratios) == 0;
	const Assumption *rt = edition_assumption(c->e, "loo_target_ratio");
	char *rpct = guide_md_percent(c, rt && rt->is_number ? rt->number : 0,
	                              0);
	values_set_scalar(v, "model_ratios_intro",
	                  no_ratios ? g_strdup("")
	                            : gg_fill2(S(c, "method.ratios.intro"),
	                                       rpct, ""));
	g_free(rpct);
	guide_add_table(c, v, tables, ratios);
	if (no_ratios)
		values_set_table(v, "model_ratios", g_strdup(""));
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
		fit |= c->perf->form[w] != FORM_LEGACY;
	char *targets = guide_model_targets(c);
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
	ModelForm shortf = c->perf->form[WORKLOAD_CNN]
	                           == c->perf->form[WORKLOAD_TRANSFORMER]
	                       ? c->perf->form[WORKLOAD_CNN]
	                   : fit ? FORM_FAMILY_FIT : FORM_LEGACY;
	values_set_scalar(v, "model_form_short",
	                  g_strdup(S(c, form_key(shortf))));
}
