/* Chart stage, SVG writer: a display list (chart_canvas.h) as an SVG
 * document written directly, its text as <text> elements in the font
 * stack (so it can be found, selected and read aloud), positions as
 * Pango measured them.  Consecutive lines of the same look share one
 * <path>.  Numbers are written with at most two decimals, in the C
 * locale: the same chart gives the same bytes.  See chart_canvas.h. */
#include "chart_canvas.h"

#include <math.h>
#include <string.h>

/* After the chart's own fonts (the ones Pango measured with), what the
 * reader's system has; a narrower fallback never overlaps. */
#define FONT_FALLBACK                                                  \
	"system-ui, -apple-system, 'Segoe UI', 'Noto Sans CJK SC', "    \
	"'PingFang SC', 'Microsoft YaHei', sans-serif"

/* v to 2 decimals, trailing zeros (and a bare point) left out: what
 * "%.2f" of the rounded value gives, from its integer hundredths. */
static void num(GString *s, double v)
{
	double hundredths = round(v * 100);
	if (isfinite(hundredths) && fabs(hundredths) < 1e15) {
		long long k = (long long)hundredths;
		if (k < 0)
			g_string_append_c(s, '-');
		unsigned long long a = k < 0 ? 0ULL - (unsigned long long)k
		                             : (unsigned long long)k;
		char buf[32];
		int n = 0;
		unsigned long long whole = a / 100;
		do { /* digits backwards, then turned round */
			buf[n++] = (char)('0' + whole % 10);
			whole /= 10;
		} while (whole);
		for (int i = 0; i < n / 2; i++) {
			char t = buf[i];
			buf[i] = buf[n - 1 - i];
			buf[n - 1 - i] = t;
		}
		int cents = (int)(a % 100);
		if (cents) {
			buf[n++] = '.';
			buf[n++] = (char)('0' + cents / 10);
			if (cents % 10)
				buf[n++] = (char)('0' + cents % 10);
		}
		g_string_append_len(s, buf, n);
		return;
	}
	char buf[G_ASCII_DTOSTR_BUF_SIZE];
	double r = round(v * 100) / 100;
	if (r == 0)
		r = 0; /* no "-0" */
	g_ascii_formatd(buf, sizeof buf, "%.2f", r);
	size_t n = strlen(buf);
	while (n && buf[n - 1] == '0')
		n--;
	if (n && buf[n - 1] == '.')
		n--;
	g_string_append_len(s, buf, (gssize)n);
}

/* The channels of c as "rrggbb" (what "%02x" of each gives). */
static void hex_rgb(GString *s, Rgb c)
{
	static const char digits[] = "0123456789abcdef";
	const double v[3] = {c.r, c.g, c.b};
	char buf[6];
	for (int i = 0; i < 3; i++) {
		int k = (int)lround(v[i] * 255);
		if (k < 0 || k > 255) { /* out of range: as printf writes it */
			g_string_append_printf(s, "%02x", k);
			continue;
		}
		buf[0] = digits[k >> 4];
		buf[1] = digits[k & 15];
		g_string_append_len(s, buf, 2);
	}
}

/* An attribute's start, ' name="': written plainly, as every chart
 * writes thousands (a dot per point). */
static void attr_start(GString *s, const char *attr)
{
	g_string_append_c(s, ' ');
	g_string_append(s, attr);
	g_string_append(s, "=\"");
}

static void colour(GString *s, const char *attr, Rgb c)
{
	attr_start(s, attr);
	g_string_append_c(s, '#');
	hex_rgb(s, c);
	g_string_append_c(s, '"');
}

static void attr_num(GString *s, const char *attr, double v)
{
	attr_start(s, attr);
	num(s, v);
	g_string_append_c(s, '"');
}

static const char *role_class(MarkRole role)
{
	static const char *const names[] = {NULL, "hatch", "break", "grid",
	                                    "tick-x"};
	return names[role];
}

static void class_attr(GString *s, MarkRole role)
{
	if (role_class(role))
		g_string_append_printf(s, " class=\"%s\"", role_class(role));
}

