/* Changes stage.  See changes.h. */
#include "changes.h"

#include "json_read.h"
#include "util.h"

#include <math.h>
#include <string.h>

static const char *const KIND_IDS[] = {"pick", "price", "new_gpu",
                                       "dropped_gpu", "rank"};

const char *change_kind_id(ChangeKind kind)
{
	return KIND_IDS[kind];
}

static const char *condition_id(Condition c)
{
	return c == CONDITION_NEW ? "new" : "used";
}

static char *money_text(double v)
{
	return g_strdup_printf("%.0f", v);
}

static void add(GArray *list, ChangeKind kind, char *subject, char *before,
                char *after, char *cause)
{
	Change c = {kind, subject, before, after, cause ? cause : g_strdup("")};
	g_array_append_val(list, c);
}

/* ---- the previous run ------------------------------------------------ */

/* A GPU of the previous run's one-GPU rows: its price and CNN rank per
 * condition (CONDITION_NEW, CONDITION_USED). */
typedef struct {
	double price[2]; /* NAN when none */
	int rank[2];     /* 0 when none */
} PreviousGpu;

typedef struct {
	GHashTable *gpus; /* GPU name -> PreviousGpu */
	GHashTable *pick; /* use case -> buy (else best_value) */
} Previous;

static void previous_init(Previous *p)
{
	p->gpus = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	                                g_free);
	p->pick = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	                                g_free);
}

static void previous_free(Previous *p)
{
	g_hash_table_destroy(p->gpus);
	g_hash_table_destroy(p->pick);
}

/* The previous run's GPU `name` in condition c: its price, else NAN. */
static double previous_price(const Previous *p, const char *name,
                             Condition c)
{
	const PreviousGpu *g = g_hash_table_lookup(p->gpus, name);
	return g ? g->price[c] : NAN;
}

/* The ranges of what is read back (data/README.md's limits: a price at
 * most 10,000,000, a name one line of at most 160 characters); a value
 * outside them means the file is not a guide.json of ours. */
#define PREVIOUS_PRICE_MAX 10000000.0
#define PREVIOUS_RANK_MAX 1000000.0
#define PREVIOUS_NAME_MAX 160
#define PREVIOUS_PICK_MAX 200

typedef struct {
	const char *path;
	GError **error;
	bool failed;
} Check;

static void check_fail(Check *k, const char *list, size_t i,
                       const char *member, const char *what)
{
	if (k->failed)
		return;
	k->failed = true;
	gg_set_input_error(k->error, k->path, 0, 0, "%s[%zu].%s: %s", list, i,
	                   member, what);
}

/* A string member, NULL when absent; one line of at most max
 * characters (json_parse refused control characters already). */
static const char *checked_string(Check *k, const JsonNode *o,
                                  const char *list, size_t i,
                                  const char *member, size_t max)
{
	const JsonNode *m = json_member(o, member);
	if (!m || m->kind == JSON_NULL)
		return NULL;
	if (m->kind != JSON_STRING)
		check_fail(k, list, i, member, "not a string");
	else if (strpbrk(m->string, "\t\r\n")
	         || g_utf8_strlen(m->string, -1) > (glong)max)
		check_fail(k, list, i, member, "not a one-line name");
	return k->failed ? NULL : m->string;
}

/* A number member in [min, max] (whole when asked), fallback when absent
 * or null. */
static double checked_number(Check *k, const JsonNode *o, const char *list,
                             size_t i, const char *member, double min,
                             double max, bool whole, double fallback)
{
	const JsonNode *m = json_member(o, member);
	if (!m || m->kind == JSON_NULL)
		return fallback;
	if (m->kind != JSON_NUMBER || !isfinite(m->number) || m->number < min
	    || m->number > max || (whole && m->number != floor(m->number))) {
		char *what = g_strdup_printf("not a %s from %g to %g",
		                             whole ? "whole number" : "number",
		                             min, max);
		check_fail(k, list, i, member, what);
		g_free(what);
		return fallback;
	}
	return m->number;
}

/* Row i of per_dollar: a one-GPU row gives its GPU, price and rank (a
 * later row of the same GPU and condition wins).  Nothing after the first
 * failure. */
