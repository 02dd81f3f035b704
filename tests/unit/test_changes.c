/* The JSON reader and the changes stage: one price edit in data/current,
 * compared with the run before it, names the pick change and the price
 * row behind it.  Runs from the repository's top folder. */
#include "unit.h"
#include "changes.h"
#include "json_read.h"
#include "util.h"

static void json_reader(void)
{
	const char *ok = "{\"a\": [1, -2.5e1, true, null, \"x\\u00e9\\n\"],"
	                 " \"b\": {\"c\": \"\\ud83d\\ude00\"}}";
	JsonNode *n = json_parse("t.json", ok, strlen(ok), NULL);
	CHECK(n && n->kind == JSON_OBJECT && n->n_items == 2);
	const JsonNode *a = json_member(n, "a");
	CHECK(a && a->kind == JSON_ARRAY && a->n_items == 5);
	if (a && a->n_items == 5) {
		CHECK_NEAR(a->items[1]->number, -25, 1e-12);
		CHECK(a->items[2]->kind == JSON_BOOL && a->items[2]->boolean);
		CHECK(a->items[3]->kind == JSON_NULL);
		CHECK_STR(a->items[4]->string, "x\xC3\xA9\n");
	}
	CHECK_STR(json_string_member(json_member(n, "b"), "c"),
	          "\xF0\x9F\x98\x80");
	CHECK_NEAR(json_number_member(n, "zz", 7), 7, 0);
	json_node_free(n);
	const char *bad[] = {"{\"a\": 1,}", "[1 2]", "\"abc", "{\"a\" 1}",
	                     "[1] x", "\"\\ud800\"", "", "[tru]", NULL};
	for (int i = 0; bad[i]; i++) {
		GError *error = NULL;
		JsonNode *b = json_parse("bad.json", bad[i], strlen(bad[i]),
		                         &error);
		CHECK(b == NULL && error != NULL);
		if (error)
			CHECK(strstr(error->message, "bad.json") != NULL);
		g_clear_error(&error);
		json_node_free(b);
	}
}

/* Notes each row json_parse_rows hands over: "table[index]kind;". */
static void note_row(const JsonNode *table, size_t index, const JsonNode *row,
                     void *data)
{
	g_string_append_printf(data, "%s[%zu]%d;", table->key, index,
	                       (int)row->kind);
}

/* json_parse_rows: the rows of the root object's tables go to the
 * visitor and are not kept; the rest is json_parse's tree; a text that
 * json_parse refuses is refused with the same message. */
static void json_rows(void)
{
	const char *ok = "{\"a\": [1, {\"x\": [2]}], \"b\": {\"c\": \"d\"},"
	                 " \"e\": 3, \"f\": []}";
	GString *seen = g_string_new(NULL);
	JsonNode *n = json_parse_rows("t.json", ok, strlen(ok), note_row, seen,
	                              NULL);
	CHECK(n && n->kind == JSON_OBJECT && n->n_items == 4);
	CHECK_STR(seen->str, "a[0]2;a[1]5;b[0]3;");
	CHECK(json_member(n, "a") && json_member(n, "a")->n_items == 0);
	CHECK_NEAR(json_number_member(n, "e", 0), 3, 0);
	json_node_free(n);
	/* a root that is not an object is kept whole */
	g_string_truncate(seen, 0);
	n = json_parse_rows("t.json", "[[1]]", 5, note_row, seen, NULL);
	CHECK(n && n->n_items == 1 && n->items[0]->n_items == 1);
	CHECK_STR(seen->str, "");
	json_node_free(n);
	const char *bad[] = {"{\"a\": [1,]}", "{\"a\": [{\"b\": 1 2}]}",
	                     "{\"a\": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
	                     "[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]"
	                     "]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}",
	                     "{\"a\": [1e999999999999999999999999999999999999999]}",
	                     "{\"a\": [1]} x", NULL};
	for (int i = 0; bad[i]; i++) {
		GError *tree = NULL, *rows = NULL;
		JsonNode *t = json_parse("bad.json", bad[i], strlen(bad[i]),
		                         &tree);
		JsonNode *r = json_parse_rows("bad.json", bad[i],
		                              strlen(bad[i]), note_row, seen,
		                              &rows);
		CHECK(!t && !r && tree && rows);
		if (tree && rows)
			CHECK_STR(rows->message, tree->message);
		g_clear_error(&tree);
		g_clear_error(&rows);
	}
	g_string_free(seen, TRUE);
}

typedef struct {
	Edition *e;
	Performance *p;
	Costs *c;
	Recommendations *r;
} Run;

static void stages(Run *x)
{
	x->p = model_run(x->e, NULL);
	x->c = x->p ? cost_run(x->p, NULL) : NULL;
	x->r = x->c ? recommend_run(x->c, NULL) : NULL;
}

static void unstage(Run *x)
{
	recommendations_free(x->r);
	costs_free(x->c);
	performance_free(x->p);
}

