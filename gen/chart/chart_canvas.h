/* Private to the chart stage: the display list.  A chart is laid out
 * once (Pango measures its text) into a list of marks (rectangles,
 * lines, dots and lines of text, each with a colour role rather than a
 * colour), then replayed: to any cairo_t (PNG, PDF) or as SVG with its
 * text as <text> (chart_svg.c), in a light or a dark theme.
 * Ownership: a ChartCanvas owns its marks and their strings;
 * chart_canvas_free releases them.  It only reads the Chart. */
#ifndef GG_CHART_CANVAS_H
#define GG_CHART_CANVAS_H

#include "chart.h"
#include "chart_style.h"

#include <pango/pangocairo.h>

/* Colour roles, resolved by a theme when the list is replayed. */
typedef enum { INK_TEXT, INK_MUTED, INK_GRID, INK_BG, INK_SERIES } Ink;
#define INK_OF_SERIES(i) ((Ink)(INK_SERIES + (i) % 6))

typedef enum { DASH_NONE, DASH_SHORT, DASH_LONG, DASH_DOT, DASH_DASH_DOT,
               DASH_LONG_SHORT, DASH_COUNT } Dash;

typedef enum { ANCHOR_START, ANCHOR_MIDDLE, ANCHOR_END } Anchor;

typedef enum { MARK_FILL, MARK_STROKE, MARK_LINE, MARK_DOT, MARK_TEXT,
               MARK_HATCH } MarkKind;

/* What a mark is for (an SVG class; the checks read it): "hatch" and
 * "break" lie on a bar, not on the background. */
typedef enum { ROLE_PLAIN, ROLE_HATCH, ROLE_BREAK, ROLE_GRID, ROLE_TICK_X }
MarkRole;

typedef struct {
	MarkKind kind;
	Ink ink;
	MarkRole role;
	Dash dash;
	double line_width;
	/* FILL/STROKE/HATCH: a rectangle (HATCH: covered by stripes at 45
	 * degrees, HATCH_STEP apart along a row); DOT: centre x, y and radius w; LINE:
	 * points first_point .. first_point + n_points */
	double x, y, w, h;
	size_t first_point, n_points;
	/* TEXT: one line, its baseline starting (anchor) at x, y */
	char *text;
	double size;
	bool bold, vertical; /* vertical: rotated a quarter turn left */
	Anchor anchor;
} DrawMark;

typedef struct {
	const Chart *chart;
	const ChartStyle *st;
	cairo_t *measure; /* Pango measures on it; nothing is drawn */
	cairo_surface_t *measure_surface;
	PangoContext *text_context; /* of measure, made at the first text */
	PangoLayout *line_layout; /* chart_line_extents measures on it */
	double line_size;         /* its font size and weight */
	bool line_bold;
	GArray *marks;  /* DrawMark */
	GArray *points; /* double pairs of MARK_LINE */
	double width, height;
} ChartCanvas;

/* The chart laid out at width: its marks and its height. */
ChartCanvas *chart_canvas_new(const Chart *chart, double width);
void chart_canvas_free(ChartCanvas *cv);

/* Recording (the layout functions call these when drawing). */
void cv_fill(ChartCanvas *cv, double x, double y, double w, double h,
             Ink ink);
void cv_stroke_rect(ChartCanvas *cv, double x, double y, double w,
                    double h, Ink ink, double line_width);
void cv_line(ChartCanvas *cv, double x0, double y0, double x1, double y1,
             Ink ink, double line_width, Dash dash);
void cv_polyline(ChartCanvas *cv, const double *xy, size_t n, Ink ink,
                 double line_width, Dash dash);
void cv_dot(ChartCanvas *cv, double x, double y, double r, Ink ink);
void cv_hatch(ChartCanvas *cv, double x, double y, double w, double h,
              Ink ink);
#define HATCH_STEP 5.0
#define HATCH_WIDTH 1.2
/* The last mark recorded gets a role. */
void cv_role(ChartCanvas *cv, MarkRole role);
/* Every line of a Pango layout (made by chart_text) with its top-left
 * corner at x, y; right-aligned and centred layouts keep their
 * alignment as the text's anchor. */
void cv_layout(ChartCanvas *cv, PangoLayout *l, double x, double y,
               Ink ink, double size, bool bold);
/* One line of text, its baseline at y, anchored at x. */
void cv_text(ChartCanvas *cv, const char *text, double x, double y,
             Anchor anchor, Ink ink, double size);
/* One line of text rotated a quarter turn left, its baseline start at
 * x, y (reading upwards). */
/* A line of text anchored at x, its baseline at y. */
void cv_text_line(ChartCanvas *cv, const char *text, double x, double y,
                  Anchor anchor, Ink ink, double size, bool bold);
void cv_text_up(ChartCanvas *cv, const char *text, double x, double y,
                Ink ink, double size);


/* The width and height (logical extents; either pointer may be NULL)
 * of text on one line (no wrapping) at size px in the chart's font, as
 * chart_text's layout gives them, measured once per process and
 * remembered until chart_line_widths_free. */
void chart_line_extents(ChartCanvas *cv, double size, bool bold,
                        const char *text, double *width, double *height);

/* The extents chart_line_extents gives, when it has measured them
 * already (nothing is measured here); FALSE otherwise. */
bool chart_line_extents_known(const ChartCanvas *cv, double size,
                              bool bold, const char *text, double *width,
                              double *height);

/* For a text of printable ASCII only (one line, left to right): the
 * width, height and baseline (from the top) of its unwrapped layout at
 * size, from the extents kept for it (chart_line_extents), so that the
 * line recorded at the layout's left (or right end) and that baseline
 * is what chart_show of the layout records.  FALSE for any other text,
 * whose lines and direction a layout has to find. */
bool chart_plain_line(ChartCanvas *cv, double size, bool bold,
                      const char *text, double *width, double *height,
                      double *baseline);

/* The width alone (chart_line_extents). */
double chart_line_width(ChartCanvas *cv, double size, bool bold,
                        const char *text);
void chart_line_widths_free(void);

/* The colour of a role in a theme. */
Rgb chart_theme_rgb(const ChartTheme *t, Ink ink);

/* The dash pattern of a style (on, off lengths; n 0 for solid). */
size_t chart_dash_pattern(Dash dash, double *out);

/* Replays the marks on cr with its top-left corner at the current
 * origin, background first, in a theme. */
void chart_canvas_replay(const ChartCanvas *cv, cairo_t *cr,
                         const ChartTheme *theme);

/* The marks as an SVG document with <title> and <desc>; caller frees. */
char *chart_canvas_svg(const ChartCanvas *cv, const ChartTheme *theme);

#endif
