/* Scale branch (issue 20): the chart PNG encoder (raw deflate, its own
 * zlib header and Adler-32, the "up" filter skipping equal pixels) gives
 * a PNG whose checksums hold and whose pixels are the replay's, at an
 * even and an odd width; remembered chart heights are the heights a
 * fresh layout finds, for whole charts, parts and parts of parts; the
 * CSV header lookup by hash keeps the first of two equal names. */
#include "unit.h"

#include "chart_canvas.h"
#include "chart_render.h"
#include "csvload.h"

#include <cairo.h>
#include <zlib.h>

static Chart *bar_chart(size_t n)
{
	Chart *c = chart_new(CHART_BARS, "scale");
	c->title = g_strdup("Rows of bars");
	c->font_family = g_strdup("DejaVu Sans");
	for (size_t i = 0; i < n; i++)
		chart_add_bar(c, (ChartBar){
		    .label = g_strdup_printf("GPU %zu", i),
		    .value = 10.0 - (double)i * 0.7,
		    .value_text = g_strdup_printf("%.1f", 10.0 - (double)i * 0.7),
		    .modelled = i % 3 == 1});
	return c;
}

static guint32 be32(const guint8 *p)
{
	return (guint32)p[0] << 24 | (guint32)p[1] << 16 | (guint32)p[2] << 8
	       | p[3];
}

/* The IDAT data of a PNG whose chunk CRCs all hold; NULL otherwise. */
static GByteArray *idat_of(const guint8 *png, size_t n, int *w, int *h)
{
	GByteArray *data = g_byte_array_new();
	bool ok = n > 8 && memcmp(png, "\x89PNG\r\n\x1a\n", 8) == 0;
	for (size_t at = 8; ok && at + 12 <= n;) {
		guint32 len = be32(png + at);
		ok = at + 12 + len <= n
		     && be32(png + at + 8 + len)
		            == (guint32)crc32(0, png + at + 4, len + 4);
		if (ok && memcmp(png + at + 4, "IHDR", 4) == 0) {
			*w = (int)be32(png + at + 8);
			*h = (int)be32(png + at + 12);
		}
		if (ok && memcmp(png + at + 4, "IDAT", 4) == 0)
			g_byte_array_append(data, png + at + 8, len);
		at += 12 + len;
	}
	if (!ok) {
		g_byte_array_free(data, TRUE);
		return NULL;
	}
	return data;
}

/* The chart as PNG at a layout width: checksums and pixels. */
static void png_round_trip(double width)
{
	Chart *c = bar_chart(9);
	ChartCanvas *cv = chart_canvas_new(c, width);
	char *png = NULL;
	size_t n = 0;
	GError *err = NULL;
	CHECK(chart_canvas_png(cv, &CHART_LIGHT, &png, &n, &err));
	int w = 0, h = 0;
	GByteArray *z = png ? idat_of((const guint8 *)png, n, &w, &h) : NULL;
	CHECK(z != NULL);
	CHECK(w == (int)(width * 2) && h == (int)(cv->height * 2));
	size_t row = 1 + 3 * (size_t)w;
	uLongf raw_n = (uLongf)(row * (size_t)h);
	guint8 *raw = g_malloc(raw_n + 1);
	/* uncompress checks the zlib header and the Adler-32 */
	CHECK(z && uncompress(raw, &raw_n, z->data, z->len) == Z_OK);
	CHECK(raw_n == row * (size_t)h);

	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
	                                                w, h);
	cairo_t *cr = cairo_create(s);
	cairo_scale(cr, 2, 2);
	chart_canvas_replay(cv, cr, &CHART_LIGHT);
	cairo_destroy(cr);
	cairo_surface_flush(s);
	const guint8 *px = cairo_image_surface_get_data(s);
	int stride = cairo_image_surface_get_stride(s);
	guint8 *prev = g_malloc0(row), *cur = g_malloc(row);
	size_t wrong = 0, filters = 0;
	for (int y = 0; y < h && raw_n == row * (size_t)h; y++) {
		const guint8 *f = raw + (size_t)y * row;
		filters += f[0] != 2;
		for (size_t k = 1; k < row; k++)
			cur[k] = (guint8)(f[k] + prev[k]);
		const guint32 *p = (const guint32 *)(px + (size_t)y * stride);
		for (int x = 0; x < w; x++)
			wrong += cur[1 + 3 * x] != (p[x] >> 16 & 255)
			         || cur[2 + 3 * x] != (p[x] >> 8 & 255)
			         || cur[3 + 3 * x] != (p[x] & 255);
		guint8 *t = prev;
		prev = cur, cur = t;
	}
	CHECK(filters == 0);
	CHECK(wrong == 0);
	g_free(prev);
	g_free(cur);
	cairo_surface_destroy(s);
	g_free(raw);
	if (z)
		g_byte_array_free(z, TRUE);
	g_free(png);
	chart_canvas_free(cv);
	chart_free(c);
}

/* The height of a chart laid out afresh (not remembered). */
static double fresh_height(const Chart *c, double width)
{
	Chart copy = *c;
	copy.serial = 0;
	return chart_height(&copy, width);
}

static void remembered_heights(void)
{
	Chart *c = bar_chart(14), *other = bar_chart(3);
	CHECK(c->serial != 0 && other->serial != 0
	      && c->serial != other->serial);
	ChartCanvas *cv = chart_canvas_new(c, CHART_WIDTH);
	CHECK(chart_height(c, CHART_WIDTH) == cv->height);
	CHECK(chart_height(c, CHART_WIDTH) == fresh_height(c, CHART_WIDTH));
	CHECK(chart_height(c, CHART_NARROW_WIDTH)
	      == fresh_height(c, CHART_NARROW_WIDTH));
	CHECK(chart_height(c, CHART_NARROW_WIDTH) != cv->height);
	CHECK(chart_height(other, CHART_WIDTH) < cv->height);
	Chart part = chart_bar_part(c, 3, 6);
	CHECK(chart_height(&part, CHART_WIDTH) < cv->height);
	CHECK(chart_height(&part, CHART_WIDTH)
	      == fresh_height(&part, CHART_WIDTH));
	/* a part of a part is the same bars as the part of the chart */
	Chart inner = chart_bar_part(&part, 2, 2);
	Chart direct = chart_bar_part(c, 5, 2);
	CHECK(inner.part_first == 5 && direct.part_first == 5);
	CHECK(chart_height(&inner, CHART_WIDTH)
	      == fresh_height(&direct, CHART_WIDTH));
	CHECK(chart_height(&inner, CHART_WIDTH)
	      < chart_height(&part, CHART_WIDTH));
	Chart none = chart_bar_part(c, 0, 0);
	CHECK(chart_height(&none, CHART_WIDTH)
	      == fresh_height(&none, CHART_WIDTH));
	chart_canvas_free(cv);
	chart_free(c);
	chart_free(other);
}

static void csv_columns(void)
{
	const char text[] = "a,b,a\n1,2,3\n";
	GError *err = NULL;
	CsvTable *t = csv_table_parse("t.csv", text, sizeof text - 1, &err);
	CHECK(t != NULL);
	if (!t)
		return;
	CHECK(csv_table_column(t, "a") == 0);
	CHECK(csv_table_column(t, "b") == 1);
	CHECK(csv_table_column(t, "c") == -1);
	CHECK(csv_table_column(t, "") == -1);
	csv_table_free(t);
}

void test_scale(void)
{
	png_round_trip(CHART_WIDTH);
	png_round_trip(361.5); /* an odd number of pixels across */
	remembered_heights();
	csv_columns();
}