/* The previous run's guide.json, in the fields the changes stage reads. */
static char *previous_json(const Run *x)
{
	GString *s = g_string_new("{\"data_date\": \"2026-11-01\", "
	                          "\"per_dollar\": [");
	const char *sep = "";
	for (size_t i = 0; i < x->c->n_builds; i++) {
		const Build *b = &x->c->builds[i];
		if (b->gpu_count != 1)
			continue;
		g_string_append_printf(
		    s, "%s{\"gpu_count\": 1, \"gpu\": \"%s\", "
		       "\"price_condition\": \"%s\", \"gpu_price_usd\": %.2f, "
		       "\"rank_cnn\": %d}",
		    sep, x->e->gpus[b->gpu].name,
		    b->condition == CONDITION_NEW ? "new" : "used",
		    b->gpu_price->price, b->rank[WORKLOAD_CNN]);
		sep = ", ";
	}
	/* a GPU the previous run ranked and this one does not */
	g_string_append(s, ", {\"gpu_count\": 1, \"gpu\": \"Retired X\", "
	                   "\"price_condition\": \"new\", \"gpu_price_usd\": "
	                   "100, \"rank_cnn\": 99}], \"recommendations\": [");
	sep = "";
	for (size_t i = 0; i < x->r->n; i++) {
		const Build *b = x->r->items[i].buy;
		char *name = b ? g_strdup_printf(
		                     "%dx %s%s", b->gpu_count,
		                     x->e->gpus[b->gpu].name,
		                     b->condition == CONDITION_USED ? " (used)"
		                                                    : "")
		               : g_strdup("");
		g_string_append_printf(
		    s, "%s{\"use_case\": \"%s\", \"buy\": \"%s\"}",
		    sep, x->r->items[i].use_case->id, name);
		g_free(name);
		sep = ", ";
	}
	g_string_append(s, "]}");
	return g_string_free(s, FALSE);
}

static const Change *find(const Changes *c, ChangeKind k, const char *subject)
{
	for (size_t i = 0; i < c->n; i++)
		if (c->items[i].kind == k
		    && strcmp(c->items[i].subject, subject) == 0)
			return &c->items[i];
	return NULL;
}

static void one_price_edit(void)
{
	Run x = {0};
	x.e = edition_load(FROZEN_DATA "/current", NULL);
	CHECK(x.e != NULL);
	if (!x.e)
		return;
	stages(&x);
	CHECK(x.r != NULL);
	if (!x.r) {
		edition_free(x.e);
		return;
	}
	char *before = previous_json(&x);
	/* nothing changed: no change at all */
	Changes *same = changes_compare_text("prev.json", before,
	                                     strlen(before), x.r, NULL);
	CHECK(same != NULL);
	if (same) {
		CHECK(same->n == 1); /* only the retired GPU */
		CHECK(find(same, CHANGE_DROPPED_GPU, "Retired X") != NULL);
		CHECK_STR(same->previous_date, "2026-11-01");
	}
	changes_free(same);
	/* only the first member of a name counts: an earlier per_dollar
	 * with no rows hides the one with the retired GPU */
	char *hidden = g_strdup_printf("{\"per_dollar\": 5, %s", before + 1);
	same = changes_compare_text("prev.json", hidden, strlen(hidden), x.r,
	                            NULL);
	CHECK(same && same->n > 0 && same->items[0].kind == CHANGE_NEW_GPU
	      && !find(same, CHANGE_DROPPED_GPU, "Retired X"));
	changes_free(same);
	g_free(hidden);
	/* raise the price of the first decision with a runner-up far past
	 * its solved threshold (four times it), beyond any tie */
	const Recommendation *k = NULL;
	for (size_t i = 0; !k && i < x.r->n; i++)
		if (x.r->items[i].compared && x.r->items[i].buy->gpu_count == 1)
			k = &x.r->items[i];
	CHECK(k != NULL);
	if (!k) {
		g_free(before);
		unstage(&x);
		edition_free(x.e);
		return;
	}
	char *use_case = g_strdup(k->use_case->id);
	size_t g = k->buy->gpu;
	Condition cond = k->buy->condition;
	double target = MAX(k->sensitivity.pick_max_price,
	                    k->buy->gpu_price->price) * 4;
	char *subject = g_strdup_printf("%s %s", x.e->gpus[g].name,
	                                cond == CONDITION_NEW ? "new" : "used");
	for (size_t i = 0; i < x.e->n_prices; i++)
		if (x.e->prices[i].gpu == g && x.e->prices[i].condition == cond)
			x.e->prices[i].price = target;
	unstage(&x);
	stages(&x);
	Changes *ch = x.r ? changes_compare_text("prev.json", before,
	                                         strlen(before), x.r, NULL)
	                  : NULL;
	CHECK(ch != NULL);
	if (ch) {
		const Change *pick = find(ch, CHANGE_PICK, use_case);
		CHECK(pick && ch->items[0].kind == CHANGE_PICK);
		if (pick)
			CHECK(strstr(pick->cause, subject) != NULL);
		const Change *price = find(ch, CHANGE_PRICE, subject);
		CHECK(price && g_str_has_prefix(price->cause, "prices.csv:"));
		char *csv = changes_csv(ch);
		CHECK(g_str_has_prefix(csv, "kind,subject,before,after,cause\n"
		                            "pick,"));
		g_free(csv);
		char **lines = changes_summary(ch, 5);
		char *prefix = g_strdup_printf("%s pick: ", use_case);
		bool named = false;
		for (char **l = lines; *l; l++)
			named |= g_str_has_prefix(*l, prefix);
		g_free(prefix);
		CHECK(named && g_str_has_suffix(lines[0], ")"));
		CHECK(g_strv_length(lines) <= 5);
		g_strfreev(lines);
	}
	changes_free(ch);
	GError *error = NULL;
	CHECK(changes_compare("/nonexistent/guide.json", x.r, &error) == NULL);
	CHECK(error && g_error_matches(error, GG_ERROR, GG_ERR_INPUT)
	      && strstr(error->message, "/nonexistent/guide.json"));
	g_clear_error(&error);
	g_free(subject);
	g_free(use_case);
	g_free(before);
	unstage(&x);
	edition_free(x.e);
}

void test_changes(void)
{
	json_reader();
	json_rows();
	one_price_edit();
}
