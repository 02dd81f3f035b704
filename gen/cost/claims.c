/* Claims stage: the article's numeric claims against the edition's
 * computed figures.  See claims.h. */
#include "claims.h"

#include "advice.h"
#include "csvload.h"
#include "util.h"
#include "validate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const COLUMNS[] = {"id",     "topic", "article", "ours",
                                      "reason", "source", "url",   "date",
                                      "note",   NULL};
enum { C_ID, C_TOPIC, C_ARTICLE, C_OURS, C_REASON, C_SOURCE, C_URL, C_DATE,
       C_NOTE, C_COUNT };

static const char *const VERDICTS[] = {"exact", "close", "explained",
                                       "differs", "missing"};

const char *claims_verdict_id(ClaimVerdict v)
{
	return VERDICTS[v];
}

double claims_format_max(double e, double m)
{
	return (2 - ldexp(1, -(int)m)) * ldexp(1, (1 << ((int)e - 1)) - 1);
}

static double number_of(const Edition *e, const char *key)
{
	const Assumption *a = edition_assumption(e, key);
	return a && a->is_number ? a->number : NAN;
}

static Workload workload_of(const char *w, bool *ok)
{
	*ok = strcmp(w, "cnn") == 0 || strcmp(w, "transformer") == 0;
	return strcmp(w, "cnn") == 0 ? WORKLOAD_CNN : WORKLOAD_TRANSFORMER;
}

/* The GPU price behind a GPU's 1-GPU build in a condition; NAN when none. */
static double claim_gpu_price(const Costs *c, long g, Condition cond)
{
	for (size_t i = 0; g >= 0 && i < c->n_builds; i++) {
		const Build *b = &c->builds[i];
		if ((long)b->gpu == g && b->gpu_count == 1
		    && b->condition == cond && b->gpu_price)
			return b->gpu_price->price;
	}
	return NAN;
}

static double gpu_field(const Gpu *x, const char *f, bool *ok)
{
	*ok = true;
	if (strcmp(f, "memory_gb") == 0)
		return x->memory_gb;
	if (strcmp(f, "bandwidth_gbs") == 0)
		return x->bandwidth_gbs;
	if (strcmp(f, "sm_count") == 0)
		return x->sm_count;
	if (strcmp(f, "smem_per_sm_kb") == 0)
		return x->smem_per_sm_kb;
	if (strcmp(f, "tdp_w") == 0)
		return x->tdp_w;
	*ok = false;
	return NAN;
}

static double example(const Costs *c, const char *name, bool *ok)
{
	const Examples *x = &c->examples;
	*ok = true;
	if (strcmp(name, "theory_ratio") == 0)
		return x->theory_ratio;
	if (strcmp(name, "theory_low") == 0)
		return x->theory_low;
	if (strcmp(name, "theory_high") == 0)
		return x->theory_high;
	if (strcmp(name, "cycles_without") == 0)
		return x->cycles_without;
	if (strcmp(name, "cycles_with") == 0)
		return x->cycles_with;
	if (strcmp(name, "power_psu_w") == 0)
		return x->power_build ? x->power_build->psu_w : NAN;
	if (strcmp(name, "kwh_year") == 0)
		return x->breakeven_build ? x->breakeven_build->kwh_year : NAN;
	if (strcmp(name, "electricity_year") == 0)
		return x->breakeven_build ? x->breakeven_build->electricity_year
		                          : NAN;
	if (strcmp(name, "breakeven_days") == 0)
		return x->breakeven_days;
	if (strcmp(name, "cloud_at_example") == 0)
		return x->cloud_at_example;
	if (strcmp(name, "desktop_first_year") == 0)
		return x->desktop_first_year;
	if (strcmp(name, "desktop_cost") == 0)
		return x->desktop_cost;
	*ok = false;
	return NAN;
}

/* The quantities computed from assumptions alone: format_max:FORMAT,
 * sparse_speedup, sm_share:GPU.  FALSE when k (with n parts) is none of
 * them; else *v and *ok are set. */
