/* Guide values of an archived edition (2020-09): how its forecast held
 * up (hindsight.h: a table, a predicted-against-measured chart, the
 * median and worst error and what the method got wrong) and the banner
 * that says the edition is archived, and every numeric claim of the
 * article against ours (claims.h).  An edition without later/ rows
 * gets an empty hindsight table and no chart; an edition without the
 * archived_edition assumption an empty banner.  See guide_ctx.h. */
#include "guide_ctx.h"

#include "claims.h"
#include "hindsight.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- the hindsight table ---------------------------------------------- */

static const Column HINDSIGHT[] = {
    {"gpu", "table.gpu", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"workload", "table.workload", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"kind", "hindsight.kind", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"predicted", "hindsight.predicted", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"measured", "hindsight.measured", COL_NUMBER, 2, 4, 'r', NULL, 0},
    {"error", "table.error", COL_PERCENT, 0, 4, 'r', NULL, 0},
    {"later_rows", "hindsight.later_rows", COL_INT, 0, 0, 'r', NULL, 0},
};

static const char *kind_key(PerfKind k)
{
	return k == PERF_MODELLED ? "kind.modelled" : "kind.debiased";
}

static Table *hindsight_table(const Ctx *c, const Hindsight *h)
{
	Table *t = table_new("hindsight", HINDSIGHT, G_N_ELEMENTS(HINDSIGHT),
	                     NULL);
	for (size_t i = 0; i < h->n; i++) {
		const HindsightRow *r = &h->rows[i];
		table_add_row(t);
		table_set_text(t, "gpu", c->e->gpus[r->gpu].name);
		guide_set_workload(c, t, "workload", r->workload);
		table_set_shown(t, "kind",
		                r->kind == PERF_MODELLED ? "modelled"
		                                         : "debiased",
		                S(c, kind_key(r->kind)));
		table_set_number(t, "predicted", r->predicted);
		table_set_number(t, "measured", r->measured);
		table_set_number(t, "error", r->error);
		table_set_number(t, "later_rows", (double)r->n_later);
	}
	return t;
}

/* ---- the chart ---------------------------------------------------------- */

/* A point gets its GPU's name unless a point drawn with a name (the CNN
 * points come first) lies close to it. */
static bool labelled(const Hindsight *h, size_t i)
{
	const HindsightRow *r = &h->rows[i];
	if (r->workload == WORKLOAD_CNN)
		return true;
	for (size_t k = 0; k < h->n; k++) {
		const HindsightRow *o = &h->rows[k];
		if (o->workload == WORKLOAD_CNN
		    && hypot(o->predicted - r->predicted,
		             o->measured - r->measured) < 0.2)
			return false;
	}
	return true;
}

static Chart *hindsight_chart(const Ctx *c, const Hindsight *h)
{
	Chart *ch = chart_new(CHART_XY, "hindsight");
	ch->title = g_strdup(S(c, "chart.hindsight.title"));
	const char *anchor = c->e->gpus[h->anchor].name;
	ch->caption = gg_fill2(S(c, "chart.hindsight.caption"), anchor, "");
	ch->x_label = gg_fill2(S(c, "chart.hindsight.axis"), anchor, "");
	ch->y_label = g_strdup(S(c, "chart.hindsight.y_axis"));
	ch->legend_reference = g_strdup(S(c, "chart.hindsight.diagonal"));
	ch->font_family = g_strdup(S(c, "font.sans"));
	ch->source_line = gg_fill2(S(c, "chart.source"), c->e->name,
	                           c->e->data_date);
	ch->diagonal = true;
	for (int w = 0; w < WORKLOAD_COUNT; w++) {
		size_t s = chart_add_series(
		    ch, g_strdup(S(c, w == WORKLOAD_CNN
		                          ? "workload.cnn"
		                          : "workload.transformer_title")),
		    false);
		for (size_t i = 0; i < h->n; i++) {
			const HindsightRow *r = &h->rows[i];
			if ((int)r->workload == w)
				chart_add_point(ch, s, r->predicted, r->measured,
				                labelled(h, i)
				                    ? g_strdup(c->e->gpus[r->gpu].name)
				                    : NULL);
		}
	}
	return ch;
}

/* ---- the scalars -------------------------------------------------------- */

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The median signed error of the rows of kind k and workload w, and
 * how many there are. */
static double group_median(const Hindsight *h, PerfKind k, Workload w,
                           size_t *n)
{
	double *e = g_new(double, h->n + 1);
	*n = 0;
	for (size_t i = 0; i < h->n; i++)
		if (h->rows[i].kind == k && h->rows[i].workload == w)
			e[(*n)++] = h->rows[i].error;
	double m = NAN;
	if (*n) {
		qsort(e, *n, sizeof *e, by_double);
		m = *n % 2 ? e[*n / 2] : (e[*n / 2 - 1] + e[*n / 2]) / 2;
	}
	g_free(e);
	return m;
}