static void read_row(Check *k, const JsonNode *r, size_t i, Previous *p)
{
	if (k->failed)
		return;
	const char *gpu = checked_string(k, r, "per_dollar", i, "gpu",
	                                 PREVIOUS_NAME_MAX);
	const char *cond = checked_string(k, r, "per_dollar", i,
	                                  "price_condition", 4);
	if (cond && strcmp(cond, "new") != 0 && strcmp(cond, "used") != 0)
		check_fail(k, "per_dollar", i, "price_condition",
		           "neither new nor used");
	double count = checked_number(k, r, "per_dollar", i, "gpu_count", 1,
	                              1024, true, 0);
	double v = checked_number(k, r, "per_dollar", i, "gpu_price_usd", 0,
	                          PREVIOUS_PRICE_MAX, false, NAN);
	double rank = checked_number(k, r, "per_dollar", i, "rank_cnn", 0,
	                             PREVIOUS_RANK_MAX, true, 0);
	if (k->failed || !gpu || count != 1)
		return;
	PreviousGpu *g = g_hash_table_lookup(p->gpus, gpu);
	if (!g) {
		g = g_new(PreviousGpu, 1);
		*g = (PreviousGpu){{NAN, NAN}, {0, 0}};
		g_hash_table_insert(p->gpus, g_strdup(gpu), g);
	}
	Condition c = cond && strcmp(cond, "used") == 0 ? CONDITION_USED
	                                               : CONDITION_NEW;
	if (!isnan(v))
		g->price[c] = v;
	if (rank > 0)
		g->rank[c] = (int)rank;
}

/* Row i of recommendations: its use case and decision (a run before the
 * decision was exported named only the best value). */
static void read_pick(Check *k, const JsonNode *r, size_t i, Previous *p)
{
	if (k->failed)
		return;
	const char *id = checked_string(k, r, "recommendations", i,
	                                "use_case", PREVIOUS_NAME_MAX);
	const char *best = checked_string(k, r, "recommendations", i, "buy",
	                                  PREVIOUS_PICK_MAX);
	if (!best && !k->failed)
		best = checked_string(k, r, "recommendations", i,
		                      "best_value", PREVIOUS_PICK_MAX);
	if (id && best && !k->failed)
		g_hash_table_replace(p->pick, g_strdup(id), g_strdup(best));
}

/* The previous run read as its rows go by (json_parse_rows), so that no
 * tree of its tables is held: the tables read (the first of each name
 * counts, as json_member finds it) and each one's first error. */
typedef struct {
	Previous p;
	const JsonNode *rows, *recs; /* per_dollar, recommendations */
	GError *rows_error, *recs_error;
	Check rows_check, recs_check;
} Reader;

static void visit_row(const JsonNode *table, size_t i, const JsonNode *row,
                      void *data)
{
	Reader *r = data;
	if (strcmp(table->key, "per_dollar") == 0
	    && (!r->rows || r->rows == table)) {
		r->rows = table;
		read_row(&r->rows_check, row, i, &r->p);
	} else if (strcmp(table->key, "recommendations") == 0
	           && (!r->recs || r->recs == table)) {
		r->recs = table;
		read_pick(&r->recs_check, row, i, &r->p);
	}
}

/* After the parse: drops a table read that is not the first of its name
 * (an earlier member of that name held no rows), then the first error,
 * per_dollar's before recommendations', then data_date's. */
static bool read_previous(const char *path, const JsonNode *root,
                          Reader *r, GError **error)
{
	if (json_member(root, "per_dollar") != r->rows) {
		g_hash_table_remove_all(r->p.gpus);
		g_clear_error(&r->rows_error);
	}
	if (json_member(root, "recommendations") != r->recs) {
		g_hash_table_remove_all(r->p.pick);
		g_clear_error(&r->recs_error);
	}
	GError **first = r->rows_error ? &r->rows_error : &r->recs_error;
	if (*first) {
		g_propagate_error(error, *first);
		*first = NULL;
		return false;
	}
	const char *date = json_string_member(root, "data_date");
	if (date && *date && !gg_is_iso_date(date)) {
		gg_set_input_error(error, path, 0, 0,
		                   "data_date: not a date YYYY-MM-DD");
		return false;
	}
	return true;
}

/* ---- comparisons ----------------------------------------------------- */

static char *row_cause(const GpuPrice *gp)
{
	if (!gp->latest)
		return g_strdup("");
	return g_strdup_printf("prices.csv:%d (%s, %s)", gp->latest->from.line,
	                       gp->latest->from.source, gp->latest->from.date);
}

