/* Guide stage: turns an edition's results into the named values the
 * templates use (formatted scalars, Markdown tables and charts) and into
 * the tables of the data export, each table built once (table.h).
 * In: const Results (results.h: the decisions, costs, performance, LLM,
 * hindsight and claims of the edition, computed before), Lang.  Out:
 * Values and Tables.  It computes nothing of the results: it words them.
 * Where things are made: scalars in guide_scalars.c, charts in
 * guide_charts.c, tables about the model and data in guide_tables.c,
 * tables about buying (per dollar, builds, recommendations, cloud,
 * requests, budgets, upgrade) in guide_tables_buy.c, what changed since
 * the previous run in guide_changes.c.
 * Ownership: guide_values returns Values the caller frees with
 * values_free, and stores in *tables (when tables is not NULL) a list of
 * Table the caller frees with g_ptr_array_unref (it frees the tables). */
#ifndef GG_GUIDE_H
#define GG_GUIDE_H

#include "changes.h"
#include "recommend.h"
#include "results.h"
#include "lang.h"
#include "template.h"

/* NULL with *error set (error may be NULL) when a language string the
 * guide needs is missing. */
Values *guide_values(const Results *results, const Lang *strings,
                     GPtrArray **tables, GError **error);

/* Adds what changed since the previous run to v and tables: the scalars
 * changes_since and changes_note and the table "changes" (guide section,
 * data/changes.csv).  changes NULL: there is no previous run.  FALSE
 * with *error set when a string is missing. */
bool guide_add_changes(const Results *results, const Changes *changes,
                       const Lang *strings, Values *v, GPtrArray *tables,
                       GError **error);

#endif