static bool same_look(const DrawMark *a, const DrawMark *b)
{
	return a->kind == MARK_LINE && b->kind == MARK_LINE && a->ink == b->ink
	       && a->role == b->role && a->dash == b->dash
	       && a->line_width == b->line_width;
}

/* Lines from marks[i] on while they look the same; returns the index
 * after the last one written. */
static guint write_lines(GString *s, const ChartCanvas *cv, guint i,
                         const ChartTheme *t)
{
	const DrawMark *first = &g_array_index(cv->marks, DrawMark, i);
	g_string_append(s, "<path fill=\"none\"");
	colour(s, "stroke", chart_theme_rgb(t, first->ink));
	attr_num(s, "stroke-width", first->line_width);
	double dash[4];
	size_t nd = chart_dash_pattern(first->dash, dash);
	if (nd) {
		g_string_append(s, " stroke-dasharray=\"");
		for (size_t k = 0; k < nd; k++) {
			if (k)
				g_string_append_c(s, ' ');
			num(s, dash[k]);
		}
		g_string_append_c(s, '"');
	}
	class_attr(s, first->role);
	g_string_append(s, " d=\"");
	for (; i < cv->marks->len; i++) {
		const DrawMark *m = &g_array_index(cv->marks, DrawMark, i);
		if (!same_look(first, m))
			break;
		const double *p = &g_array_index(cv->points, double,
		                                 2 * m->first_point);
		for (size_t k = 0; k < m->n_points; k++) {
			g_string_append_c(s, k ? 'L' : 'M');
			num(s, p[2 * k]);
			g_string_append_c(s, ' ');
			num(s, p[2 * k + 1]);
		}
	}
	g_string_append(s, "\"/>\n");
	return i;
}

static void write_text(GString *s, const DrawMark *m, const ChartTheme *t)
{
	static const char *const anchors[] = {NULL, "middle", "end"};
	g_string_append(s, "<text");
	attr_num(s, "x", m->x);
	attr_num(s, "y", m->y);
	attr_num(s, "font-size", m->size);
	if (m->bold)
		g_string_append(s, " font-weight=\"bold\"");
	if (anchors[m->anchor])
		g_string_append_printf(s, " text-anchor=\"%s\"",
		                       anchors[m->anchor]);
	if (m->ink != INK_TEXT)
		colour(s, "fill", chart_theme_rgb(t, m->ink));
	class_attr(s, m->role);
	if (m->vertical) {
		g_string_append(s, " transform=\"rotate(-90 ");
		num(s, m->x);
		g_string_append_c(s, ' ');
		num(s, m->y);
		g_string_append(s, ")\"");
	}
	char *text = g_markup_escape_text(m->text, -1);
	g_string_append_printf(s, ">%s</text>\n", text);
	g_free(text);
}

static void write_shape(GString *s, const DrawMark *m, const ChartTheme *t)
{
	Rgb c = chart_theme_rgb(t, m->ink);
	if (m->kind == MARK_DOT) {
		g_string_append(s, "<circle");
		attr_num(s, "cx", m->x);
		attr_num(s, "cy", m->y);
		attr_num(s, "r", m->w);
		colour(s, "fill", c);
	} else {
		g_string_append(s, "<rect");
		attr_num(s, "x", m->x);
		attr_num(s, "y", m->y);
		attr_num(s, "width", m->w);
		attr_num(s, "height", m->h);
		if (m->kind == MARK_FILL) {
			colour(s, "fill", c);
		} else {
			g_string_append(s, " fill=\"none\"");
			colour(s, "stroke", c);
			attr_num(s, "stroke-width", m->line_width);
		}
	}
	class_attr(s, m->role);
	g_string_append(s, "/>\n");
}

static void hatch_id(GString *s, Rgb c)
{
	g_string_append_c(s, 'h');
	hex_rgb(s, c);
}

