/* Advice stage: the avoid list, the price ladder of a budget tier, the
 * power-limited pick, the cheaper option and the cluster mix.  See
 * advice.h. */
#include "advice.h"

#include "csvload.h"
#include "recommend.h"
#include "util.h"
#include "validate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const AVOID_COLUMNS[] = {"match", "value", "reason",
                                            "buyer", "source", "url",
                                            "date", "note", NULL};
static const char *const MATCHES[] = {"gpu", "segment", "variant", NULL};
static const char *const BUYERS[] = {"individual", "anyone", NULL};
static const char *const SEGMENTS[] = {"consumer", "workstation",
                                       "datacenter", NULL};

static int index_of(const char *const *list, const char *text)
{
	for (int i = 0; list[i]; i++)
		if (strcmp(list[i], text) == 0)
			return i;
	return -1;
}

/* The header names exactly the avoid.csv columns, in any order. */
static bool check_header(const CsvTable *t, int *col, GError **error)
{
	for (int i = 0; AVOID_COLUMNS[i]; i++) {
		col[i] = csv_table_column(t, AVOID_COLUMNS[i]);
		if (col[i] < 0) {
			gg_set_input_error(error, t->path, t->header.line, 1,
			                   "missing column '%s'",
			                   AVOID_COLUMNS[i]);
			return false;
		}
	}
	if (t->header.n_fields != G_N_ELEMENTS(AVOID_COLUMNS) - 1) {
		gg_set_input_error(error, t->path, t->header.line, 1,
		                   "avoid.csv takes exactly the columns: "
		                   "match, value, reason, buyer, source, "
		                   "url, date, note");
		return false;
	}
	return true;
}

/* One row; false with *error set at the offending field. */
static bool read_row(const Edition *e, const CsvTable *t, const CsvRow *r,
                     const int *col, AvoidRow *a, GError **error)
{
	if (r->n_fields != t->header.n_fields) {
		gg_set_input_error(error, t->path, r->line, 1,
		                   "expected %zu fields, got %zu",
		                   t->header.n_fields, r->n_fields);
		return false;
	}
	const CsvField *f[8];
	for (int i = 0; i < 8; i++)
		f[i] = &r->fields[col[i]];
	int match = index_of(MATCHES, f[0]->text);
	int buyer = index_of(BUYERS, f[3]->text);
	/* only an archived edition's date bounds its rows (edition.h) */
	const char *limit = e->edition_date_fixed ? e->edition_date : NULL;
	const CsvField *bad = NULL;
	const char *why = NULL;
	if (match < 0)
		bad = f[0], why = "match must be one of: gpu, segment, variant";
	else if (!f[1]->text[0] || !f[2]->text[0] || !f[4]->text[0])
		bad = !f[1]->text[0] ? f[1] : !f[2]->text[0] ? f[2] : f[4],
		why = "empty required field";
	else if (match == AVOID_GPU && edition_find_gpu(e, f[1]->text) < 0)
		bad = f[1], why = "unknown GPU: no such name in gpus.csv";
	else if (match == AVOID_SEGMENT && index_of(SEGMENTS, f[1]->text) < 0)
		bad = f[1], why = "segment must be one of: consumer, "
		                  "workstation, datacenter";
	else if (buyer < 0)
		bad = f[3], why = "buyer must be one of: individual, anyone";
	else if (!gg_address_ok(f[5]->text, &why))
		bad = f[5];
	else if (!gg_is_iso_date(f[6]->text))
		bad = f[6], why = "date is not a valid date YYYY-MM-DD";
	else if (limit && strcmp(f[6]->text, limit) > 0)
		bad = f[6], why = "date is after the edition date";
	else if (strcmp(f[6]->text, gg_today()) > 0)
		bad = f[6], why = "date is in the future (after the run's "
		                  "date, SOURCE_DATE_EPOCH or the clock)";
	if (bad) {
		gg_set_input_error(error, t->path, bad->line, bad->col,
		                   "%s, got '%s'", why, bad->text);
		return false;
	}
	a->match = (AvoidMatch)match;
	a->value = g_strdup(f[1]->text);
	a->reason = g_strdup(f[2]->text);
	a->buyer = (AvoidBuyer)buyer;
	a->source = g_strdup(f[4]->text);
	a->url = g_strdup(f[5]->text);
	a->date = g_strdup(f[6]->text);
	a->note = g_strdup(f[7]->text);
	a->line = r->line;
	return true;
}

AvoidList *advice_avoid_load(const Edition *e, GError **error)
{
	AvoidList *list = g_new0(AvoidList, 1);
	char *path = g_build_filename(e->dir, "avoid.csv", NULL);
	if (!g_file_test(path, G_FILE_TEST_EXISTS)) {
		g_free(path);
		return list;
	}
	CsvTable *t = csv_table_load(path, error);
	g_free(path);
	int col[8];
	bool ok = t && check_header(t, col, error);
	if (ok)
		list->rows = g_new0(AvoidRow, t->n_rows + 1);
	for (size_t i = 0; ok && i < t->n_rows; i++) {
		ok = read_row(e, t, &t->rows[i], col, &list->rows[i], error);
		list->n += ok;
	}
	csv_table_free(t);
	if (!ok) {
		advice_avoid_free(list);
		return NULL;
	}
	return list;
}

void advice_avoid_free(AvoidList *list)
{
	if (!list)
		return;
	for (size_t i = 0; i < list->n; i++) {
		AvoidRow *a = &list->rows[i];
		g_free(a->value);
		g_free(a->reason);
		g_free(a->source);
		g_free(a->url);
		g_free(a->date);
		g_free(a->note);
	}
	g_free(list->rows);
	g_free(list);
}

