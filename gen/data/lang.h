/* Language strings: every human-language text outside the Markdown
 * (chart titles, axis labels, table headers, PDF running heads, number
 * formats) from templates/LANG/strings.csv, columns key,value, and the
 * unit and meaning of each assumption from templates/LANG/assumptions.csv
 * (optional; columns key,unit,meaning) and the data's names in the
 * language from templates/LANG/names.csv (optional; columns name,shown).
 * Ownership: lang_load returns a Lang the caller frees with
 * lang_free; lang_get's results belong to it. */
#ifndef GG_LANG_H
#define GG_LANG_H

#include <glib.h>
#include <stdbool.h>

typedef struct Lang Lang;

Lang *lang_load(const char *path, GError **error);
void lang_free(Lang *s);

/* The string for key, or NULL. */
const char *lang_get(const Lang *s, const char *key);

/* The unit and meaning of assumption key in the language's
 * assumptions.csv: FALSE (outputs untouched) when it has none. */
bool lang_assumption(const Lang *s, const char *key, const char **unit,
                     const char **meaning);

/* A name the data writes in English (a base system's, a part's, the
 * configurations a use case asks to quote, the reason of an archived
 * edition's claim) in the language's words
 * (templates/LANG/names.csv, columns name,shown), else name itself. */
const char *lang_name(const Lang *s, const char *name);

/* Checks that s has every key of reference (templates/en/strings.csv,
 * the source language): FALSE with *error naming the strings file and
 * the first missing key (error may be NULL). */
bool lang_check_keys(const Lang *s, const Lang *reference, GError **error);

/* The string for key; when it is missing, sets *error (once) naming the
 * strings file and returns "".  Keys the code uses are all in the
 * reference language (tests/strings_keys.py checks), so after
 * lang_check_keys this happens only for a broken reference. */
const char *lang_need(const Lang *s, const char *key, GError **error);

/* Calls fn for every key and value, in key order. */
void lang_foreach(const Lang *s,
                     void (*fn)(const char *key, const char *value,
                                void *data),
                     void *data);

#endif
