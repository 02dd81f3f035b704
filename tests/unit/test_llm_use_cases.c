/* LLM use cases (use_cases.csv llm_model/llm_mode/llm_precision) on
 * data/current: the hook computes their memory from the LLM stage, and
 * the recommendations then pick builds that hold the model.  Also the
 * guide's LLM tables: present in the current edition, absent in 2020-09.
 * Runs from the repository's top folder. */
#include "unit.h"
#include "guide.h"
#include "llm.h"
#include "recommend.h"

static const UseCase *find_use_case(const Edition *e, const char *id)
{
	for (size_t i = 0; i < e->n_use_cases; i++)
		if (strcmp(e->use_cases[i].id, id) == 0)
			return &e->use_cases[i];
	return NULL;
}

/* Every LLM use case's memory equals the LLM stage's figure for its case
 * and GPU count, rounded up to a whole GB, and its pick holds it. */
static void check_use_cases(Edition *e)
{
	GError *error = NULL;
	size_t n_llm = 0;
	for (size_t i = 0; i < e->n_use_cases; i++)
		if (*e->use_cases[i].llm_model) {
			CHECK(e->use_cases[i].min_memory_gb == 0);
			n_llm++;
		}
	CHECK(n_llm >= 3);
	LlmResults *r = llm_run(e, &error);
	CHECK(r != NULL);
	if (!r)
		return;
	CHECK(recommend_llm_memory(e, r, &error));
	g_clear_error(&error);
	for (size_t i = 0; i < e->n_use_cases; i++) {
		const UseCase *u = &e->use_cases[i];
		if (!*u->llm_model)
			continue;
		LlmCase case_;
		const LlmCase *k = recommend_use_case_llm(e, r, u, &case_, &error)
		                       ? &case_
		                       : NULL;
		g_clear_error(&error);
		CHECK(k != NULL);
		if (!k)
			continue;
		double need = llm_min_memory_gb(k, u->gpu_count, &r->constants);
		CHECK(u->min_memory_gb >= need && u->min_memory_gb < need + 1);
	}
	/* serving a team and the full window: the inference memory at those,
	 * more than one user's at the chat context */
	const UseCase *team = find_use_case(e, "team_serving");
	const UseCase *agent = find_use_case(e, "long_context_agent");
	LlmCase ts, la;
	const LlmConstants *c = &r->constants;
	if (team && agent && recommend_use_case_llm(e, r, team, &ts, &error)
	    && recommend_use_case_llm(e, r, agent, &la, &error)) {
		const LlmModel *m = ts.model;
		double w = llm_weight_bytes(m, ts.precision, c);
		CHECK_NEAR(ts.memory.total,
		           w + llm_kv_cache_bytes(m, c->context_long,
		                                  c->serving_users, c)
		               + c->inference_overhead, 1);
		CHECK_NEAR(la.memory.total,
		           w + llm_kv_cache_bytes(m, c->context_longest, c->batch,
		                                  c)
		               + c->inference_overhead, 1);
		const LlmCase *one = llm_find_case(r, m->name, LLM_INFERENCE,
		                                   ts.precision);
		CHECK(one && ts.memory.total > one->memory.total
		      && la.memory.total > one->memory.total);
	} else {
		CHECK(!"team_serving and long_context_agent have cases");
	}
	g_clear_error(&error);
	/* the 70B model at 4 bits needs more than one 24 GB card holds, and
	 * less than two do */
	const UseCase *q4 = find_use_case(e, "llm_inference_70b_q4");
	CHECK(q4 && q4->gpu_count == 2 && q4->min_memory_gb > 12
	      && q4->min_memory_gb <= 24);
	llm_results_free(r);
}

static void check_recommendations(const Results *res)
{
	GError *error = NULL;
	const Edition *e = res->edition;
	const Recommendations *recs = res->recs;
	size_t seen = 0;
	for (size_t i = 0; recs && i < recs->n; i++) {
		const Recommendation *x = &recs->items[i];
		if (!*x->use_case->llm_model)
			continue;
		seen++;
		CHECK(x->best != NULL);
		if (!x->best)
			continue;
		const Gpu *g = &e->gpus[x->best->gpu];
		CHECK(g->memory_gb >= x->use_case->min_memory_gb);
		CHECK(x->best->gpu_count == x->use_case->gpu_count);
	}
	CHECK(seen >= 3);
	/* the guide shows the tables of the LLM stage, and the
	 * recommendations table the computed memory of the LLM use case */
	Lang *s = lang_load("templates/en/strings.csv", &error);
	Values *v = s ? guide_values(res, s, NULL, &error) : NULL;
	CHECK(v != NULL);
	g_clear_error(&error);
	const char *names[] = {"llm_memory", "llm_fit", "llm_memory_check",
	                       "llm_tokens", "precision_support",
	                       "gpus_added"};
	for (size_t i = 0; v && i < G_N_ELEMENTS(names); i++)
		CHECK(values_table(v, names[i]) != NULL);
	const UseCase *q4 = find_use_case(e, "llm_inference_70b_q4");
	if (v && q4) {
		char *row = g_strdup_printf(
		    "| %s | %.0f GB |",
		    lang_get(s, "use_case.llm_inference_70b_q4"),
		    q4->min_memory_gb);
		CHECK(strstr(values_table(v, "recommendations"), row) != NULL);
		g_free(row);
	}
	lang_free(s);
	values_free(v);
}

void test_llm_use_cases(void)
{
	GError *error = NULL;
	Edition *e = edition_load(FROZEN_DATA "/current", &error);
	CHECK(e != NULL);
	g_clear_error(&error);
	if (!e)
		return;
	check_use_cases(e);
	edition_free(e);
	/* the results stage sets the memory the same way, once */
	Results *res = results_run(FROZEN_DATA "/current", &error);
	CHECK(res != NULL);
	g_clear_error(&error);
	if (res)
		check_recommendations(res);
	results_free(res);
}