static void price_moves(const Costs *c, const Previous *p, GArray *out)
{
	const Edition *e = c->perf->edition;
	for (size_t i = 0; i < c->n_builds; i++) {
		const Build *b = &c->builds[i];
		if (b->gpu_count != 1)
			continue;
		const char *name = e->gpus[b->gpu].name;
		const PreviousGpu *g = g_hash_table_lookup(p->gpus, name);
		if (!g)
			continue;
		double before = g->price[b->condition];
		double now = b->gpu_price->price;
		if (!isnan(before) && fabs(before - now) >= 0.5)
			add(out, CHANGE_PRICE,
			    g_strdup_printf("%s %s", name,
			                    condition_id(b->condition)),
			    money_text(before), money_text(now),
			    row_cause(b->gpu_price));
		int rank = g->rank[b->condition];
		if (rank && rank != b->rank[WORKLOAD_CNN])
			add(out, CHANGE_RANK,
			    g_strdup_printf("%s %s", name,
			                    condition_id(b->condition)),
			    g_strdup_printf("%d", rank),
			    g_strdup_printf("%d", b->rank[WORKLOAD_CNN]), NULL);
	}
}

static void gpu_set_changes(const Costs *c, const Previous *p, GArray *out)
{
	const Edition *e = c->perf->edition;
	GHashTable *now = g_hash_table_new(g_str_hash, g_str_equal);
	for (size_t i = 0; i < c->n_builds; i++)
		if (c->builds[i].gpu_count == 1)
			g_hash_table_add(now, e->gpus[c->builds[i].gpu].name);
	/* in gpus.csv order, then the dropped ones sorted by name */
	for (size_t g = 0; g < e->n_gpus; g++)
		if (g_hash_table_contains(now, e->gpus[g].name)
		    && !g_hash_table_contains(p->gpus, e->gpus[g].name))
			add(out, CHANGE_NEW_GPU, g_strdup(e->gpus[g].name),
			    g_strdup(""), g_strdup(e->gpus[g].name), NULL);
	GList *old = g_list_sort(g_hash_table_get_keys(p->gpus),
	                         (GCompareFunc)strcmp);
	for (GList *l = old; l; l = l->next)
		if (!g_hash_table_contains(now, l->data))
			add(out, CHANGE_DROPPED_GPU, g_strdup(l->data),
			    g_strdup(l->data), g_strdup(""), NULL);
	g_list_free(old);
	g_hash_table_destroy(now);
}

/* True when pick ("4x RTX 4090" or "4x RTX 4090 (used)") is a build of
 * the price change's subject ("RTX 4090 used"). */
static bool pick_of(const char *pick, const char *subject)
{
	const char *x = strstr(pick, "x ");
	const char *sp = strrchr(subject, ' ');
	if (!x || !sp)
		return false;
	char *want = g_strdup_printf("%.*s%s", (int)(sp - subject), subject,
	                             strcmp(sp + 1, "used") == 0 ? " (used)"
	                                                          : "");
	bool same = strcmp(x + 2, want) == 0;
	g_free(want);
	return same;
}

/* The price moves (already in out) of the builds named in a pick
 * change. */
static char *pick_cause(const GArray *out, const char *before,
                        const char *after)
{
	GString *s = g_string_new(NULL);
	for (size_t i = 0; i < out->len; i++) {
		const Change *c = &g_array_index(out, Change, i);
		if (c->kind == CHANGE_PRICE
		    && (pick_of(before, c->subject) || pick_of(after, c->subject)))
			g_string_append_printf(s, "%s%s %s -> %s",
			                       s->len ? "; " : "", c->subject,
			                       c->before, c->after);
	}
	return g_string_free(s, FALSE);
}

/* "4x RTX 4090", with " (used)" for a used build: the form of
 * guide.json's recommendations.buy. */
static char *pick_name(const Edition *e, const Build *b)
{
	if (!b)
		return g_strdup("");
	return g_strdup_printf("%dx %s%s", b->gpu_count, e->gpus[b->gpu].name,
	                       b->condition == CONDITION_USED ? " (used)"
	                                                      : "");
}

static void pick_changes(const Recommendations *r, const Previous *p,
                         GArray *out, GArray *picks)
{
	const Edition *e = r->costs->perf->edition;
	for (size_t i = 0; i < r->n; i++) {
		const Recommendation *x = &r->items[i];
		const char *before = g_hash_table_lookup(p->pick,
		                                         x->use_case->id);
		char *after = x->machine ? g_strdup(x->machine->name)
		                         : pick_name(e, x->buy);
		if (!before || strcmp(before, after) == 0) {
			g_free(after);
			continue;
		}
		char *cause = pick_cause(out, before, after);
		if (x->buy) {
			const char *name = e->gpus[x->buy->gpu].name;
			const char *cond = condition_id(x->buy->condition);
			if (isnan(previous_price(p, name,
			                         x->buy->condition))) {
				char *m = money_text(x->buy->gpu_price->price);
				char *more = g_strdup_printf(
				    "%s%s%s %s at %s newly ranked", cause,
				    cause[0] ? "; " : "", name, cond, m);
				g_free(m);
				g_free(cause);
				cause = more;
			}
		}
		add(picks, CHANGE_PICK, g_strdup(x->use_case->id),
		    g_strdup(before), after, cause);
	}
}

