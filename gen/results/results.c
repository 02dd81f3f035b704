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

/* The stages in order; each reads what the ones before it made.  The
 * LLM stage runs first and once: its memory per use case completes the
 * LLM use cases' min_memory_gb (recommend_llm_memory), the one derived
 * column of the loaded Edition, before any other stage reads it. */
static bool compute(Results *r, GError **error)
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
	r->costs = r->perf ? cost_run(r->perf, error) : NULL;
	if (!r->costs)
		return false;
	r->recs = recommend_run(r->costs, r->llm);
	r->hindsight = hindsight_run(r->perf, error);
	if (!r->hindsight)
		return false;
	r->claims = claims_run(r->recs, error);
	r->avoid = r->claims ? advice_avoid_load(e, error) : NULL;
	return r->avoid != NULL && load_previous_edition(r, error);
}

Results *results_run_for(const char *dir, const char *lang,
                         GError **error)
{
	Results *r = g_new0(Results, 1);
	r->edition = edition_load(dir, error);
	if (!r->edition || !edition_use_market(r->edition, lang, error)
	    || !compute(r, error)) {
		results_free(r);
		return NULL;
	}
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
	g_free(r);
}