static bool derived_quantity(const Edition *e, const char *k, char **q,
                             size_t n, double *v, bool *ok)
{
	if (strcmp(k, "format_max") == 0 && n == 2) {
		char ke[64], km[64];
		g_snprintf(ke, sizeof ke, "format_exponent_bits.%s", q[1]);
		g_snprintf(km, sizeof km, "format_mantissa_bits.%s", q[1]);
		double eb = number_of(e, ke), mb = number_of(e, km);
		*ok = !isnan(eb) && !isnan(mb);
		if (*ok)
			*v = claims_format_max(eb, mb);
	} else if (strcmp(k, "sparse_speedup") == 0 && n == 1) {
		double g = number_of(e, "sparse_group");
		double z = number_of(e, "sparse_zeros");
		*ok = !isnan(g) && !isnan(z) && g > z;
		if (*ok)
			*v = g / (g - z);
	} else if (strcmp(k, "sm_share") == 0 && n == 2) {
		long g = edition_find_gpu(e, q[1]);
		*ok = g >= 0;
		if (*ok)
			*v = number_of(e, "cycle_example_sms") / e->gpus[g].sm_count;
	} else {
		return false;
	}
	return true;
}

/* The value of quantity q (split at ':'); *known FALSE when q names no
 * quantity, a GPU or a use case the edition does not have. */
static double quantity(const Recommendations *r, char **q, bool *known)
{
	const Costs *c = r->costs;
	const Performance *p = c->perf;
	const Edition *e = p->edition;
	size_t n = g_strv_length(q);
	bool ok = false;
	double v = NAN;
	const char *k = q[0];
	if (strcmp(k, "assumption") == 0 && n == 2) {
		v = number_of(e, q[1]);
		ok = edition_assumption(e, q[1]) != NULL;
	} else if (strcmp(k, "gpu") == 0 && n == 3) {
		long g = edition_find_gpu(e, q[1]);
		if (g >= 0)
			v = gpu_field(&e->gpus[g], q[2], &ok);
	} else if (strcmp(k, "gpus") == 0 && n == 4) {
		long g = edition_find_gpu(e, q[2]);
		if (g >= 0)
			v = atof(q[1]) * gpu_field(&e->gpus[g], q[3], &ok);
	} else if (strcmp(k, "use_case") == 0 && n == 3) {
		for (size_t i = 0; i < e->n_use_cases; i++)
			if (strcmp(e->use_cases[i].id, q[1]) == 0)
				v = e->use_cases[i].min_memory_gb, ok = true;
	} else if (strcmp(k, "perf_ratio") == 0 && n == 4) {
		long a = edition_find_gpu(e, q[1]), b = edition_find_gpu(e, q[2]);
		Workload w = workload_of(q[3], &ok);
		ok = ok && a >= 0 && b >= 0;
		if (ok && p->gpus[w][a].rated && p->gpus[w][b].rated)
			v = p->gpus[w][a].value / p->gpus[w][b].value;
	} else if (strcmp(k, "pair") == 0 && n == 4) {
		long a = edition_find_gpu(e, q[1]), b = edition_find_gpu(e, q[2]);
		PairClaim pc;
		ok = a >= 0 && b >= 0;
		if (ok && model_pair_claim(p, (size_t)a, (size_t)b, q[3], &pc))
			v = pc.debiased;
	} else if (strcmp(k, "price") == 0 && n == 3) {
		long g = edition_find_gpu(e, q[1]);
		ok = g >= 0 && (strcmp(q[2], "new") == 0
		                || strcmp(q[2], "used") == 0);
		if (ok)
			v = claim_gpu_price(c, g, strcmp(q[2], "new") == 0
			                       ? CONDITION_NEW : CONDITION_USED);
	} else if ((strcmp(k, "price_premium") == 0
	            || strcmp(k, "price_gap") == 0) && n == 3) {
		long a = edition_find_gpu(e, q[1]), b = edition_find_gpu(e, q[2]);
		ok = a >= 0 && b >= 0;
		double pa = claim_gpu_price(c, a, CONDITION_NEW);
		double pb = claim_gpu_price(c, b, CONDITION_NEW);
		v = strcmp(k, "price_gap") == 0 ? pa - pb : pa / pb - 1;
	} else if (strcmp(k, "example") == 0 && n == 2) {
		v = example(c, q[1], &ok);
	} else if (derived_quantity(e, k, q, n, &v, &ok)) {
		/* v and ok set from the assumptions */
	} else if (strcmp(k, "cluster_share") == 0 && n == 2) {
		ClusterMix m;
		ok = strcmp(q[1], "small") == 0 || strcmp(q[1], "large") == 0;
		if (ok && advice_cluster_mix(c, &m))
			v = (double)(strcmp(q[1], "small") == 0 ? m.n_small
			                                       : m.n_large)
			    / m.nodes;
	}
	*known = ok;
	return v;
}

