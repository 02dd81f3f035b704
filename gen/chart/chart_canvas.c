/* Chart stage, the display list: recording marks while a chart is laid
 * out, and replaying them on a cairo_t.  The SVG writer is
 * chart_svg.c.  See chart_canvas.h. */
#include "chart_canvas.h"

#include "text.h"

#include <math.h>
#include <string.h>

/* ---- styles and themes ------------------------------------------------ */

const ChartStyle CHART_STYLE_WIDE = {
    .pad = 12, .title = 16, .label = 12, .tick = 11.5, .small = 11.5,
    .swatch = 15, .legend_gap = 16, .whisker = 1.2, .bar = 15};

const ChartStyle CHART_STYLE_PHONE = {
    .pad = 8, .title = 15, .label = 13, .tick = 12.5, .small = 12.5,
    .swatch = 16, .legend_gap = 12, .whisker = 1.2, .bar = 16};

#define HEX(v) {((v) >> 16 & 255) / 255.0, ((v) >> 8 & 255) / 255.0, \
                ((v) & 255) / 255.0}

const ChartTheme CHART_LIGHT = {
    .name = "light", .bg = HEX(0xffffff), .ink = HEX(0x222222),
    .muted = HEX(0x595959), .grid = HEX(0x8c8c8c),
    .series = {HEX(0x0072b2),   /* blue: measured */
               HEX(0xb86e00),   /* orange, darkened: the reference */
               HEX(0x008060),   /* bluish green */
               HEX(0xd55e00),   /* vermillion */
               HEX(0xb1528a),   /* reddish purple */
               HEX(0x2a7fb8)}}; /* sky blue, darkened: modelled */

const ChartTheme CHART_DARK = {
    .name = "dark", .bg = HEX(0x0d1117), .ink = HEX(0xe6edf3),
    .muted = HEX(0x9198a1), .grid = HEX(0x5b636d),
    .series = {HEX(0x56b4e9), HEX(0xe69f00), HEX(0x00b386),
               HEX(0xff7f3f), HEX(0xde8fbb), HEX(0x3d9be0)}};

const ChartStyle *chart_style_for(double width)
{
	return width < CHART_WIDTH ? &CHART_STYLE_PHONE : &CHART_STYLE_WIDE;
}

/* ---- recording -------------------------------------------------------- */

static DrawMark *push(ChartCanvas *cv, MarkKind kind, Ink ink)
{
	DrawMark m = {.kind = kind, .ink = ink};
	g_array_append_val(cv->marks, m);
	return &g_array_index(cv->marks, DrawMark, cv->marks->len - 1);
}

void cv_fill(ChartCanvas *cv, double x, double y, double w, double h,
             Ink ink)
{
	if (w <= 0 || h <= 0)
		return;
	DrawMark *m = push(cv, MARK_FILL, ink);
	m->x = x, m->y = y, m->w = w, m->h = h;
}

void cv_stroke_rect(ChartCanvas *cv, double x, double y, double w,
                    double h, Ink ink, double line_width)
{
	DrawMark *m = push(cv, MARK_STROKE, ink);
	m->x = x, m->y = y, m->w = w, m->h = h;
	m->line_width = line_width;
}

void cv_polyline(ChartCanvas *cv, const double *xy, size_t n, Ink ink,
                 double line_width, Dash dash)
{
	DrawMark *m = push(cv, MARK_LINE, ink);
	m->first_point = cv->points->len / 2;
	m->n_points = n;
	m->line_width = line_width;
	m->dash = dash;
	g_array_append_vals(cv->points, xy, (guint)(2 * n));
}

void cv_line(ChartCanvas *cv, double x0, double y0, double x1, double y1,
             Ink ink, double line_width, Dash dash)
{
	double xy[] = {x0, y0, x1, y1};
	cv_polyline(cv, xy, 2, ink, line_width, dash);
}

void cv_dot(ChartCanvas *cv, double x, double y, double r, Ink ink)
{
	DrawMark *m = push(cv, MARK_DOT, ink);
	m->x = x, m->y = y, m->w = r;
}

