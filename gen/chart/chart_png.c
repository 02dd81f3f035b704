/* Chart stage, PNG writer: a chart replayed on an image surface at
 * twice its size and encoded here with the "up" filter and the chart
 * stage's own deflate writer (chart_deflate.c: cairo 1.16 offers no
 * compression setting, and zlib at its fastest level spent most of its
 * time walking the filtered zeros); the rows that repeat the one above
 * and the zero runs of the checksum cost next to nothing.
 * Deterministic: no time or text chunks.  See chart_render.h. */
#include "chart_render.h"

#include "chart_canvas.h"
#include "chart_deflate.h"
#include "util.h"

#include <string.h>
#include <zlib.h>

static void put32(GByteArray *b, guint32 v)
{
	guint8 x[4] = {v >> 24, v >> 16 & 255, v >> 8 & 255, v & 255};
	g_byte_array_append(b, x, 4);
}

static void chunk(GByteArray *b, const char *type, const guint8 *data,
                  size_t n)
{
	put32(b, (guint32)n);
	size_t at = b->len;
	g_byte_array_append(b, (const guint8 *)type, 4);
	if (n)
		g_byte_array_append(b, data, (guint)n);
	put32(b, (guint32)crc32(0, b->data + at, (uInt)(n + 4)));
}

/* The "up" filter of one RGB24 pixel into 3 bytes. */
static inline void up(guint8 *o, guint32 a, guint32 b)
{
	o[0] = (guint8)((a >> 16) - (b >> 16));
	o[1] = (guint8)((a >> 8) - (b >> 8));
	o[2] = (guint8)(a - b);
}

/* One scanline: the row's RGB "up"-filtered against the row above
 * (above NULL: the first row, filtered against zeros).  Most pixels of
 * a chart equal the one above: they are skipped two at a time. */
static void filter_row(const guint32 *p, const guint32 *above, int w,
                       guint8 *line)
{
	line[0] = 2; /* up */
	guint8 *o = line + 1;
	if (!above) {
		for (int x = 0; x < w; x++)
			up(o + 3 * x, p[x], 0);
		return;
	}
	memset(o, 0, 3 * (size_t)w);
	if (memcmp(p, above, 4 * (size_t)w) == 0)
		return; /* a repeated row: all zeros */
	int x = 0;
	for (; x + 2 <= w; x += 2) {
		guint64 a, b;
		memcpy(&a, p + x, 8);
		memcpy(&b, above + x, 8);
		if (a != b) {
			up(o + 3 * x, p[x], above[x]);
			up(o + 3 * x + 3, p[x + 1], above[x + 1]);
		}
	}
	if (x < w)
		up(o + 3 * x, p[x], above[x]);
}

/* zlib's Adler-32 of n more bytes, with runs of zeros (most of a
 * filtered chart) added in one step: a stays, b grows by n * a. */
#define ADLER_BASE 65521u
#define ZERO_BLOCK 64

static bool all_zero(const guint8 *p)
{
	guint64 v[ZERO_BLOCK / 8], any = 0;
	memcpy(v, p, sizeof v);
	for (size_t i = 0; i < G_N_ELEMENTS(v); i++)
		any |= v[i];
	return any == 0;
}

static uLong adler_of(uLong adler, const guint8 *buf, size_t n)
{
	size_t i = 0;
	while (i < n) {
		size_t j = i; /* buf[i..j): blocks with some non-zero byte */
		while (j < n && !(j + ZERO_BLOCK <= n && all_zero(buf + j)))
			j += MIN((size_t)ZERO_BLOCK, n - j);
		if (j > i)
			adler = adler32(adler, buf + i, (uInt)(j - i));
		size_t k = j; /* buf[j..k): zero blocks */
		while (k + ZERO_BLOCK <= n && all_zero(buf + k))
			k += ZERO_BLOCK;
		if (k > j) {
			guint64 a = adler & 0xffff, b = adler >> 16;
			b = (b + (guint64)((k - j) % ADLER_BASE) * a) % ADLER_BASE;
			adler = (uLong)(a | b << 16);
		}
		i = k;
	}
	return adler;
}

static void put32_at(guint8 *p, guint32 v)
{
	p[0] = (guint8)(v >> 24), p[1] = (guint8)(v >> 16);
	p[2] = (guint8)(v >> 8), p[3] = (guint8)v;
}

