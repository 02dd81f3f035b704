/* Shared helpers: the error type every stage reports through, and small
 * string utilities.
 * In: nothing.  Out: GError values in the GG_ERROR domain.
 * Ownership: functions that return char * return a g_malloc'd string the
 * caller frees with g_free; out-of-memory aborts inside GLib. */
#ifndef GG_UTIL_H
#define GG_UTIL_H

#include <glib.h>
#include <stdbool.h>

#define GG_ERROR (gg_error_quark())
GQuark gg_error_quark(void);

/* Error codes double as the process exit status. */
typedef enum {
	GG_ERR_INPUT = 1, /* bad data or template: file:line:col: message */
	GG_ERR_ENV = 2    /* usage, output folder, system failure */
} GgErrorCode;

/* Sets *error to "path:line:col: message" with code GG_ERR_INPUT.
 * line or col 0 leaves that part out. */
void gg_set_input_error(GError **error, const char *path, int line, int col,
                        const char *fmt, ...) G_GNUC_PRINTF(5, 6);

/* Reads a whole file, refusing files above max_bytes.  Returns FALSE with
 * *error set (GG_ERR_INPUT naming the file) on failure.  *contents is
 * NUL-terminated and owned by the caller. */
bool gg_read_file(const char *path, size_t max_bytes, char **contents,
                  size_t *length, GError **error);

/* Parses a whole decimal number ("12", "-3.5", "1e3"); FALSE for empty text,
 * trailing garbage, NaN or infinity. */
bool gg_parse_number(const char *text, double *value);

/* pattern with "{1}" and "{2}" replaced by one and two (language strings
 * carry these slots instead of printf formats).  Caller frees. */
char *gg_fill2(const char *pattern, const char *one, const char *two);

/* True when text is a real calendar date written YYYY-MM-DD. */
bool gg_is_iso_date(const char *text);

#endif