/* Decimals of the article's figure as written ("1.57": 2; "3e38": -38,
 * the figure is given to the nearest 10^38). */
static int decimals_of(const char *text)
{
	const char *e = strpbrk(text, "eE");
	const char *dot = strchr(text, '.');
	int d = dot ? (int)((e ? e : text + strlen(text)) - dot - 1) : 0;
	return e ? d - atoi(e + 1) : d;
}

/* A part of a strings key: a-z, 0-9 and '_' ("" passes: no key). */
static bool is_key(const char *text)
{
	for (const char *p = text; *p; p++)
		if (!g_ascii_islower(*p) && !g_ascii_isdigit(*p) && *p != '_')
			return false;
	return true;
}

static void judge(Claim *x, double close)
{
	x->difference = isnan(x->ours) ? NAN : x->ours / x->article - 1;
	double unit = pow(10, -x->decimals);
	if (isnan(x->ours))
		x->verdict = CLAIM_MISSING;
	else if (fabs(x->ours - x->article) <= unit / 2 * (1 + 1e-9)
	         || x->ours == x->article)
		x->verdict = CLAIM_EXACT;
	else if (fabs(x->difference) <= close)
		x->verdict = CLAIM_CLOSE;
	else
		x->verdict = CLAIM_EXPLAINED;
}

static bool read_claim(const Recommendations *r, const CsvTable *t,
                       const CsvRow *row, const int *col, double close,
                       Claim *x, GError **error)
{
	if (row->n_fields != t->header.n_fields) {
		gg_set_input_error(error, t->path, row->line, 1,
		                   "expected %zu fields, got %zu",
		                   t->header.n_fields, row->n_fields);
		return false;
	}
	const CsvField *f[C_COUNT];
	for (int i = 0; i < C_COUNT; i++)
		f[i] = &row->fields[col[i]];
	const Edition *e = r->costs->perf->edition;
	/* only an archived edition's date bounds its rows (edition.h) */
	const char *limit = e->edition_date_fixed ? e->edition_date : NULL;
	double article;
	const CsvField *bad = NULL;
	const char *why = NULL;
	if (!f[C_ID]->text[0] || !f[C_SOURCE]->text[0])
		bad = !f[C_ID]->text[0] ? f[C_ID] : f[C_SOURCE],
		why = "empty required field";
	else if (!is_key(f[C_ID]->text) || !is_key(f[C_REASON]->text))
		bad = !is_key(f[C_ID]->text) ? f[C_ID] : f[C_REASON],
		why = "a key of the strings takes only a-z, 0-9 and '_'";
	else if (!gg_parse_number(f[C_ARTICLE]->text, &article)
	         || article == 0)
		bad = f[C_ARTICLE], why = "article must be a non-zero number";
	else if (!gg_address_ok(f[C_URL]->text, &why))
		bad = f[C_URL];
	else if (!gg_is_iso_date(f[C_DATE]->text))
		bad = f[C_DATE], why = "date is not a valid date YYYY-MM-DD";
	else if (limit && strcmp(f[C_DATE]->text, limit) > 0)
		bad = f[C_DATE], why = "date is after the edition date";
	else if (strcmp(f[C_DATE]->text, gg_today()) > 0)
		bad = f[C_DATE], why = "date is in the future (after the run's "
		                       "date, SOURCE_DATE_EPOCH or the clock)";
	if (!bad && f[C_OURS]->text[0]) {
		char **q = g_strsplit(f[C_OURS]->text, ":", -1);
		bool known;
		x->ours = quantity(r, q, &known);
		g_strfreev(q);
		if (!known)
			bad = f[C_OURS], why = "unknown quantity (see claims.h)";
	} else {
		x->ours = NAN;
	}
	if (bad) {
		gg_set_input_error(error, t->path, bad->line, bad->col,
		                   "%s, got '%s'", why, bad->text);
		return false;
	}
	x->id = g_strdup(f[C_ID]->text);
	x->topic = g_strdup(f[C_TOPIC]->text);
	x->quantity = g_strdup(f[C_OURS]->text);
	x->reason = g_strdup(f[C_REASON]->text);
	x->article = article;
	x->decimals = decimals_of(f[C_ARTICLE]->text);
	x->line = row->line;
	judge(x, close);
	if (x->verdict == CLAIM_EXPLAINED && !x->reason[0])
		x->verdict = CLAIM_DIFFERS; /* a price edit may do this */
	return true;
}