/* The IDAT chunk: a zlib stream (the header zlib writes at level 1, the
 * rows deflated raw by chart_deflate.c, then their Adler-32) of the image's rows as PNG
 * scanlines (RGB, each row "up"-filtered), deflated row by row straight
 * into png: never the whole image twice in memory. */
static void idat(cairo_surface_t *s, int w, int h, GByteArray *png)
{
	const guint8 *px = cairo_image_surface_get_data(s);
	int stride = cairo_image_surface_get_stride(s);
	size_t row = 1 + 3 * (size_t)w;
	guint8 *line = g_malloc(row);
	static const guint8 head[] = {0, 0, 0, 0, 'I', 'D', 'A', 'T', 0x78, 1};
	size_t at = png->len;
	g_byte_array_append(png, head, sizeof head);
	uLong adler = adler32(0, NULL, 0);
	ChartDeflate *z = chart_deflate_new(png);
	for (int y = 0; y < h; y++) {
		const guint32 *p = (const guint32 *)(px + (size_t)y * stride);
		filter_row(p, y ? (const guint32 *)((const guint8 *)p - stride)
		                : NULL,
		           w, line);
		adler = adler_of(adler, line, row);
		chart_deflate_add(z, line, row);
	}
	chart_deflate_finish(z);
	g_free(line);
	guint8 sum[4];
	put32_at(sum, (guint32)adler);
	g_byte_array_append(png, sum, 4);
	size_t n = png->len - at - 8;
	put32_at(png->data + at, (guint32)n);
	put32(png, (guint32)crc32(0, png->data + at + 4, (uInt)(n + 4)));
}

static void encode(cairo_surface_t *s, GByteArray *png)
{
	int w = cairo_image_surface_get_width(s);
	int h = cairo_image_surface_get_height(s);
	static const guint8 sig[] = {137, 80, 78, 71, 13, 10, 26, 10};
	guint8 ihdr[13] = {0};
	for (int k = 0; k < 4; k++) {
		ihdr[k] = (guint8)((guint32)w >> (24 - 8 * k));
		ihdr[4 + k] = (guint8)((guint32)h >> (24 - 8 * k));
	}
	ihdr[8] = 8; /* bits per channel */
	ihdr[9] = 2; /* RGB */
	g_byte_array_append(png, sig, sizeof sig);
	chunk(png, "IHDR", ihdr, sizeof ihdr);
	idat(s, w, h, png);
	chunk(png, "IEND", NULL, 0);
}

/* The pixels the PNGs are drawn on, kept from one chart to the next
 * (chart_png_release frees them): a new image surface's memory is
 * cleared (or mapped and faulted in) for every chart, about 17 MB for a
 * tall one, and then painted over.  Nothing needs it cleared: the
 * replay's first mark is the background over the whole canvas, whose
 * size in pixels is the canvas's twice, rounded down, so every pixel is
 * covered whole by that opaque fill (chart_canvas_replay). */
static guint8 *pixels;
static size_t pixels_size;

static cairo_surface_t *surface_new(int w, int h)
{
	int stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, w);
	size_t need = (size_t)MAX(stride, 0) * (size_t)MAX(h, 0);
	if (stride <= 0 || need == 0)
		return cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	if (need > pixels_size) {
		g_free(pixels);
		pixels = g_malloc(need);
		pixels_size = need;
	}
	return cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_RGB24,
	                                           w, h, stride);
}

void chart_png_release(void)
{
	g_free(pixels);
	pixels = NULL;
	pixels_size = 0;
}

bool chart_canvas_png(const ChartCanvas *cv, const ChartTheme *theme,
                      char **bytes, size_t *length, GError **error)
{
	cairo_surface_t *s = surface_new((int)(cv->width * 2),
	                                 (int)(cv->height * 2));
	cairo_t *cr = cairo_create(s);
	cairo_scale(cr, 2, 2);
	chart_canvas_replay(cv, cr, theme);
	cairo_destroy(cr);
	cairo_surface_flush(s);
	GByteArray *buf = g_byte_array_new();
	bool ok = cairo_surface_status(s) == CAIRO_STATUS_SUCCESS;
	if (ok)
		encode(s, buf);
	cairo_surface_destroy(s);
	if (!ok) {
		g_byte_array_free(buf, TRUE);
		g_set_error(error, GG_ERROR, GG_ERR_ENV,
		            "chart %s: PNG encoding failed", cv->chart->name);
		return false;
	}
	*length = buf->len;
	*bytes = (char *)g_byte_array_free(buf, FALSE);
	return true;
}
