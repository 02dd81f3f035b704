/* The chart drawing: an outlier bar is cut by an axis break, every word
 * of an SVG is a <text> at the style's size, the light and dark SVGs
 * differ only in colour, and a PDF part keeps the whole chart's axis.
 * A scatter plot of thousands of labelled points (issue 44) measures
 * each label once a process, and draws the same labels either way. */
#include "unit.h"
#include "chart_bars.h"
#include "chart_render.h"

#include <string.h>
#include <time.h>

static Chart *bars(const double *values, size_t n)
{
	Chart *c = chart_new(CHART_BARS, "t");
	c->title = g_strdup("Title & more");
	c->font_family = g_strdup("DejaVu Sans");
	for (size_t i = 0; i < n; i++)
		chart_add_bar(c, (ChartBar){
		    .label = g_strdup_printf("GPU %zu", i), .value = values[i],
		    .value_text = g_strdup_printf("%.2f", values[i])});
	return c;
}

static void axis_break(void)
{
	const double outlier[] = {10, 3, 2.5};
	const double even[] = {10, 8, 5};
	bool broken = false;
	Chart *c = bars(outlier, 3);
	CHECK_NEAR(chart_bar_axis_end(c, &broken), 3.3, 1e-9);
	CHECK(broken && chart_bar_marks(c).broken);
	/* a mark beyond the outlier keeps the whole axis */
	chart_add_mark(c, 12, g_strdup("limit"));
	CHECK_NEAR(chart_bar_axis_end(c, &broken), 12, 1e-9);
	CHECK(!broken);
	chart_free(c);
	c = bars(even, 3);
	CHECK_NEAR(chart_bar_axis_end(c, &broken), 10, 1e-9);
	CHECK(!broken && !chart_bar_marks(c).broken);
	/* a part of the chart keeps the whole chart's axis */
	Chart part = chart_bar_part(c, 2, 1);
	CHECK(part.n_bars == 1 && part.bars == c->bars + 2);
	CHECK_NEAR(chart_bar_axis_end(&part, NULL), 10, 1e-9);
	chart_free(c);
}

static void svg_text(void)
{
	const double v[] = {1, 0.5};
	Chart *c = bars(v, 2);
	char *light = NULL, *dark = NULL, *narrow = NULL;
	size_t n;
	chart_render_svg(c, CHART_WIDTH, false, &light, &n);
	chart_render_svg(c, CHART_WIDTH, true, &dark, &n);
	chart_render_svg(c, CHART_NARROW_WIDTH, false, &narrow, &n);
	CHECK(strstr(light, ">Title &amp; more</text>") != NULL);
	CHECK(strstr(light, ">GPU 1</text>") != NULL);
	CHECK(strstr(light, "text-anchor=\"end\"") != NULL); /* labels */
	CHECK(strstr(light, "<use") == NULL && strstr(light, "glyph") == NULL);
	CHECK(strstr(light, "fill=\"#ffffff\"") != NULL);
	CHECK(strstr(dark, "fill=\"#0d1117\"") != NULL);
	CHECK(strstr(dark, ">GPU 1</text>") != NULL);
	CHECK(strstr(narrow, "font-size=\"11.5\"") == NULL);
	CHECK(strstr(narrow, "font-size=\"13\"") != NULL); /* phone labels */
	g_free(light);
	g_free(dark);
	g_free(narrow);
	chart_free(c);
}

/* A scatter plot of n points near its diagonal, each named. */
static Chart *scatter(size_t n)
{
	Chart *c = chart_new(CHART_XY, "s");
	c->title = g_strdup("Scatter");
	c->font_family = g_strdup("DejaVu Sans");
	c->diagonal = true;
	size_t s = chart_add_series(c, g_strdup("points"), false);
	for (size_t i = 0; i < n; i++) {
		double x = 1 + (double)((i * 7919) % 1000) / 100;
		chart_add_point(c, s, x, x * (0.8 + (double)(i % 41) / 100),
		                g_strdup_printf("Synthetic GPU %06zu", i));
	}
	return c;
}

static double cpu_seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* CPU seconds to lay the chart out at width. */
static double layout_time(const Chart *c, double width)
{
	double t0 = cpu_seconds();
	ChartCanvas *cv = chart_canvas_new(c, width);
	double t = cpu_seconds() - t0;
	chart_canvas_free(cv);
	return t;
}

static char *svg_at(const Chart *c, double width)
{
	ChartCanvas *cv = chart_canvas_new(c, width);
	char *svg = chart_canvas_svg(cv, &CHART_LIGHT);
	chart_canvas_free(cv);
	return svg;
}

static void scatter_labels(void)
{
	Chart *c = scatter(3000);
	/* laid out again (the narrow, the PDF's), a chart measures no
	 * label twice: the second layout costs a fraction of the first
	 * (before, every layout measured all 3000) */
	chart_release_memos();
	double first = layout_time(c, CHART_WIDTH);
	double again = fmin(layout_time(c, CHART_WIDTH),
	                    layout_time(c, CHART_WIDTH));
	CHECK(again < first * 0.5);
	/* the narrow layout after the wide one (most overlaps settled from
	 * the wide one's measures) draws what it draws alone */
	chart_release_memos();
	char *wide = svg_at(c, CHART_WIDTH);
	char *narrow = svg_at(c, CHART_NARROW_WIDTH);
	chart_release_memos();
	char *alone = svg_at(c, CHART_NARROW_WIDTH);
	CHECK_STR(narrow, alone);
	CHECK(strstr(wide, ">Synthetic GPU 000000</text>") != NULL);
	CHECK(strstr(alone, ">Synthetic GPU 000000</text>") != NULL);
	g_free(wide);
	g_free(narrow);
	g_free(alone);
	chart_free(c);
}

void test_charts_draw(void)
{
	axis_break();
	svg_text();
	scatter_labels();
}
