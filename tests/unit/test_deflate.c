/* Chart PNG's deflate writer (chart_deflate.c): every kind of input
 * inflates back to itself with zlib: nothing, one byte, incompressible
 * bytes, runs of zeros longer than the window, runs of one other byte,
 * a pattern repeating at a row's distance, data fed in odd pieces past
 * the writer's buffer, and enough symbols for several blocks; the same
 * input gives the same bytes twice; runs of zeros shrink a thousandfold;
 * and 40 random inputs mixing all of these. */
#include "unit.h"

#include "chart_deflate.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

/* The raw deflate of data fed in pieces of step bytes. */
static GByteArray *deflated(const guint8 *data, size_t n, size_t step)
{
	GByteArray *out = g_byte_array_new();
	ChartDeflate *d = chart_deflate_new(out);
	for (size_t i = 0; i < n; i += step)
		chart_deflate_add(d, data + i, MIN(step, n - i));
	chart_deflate_finish(d);
	return out;
}

/* True when z inflates (raw, to its final block) to exactly data. */
static bool inflates_to(const GByteArray *z, const guint8 *data, size_t n)
{
	z_stream s = {0};
	if (inflateInit2(&s, -MAX_WBITS) != Z_OK)
		return false;
	guint8 *back = g_malloc(n + 64);
	s.next_in = z->data;
	s.avail_in = z->len;
	s.next_out = back;
	s.avail_out = (uInt)(n + 64);
	int st = inflate(&s, Z_FINISH);
	bool ok = st == Z_STREAM_END && s.total_out == n && s.avail_in == 0
	          && memcmp(back, data, n) == 0;
	inflateEnd(&s);
	g_free(back);
	return ok;
}

static void round_trip(const char *what, const guint8 *data, size_t n,
                       size_t step)
{
	GByteArray *z = deflated(data, n, step);
	GByteArray *again = deflated(data, n, step);
	if (!inflates_to(z, data, n))
		fprintf(stderr, "deflate round trip failed: %s\n", what);
	CHECK(inflates_to(z, data, n));
	CHECK(z->len == again->len
	      && memcmp(z->data, again->data, z->len) == 0);
	g_byte_array_free(z, TRUE);
	g_byte_array_free(again, TRUE);
}

/* A filtered chart's shape: mostly zeros, a few rows of short
 * non-zero stretches, diagonal stripes that repeat one row down
 * shifted by three bytes. */
static guint8 *chart_like(size_t row, size_t rows)
{
	guint8 *p = g_malloc0(row * rows);
	guint32 seed = 7;
	for (size_t y = 0; y < rows; y++) {
		guint8 *r = p + y * row;
		r[0] = 2;
		if (y % 5 == 0)
			for (size_t x = 1; x + 40 < row; x += 97) {
				seed = seed * 1103515245u + 12345u;
				memset(r + x, (int)(seed >> 24) | 1, 1 + (seed >> 8) % 30);
			}
		if (y % 3 == 0)
			for (size_t x = 1 + 3 * (y % 16); x + 3 < row; x += 48)
				r[x] = r[x + 1] = r[x + 2] = 0x55;
	}
	return p;
}

/* Random inputs built of pieces of every kind: literals from a small or
 * the full alphabet, copies of earlier bytes at any distance the window
 * allows (overlapping ones too), runs of one byte; fed in random steps. */
static void random_round_trips(int count)
{
	guint32 seed = 7;
#define NEXT() (seed = seed * 1664525u + 1013904223u, seed >> 8)
	for (int t = 0; t < count; t++) {
		size_t n = NEXT() % 200000;
		guint8 *data = g_malloc(n + 1);
		for (size_t i = 0; i < n;) {
			size_t len = 1 + NEXT() % 300, kind = NEXT() % 4;
			len = MIN(len, n - i);
			size_t dist = 1 + NEXT() % MIN(i ? i : 1, 32768);
			for (size_t k = 0; k < len; k++, i++)
				data[i] = kind == 0   ? (guint8)(NEXT() & 3)
				          : kind == 1 ? (guint8)NEXT()
				          : kind == 2 && i >= dist ? data[i - dist]
				                                   : (guint8)len;
		}
		char what[48];
		g_snprintf(what, sizeof what, "random input %d (%zu bytes)", t, n);
		round_trip(what, data, n, 1 + NEXT() % 70000);
		g_free(data);
	}
#undef NEXT
}

void test_deflate(void)
{
	random_round_trips(40);
	round_trip("empty", (const guint8 *)"", 0, 1);
	round_trip("one byte", (const guint8 *)"x", 1, 1);
	size_t n = 3 * 1024 * 1024;
	guint8 *noise = g_malloc(n);
	guint32 seed = 1;
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1664525u + 1013904223u;
		noise[i] = (guint8)(seed >> 24);
	}
	round_trip("incompressible, in odd pieces", noise, 100000, 4321);
	round_trip("incompressible, past the buffer", noise, n, 65537);
	guint8 *zeros = g_malloc0(n);
	round_trip("zeros, one piece", zeros, n, n);
	round_trip("zeros, byte by byte", zeros, 70000, 1);
	GByteArray *z = deflated(zeros, n, 4321);
	CHECK(z->len < n / 1000);
	g_byte_array_free(z, TRUE);
	memset(zeros, 0xab, 40000);
	round_trip("a run of another byte, then zeros", zeros, n, 1000);
	size_t row = 1 + 3 * 1440, rows = 600;
	guint8 *chart = chart_like(row, rows);
	round_trip("a chart's rows", chart, row * rows, row);
	/* short literal-heavy stretches: many symbols, several blocks */
	for (size_t i = 0; i < n; i += 3)
		noise[i] = (guint8)(noise[i] & 7);
	round_trip("many symbols", noise, n, 7777);
	g_free(chart);
	g_free(zeros);
	g_free(noise);
}
