/* Chart style: the layout constants every chart kind shares (padding,
 * text sizes, colours, line widths) in one place, so a language or a
 * screen changes them here.  Sizes are CSS pixels; colours RGB in 0..1.
 * Ownership: CHART_STYLE is a static constant. */
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
	Rgb series[6];      /* Okabe-Ito: distinguishable with every common
	                       colour-vision deficiency */
	Rgb ink, muted, grid, grey;
} ChartStyle;

extern const ChartStyle CHART_STYLE;

#endif