/* "12% too high for CNNs" for one group ("about right" below 0.5%). */
static char *group_words(const Ctx *c, double median, Workload w)
{
	char *pct = format_percent(c->s, fabs(median), 1);
	const char *key = fabs(median) < 0.005 ? "hindsight.right"
	                  : median < 0         ? "hindsight.low"
	                                       : "hindsight.high";
	char *text = gg_fill2(S(c, key),
	                      pct,
	                      S(c, w == WORKLOAD_CNN ? "hindsight.for_cnn"
	                                             : "hindsight.for_transformer"));
	g_free(pct);
	return text;
}

/* What the method got wrong, from the numbers: per kind of figure
 * (modelled, then debiased) its median signed error per workload; then
 * whether the modelled figures missed in opposite directions for the two
 * workloads (one bandwidth rule for both cannot be right) or in the same
 * direction (the level is off). */
static char *lesson(const Ctx *c, const Hindsight *h)
{
	const PerfKind kinds[2] = {PERF_MODELLED, PERF_DEBIASED};
	const char *subject[2] = {"hindsight.lesson_modelled",
	                          "hindsight.lesson_debiased"};
	GString *s = g_string_new(NULL);
	double mod[WORKLOAD_COUNT] = {NAN, NAN};
	for (int k = 0; k < 2; k++) {
		char *part[WORKLOAD_COUNT] = {NULL, NULL};
		for (int w = 0; w < WORKLOAD_COUNT; w++) {
			size_t n;
			double m = group_median(h, kinds[k], (Workload)w, &n);
			if (n)
				part[w] = group_words(c, m, (Workload)w);
			if (k == 0)
				mod[w] = m;
		}
		if (!part[0] && !part[1])
			continue;
		char *both = part[0] && part[1]
		                 ? gg_fill2(S(c, "hindsight.and"), part[0],
		                            part[1])
		                 : g_strdup(part[0] ? part[0] : part[1]);
		char *sentence = gg_fill2(S(c, "hindsight.lesson"),
		                          S(c, subject[k]), both);
		g_string_append_printf(s, "%s%s", s->len ? " " : "", sentence);
		g_free(sentence);
		g_free(both);
		g_free(part[0]);
		g_free(part[1]);
	}
	if (!isnan(mod[0]) && !isnan(mod[1]))
		g_string_append_printf(s, " %s",
		                       S(c, (mod[0] < 0) != (mod[1] < 0)
		                                ? "hindsight.split"
		                                : "hindsight.same"));
	char *md = md_escape(s->str);
	g_string_free(s, TRUE);
	return md;
}

static void set_percent(const Ctx *c, Values *v, const char *name,
                        double fraction)
{
	values_set_scalar(v, name, guide_md_percent(c, fraction, 0));
}

static void hindsight_values(const Ctx *c, Values *v, GPtrArray *tables)
{
	const Hindsight *h = c->res->hindsight;
	guide_add_table(c, v, tables, hindsight_table(c, h));
	if (h->n > 0) {
		const HindsightRow *w = &h->rows[h->worst];
		values_add_chart(v, hindsight_chart(c, h));
		values_set_scalar(v, "hindsight_anchor",
		                  guide_gpu_md(c, h->anchor));
		values_set_scalar(v, "hindsight_count",
		                  g_strdup_printf("%zu", h->n));
		values_set_scalar(v, "hindsight_later_rows",
		                  g_strdup_printf("%zu", h->n_later_rows));
		set_percent(c, v, "hindsight_median_error", h->median_abs_error);
		set_percent(c, v, "hindsight_worst_error", h->worst_abs_error);
		values_set_scalar(v, "hindsight_worst_gpu",
		                  guide_gpu_md(c, w->gpu));
		values_set_scalar(v, "hindsight_worst_workload",
		                  md_escape(S(c, w->workload == WORKLOAD_CNN
		                                     ? "workload.cnn"
		                                     : "workload.transformer")));
		values_set_scalar(v, "hindsight_worst_predicted",
		                  num(c, w->predicted, 2));
		values_set_scalar(v, "hindsight_worst_measured",
		                  num(c, w->measured, 2));
		values_set_scalar(v, "hindsight_lesson", lesson(c, h));
	}
}

/* ---- every numeric claim of the article --------------------------------- */

static const Column CLAIMS[] = {
    {"id", "claims.claim", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"topic", "claims.topic", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"article", "table.article", COL_TEXT, 0, 0, 'r', NULL, 0},
    {"ours", "table.ours", COL_TEXT, 0, 0, 'r', NULL, 0},
    {"difference", "table.difference", COL_PERCENT, 1, 4, 'r', NULL, 0},
    {"verdict", "claims.verdict", COL_TEXT, 0, 0, 'l', NULL, 0},
    {"quantity", NULL, COL_TEXT, 0, 0, 'l', NULL, 0},
    {"reason", "table.why", COL_TEXT, 0, 0, 'l', NULL, 0},
};

