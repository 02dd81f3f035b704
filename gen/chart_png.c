/* Chart stage, PNG writer: a chart replayed on an image surface at
 * twice its size and encoded here with zlib at its fastest level and
 * the "up" filter (cairo 1.16 offers no compression setting; its
 * default level spent most of a chart's time).  Deterministic: no time
 * or text chunks.  See chart_render.h. */
#include "chart_render.h"

#include "chart_canvas.h"
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

/* Deflates what is pending into out; flush: Z_NO_FLUSH or Z_FINISH. */
static bool pump(z_stream *z, GByteArray *out, int flush)
{
	guint8 buf[16384];
	int st;
	do {
		z->next_out = buf;
		z->avail_out = sizeof buf;
		st = deflate(z, flush);
		if (st == Z_STREAM_ERROR)
			return false;
		g_byte_array_append(out, buf, (guint)(sizeof buf - z->avail_out));
	} while (z->avail_out == 0 || (flush == Z_FINISH && st != Z_STREAM_END));
	return true;
}

/* One scanline: the row's RGB "up"-filtered against the row above
 * (above NULL: the first row, filtered against zeros). */
static void filter_row(const guint32 *p, const guint32 *above, int w,
                       guint8 *line)
{
	line[0] = 2; /* up */
	guint8 *o = line + 1;
	if (!above) {
		for (int x = 0; x < w; x++, o += 3) {
			o[0] = (guint8)(p[x] >> 16);
			o[1] = (guint8)(p[x] >> 8);
			o[2] = (guint8)p[x];
		}
	} else if (memcmp(p, above, 4 * (size_t)w) == 0) {
		memset(o, 0, 3 * (size_t)w); /* a repeated row: all zeros */
	} else {
		for (int x = 0; x < w; x++, o += 3) {
			guint32 a = p[x], b = above[x];
			o[0] = (guint8)((a >> 16) - (b >> 16));
			o[1] = (guint8)((a >> 8) - (b >> 8));
			o[2] = (guint8)(a - b);
		}
	}
}

/* The image's rows as PNG scanlines (RGB, each row "up"-filtered),
 * deflated row by row: never the whole image twice in memory. */
static bool deflate_rows(cairo_surface_t *s, int w, int h, GByteArray *out)
{
	const guint8 *px = cairo_image_surface_get_data(s);
	int stride = cairo_image_surface_get_stride(s);
	size_t row = 1 + 3 * (size_t)w;
	guint8 *line = g_malloc(row);
	z_stream z = {0};
	bool ok = deflateInit(&z, Z_BEST_SPEED) == Z_OK;
	for (int y = 0; ok && y < h; y++) {
		const guint32 *p = (const guint32 *)(px + (size_t)y * stride);
		filter_row(p, y ? (const guint32 *)((const guint8 *)p - stride)
		                : NULL,
		           w, line);
		z.next_in = line;
		z.avail_in = (uInt)row;
		ok = pump(&z, out, Z_NO_FLUSH);
	}
	ok = ok && pump(&z, out, Z_FINISH);
	deflateEnd(&z);
	g_free(line);
	return ok;
}

static bool encode(cairo_surface_t *s, GByteArray *png)
{
	int w = cairo_image_surface_get_width(s);
	int h = cairo_image_surface_get_height(s);
	GByteArray *packed = g_byte_array_new();
	bool ok = deflate_rows(s, w, h, packed);
	if (ok) {
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
		chunk(png, "IDAT", packed->data, packed->len);
		chunk(png, "IEND", NULL, 0);
	}
	g_byte_array_free(packed, TRUE);
	return ok;
}

bool chart_canvas_png(const ChartCanvas *cv, const ChartTheme *theme,
                      char **bytes, size_t *length, GError **error)
{
	cairo_surface_t *s = cairo_image_surface_create(
	    CAIRO_FORMAT_RGB24, (int)(cv->width * 2), (int)(cv->height * 2));
	cairo_t *cr = cairo_create(s);
	cairo_scale(cr, 2, 2);
	chart_canvas_replay(cv, cr, theme);
	cairo_destroy(cr);
	cairo_surface_flush(s);
	GByteArray *buf = g_byte_array_new();
	bool ok = cairo_surface_status(s) == CAIRO_STATUS_SUCCESS
	          && encode(s, buf);
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
