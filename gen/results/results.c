/* Results stage: the one compute path of an edition.  See results.h. */
#include "results.h"

#include "model.h"

/* The edition the previous_edition assumption names, when its folder is
 * there (Results.previous_edition). */
static bool load_previous_edition(Results *r, GError **error)
{
	const Assumption *a = edition_assumption(r->edition,
	                                         "previous_edition");
	if (!a)
		return true;
	char *dir = g_build_filename(r->edition->dir, "..", a->value, NULL);
	char *gpus = g_build_filename(dir, "gpus.csv", NULL);
	bool present = g_file_test(gpus, G_FILE_TEST_IS_REGULAR);
	if (present)
		r->previous_edition = edition_load(dir, error);
	g_free(gpus);
	g_free(dir);
	return !present || r->previous_edition;
}

/* The stages no market changes, in order; each reads what the ones
 * before it made.  The LLM stage runs first and once: its memory per use
 * case completes the LLM use cases' min_memory_gb
 * (recommend_llm_memory), the one derived column of the loaded Edition,
 * before any other stage reads it. */
static bool compute_shared(Results *r, GError **error)
{
	Edition *e = r->edition;
	if (e->n_llm_models > 0 || recommend_has_llm_use_cases(e)) {
		r->llm = llm_run(e, error);
		if (!r->llm)
			return false;
	}
	if (!recommend_llm_memory(e, r->llm, error))
		return false;
	r->perf = model_run(e, error);
	r->hindsight = r->perf ? hindsight_run(r->perf, error) : NULL;
	return r->hindsight != NULL && load_previous_edition(r, error);
}

Results *results_load(const char *dir, GError **error)
{
	Results *r = g_new0(Results, 1);
	r->edition = edition_load(dir, error);
	if (!r->edition || !compute_shared(r, error)) {
		results_free(r);
		return NULL;
	}
	r->home_budgets = g_new0(double, r->edition->n_use_cases + 1);
	for (size_t i = 0; i < r->edition->n_use_cases; i++)
		r->home_budgets[i] = r->edition->use_cases[i].budget;
	return r;
}

/* Frees the market's stages of an earlier results_use_market. */
static void drop_market(Results *r)
{
	g_clear_pointer(&r->avoid, advice_avoid_free);
	g_clear_pointer(&r->claims, claims_free);
	g_clear_pointer(&r->recs, recommendations_free);
	g_clear_pointer(&r->costs, costs_free);
	for (size_t i = 0; i < r->edition->n_use_cases; i++)
		r->edition->use_cases[i].budget = r->home_budgets[i];
}

bool results_use_market(Results *r, const char *lang, GError **error)
{
	drop_market(r);
	if (!edition_use_market(r->edition, lang, error))
		return false;
	r->costs = cost_run(r->perf, error);
	if (!r->costs)
		return false;
	r->recs = recommend_run(r->costs, r->llm);
	r->claims = claims_run(r->recs, error);
	r->avoid = r->claims ? advice_avoid_load(r->edition, error) : NULL;
	return r->avoid != NULL;
}

Results *results_run_for(const char *dir, const char *lang,
                         GError **error)
{
	Results *r = results_load(dir, error);
	if (r && !results_use_market(r, lang, error))
		g_clear_pointer(&r, results_free);
	return r;
}

Results *results_run(const char *dir, GError **error)
{
	return results_run_for(dir, NULL, error);
}

void results_free(Results *r)
{
	if (!r)
		return;
	advice_avoid_free(r->avoid);
	claims_free(r->claims);
	hindsight_free(r->hindsight);
	recommendations_free(r->recs);
	costs_free(r->costs);
	performance_free(r->perf);
	llm_results_free(r->llm);
	edition_free(r->previous_edition);
	edition_free(r->edition);
	g_free(r->home_budgets);
	g_free(r);
}