/* A figure at the article's precision, or with up to three significant
 * decimals when smaller than one ("0.098"). */
static char *claim_number(const Ctx *c, double v, int decimals)
{
	if (fabs(v) >= 1e7) {
		int exp10 = (int)floor(log10(fabs(v)));
		char *m = num(c, v / pow(10, exp10), 2);
		char *s = g_strdup_printf("%se%d", m, exp10);
		g_free(m);
		return s;
	}
	int d = decimals < 0 ? 0 : decimals;
	if (fabs(v) < 1 && d < 3)
		d = 3;
	return num(c, v, d);
}

/* One list item of the reasons below the claims table. */
static void append_reason(const Ctx *c, GString *why, const char *what,
                          const char *reason)
{
	char *w = md_escape(what);
	char *r = md_escape(reason);
	char *item = gg_fill2(S(c, "claims.reason_item"), w, r);
	g_string_append_printf(why, "- %s\n", item);
	g_free(item);
	g_free(r);
	g_free(w);
}

static void claims_values(const Ctx *c, Values *v, GPtrArray *tables)
{
	const ClaimList *l = c->res->claims;
	if (l->n == 0)
		return;
	/* the reasons go below the table, where long text reads well; the
	 * data holds ids and keys, the guide the language's words */
	Table *t = table_new("article_claims", CLAIMS, G_N_ELEMENTS(CLAIMS),
	                     "id article ours difference verdict");
	GString *why = g_string_new(NULL);
	for (size_t i = 0; i < l->n; i++) {
		const Claim *x = &l->claims[i];
		table_add_row(t);
		char *tk = g_strdup_printf("claim.%s", x->id);
		const char *what = S(c, tk);
		table_set_shown(t, "id", x->id, what);
		g_free(tk);
		tk = g_strdup_printf("claims.topic.%s", x->topic);
		table_set_shown(t, "topic", x->topic, S(c, tk));
		g_free(tk);
		char *a = claim_number(c, x->article, x->decimals);
		char *data = g_strdup_printf("%.6g", x->article);
		table_take_shown(t, "article", data, a);
		g_free(data);
		if (!isnan(x->ours)) {
			data = g_strdup_printf("%.6g", x->ours);
			table_take_shown(t, "ours", data,
			                 claim_number(c, x->ours, x->decimals));
			g_free(data);
			table_set_number(t, "difference", x->difference);
		}
		char *key = g_strdup_printf("claims.verdict.%s",
		                            claims_verdict_id(x->verdict));
		table_set_shown(t, "verdict", claims_verdict_id(x->verdict),
		                S(c, key));
		g_free(key);
		table_set_text(t, "quantity", x->quantity);
		table_set_text(t, "reason", x->reason);
		if (!x->reason[0])
			continue;
		/* a reason's words must exist even where it is not shown */
		char *k = g_strdup_printf("claim.reason.%s", x->reason);
		const char *words = S(c, k);
		if (x->verdict != CLAIM_EXACT)
			append_reason(c, why, what, words);
		g_free(k);
	}
	guide_add_table(c, v, tables, t);
	values_set_scalar(v, "claims_reasons", g_string_free(why, FALSE));
	const char *names[] = {"claims_exact", "claims_close",
	                       "claims_explained", "claims_differs",
	                       "claims_missing"};
	for (int k = 0; k < CLAIM_VERDICTS; k++)
		values_set_scalar(v, names[k],
		                  g_strdup_printf("%zu", l->count[k]));
	values_set_scalar(v, "claims_total", g_strdup_printf("%zu", l->n));
	values_set_scalar(v, "claims_accounted",
	                  g_strdup_printf("%zu", l->n - l->count[CLAIM_MISSING]));
}

/* ---- the archive banner ------------------------------------------------- */

/* {{archive_banner}}: a block quote naming the edition archived, with a
 * link to the current edition (published one folder up), when the
 * edition carries archived_edition = 1; otherwise empty. */
static void banner_value(const Ctx *c, Values *v)
{
	const Assumption *a = edition_assumption(c->e, "archived_edition");
	if (!a || !a->is_number || a->number != 1) {
		values_set_scalar(v, "archive_banner", g_strdup(""));
		return;
	}
	char *date = md_escape(c->e->data_date);
	char *text = gg_fill2(S(c, "archive.banner"), date, "../index.html");
	values_set_scalar(v, "archive_banner", g_strdup_printf("> %s", text));
	g_free(text);
	g_free(date);
}

void guide_add_archive(const Ctx *c, Values *v, GPtrArray *tables)
{
	banner_value(c, v);
	hindsight_values(c, v, tables);
	claims_values(c, v, tables);
}
