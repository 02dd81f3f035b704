/* Results stage: everything an edition's guide says, computed once from
 * its data folder, before any page is written: the performance model,
 * the LLM memory and decode model, costs and builds, the decisions (one
 * Recommendation per use case, recommend.h), the hindsight of an
 * archived edition and the article's claims.  Generation and --check
 * call the same results_run, so an input refused by any computation is
 * refused by both.
 * In: an edition folder.  Out: Results, read-only to every presenter
 * (guide chapters, charts, export, site, PDF, requests): nothing after
 * this stage computes, loads data or writes into the Edition.
 * Ownership: results_run returns Results the caller frees with
 * results_free; it owns the Edition and every stage's result, which
 * point into one another.  results_use_market replaces the market's
 * stages in place: pointers into the previous ones die with the call. */
#ifndef GG_RESULTS_H
#define GG_RESULTS_H

#include "advice.h"
#include "claims.h"
#include "cost.h"
#include "hindsight.h"
#include "llm.h"
#include "recommend.h"

typedef struct {
	Edition *edition;
	Performance *perf;
	Costs *costs;
	Recommendations *recs;
	LlmResults *llm;      /* NULL when the edition has no LLM models */
	Hindsight *hindsight;
	ClaimList *claims;
	AvoidList *avoid;     /* avoid.csv: the article's cards to avoid */
	/* the edition before this one (assumption previous_edition, a
	 * sibling folder), for the GPUs added since; NULL when it names
	 * none or the folder has no gpus.csv (an edition copied alone) */
	Edition *previous_edition;
	/* the use cases' budgets as loaded (home market), restored before
	 * each results_use_market; private to results.c */
	double *home_budgets;
} Results;

/* Loads the edition in dir and computes all of its results.  NULL with
 * *error (file:line:col for bad input) when any stage refuses it. */
Results *results_run(const char *dir, GError **error);

/* The same for the readers of language lang: with the figures of the
 * market markets.csv gives that language (money, VAT, electricity,
 * circuits, cloud offers: cost.h, "markets"), else the home market's.
 * results_load then results_use_market. */
Results *results_run_for(const char *dir, const char *lang,
                         GError **error);

/* The part of an edition's results no reader's market changes, made
 * once for all its languages: the loaded Edition, the LLM model, the
 * performance model, the hindsight and the previous edition.  costs,
 * recs, claims and avoid stay NULL until results_use_market. */
Results *results_load(const char *dir, GError **error);

/* Computes the stages that depend on the market of language lang
 * (costs, builds, decisions, claims, the cards to avoid) into r, after
 * freeing those of an earlier call and giving the use cases back their
 * home budgets: the same figures as results_run_for(dir, lang), for one
 * language after another in one process.  FALSE with *error set. */
bool results_use_market(Results *r, const char *lang, GError **error);
void results_free(Results *r);

#endif