Changes *changes_compare_text(const char *path, const char *json,
                              size_t length, const Recommendations *recs,
                              GError **error)
{
	Reader r = {0};
	previous_init(&r.p);
	r.rows_check = (Check){path, &r.rows_error, false};
	r.recs_check = (Check){path, &r.recs_error, false};
	JsonNode *root = json_parse_rows(path, json, length, visit_row, &r,
	                                 error);
	bool ok = root != NULL;
	if (ok && root->kind != JSON_OBJECT) {
		gg_set_input_error(error, path, 0, 0, "not a guide.json object");
		ok = false;
	}
	ok = ok && read_previous(path, root, &r, error);
	g_clear_error(&r.rows_error);
	g_clear_error(&r.recs_error);
	if (!ok) {
		previous_free(&r.p);
		json_node_free(root);
		return NULL;
	}
	const Previous *p = &r.p;
	GArray *rest = g_array_new(FALSE, TRUE, sizeof(Change));
	GArray *all = g_array_new(FALSE, TRUE, sizeof(Change));
	price_moves(recs->costs, p, rest);
	gpu_set_changes(recs->costs, p, rest);
	pick_changes(recs, p, rest, all);
	g_array_append_vals(all, rest->data, rest->len);
	g_array_free(rest, TRUE);
	Changes *c = g_new0(Changes, 1);
	const char *date = json_string_member(root, "data_date");
	c->previous_date = g_strdup(date ? date : "");
	c->n = all->len;
	c->items = (Change *)g_array_free(all, FALSE);
	previous_free(&r.p);
	json_node_free(root);
	return c;
}

Changes *changes_compare(const char *path, const Recommendations *recs,
                         GError **error)
{
	char *text = NULL;
	size_t length = 0;
	if (!gg_read_file(path, GG_JSON_MAX_BYTES, &text, &length, error))
		return NULL;
	Changes *c = changes_compare_text(path, text, length, recs, error);
	g_free(text);
	return c;
}

void changes_free(Changes *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++) {
		g_free(c->items[i].subject);
		g_free(c->items[i].before);
		g_free(c->items[i].after);
		g_free(c->items[i].cause);
	}
	g_free(c->items);
	g_free(c->previous_date);
	g_free(c);
}

static void csv_field(GString *s, const char *v, bool last)
{
	if (strpbrk(v, ",\"\r\n")) {
		g_string_append_c(s, '"');
		for (const char *p = v; *p; p++) {
			if (*p == '"')
				g_string_append_c(s, '"');
			g_string_append_c(s, *p);
		}
		g_string_append_c(s, '"');
	} else {
		g_string_append(s, v);
	}
	g_string_append_c(s, last ? '\n' : ',');
}

char *changes_csv(const Changes *c)
{
	GString *s = g_string_new("kind,subject,before,after,cause\n");
	for (size_t i = 0; i < c->n; i++) {
		const Change *x = &c->items[i];
		csv_field(s, change_kind_id(x->kind), false);
		csv_field(s, x->subject, false);
		csv_field(s, x->before, false);
		csv_field(s, x->after, false);
		csv_field(s, x->cause, true);
	}
	return g_string_free(s, FALSE);
}

char **changes_summary(const Changes *c, size_t max)
{
	GPtrArray *out = g_ptr_array_new();
	for (size_t i = 0; i < c->n && out->len < max; i++) {
		const Change *x = &c->items[i];
		if (x->kind == CHANGE_RANK)
			continue; /* many and derived: the CSV has them */
		g_ptr_array_add(out, g_strdup_printf(
		    "%s %s: %s -> %s%s%s%s", x->subject,
		    change_kind_id(x->kind), x->before[0] ? x->before : "-",
		    x->after[0] ? x->after : "-", x->cause[0] ? " (" : "",
		    x->cause, x->cause[0] ? ")" : ""));
	}
	g_ptr_array_add(out, NULL);
	return (char **)g_ptr_array_free(out, FALSE);
}