void cv_hatch(ChartCanvas *cv, double x, double y, double w, double h,
              Ink ink)
{
	if (w <= 0 || h <= 0)
		return;
	DrawMark *m = push(cv, MARK_HATCH, ink);
	m->x = x, m->y = y, m->w = w, m->h = h;
	m->role = ROLE_HATCH;
}

void cv_role(ChartCanvas *cv, MarkRole role)
{
	if (cv->marks->len)
		g_array_index(cv->marks, DrawMark, cv->marks->len - 1).role = role;
}

static void push_text(ChartCanvas *cv, const char *text, size_t len,
                      double x, double y, Ink ink, double size, bool bold,
                      Anchor anchor, bool vertical)
{
	while (len && (text[len - 1] == ' ' || text[len - 1] == '\n'))
		len--;
	if (!len)
		return;
	DrawMark *m = push(cv, MARK_TEXT, ink);
	m->text = g_strndup(text, len);
	m->x = x, m->y = y;
	m->size = size;
	m->bold = bold;
	m->anchor = anchor;
	m->vertical = vertical;
}

void cv_layout(ChartCanvas *cv, PangoLayout *l, double x, double y,
               Ink ink, double size, bool bold)
{
	const char *text = pango_layout_get_text(l);
	bool wrapped = pango_layout_get_width(l) >= 0;
	PangoAlignment align = pango_layout_get_alignment(l);
	PangoLayoutIter *it = pango_layout_get_iter(l);
	do {
		PangoLayoutLine *line = pango_layout_iter_get_line_readonly(it);
		PangoRectangle r;
		pango_layout_iter_get_line_extents(it, NULL, &r);
		double left = x + (double)r.x / PANGO_SCALE;
		double w = (double)r.width / PANGO_SCALE;
		double base = y + (double)pango_layout_iter_get_baseline(it)
		                      / PANGO_SCALE;
		Anchor a = ANCHOR_START;
		double at = left;
		if (wrapped && align == PANGO_ALIGN_RIGHT)
			a = ANCHOR_END, at = left + w;
		else if (wrapped && align == PANGO_ALIGN_CENTER)
			a = ANCHOR_MIDDLE, at = left + w / 2;
		push_text(cv, text + line->start_index, (size_t)line->length, at,
		          base, ink, size, bold, a, false);
	} while (pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
}

void cv_text(ChartCanvas *cv, const char *text, double x, double y,
             Anchor anchor, Ink ink, double size)
{
	push_text(cv, text, strlen(text), x, y, ink, size, false, anchor,
	          false);
}

void cv_text_line(ChartCanvas *cv, const char *text, double x, double y,
                  Anchor anchor, Ink ink, double size, bool bold)
{
	push_text(cv, text, strlen(text), x, y, ink, size, bold, anchor,
	          false);
}

void cv_text_up(ChartCanvas *cv, const char *text, double x, double y,
                Ink ink, double size)
{
	push_text(cv, text, strlen(text), x, y, ink, size, false, ANCHOR_START,
	          true);
}

size_t chart_dash_pattern(Dash dash, double *out)
{
	static const double patterns[DASH_COUNT][4] = {
	    {0}, {4, 3}, {9, 4}, {1.5, 3}, {8, 3, 1.5, 3}, {12, 3, 4, 3}};
	static const size_t lengths[DASH_COUNT] = {0, 2, 2, 2, 4, 4};
	memcpy(out, patterns[dash], sizeof patterns[dash]);
	return lengths[dash];
}

void chart_canvas_free(ChartCanvas *cv)
{
	if (!cv)
		return;
	for (guint i = 0; i < cv->marks->len; i++)
		g_free(g_array_index(cv->marks, DrawMark, i).text);
	g_array_free(cv->marks, TRUE);
	g_array_free(cv->points, TRUE);
	if (cv->line_layout)
		g_object_unref(cv->line_layout);
	if (cv->text_context)
		g_object_unref(cv->text_context);
	cairo_destroy(cv->measure);
	cairo_surface_destroy(cv->measure_surface);
	g_free(cv);
}

/* ---- text --------------------------------------------------------------- */

/* Extents of unwrapped texts by font and text, for the whole process:
 * every canvas measures on the same kind of surface (1x1, unscaled,
 * metrics unhinted), so extents found once hold for every chart and
 * every layout of it (wide, narrow, the HTML's and the PDF's).  A
 * scatter plot names each of thousands of points (a label is drawn
 * only where it overlaps none drawn before, but each is measured to
 * know), and the same names come back in another chart and in every
 * layout of it: each is laid out once.  The text is set on one layout
 * kept per canvas for its font and size (a new layout would come out
 * the same, at the cost of making it). */
typedef struct {
	double width, height;
	double baseline; /* of the line, from its top */
} LineExtents;

static GHashTable *line_extents;

static PangoLayout *measuring_layout(ChartCanvas *cv, double size,
                                     bool bold)
{
	if (cv->line_layout && cv->line_size == size && cv->line_bold == bold)
		return cv->line_layout;
	if (cv->line_layout)
		g_object_unref(cv->line_layout);
	if (!cv->text_context)
		cv->text_context = text_context_new(cv->measure);
	cv->line_layout = text_layout_new(cv->text_context,
	                                  cv->chart->font_family, size, true,
	                                  bold);
	cv->line_size = size;
	cv->line_bold = bold;
	return cv->line_layout;
}

static char *extents_key(const ChartCanvas *cv, double size, bool bold,
                         const char *text)
{
	const char *family = cv->chart->font_family;
	return g_strdup_printf("%s\x1f%.17g\x1f%d\x1f%s", family ? family : "",
	                       size, bold, text ? text : "");
}

bool chart_line_extents_known(const ChartCanvas *cv, double size,
                              bool bold, const char *text, double *width,
                              double *height)
{
	if (!line_extents)
		return false;
	char *key = extents_key(cv, size, bold, text);
	const LineExtents *e = g_hash_table_lookup(line_extents, key);
	g_free(key);
	if (e) {
		*width = e->width;
		*height = e->height;
	}
	return e != NULL;
}

void chart_line_extents(ChartCanvas *cv, double size, bool bold,
                        const char *text, double *width, double *height)
{
	if (!line_extents)
		line_extents = g_hash_table_new_full(g_str_hash, g_str_equal,
		                                     g_free, g_free);
	char *key = extents_key(cv, size, bold, text);
	LineExtents *e = g_hash_table_lookup(line_extents, key);
	if (e)
		g_free(key);
	else {
		PangoLayout *l = measuring_layout(cv, size, bold);
		pango_layout_set_text(l, text ? text : "", -1);
		PangoRectangle logical;
		pango_layout_get_extents(l, NULL, &logical);
		e = g_new(LineExtents, 1);
		e->width = (double)logical.width / PANGO_SCALE;
		e->height = (double)logical.height / PANGO_SCALE;
		e->baseline = (double)pango_layout_get_baseline(l) / PANGO_SCALE;
		g_hash_table_insert(line_extents, key, e);
	}
	if (width)
		*width = e->width;
	if (height)
		*height = e->height;
}

/* Printable ASCII only: one line, left to right, whatever the font. */
static bool plain_line(const char *text)
{
	for (const char *q = text; *q; q++)
		if (*q < 0x20 || *q > 0x7e)
			return false;
	return true;
}

bool chart_plain_line(ChartCanvas *cv, double size, bool bold,
                      const char *text, double *width, double *height,
                      double *baseline)
{
	if (!text || !plain_line(text))
		return false;
	chart_line_extents(cv, size, bold, text, width, height);
	char *key = extents_key(cv, size, bold, text);
	const LineExtents *e = g_hash_table_lookup(line_extents, key);
	g_free(key);
	*baseline = e->baseline;
	return true;
}

double chart_line_width(ChartCanvas *cv, double size, bool bold,
                        const char *text)
{
	double w;
	chart_line_extents(cv, size, bold, text, &w, NULL);
	return w;
}

void chart_line_widths_free(void)
{
	if (line_extents)
		g_hash_table_destroy(line_extents);
	line_extents = NULL;
}

/* ---- replay on cairo -------------------------------------------------- */

Rgb chart_theme_rgb(const ChartTheme *t, Ink ink)
{
	switch (ink) {
	case INK_TEXT: return t->ink;
	case INK_MUTED: return t->muted;
	case INK_GRID: return t->grid;
	case INK_BG: return t->bg;
	default: return t->series[(ink - INK_SERIES) % 6];
	}
}

static void replay_text(cairo_t *cr, PangoContext *ctx,
                        const ChartCanvas *cv, const DrawMark *m)
{
	PangoLayout *l = text_layout_new(ctx, cv->chart->font_family, m->size,
	                                 true, m->bold);
	pango_layout_set_text(l, m->text, -1);
	double w = text_width(l);
	double base = (double)pango_layout_get_baseline(l) / PANGO_SCALE;
	double dx = m->anchor == ANCHOR_END      ? -w
	            : m->anchor == ANCHOR_MIDDLE ? -w / 2
	                                         : 0;
	cairo_save(cr);
	cairo_translate(cr, m->x, m->y);
	if (m->vertical)
		cairo_rotate(cr, -G_PI / 2);
	cairo_move_to(cr, dx, -base);
	pango_cairo_show_layout(cr, l);
	cairo_restore(cr);
	g_object_unref(l);
}

/* Stripes from bottom-left to top-right, each clipped to the rectangle
 * by arithmetic. */
static void replay_hatch(cairo_t *cr, const DrawMark *m)
{
	double x = m->x, y = m->y, w = m->w, h = m->h;
	cairo_set_line_width(cr, HATCH_WIDTH);
	for (double d = -h + HATCH_STEP / 2; d < w; d += HATCH_STEP) {
		double x0 = x + d, y0 = y + h, x1 = x + d + h, y1 = y;
		if (x0 < x)
			y0 -= x - x0, x0 = x;
		if (x1 > x + w)
			y1 += x1 - (x + w), x1 = x + w;
		if (x1 - x0 < 0.5)
			continue;
		cairo_move_to(cr, x0, y0);
		cairo_line_to(cr, x1, y1);
	}
	cairo_stroke(cr);
}

static void replay_mark(cairo_t *cr, PangoContext *ctx,
                        const ChartCanvas *cv, const DrawMark *m,
                        const ChartTheme *t)
{
	Rgb c = chart_theme_rgb(t, m->ink);
	cairo_set_source_rgb(cr, c.r, c.g, c.b);
	cairo_new_path(cr); /* text leaves a current point: an arc would
	                       join it with a line */
	switch (m->kind) {
	case MARK_FILL:
		cairo_rectangle(cr, m->x, m->y, m->w, m->h);
		cairo_fill(cr);
		break;
	case MARK_STROKE:
		cairo_set_line_width(cr, m->line_width);
		cairo_rectangle(cr, m->x, m->y, m->w, m->h);
		cairo_stroke(cr);
		break;
	case MARK_DOT:
		cairo_arc(cr, m->x, m->y, m->w, 0, 2 * G_PI);
		cairo_fill(cr);
		break;
	case MARK_LINE: {
		const double *p = &g_array_index(cv->points, double,
		                                 2 * m->first_point);
		double dash[4];
		size_t nd = chart_dash_pattern(m->dash, dash);
		cairo_set_dash(cr, dash, (int)nd, 0);
		cairo_set_line_width(cr, m->line_width);
		for (size_t k = 0; k < m->n_points; k++)
			(k ? cairo_line_to : cairo_move_to)(cr, p[2 * k],
			                                    p[2 * k + 1]);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
		break;
	}
	case MARK_TEXT:
		replay_text(cr, ctx, cv, m);
		break;
	case MARK_HATCH:
		replay_hatch(cr, m);
		break;
	}
}

void chart_canvas_replay(const ChartCanvas *cv, cairo_t *cr,
                         const ChartTheme *theme)
{
	cairo_save(cr);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_rectangle(cr, 0, 0, cv->width, cv->height);
	cairo_set_source_rgb(cr, theme->bg.r, theme->bg.g, theme->bg.b);
	cairo_fill(cr);
	PangoContext *ctx = text_context_new(cr); /* the CTM stays */
	for (guint i = 0; i < cv->marks->len; i++)
		replay_mark(cr, ctx, cv,
		            &g_array_index(cv->marks, DrawMark, i), theme);
	g_object_unref(ctx);
	cairo_restore(cr);
}
