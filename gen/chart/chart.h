/* Chart stage, the values: a figure described as data (bars, series,
 * marks and every word shown), built by the guide stage and drawn by
 * chart_render.h.  Kinds: sorted horizontal bars, grouped horizontal
 * bars (two series), and XY plots (lines or scatter, with vertical marks
 * and a diagonal).
 * Ownership: a Chart owns every string and array in it; chart_free
 * releases them. */
#ifndef GG_CHART_H
#define GG_CHART_H

#include <glib.h>
#include <stdbool.h>

typedef enum { CHART_BARS, CHART_GROUPED_BARS, CHART_XY } ChartKind;

typedef struct {
	char *label;
	double value, value2; /* value2: the second series of grouped bars */
	char *value_text, *value2_text;
	bool reference; /* the normalization GPU: marked */
	bool modelled;  /* not measured: drawn hatched */
	bool modelled2; /* the same for value2 (grouped bars) */
	bool flagged;   /* does not fit a standard machine: drawn grey */
	/* The range of a modelled value (value2: low2, high2), drawn as a
	 * whisker on modelled bars when high > low; zero: none. */
	double low, high, low2, high2;
} ChartBar;

typedef struct {
	double x, y;
	char *label; /* NULL: no label beside the point */
} ChartPoint;

typedef struct {
	char *name;
	ChartPoint *points;
	size_t n_points;
	bool joined; /* a line through the points; otherwise dots */
} ChartSeries;

/* A vertical line: at x on XY plots, at a value on bar charts. */
typedef struct {
	double at;
	char *label; /* in the legend */
	char *tag;   /* XY: short label at the line's top end; NULL: none */
} ChartMark;

typedef struct {
	ChartKind kind;
	char *name; /* file stem: out/charts/NAME.svg */
	char *title, *caption, *source_line;
	char *x_label, *y_label;
	char *legend_measured, *legend_modelled, *legend_reference;
	char *legend_flagged;
	char *legend_interval; /* what a whisker is; NULL: no whiskers shown */
	char *series_names[2]; /* grouped bars */
	char *font_family;     /* from the strings: font.sans */
	ChartBar *bars;
	size_t n_bars;
	ChartSeries *series;
	size_t n_series;
	ChartMark *marks;
	size_t n_marks;
	bool log2_x;   /* XY: x axis in powers of two */
	bool diagonal; /* XY: the line y = x */
	double axis_end; /* bars: where the value axis ends; 0: found from
	                    the bars (chart_bar_axis_end) */
	double x_unit; /* XY: what one x unit is in the data's own unit
	                  (days per year, say); 1 when set by chart_new */
	/* which chart this is, for the heights chart_render.c remembers:
	 * a number chart_new gives each chart of the process (0: none, not
	 * remembered) and, for a part (chart_bar_part), where its bars
	 * start in the chart's.  A chart is not changed once laid out. */
	guint64 serial;
	size_t part_first;
} Chart;

#define CHART_WIDTH 720.0 /* CSS pixels / PDF points of the web figure */
#define CHART_NARROW_WIDTH 380.0 /* the same figure laid out for phones */
#define CHART_MAX_BARS 60 /* bars drawn: the first (top) ones, sorted */

/* A new empty chart of the given kind; strings are copied. */
Chart *chart_new(ChartKind kind, const char *name);

/* Appends to a chart; every string argument is taken over (owned). */
void chart_add_bar(Chart *c, ChartBar bar);
/* Returns the new series' index (series move when the array grows). */
size_t chart_add_series(Chart *c, char *name, bool joined);
void chart_add_point(Chart *c, size_t series, double x, double y,
                     char *label);
void chart_add_mark(Chart *c, double at, char *label);
void chart_add_tagged_mark(Chart *c, double at, char *label, char *tag);

/* Alt text: the title and the top three bars (or the series); caller
 * frees. */
char *chart_alt_text(const Chart *chart);

void chart_free(Chart *chart);

/* What kinds of marks a bar chart shows, so its caption names only
 * those (implemented with the bars, chart_bars.c). */
typedef struct {
	bool measured, modelled, reference, flagged, whisker;
	bool broken; /* a bar cut short by an axis break */
} ChartBarMarks;
ChartBarMarks chart_bar_marks(const Chart *c);

/* The series colour (an index of the theme's six) of each kind of bar
 * mark, which captions name (strings colour.N). */
enum { CHART_COLOUR_MEASURED = 0, CHART_COLOUR_REFERENCE = 1,
       CHART_COLOUR_MODELLED = 5, CHART_COLOUR_BAR_MARK = 3 };

#endif
