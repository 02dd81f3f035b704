/* Shared helpers: the error type every stage reports through, and small
 * string utilities.
 * In: nothing.  Out: GError values in the GG_ERROR domain.
 *
 * The rules every module of gen/ follows (stated once, here):
 * - Errors: a function that can fail takes GError **error last and
 *   returns FALSE or NULL when it fails.  error may be NULL (the caller
 *   does not want the message); a function never reads *error to decide
 *   anything (it keeps its own GError *local and propagates it) and
 *   never sets an error twice: the first failure wins and the function
 *   returns.  Messages are "file:line:col: what" for bad input
 *   (GG_ERR_INPUT), "gpuguide: what" for the environment (GG_ERR_ENV).
 * - Ownership: arguments are borrowed (const where only read) unless a
 *   header says a function takes them over; char * results are g_malloc'd
 *   and the caller frees them with g_free; const char * results belong
 *   to the object they came from.  Each header's "Ownership:" line names
 *   only its exceptions and its own free functions.  Out-of-memory
 *   aborts inside GLib. */
#ifndef GG_UTIL_H
#define GG_UTIL_H

#include <glib.h>
#include <stdbool.h>
#include <string.h>

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

/* Reads a whole file: the one reader of every file gpuguide reads (CSV,
 * templates, strings, the previous run's JSON).  It opens without
 * blocking, checks the opened file (fstat, so a name swapped after a
 * check cannot slip through) and refuses anything but a regular file
 * (FIFO, device, folder, socket, also through a symlink) and files above
 * max_bytes.  Returns FALSE with *error set (GG_ERR_INPUT naming the
 * file) on failure.  *contents is NUL-terminated and owned by the
 * caller. */
bool gg_read_file(const char *path, size_t max_bytes, char **contents,
                  size_t *length, GError **error);

/* gg_read_file, but a missing file (ENOENT) is no error: TRUE with
 * *contents NULL. */
bool gg_read_file_optional(const char *path, size_t max_bytes,
                           char **contents, size_t *length, GError **error);

/* The largest previous-run JSON (data/guide.json) read for "what
 * changed"; today's is about 0.5 MB. */
#define GG_JSON_MAX_BYTES (64u * 1024u * 1024u)

/* Parses a whole decimal number ("12", "-3.5", "1e3"); FALSE for empty text,
 * trailing garbage, NaN or infinity. */
bool gg_parse_number(const char *text, double *value);

/* Parses a CSV cell's number as data/README.md defines it: a plain
 * decimal, an optional '-', digits without a leading zero (but "0" and
 * "0.5"), and an optional '.' followed by digits.  No '+', no exponent,
 * no leading or trailing '.', no spaces, no "inf"/"nan"/hex.  FALSE
 * otherwise (and *value unchanged). */
bool gg_parse_decimal(const char *text, double *value);

/* pattern with "{1}" and "{2}" replaced by one and two (language strings
 * carry these slots instead of printf formats).  Caller frees. */
char *gg_fill2(const char *pattern, const char *one, const char *two);

/* True when text is a real calendar date written YYYY-MM-DD. */
bool gg_is_iso_date(const char *text);

/* Input text rules shared by CSV files and templates: no NUL byte, valid
 * UTF-8, no control character other than tab, CR and LF (C0, DEL, C1), no
 * byte order mark except at the very start.  FALSE with a GG_ERR_INPUT
 * error "path:line:col: ..." (col in characters) on the first offence. */
/* True when p starts a line end: LF, or a CR not followed by LF (the CR
 * of CRLF is not one; the LF after it is).  p[1] must be readable. */
bool gg_is_line_end(const char *p);

/* Orders two char * elements of a GPtrArray by strcmp
 * (g_ptr_array_sort). */
gint gg_compare_names(gconstpointer a, gconstpointer b);

bool gg_check_text(const char *path, const char *text, size_t length,
                   GError **error);

/* text with every non-printable character made visible for a message:
 * control characters and invalid bytes as \xNN, the byte order mark and
 * other invisible format characters as \u{XXXX}.  Caller frees. */
char *gg_visible(const char *text);

/* The run's date, YYYY-MM-DD in UTC: SOURCE_DATE_EPOCH when set (and
 * valid), else the clock.  Static storage, computed once. */
const char *gg_today(void);

/* Checks SOURCE_DATE_EPOCH: unset or empty is fine; otherwise a whole
 * number of seconds from 0 to 253402300799 (the end of year 9999).  FALSE
 * with a GG_ERR_ENV error naming the variable. */
bool gg_check_source_date_epoch(GError **error);

/* v converted to int when it is a finite whole-or-fractional number
 * within [min, max] (truncated toward zero); FALSE otherwise, *out
 * untouched.  Every float-to-int conversion of data goes through this or
 * a prior range check. */
bool gg_double_to_int(double v, int min, int max, int *out);

/* The output boundary's guard on a number about to be written (a table
 * cell, an amount of money, a JSON number): what says what it is ("rent_or_buy.hours_1y").
 * Infinity is never written, nor NaN when nan_ok is false, nor a
 * negative value when amount is true (money, memory or time).  The
 * loader refuses every input known to make one at its cell (data/README.md's
 * ranges), so a value that gets here is a bug: the run stops with
 * "gpuguide: internal error: ..." on stderr and aborts (no output
 * folder is swapped in), rather than publish it.  Returns v. */
double gg_output_number(double v, bool amount, bool nan_ok, const char *what);

/* When the regular file old_path holds exactly these bytes, makes
 * new_path a hard link to it (the same bytes and modification time, not
 * rewritten) and returns TRUE.  FALSE when the file differs, is missing,
 * or cannot be linked (the caller writes new_path itself). */
bool gg_link_if_same(const char *old_path, const char *new_path,
                     const void *bytes, size_t length);

/* The same for a file already written at new_path, of length bytes:
 * when old_path holds the same bytes, new_path is replaced by a hard
 * link to it. */
bool gg_link_if_same_file(const char *old_path, const char *new_path,
                          size_t length);

/* Writes every one of length bytes to fd, again after an interrupted or
 * partial write; FALSE (errno set) when a write fails. */
bool gg_write_all(int fd, const void *bytes, size_t length);

/* Appends n bytes of s to g: one copy while g has room, the common case
 * of the data export's many short pieces (numbers, ids, names). */
static inline void gg_string_put(GString *g, const char *s, size_t n)
{
	if (G_LIKELY(g->len + n < g->allocated_len)) {
		memcpy(g->str + g->len, s, n);
		g->len += n;
		g->str[g->len] = '\0';
	} else {
		g_string_append_len(g, s, (gssize)n);
	}
}

#endif
