/* Language strings: every human-language text outside the Markdown
 * (chart titles, axis labels, table headers, PDF running heads, number
 * formats) from templates/LANG/strings.csv, columns key,value.
 * Ownership: strings_load returns a Strings the caller frees with
 * strings_free; strings_get's results belong to it. */
#ifndef GG_STRINGS_H
#define GG_STRINGS_H

#include <glib.h>

typedef struct Strings Strings;

Strings *strings_load(const char *path, GError **error);
void strings_free(Strings *s);

/* The string for key, or NULL. */
const char *strings_get(const Strings *s, const char *key);

/* The string for key; when it is missing, sets *error (once) naming the
 * strings file and returns "". */
const char *strings_need(const Strings *s, const char *key, GError **error);

/* Calls fn for every key and value, in key order. */
void strings_foreach(const Strings *s,
                     void (*fn)(const char *key, const char *value,
                                void *data),
                     void *data);

#endif
