/* Text: Pango layouts that measure the same on every Cairo surface (SVG,
 * PNG, PDF), shared by the charts and the PDF outputs, and the release of
 * the font caches at exit.
 * Ownership: text_layout_new returns a layout the caller unrefs. */
#ifndef GG_TEXT_H
#define GG_TEXT_H

#include <pango/pangocairo.h>
#include <stdbool.h>

/* A layout on cr in family (a Pango family list from the language's
 * strings; NULL: Pango's default) at size: pixels when
 * absolute (charts), points otherwise (documents); hinting off and glyph
 * positions unrounded (PLATFORM-NOTES). */
PangoLayout *text_layout_new(cairo_t *cr, const char *family, double size,
                             bool absolute, bool bold);

/* A layout's logical width and height in user units (pixels or
 * points). */
double text_width(PangoLayout *l);
double text_height(PangoLayout *l);

/* Releases Pango's font map, cairo's static data and fontconfig, in the
 * order PLATFORM-NOTES requires, so leak checkers see a clean exit.  Call
 * once, after every layout, context and surface is gone. */
void text_release_fonts(void);

#endif