static bool columns(const CsvTable *t, int *col, GError **error)
{
	for (int i = 0; COLUMNS[i]; i++) {
		col[i] = csv_table_column(t, COLUMNS[i]);
		if (col[i] < 0) {
			gg_set_input_error(error, t->path, t->header.line, 1,
			                   "missing column '%s'", COLUMNS[i]);
			return false;
		}
	}
	if (t->header.n_fields != C_COUNT) {
		gg_set_input_error(error, t->path, t->header.line, 1,
		                   "claims.csv takes exactly the columns: id, "
		                   "topic, article, ours, reason, source, url, "
		                   "date, note");
		return false;
	}
	return true;
}

ClaimList *claims_run(const Recommendations *r, GError **error)
{
	const Edition *e = r->costs->perf->edition;
	ClaimList *list = g_new0(ClaimList, 1);
	char *path = g_build_filename(e->dir, "claims.csv", NULL);
	if (!g_file_test(path, G_FILE_TEST_EXISTS)) {
		g_free(path);
		return list;
	}
	CsvTable *t = csv_table_load(path, error);
	g_free(path);
	double close = number_of(e, "claims_close_tolerance");
	if (isnan(close))
		close = 0.05;
	int col[C_COUNT];
	bool ok = t && columns(t, col, error);
	if (ok)
		list->claims = g_new0(Claim, t->n_rows + 1);
	for (size_t i = 0; ok && i < t->n_rows; i++) {
		ok = read_claim(r, t, &t->rows[i], col, close,
		                &list->claims[i], error);
		list->n += ok; /* claims_free frees the row from here on */
		/* id is the claim's key (claim.ID in the strings): unique */
		for (size_t k = 0; ok && k < i; k++)
			if (strcmp(list->claims[k].id, list->claims[i].id) == 0) {
				const CsvField *f = &t->rows[i].fields[col[C_ID]];
				gg_set_input_error(error, t->path, f->line, f->col,
				                   "duplicate claim id '%s' (first "
				                   "on line %d)", f->text,
				                   list->claims[k].line);
				ok = false;
			}
		if (ok)
			list->count[list->claims[i].verdict]++;
	}
	csv_table_free(t);
	if (!ok) {
		claims_free(list);
		return NULL;
	}
	return list;
}

void claims_free(ClaimList *list)
{
	if (!list)
		return;
	for (size_t i = 0; i < list->n; i++) {
		Claim *x = &list->claims[i];
		g_free(x->id);
		g_free(x->topic);
		g_free(x->quantity);
		g_free(x->reason);
	}
	g_free(list->claims);
	g_free(list);
}
