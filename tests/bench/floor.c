/* The floor of the libraries for `make bench` (tests/bench.sh): the work
 * no generator of the same output can avoid, done the plainest way with
 * the libraries gpuguide uses, each phase timed in CPU seconds.
 *   floor start FONT          font set-up and one line laid out (run as a
 *                             process of its own: its whole CPU time is
 *                             the start-up floor)
 *   floor png FILE.png...     every chart rasterized again at its size
 *                             (white page, the chart composited on it)
 *                             and PNG-encoded by libpng at zlib level 1
 *                             (decoding the files is not timed)
 *   floor md FILE.md...       cmark-gfm parse (table extension) and HTML
 *                             rendering of the expanded guides
 *   floor pdf FONT FILE.md... one Pango layout pass of each guide's text,
 *                             paragraph by paragraph at A4 text width,
 *                             shown on PDF pages (fonts embedded)
 * Prints "PHASE CPU_SECONDS". */
#include <cairo-pdf.h>
#include <cairo.h>
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <png.h>
#include <pango/pangocairo.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static double cpu_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static cairo_status_t discard(void *closure, const unsigned char *data,
                              unsigned int length)
{
	(void)data;
	*(size_t *)closure += length;
	return CAIRO_STATUS_SUCCESS;
}

static void png_discard(png_structp png, png_bytep data, size_t length)
{
	(void)data;
	*(size_t *)png_get_io_ptr(png) += length;
}

static void layout_line(cairo_t *cr, const char *font, const char *text)
{
	PangoLayout *l = pango_cairo_create_layout(cr);
	PangoFontDescription *d = pango_font_description_from_string(font);
	pango_font_description_set_absolute_size(d, 10 * PANGO_SCALE);
	pango_layout_set_font_description(l, d);
	pango_layout_set_text(l, text, -1);
	pango_cairo_show_layout(cr, l);
	pango_font_description_free(d);
	g_object_unref(l);
}

static int start(const char *font)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
	                                                 200, 40);
	cairo_t *cr = cairo_create(s);
	layout_line(cr, font, "RTX 4090 · 1.00");
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	return 0;
}

static void write_png(cairo_surface_t *s, size_t *bytes)
{
	int w = cairo_image_surface_get_width(s);
	int h = cairo_image_surface_get_height(s);
	int stride = cairo_image_surface_get_stride(s);
	const unsigned char *data = cairo_image_surface_get_data(s);
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL,
	                                          NULL, NULL);
	png_infop info = png_create_info_struct(png);
	png_set_write_fn(png, bytes, png_discard, NULL);
	png_set_compression_level(png, 1);
	png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8,
	             PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
	             PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_write_info(png, info);
	unsigned char *row = g_malloc((size_t)w * 3);
	for (int y = 0; y < h; y++) {
		const uint32_t *px = (const uint32_t *)(data + (size_t)y * stride);
		for (int x = 0; x < w; x++) {
			row[3 * x] = (unsigned char)(px[x] >> 16);
			row[3 * x + 1] = (unsigned char)(px[x] >> 8);
			row[3 * x + 2] = (unsigned char)px[x];
		}
		png_write_row(png, row);
	}
	png_write_end(png, info);
	png_destroy_write_struct(&png, &info);
	g_free(row);
}

static void png(cairo_surface_t *src, size_t *bytes)
{
	int w = cairo_image_surface_get_width(src);
	int h = cairo_image_surface_get_height(src);
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
	                                                 w, h);
	cairo_t *cr = cairo_create(s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_set_source_surface(cr, src, 0, 0);
	cairo_paint(cr);
	cairo_destroy(cr);
	cairo_surface_flush(s);
	write_png(s, bytes);
	cairo_surface_destroy(s);
}

static void markdown(const char *path, size_t *bytes)
{
	gchar *text = NULL;
	gsize n = 0;
	if (!g_file_get_contents(path, &text, &n, NULL))
		return;
	cmark_parser *p = cmark_parser_new(CMARK_OPT_DEFAULT);
	const char *names[] = {"table", "strikethrough", "autolink"};
	for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
		cmark_syntax_extension *e = cmark_find_syntax_extension(names[i]);
		if (e)
			cmark_parser_attach_syntax_extension(p, e);
	}
	cmark_parser_feed(p, text, n);
	cmark_node *doc = cmark_parser_finish(p);
	char *html = cmark_render_html(doc, CMARK_OPT_DEFAULT,
	                               cmark_parser_get_syntax_extensions(p));
	*bytes += strlen(html);
	free(html);
	cmark_node_free(doc);
	cmark_parser_free(p);
	g_free(text);
}

/* A4 in points, 2 cm margins. */
#define PAGE_W 595.0
#define PAGE_H 842.0
#define MARGIN 57.0

static void pdf(const char *font, const char *path, size_t *bytes)
{
	gchar *text = NULL;
	if (!g_file_get_contents(path, &text, NULL, NULL))
		return;
	cairo_surface_t *s = cairo_pdf_surface_create_for_stream(
	    discard, bytes, PAGE_W, PAGE_H);
	cairo_t *cr = cairo_create(s);
	PangoLayout *l = pango_cairo_create_layout(cr);
	PangoFontDescription *d = pango_font_description_from_string(font);
	pango_font_description_set_size(d, 10 * PANGO_SCALE);
	pango_layout_set_font_description(l, d);
	pango_layout_set_width(l, (int)((PAGE_W - 2 * MARGIN) * PANGO_SCALE));
	pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
	double y = MARGIN;
	gchar **paras = g_strsplit(text, "\n\n", -1);
	for (gchar **para = paras; *para; para++) {
		if (!**para)
			continue;
		pango_layout_set_text(l, *para, -1);
		int w, h;
		pango_layout_get_size(l, &w, &h);
		double height = (double)h / PANGO_SCALE;
		if (y + height > PAGE_H - MARGIN && y > MARGIN) {
			cairo_show_page(cr);
			y = MARGIN;
		}
		cairo_move_to(cr, MARGIN, y);
		pango_cairo_show_layout(cr, l);
		y += height + 6;
	}
	g_strfreev(paras);
	pango_font_description_free(d);
	g_object_unref(l);
	cairo_destroy(cr);
	cairo_surface_finish(s);
	cairo_surface_destroy(s);
	g_free(text);
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: floor start|png|md|pdf ...\n");
		return 2;
	}
	const char *mode = argv[1];
	if (strcmp(mode, "start") == 0)
		return start(argv[2]);
	cmark_gfm_core_extensions_ensure_registered();
	int first = strcmp(mode, "pdf") == 0 ? 3 : 2;
	if (strcmp(mode, "pdf") == 0)
		start(argv[2]); /* font set-up is the start floor's */
	size_t bytes = 0;
	cairo_surface_t **charts = g_new0(cairo_surface_t *, argc);
	for (int i = first; strcmp(mode, "png") == 0 && i < argc; i++)
		charts[i] = cairo_image_surface_create_from_png(argv[i]);
	double t0 = cpu_now();
	for (int i = first; i < argc; i++) {
		if (strcmp(mode, "png") == 0)
			png(charts[i], &bytes);
		else if (strcmp(mode, "md") == 0)
			markdown(argv[i], &bytes);
		else if (strcmp(mode, "pdf") == 0)
			pdf(argv[2], argv[i], &bytes);
	}
	double used = cpu_now() - t0;
	for (int i = first; i < argc; i++)
		if (charts[i])
			cairo_surface_destroy(charts[i]);
	g_free(charts);
	printf("%s %.4f %zu\n", mode, used, bytes);
	return 0;
}
