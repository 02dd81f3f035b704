/* Numbers as printf writes them in the C locale, without printf (the
 * data export writes millions at 10,000 GPUs).
 * In: a double.  Out: its text in a buffer of the caller's. */
#ifndef GG_FORMAT_FIXED_H
#define GG_FORMAT_FIXED_H

#include <glib.h>
#include <stdbool.h>

/* Writes into buf (n bytes) what snprintf(buf, n, "%.*f", decimals, v)
 * writes in the C locale, without printf where it can: a finite v
 * whose scaled value is below 2^52, rounded from its exact binary
 * value (a tie to even) as printf rounds.  Returns buf. */
char *format_fixed(char *buf, size_t n, double v, int decimals);

/* The same into buf of FORMAT_FIXED_MAX bytes (enough for any double
 * at up to 22 decimals), returning its length. */
#define FORMAT_FIXED_MAX 352
size_t format_fixed_len(char *buf, double v, int decimals);

/* The same for "%.*g" with precision (printf asked outside 1..15 and
 * for values it cannot scale exactly).  Returns buf. */
char *format_general(char *buf, size_t n, double v, int precision);

#endif
