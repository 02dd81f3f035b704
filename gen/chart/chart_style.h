/* Chart style: the layout constants every chart kind shares (padding,
 * text sizes, line widths) and the colour themes, in one place, so a
 * language, a screen or a colour scheme changes them here.  Sizes are
 * CSS pixels; colours RGB in 0..1.
 * Text sizes: the wide style is for figures shown at 720 px or wider;
 * the phone style (chart_style_for) keeps every text at 12 px or more
 * so that it stays at least 11 px when the figure is shown narrower
 * than it was laid out.
 * Colours: every colour of a theme that draws on the background (text,
 * bars, lines, grid) has a contrast of at least 3:1 against that
 * background (tests/chart_svg_check.py computes it from the SVG).
 * Ownership: the styles and themes are static constants. */
#ifndef GG_CHART_STYLE_H
#define GG_CHART_STYLE_H

typedef struct {
	double r, g, b;
} Rgb;

typedef struct {
	double pad;         /* around the chart and between its parts */
	double title;       /* the chart's title (bold) */
	double label;       /* bar labels, axis titles, single-series values */
	double tick;        /* ticks, legends, grouped-bar values */
	double small;       /* point labels and the source line */
	double swatch;      /* legend: swatch width plus its gap */
	double legend_gap;  /* legend: between items */
	double whisker;     /* line width of a modelled value's range */
	double bar;         /* height of a bar; a grouped bar: 0.7 of it */
} ChartStyle;

/* Series colours after Okabe-Ito (distinguishable with every common
 * colour-vision deficiency), darkened or lightened to 3:1. */
typedef struct {
	const char *name; /* "light", "dark": the SVG's class */
	Rgb bg, ink, muted, grid;
	Rgb series[6];
} ChartTheme;

extern const ChartStyle CHART_STYLE_WIDE, CHART_STYLE_PHONE;
extern const ChartTheme CHART_LIGHT, CHART_DARK;

/* The style of a chart laid out at width. */
const ChartStyle *chart_style_for(double width);

#endif
