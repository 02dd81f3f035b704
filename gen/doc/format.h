/* Formatting: numbers, money, percentages, units, use-case titles, build
 * names and file stems as a language writes them.  Every word, unit and
 * word order comes from the language strings; nothing here is English.
 * In: values and a Lang.  Out: plain (not Markdown-escaped) text.
 * Ownership: functions returning char * return a string the caller frees
 * with g_free; const char * results belong to the Lang or the Edition. */
#ifndef GG_FORMAT_H
#define GG_FORMAT_H

#include "cost.h"
#include "format_fixed.h"
#include "lang.h"
#include "recommend.h"

/* v rounded to decimals with the language's separators; "-" for NaN.
 * Infinity is never written (gg_output_number stops the run). */
char *format_number(const Lang *s, double v, int decimals);

/* Money (format_money, format_price, format_money_brief, format_usd,
 * format_amount) is a finite amount, 0 or more: anything else stops the
 * run (gg_output_number).
 * A USD amount v in whole units as the reader's language shows money:
 * "$2,199"; in a language whose `format.money_currency` is another
 * currency with a rate set, converted and marked, with the USD beside
 * (format.money_converted: "≈¥15,723（$2,199）"). */
char *format_money(const Lang *s, double v);

/* The same with cents: "$2.14". */
char *format_price(const Lang *s, double v);

/* format_money without the USD beside a converted amount ("≈¥15,723"),
 * for the ends of a range whose middle format_money shows. */
char *format_money_brief(const Lang *s, double v);

/* A USD amount as USD whatever the language: "$2,199". */
char *format_usd(const Lang *s, double v);

/* The exchange rates of the edition being rendered (PriceModel.fx and
 * the dates of their assumptions).  guide_values calls it for each
 * edition before its pages are made, so format_money converts at the
 * rates of the edition it shows.  NULL clears them (USD only).  When
 * the prices are a market's (PriceModel.market, cost.h "markets"), amounts in
 * its currency are what its buyer pays: shown alone, not marked as
 * converted and without the dollars beside. */
void format_set_fx(const PriceModel *m);

/* The currency the language shows money in (`format.money_currency`),
 * USD when it has no rate; and a currency's rate per USD (1 for USD, 0
 * without one) with the date of its assumption (NULL without). */
Currency format_reader_currency(const Lang *s);
double format_fx_rate(Currency c, const char **date);

/* v in currency c with its sign ("€926", "¥16,499"), marked as converted
 * (format.converted: "≈{1}") when it was computed from USD. */
char *format_amount(const Lang *s, double v, Currency c, int decimals,
                    bool converted);

/* "1.26 (1.05–1.45)": v with its range low–high, the three formatted
 * alike by the caller; the range is left out when both ends print as v
 * (a spread that rounds away).  The one interval rule of the guide's
 * tables and the purchase requests.  Takes v, low and high; caller frees
 * the result.  A missing string sets *error once. */
char *format_interval(const Lang *s, char *v, char *low, char *high,
                      GError **error);

/* A fraction as a percentage: 0.153 -> "15.3%". */
char *format_percent(const Lang *s, double fraction, int decimals);

/* A number followed by the unit string unit_key ("unit.gb"), in the
 * language's order (format.unit: "{1} {2}"). */
char *format_with_unit(const Lang *s, double v, int decimals,
                       const char *unit_key);

/* The use case's title in the language, or its id. */
const char *format_use_case_title(const Lang *s, const UseCase *u);

/* A build's name: the GPU's name for one GPU, else
 * format.build_name ("{1}× {2}"). */
char *format_build_name(const Lang *s, const Edition *e, const Build *b);

/* A build's language-neutral id in the data export: "4x RTX 3090". */
char *format_build_id(const Edition *e, const Build *b);

/* The build's file stem: its id in ASCII lower case, runs of anything
 * but letters and digits folded to one '-': "4x-rtx-3090". */
char *format_build_stem(const Edition *e, const Build *b);

/* The data schema's own tokens (data/README), written back in exports:
 * "new"/"used"/"any", "on-demand"/"spot". */
const char *format_condition_id(int condition);
const char *format_pricing_id(Pricing p);

/* "its price rises 12% or the 4× RTX 4090 falls below $1,900 per GPU":
 * how far the pick's price (and its runner-up's) may move before the
 * pick changes, from recommend.c's Sensitivity; the thresholds of a
 * multi-GPU build are per GPU and say so.  The guide's picks table and
 * the purchase requests say it alike.  Caller frees. */
char *format_sensitivity(const Lang *s, const Edition *e,
                         const Recommendation *x);

/* "North America, 120 V / 15 A (2); Europe, 230 V / 16 A (1)": the
 * household circuits b needs in each region of c, or NULL when c lists
 * none.  The guide's power section and the requests say it alike.
 * Caller frees. */
/* A rent decision (DECISION_RENT) in words: "rent OFFER at PRICE an
 * hour; buying the BUILD pays back within its useful life from N hours
 * of use a month".  Caller frees. */
char *format_rent_decision(const Lang *s, const Edition *e,
                           const Recommendation *x);
/* The same in brief, where the rent-or-buy table says the rest (the
 * hours, the date of the price): "Rent OFFER at PRICE an hour".  Caller
 * frees. */
char *format_rent_brief(const Lang *s, const Recommendation *x);

/* A DECISION_QUOTE in words: "Vendor quote or rent: ask vendors to quote
 * CONFIGURATIONS; or rent OFFER at PRICE an hour".  Caller frees. */
char *format_quote_decision(const Lang *s, const Recommendation *x);

/* A DECISION_NONE in words, with its reason: "no build in this guide
 * holds it: it needs 200 GB per card, the largest card here has 180 GB".
 * Caller frees. */
char *format_no_answer(const Lang *s, const Recommendation *x);

char *format_circuits(const Lang *s, const Costs *c, const Build *b);

/* An amount of yuan in capital Chinese numerals (人民币大写) as a
 * Chinese invoice or payment form writes it: 壹佰柒拾伍万玖仟零伍元整
 * for 1759005, 壹拾元伍角整, 壹佰元零伍分, 零元整 for 0; rounded to the
 * fen; NULL when negative, not a number or 1e12 or more.  Caller frees. */
char *format_rmb_capital(double yuan);

#endif
