/* Data stage: the reader of use_cases.csv (its LLM columns are checked
 * in data_llm.c).  Split from data_rows.c; the same rules hold: the
 * reader fills one row from the cursor and reports a bad cell through
 * dc_fail; the row owns its strings and dc_free_use_case frees them.
 * See data_internal.h. */
#include "data_internal.h"

#include <string.h>

static const char *const BUY_CONDITIONS[] = {"new", "used", "any", NULL};

static int gpu_count_choice(Cursor *c)
{
	int n = dc_integer(c, "gpu_count", 1, 8);
	if (!c->failed && n != 1 && n != 2 && n != 4 && n != 8)
		dc_fail(c, dc_cell(c, "gpu_count"),
		     "gpu_count must be 1, 2, 4 or 8, got %d", n);
	return n;
}

/* "requires: 'x' is not a rule (rules: fit, datacenter, ...)" */
static void fail_rule(Cursor *c, const char *word, bool twice)
{
	char *rules = g_strjoinv(", ", (char **)edition_use_rule_ids);
	dc_fail(c, dc_cell(c, "requires"),
	        "requires: '%s' is %s (rules: %s, separated by spaces, each "
	        "once)", word, twice ? "named twice" : "not a rule", rules);
	g_free(rules);
}

/* The requires cell: words of edition_use_rule_ids separated by spaces,
 * each at most once; empty or absent for none. */
static unsigned use_case_rules(Cursor *c)
{
	char *text = dc_text_or_empty(c, "requires");
	unsigned rules = 0;
	char **words = g_strsplit(text, " ", -1);
	for (char **w = words; !c->failed && *w; w++) {
		if (!**w)
			continue;
		int k = 0;
		while (edition_use_rule_ids[k]
		       && strcmp(edition_use_rule_ids[k], *w) != 0)
			k++;
		if (!edition_use_rule_ids[k] || (rules & (1u << k)))
			fail_rule(c, *w, edition_use_rule_ids[k] != NULL);
		else
			rules |= 1u << k;
	}
	g_strfreev(words);
	g_free(text);
	return rules;
}

/* A use case id is an identifier: the guide's string keys
 * (usecase.ID), the picker's data and exported lists (requests.csv's
 * serves: ids separated by spaces) refer to it, so it holds no list
 * separator, no markup and no control character: 1 to USE_CASE_ID_MAX
 * characters of a-z, 0-9, '_' and '-', starting with a letter or digit. */
#define USE_CASE_ID_MAX 64
static void check_use_case_id(Cursor *c, const char *id)
{
	bool ok = strlen(id) <= USE_CASE_ID_MAX
	          && (g_ascii_islower(id[0]) || g_ascii_isdigit(id[0]));
	for (const char *p = id; ok && *p; p++)
		ok = g_ascii_islower(*p) || g_ascii_isdigit(*p) || *p == '_'
		     || *p == '-';
	if (!ok && !c->failed)
		dc_fail(c, dc_cell(c, "id"),
		        "use case id '%s' is not an identifier: 1 to %d "
		        "characters of a-z, 0-9, '_' and '-', starting with a "
		        "letter or digit", id, USE_CASE_ID_MAX);
}

/* The utilization cell: empty, or the key of an assumption of
 * assumptions.csv (read before use_cases.csv) that starts with
 * "utilization" and is a share of the time, above 0 and at most 1. */
static void use_case_utilization(Cursor *c, const Edition *e, UseCase *u)
{
	u->utilization_key = dc_text_or_empty(c, "utilization");
	if (!*u->utilization_key)
		return;
	const Assumption *a = NULL;
	for (size_t i = 0; i < e->n_assumptions; i++)
		if (strcmp(e->assumptions[i].key, u->utilization_key) == 0)
			a = &e->assumptions[i];
	if (a && a->is_number && a->number > 0 && a->number <= 1
	    && g_str_has_prefix(u->utilization_key, "utilization"))
		u->utilization = a->number;
	else
		dc_fail(c, dc_cell(c, "utilization"),
		        "utilization: '%s' is not an assumption of "
		        "assumptions.csv named utilization... with a share of "
		        "the time above 0 and at most 1",
		        u->utilization_key);
}

void dc_read_use_case(Cursor *c, Edition *e, UseCase *u)
{
	u->id = dc_dup_required(c, "id");
	check_use_case_id(c, u->id);
	u->llm_model = dc_text_or_empty(c, "llm_model");
	u->llm_mode = dc_text_or_empty(c, "llm_mode");
	u->llm_precision = dc_text_or_empty(c, "llm_precision");
	dc_use_case_llm_columns(c, u);
	if (!*u->llm_model) {
		u->min_memory_gb = dc_number(c, "min_memory_gb", POSITIVE);
	} else {
		/* computed by the LLM stage (recommend_llm_memory) */
		const CsvField *f = dc_cell(c, "llm_model");
		u->llm_line = f->line;
		u->llm_col = f->col;
		f = dc_cell(c, "min_memory_gb");
		if (f->text[0])
			dc_fail(c, f, "min_memory_gb of an LLM use case is "
			     "computed from llm_model, llm_mode and "
			     "llm_precision: leave it empty");
	}
	u->workload = (Workload)dc_choice(c, "workload", edition_workload_ids);
	u->gpu_count = gpu_count_choice(c);
	u->budget = dc_number(c, "budget", NON_NEGATIVE);
	int cond = dc_choice(c, "condition", BUY_CONDITIONS);
	u->condition = cond == 2 ? -1 : cond;
	u->requires = use_case_rules(c);
	dc_use_case_measure(c, u);
	use_case_utilization(c, e, u);
	u->quote = dc_text_or_empty(c, "quote");
	u->from = dc_provenance(c);
}

void dc_free_use_case(UseCase *u)
{
	g_free(u->utilization_key);
	g_free(u->quote);
	g_free(u->id);
	g_free(u->llm_model);
	g_free(u->llm_mode);
	g_free(u->llm_precision);
	dc_provenance_free(&u->from);
}
