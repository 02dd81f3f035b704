/* Formatting: numbers, money, percentages, units, use-case titles, build
 * names and file stems as a language writes them.  Every word, unit and
 * word order comes from the language strings; nothing here is English.
 * In: values and a Lang.  Out: plain (not Markdown-escaped) text.
 * Ownership: functions returning char * return a string the caller frees
 * with g_free; const char * results belong to the Lang or the Edition. */
#ifndef GG_FORMAT_H
#define GG_FORMAT_H

#include "cost.h"
#include "lang.h"

/* v rounded to decimals with the language's separators; "-" for NaN and
 * "∞" for infinity. */
char *format_number(const Lang *s, double v, int decimals);

/* v as whole currency units: "$2,199". */
char *format_money(const Lang *s, double v);

/* v with cents: "$2.14". */
char *format_price(const Lang *s, double v);

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

#endif
