/* The chart drawing: an outlier bar is cut by an axis break, every word
 * of an SVG is a <text> at the style's size, the light and dark SVGs
 * differ only in colour, and a PDF part keeps the whole chart's axis. */
#include "unit.h"
#include "chart_bars.h"
#include "chart_render.h"

#include <string.h>

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

void test_charts_draw(void)
{
	axis_break();
	svg_text();
}