const AvoidRow *advice_avoid_for(const AvoidList *list, const Edition *e,
                                 size_t gpu)
{
	const Gpu *g = &e->gpus[gpu];
	for (size_t i = 0; list && i < list->n; i++)
		if (list->rows[i].match == AVOID_GPU
		    && strcmp(list->rows[i].value, g->name) == 0)
			return &list->rows[i];
	for (size_t i = 0; list && i < list->n; i++)
		if (list->rows[i].match == AVOID_SEGMENT
		    && strcmp(list->rows[i].value, SEGMENTS[g->segment]) == 0)
			return &list->rows[i];
	return NULL;
}

/* ---- budget tiers ---------------------------------------------------- */

static double gpu_price(const Build *b)
{
	return b->gpu_price ? b->gpu_price->price : NAN;
}

static int by_price_down(const void *a, const void *b)
{
	const LadderStep *x = a, *y = b;
	if (x->price != y->price)
		return x->price < y->price ? 1 : -1;
	return (x->card->gpu > y->card->gpu) - (x->card->gpu < y->card->gpu);
}

static bool qualifies_one(const Costs *c, const UseCase *u, const Build *b)
{
	return b->gpu_count == 1 && b->gpu_price
	       && recommend_qualifies(c, u, b);
}

size_t advice_price_ladder(const Costs *c, const UseCase *u,
                           LadderStep **steps)
{
	Workload w = u->workload;
	GArray *list = g_array_new(FALSE, TRUE, sizeof(LadderStep));
	for (size_t i = 0; i < c->n_builds; i++) {
		const Build *b = &c->builds[i];
		if (!qualifies_one(c, u, b))
			continue;
		LadderStep s = {b, gpu_price(b), NULL};
		for (size_t j = 0; j < c->n_builds; j++) {
			const Build *o = &c->builds[j];
			if (qualifies_one(c, u, o) && gpu_price(o) <= s.price
			    && (!s.fastest || o->perf[w] > s.fastest->perf[w]))
				s.fastest = o;
		}
		g_array_append_val(list, s);
	}
	size_t n = list->len;
	*steps = (LadderStep *)g_array_free(list, FALSE);
	qsort(*steps, n, sizeof **steps, by_price_down);
	return n;
}

long advice_power_pick(const Costs *c, const UseCase *u, double psu_w)
{
	const Edition *e = c->perf->edition;
	double gpu_budget_w = psu_w / (1 + c->psu_headroom) - c->cpu_w
	                      - c->rest_w;
	long best = -1;
	for (size_t g = 0; g < e->n_gpus; g++) {
		const GpuPerf *gp = &c->perf->gpus[u->workload][g];
		if (!gp->rated || e->gpus[g].memory_gb < u->min_memory_gb
		    || e->gpus[g].tdp_w > gpu_budget_w)
			continue;
		const GpuPerf *top =
		    best < 0 ? NULL : &c->perf->gpus[u->workload][best];
		if (!top || gp->value > top->value)
			best = (long)g;
	}
	return best;
}

const Build *advice_cheaper_option(const Costs *c, const Recommendation *r)
{
	const Build *pick = r->buy;
	if (!pick || !pick->gpu_price)
		return NULL;
	Workload w = r->use_case->workload;
	const Build *best = NULL;
	for (size_t i = 0; i < c->n_builds; i++) {
		const Build *b = &c->builds[i];
		if (b == pick || b->gpu_count != pick->gpu_count
		    || !b->gpu_price || gpu_price(b) >= gpu_price(pick)
		    || !recommend_qualifies(c, r->use_case, b))
			continue;
		if (!best || b->per_dollar[w] > best->per_dollar[w])
			best = b;
	}
	return best;
}

const Build *advice_best_of_size(const Costs *c, const UseCase *u, int n)
{
	UseCase x = *u;
	x.gpu_count = n;
	x.budget = 0;
	x.condition = CONDITION_NEW;
	x.workload = WORKLOAD_CNN;
	const Build *best = NULL;
	for (size_t i = 0; i < c->n_builds; i++) {
		const Build *b = &c->builds[i];
		if (recommend_qualifies(c, &x, b)
		    && (!best || b->per_dollar[WORKLOAD_CNN]
		                     > best->per_dollar[WORKLOAD_CNN]))
			best = b;
	}
	return best;
}

static const UseCase *use_case_named_by(const Edition *e, const char *key)
{
	const Assumption *a = edition_assumption(e, key);
	for (size_t i = 0; a && i < e->n_use_cases; i++)
		if (strcmp(e->use_cases[i].id, a->value) == 0)
			return &e->use_cases[i];
	return NULL;
}

bool advice_cluster_mix(const Costs *c, ClusterMix *mix)
{
	const Edition *e = c->perf->edition;
	const UseCase *small = use_case_named_by(e, "cluster_small_use_case");
	const UseCase *large = use_case_named_by(e, "cluster_large_use_case");
	const Assumption *max = edition_assumption(e, "cluster_max_gpus");
	const Assumption *share = edition_assumption(e,
	                                             "cluster_large_node_share");
	if (!small || !large || !max || !share || !max->is_number
	    || !share->is_number)
		return false;
	mix->small = advice_best_of_size(c, small, 8);
	mix->large = advice_best_of_size(c, large, 8);
	if (!mix->small || !mix->large)
		return false;
	mix->nodes = (int)floor(max->number / 8);
	mix->n_large = (int)lround(mix->nodes * share->number);
	mix->n_small = mix->nodes - mix->n_large;
	mix->large_cost = mix->n_large * mix->large->cost;
	mix->cost = mix->n_small * mix->small->cost + mix->large_cost;
	return mix->nodes > 0;
}