/* One stripe pattern per colour of hatch the chart uses. */
static void hatch_patterns(GString *s, const ChartCanvas *cv,
                           const ChartTheme *t)
{
	bool used[INK_SERIES + 6] = {false};
	for (guint i = 0; i < cv->marks->len; i++) {
		const DrawMark *m = &g_array_index(cv->marks, DrawMark, i);
		if (m->kind == MARK_HATCH)
			used[m->ink] = true;
	}
	for (int ink = 0; ink < INK_SERIES + 6; ink++) {
		if (!used[ink])
			continue;
		Rgb c = chart_theme_rgb(t, (Ink)ink);
		g_string_append(s, "<pattern id=\"");
		hatch_id(s, c);
		/* vertical stripes turned 45 degrees: HATCH_STEP apart along
		 * a row is HATCH_STEP / sqrt 2 apart across the stripes */
		g_string_append(s, "\" patternUnits=\"userSpaceOnUse\"");
		attr_num(s, "width", HATCH_STEP / sqrt(2));
		attr_num(s, "height", 10);
		g_string_append(s, " patternTransform=\"rotate(45)\">"
		                   "<path class=\"hatch\" d=\"M0 0V10\"");
		colour(s, "stroke", c);
		attr_num(s, "stroke-width", HATCH_WIDTH);
		g_string_append(s, "/></pattern>\n");
	}
}

static void write_hatch(GString *s, const DrawMark *m, const ChartTheme *t)
{
	g_string_append(s, "<rect");
	attr_num(s, "x", m->x);
	attr_num(s, "y", m->y);
	attr_num(s, "width", m->w);
	attr_num(s, "height", m->h);
	g_string_append(s, " fill=\"url(#");
	hatch_id(s, chart_theme_rgb(t, m->ink));
	g_string_append(s, ")\" class=\"hatch\"/>\n");
}

static void header(GString *s, const ChartCanvas *cv, const ChartTheme *t)
{
	const Chart *c = cv->chart;
	g_string_append(s, "<svg xmlns=\"http://www.w3.org/2000/svg\"");
	attr_num(s, "width", cv->width);
	attr_num(s, "height", cv->height);
	g_string_append(s, " viewBox=\"0 0 ");
	num(s, cv->width);
	g_string_append_c(s, ' ');
	num(s, cv->height);
	char *family = g_markup_escape_text(c->font_family ? c->font_family
	                                                   : "sans-serif",
	                                    -1);
	g_string_append_printf(s, "\" class=\"chart %s\" font-family=\"%s, "
	                          FONT_FALLBACK "\"",
	                       t->name, family);
	g_free(family);
	colour(s, "fill", t->ink);
	g_string_append(s, ">\n");
	char *title = g_markup_escape_text(c->title ? c->title : "", -1);
	char *alt = chart_alt_text(c);
	char *desc = g_markup_escape_text(alt, -1);
	g_string_append_printf(s, "<title>%s</title>\n<desc>%s</desc>\n", title,
	                       desc);
	g_free(title);
	g_free(alt);
	g_free(desc);
	g_string_append(s, "<rect class=\"background\" width=\"100%\" "
	                   "height=\"100%\"");
	colour(s, "fill", t->bg);
	g_string_append(s, "/>\n");
}

char *chart_canvas_svg(const ChartCanvas *cv, const ChartTheme *theme)
{
	GString *s = g_string_sized_new(16384);
	header(s, cv, theme);
	GString *defs = g_string_new(NULL);
	hatch_patterns(defs, cv, theme);
	if (defs->len)
		g_string_append_printf(s, "<defs>\n%s</defs>\n", defs->str);
	g_string_free(defs, TRUE);
	for (guint i = 0; i < cv->marks->len;) {
		const DrawMark *m = &g_array_index(cv->marks, DrawMark, i);
		if (m->kind == MARK_LINE) {
			i = write_lines(s, cv, i, theme);
			continue;
		}
		if (m->kind == MARK_TEXT)
			write_text(s, m, theme);
		else if (m->kind == MARK_HATCH)
			write_hatch(s, m, theme);
		else
			write_shape(s, m, theme);
		i++;
	}
	g_string_append(s, "</svg>\n");
	return g_string_free(s, FALSE);
}
