/* Page styles: the layout constants of the printed outputs (the guide's
 * PDF and the purchase requests) in one place, so a language or a paper
 * size changes them here: margins, text sizes, greys and shades.
 * Sizes are points; colours are RGB in 0..1.  Every block of the
 * body sets its colour from here before drawing, and the running
 * heads and page numbers draw inside a saved graphics state
 * (pdfkit.c), so no colour carries from one into the other.
 * Ownership: the styles are static constants. */
#ifndef GG_PAGE_STYLE_H
#define GG_PAGE_STYLE_H

#include <cairo.h>

typedef struct {
	double r, g, b;
} PageColour;

typedef struct {
	double margin;        /* every side */
	double body;          /* paragraphs */
	double small;         /* running head, page numbers */
	double caption;       /* figure captions, code, request tables */
	double title;         /* the title page's title */
	double subtitle;
	double heading[6];    /* levels 1 to 6 */
	double contents[2];   /* contents lines: level 2, deeper */
	double section;       /* request section titles */
	double footnote;      /* request source lines */
	PageColour ink;       /* text: every body block sets it itself */
	PageColour link;      /* links the PDF can follow */
	PageColour muted;     /* subtitles, captions, footers */
	PageColour faint;     /* running heads and page numbers */
	PageColour leader;    /* contents dot leaders */
	PageColour rule;      /* horizontal rules */
	PageColour code_bg;   /* code block background */
	PageColour quote_bar; /* block quote bar */
	PageColour table_header; /* one shade for every table header */
	PageColour table_rule;
	double table_rule_width;
	double rule_width;
	double quote_bar_width;
} PageStyle;

/* The guide's PDF and the one-page purchase requests. */
extern const PageStyle PAGE_GUIDE, PAGE_REQUEST;

void page_set_colour(cairo_t *cr, PageColour c);

#endif
