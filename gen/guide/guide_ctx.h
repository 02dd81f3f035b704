/* Private to the guide stage (guide.c, guide_charts.c, guide_tables.c,
 * guide_scalars.c): the context every builder reads, the Markdown cell
 * helpers they share (guide_ctx.c) and the builders themselves.
 * Ownership: char * results are Markdown the caller frees; the context
 * only borrows. */
#ifndef GG_GUIDE_CTX_H
#define GG_GUIDE_CTX_H

#include "format.h"
#include "llm.h"
#include "recommend.h"
#include "results.h"
#include "table.h"
#include "template.h"

typedef struct {
	const Results *res; /* everything below, and the LLM, hindsight,
	                       claims and previous edition */
	const Recommendations *recs;
	const Costs *costs;
	const Performance *perf;
	const Edition *e;
	const Lang *s;
	GError **error; /* the first missing string; never NULL */
} Ctx;

/* The string for key; a missing key sets *c->error once. */
static inline const char *S(const Ctx *c, const char *key)
{
	return lang_need(c->s, key, c->error);
}

/* Plain number in the language (format_number). */
static inline char *num(const Ctx *c, double v, int decimals)
{
	return format_number(c->s, v, decimals);
}

/* Markdown-escaped: money "$2,199", price "$2.14", percentage "15.3%",
 * a GPU's name, a build's name (an em dash for NULL). */
char *guide_md_money(const Ctx *c, double v);
char *guide_md_price(const Ctx *c, double v);
char *guide_md_percent(const Ctx *c, double fraction, int decimals);
char *guide_gpu_md(const Ctx *c, size_t g);
/* Appends item (freed) to the Markdown list *list (NULL: empty), joined
 * as the language joins list items (format.list). */
void guide_list_append(const Ctx *c, char **list, char *item);
char *guide_build_md(const Ctx *c, const Build *b);

/* A table cell that lists GPUs names at most GUIDE_LIST_NAMES of them in
 * the guide (a cell of thousands of names is a page no reader reads, and
 * pages of PDF to typeset); the data keeps every name.  list: the words
 * of the first ones (taken over); n: how many there are in all.  Returns
 * the list, followed by "and N more" (table.more_names) when n is more. */
#define GUIDE_LIST_NAMES 30
char *guide_names_more(const Ctx *c, char *list, size_t n);

/* Table cells shared by several tables, in the last row of t: a build
 * (its id in the data, its name in the guide; empty for NULL), a
 * workload, and the reasons a build does not fit a standard machine
 * (fit flags in the data, their words in the guide). */
void guide_set_build(const Ctx *c, Table *t, const char *key,
                     const Build *b);
void guide_set_workload(const Ctx *c, Table *t, const char *key,
                        Workload w);
void guide_set_fit(const Ctx *c, Table *t, const char *key, unsigned fit);

/* USE_RULE_* flags as use_cases.csv names them, space-separated ("fit
 * p2p"; "" for none).  Caller frees. */
char *guide_rule_ids(unsigned rules);

/* The price columns of the last row of a table with the columns of
 * guide_tables_buy.c's PER_DOLLAR price block (gpu_price_usd,
 * price_condition, price_rows, price_min_usd, price_max_usd,
 * price_latest_date, list_price): the median with its range, count and
 * newest date in the guide. */
void guide_set_gpu_price(const Ctx *c, Table *t, const GpuPrice *pr);

/* What differs between a pick and its runner-up (recommend_tie), seen
 * from the runner-up, in the language: "$300 dearer, with 24 GB more
 * memory, drawing 150 W more" (plain text; caller frees). */
char *guide_tie_differences(const Ctx *c, const RecommendTie *t);

/* Appends t (taken over) to tables and, when the guide shows it, its
 * Markdown to v under the table's name. */
void guide_add_table(const Ctx *c, Values *v, GPtrArray *tables, Table *t);

/* The builds of n GPUs in out (room for every build), best rank for
 * workload w first; returns how many. */
size_t guide_builds_of_size(const Ctx *c, int n, Workload w,
                            const Build **out);

/* The builders, each called by guide_values (guide.c) in this order,
 * none calling another: each adds its values to v and its tables to
 * tables (the order of the tables is the data export's).
 * guide_charts.c, guide_scalars.c; guide_tables.c (performance,
 * validation, memory, claims), guide_tables_model.c (the methodology),
 * guide_tables.c again (assumptions, sources); guide_tables_buy.c (per
 * dollar, builds, picks, requests), guide_cloud.c (the cloud tables),
 * guide_tables_short.c (the short answer), guide_tables_buy.c's scalars
 * (power, money), guide_cloud.c's (the cloud example's verdict). */
void guide_add_charts(const Ctx *c, Values *v);
void guide_add_scalars(const Ctx *c, Values *v);
void guide_add_model_tables(const Ctx *c, Values *v, GPtrArray *tables);
void guide_add_method_tables(const Ctx *c, Values *v, GPtrArray *tables);
/* guide_model_targets.c: the targets paragraph of the methodology
 * (caller frees; "" when the edition sets no targets). */
char *guide_model_targets(const Ctx *c);
/* guide_model_ratios.c: measured against held-out ratios of the pairs
 * the edition names (no rows when it names none). */
Table *guide_model_ratios_table(const Ctx *c);
void guide_add_reference_tables(const Ctx *c, Values *v, GPtrArray *tables);
void guide_add_buying_tables(const Ctx *c, Values *v, GPtrArray *tables);
/* "[source](url)" of a row, Markdown (the name alone without a url). */
char *guide_source_link(const Provenance *from);
void guide_add_rules_tables(const Ctx *c, Values *v, GPtrArray *tables);
void guide_add_short_answer_tables(const Ctx *c, Values *v,
                                   GPtrArray *tables);
void guide_add_buying_scalars(const Ctx *c, Values *v);
/* guide_cloud.c: each recommended build against
 * the cloud offer of the one stated rule, with spot and community rates
 * beside it, and every cloud offer by pricing class; the worked cloud
 * example's verdict. */
void guide_add_cloud_tables(const Ctx *c, Values *v, GPtrArray *tables);
void guide_add_cloud_scalars(const Ctx *c, Values *v);
/* guide_price_trends.c: the GPUs whose street prices moved sharply in
 * the window, with the recent level the guide uses (editions with
 * price_fresh_days and price_trend_min_change only). */
void guide_add_price_trends(const Ctx *c, Values *v, GPtrArray *tables);
/* guide_llm.c: the LLM tables and scalars (none without LLM models). */
void guide_add_llm(const Ctx *c, Values *v, GPtrArray *tables);
/* The LLM context table (guide_llm_context.c), from guide_add_llm's
 * results. */
void guide_add_llm_context(const Ctx *c, Values *v, GPtrArray *tables,
                           const LlmResults *r);
/* The unified-memory machines' tables (guide_llm_machines.c), from
 * guide_add_llm's results; none without machines.csv. */
void guide_add_llm_machines(const Ctx *c, Values *v, GPtrArray *tables,
                            const LlmResults *r);
/* Decode speed per recommended build (guide_llm_speed.c), from
 * guide_add_llm's results. */
void guide_add_llm_speed(const Ctx *c, Values *v, GPtrArray *tables,
                         const LlmResults *r);
/* guide_edition.c: number formats by architecture, GPUs added since the
 * previous edition (when the previous_edition assumption names it). */
void guide_add_edition_tables(const Ctx *c, Values *v, GPtrArray *tables);
/* guide_archive.c: the archived edition's banner and how its forecast
 * held up (hindsight); called by guide_values. */
void guide_add_archive(const Ctx *c, Values *v, GPtrArray *tables);
/* guide_advice.c: the avoid list, budget tiers, beginner's path, cluster
 * mix and the figures of the 2020-09 prose (names set only when their
 * data exists); called by guide_values. */
void guide_add_advice(const Ctx *c, Values *v, GPtrArray *tables);

/* guide_money.c: a build's whole cost with the range and newest date of
 * the GPU prices behind it ("$15,420 ($15,020–$15,820; 2 GPU prices,
 * newest 2026-05-01)"; caller frees), the same as a money cell of the
 * last row (the cost in the data), the cheapest build that meets a use
 * case's needs in a condition (-1: any) whatever its budget (NULL when
 * none), and the sentence for a budget no build fits, naming that
 * cheapest build (caller frees). */
char *guide_build_cost_shown(const Ctx *c, const Build *b);
void guide_set_build_cost(const Ctx *c, Table *t, const char *key,
                          const Build *b);
const Build *guide_cheapest_for(const Ctx *c, const UseCase *u,
                                int condition);
char *guide_none_within(const Ctx *c, const UseCase *u, int condition);

/* guide_money.c, currencies: a GPU's native price in cur with its range
 * and date ("€926 (one price, 2026-01-28)"), NULL when cur has no
 * current native row (caller frees); the euro and yuan columns of the
 * last row (price_eur, price_eur_native, price_cny, price_cny_native in
 * the data; regional_price in the guide: native, else converted and
 * marked ≈); and the `money_note` scalar naming the currency and the
 * dated exchange rates. */
char *guide_native_price_shown(const Ctx *c, const GpuPrice *pr,
                               Currency cur);
void guide_set_regional_price(const Ctx *c, Table *t, const GpuPrice *pr);
void guide_money_scalars(const Ctx *c, Values *v);

/* guide_money.c, performance per money: true when the edition's money is
 * a yuan market's (PriceModel.market in CNY), whose per-money figures are
 * per ¥10,000 of the yuan prices the edition uses; and a card's figure in
 * the edition's money: perf per 10,000 of the card's yuan price
 * (GpuPrice.regional, the yuan rows' median or the converted price with
 * VAT) in a yuan market, else perf per 1,000 USD. */
bool guide_per_yuan(const Ctx *c);
double guide_perf_per_money(const Ctx *c, double perf, const GpuPrice *pr);

#endif
