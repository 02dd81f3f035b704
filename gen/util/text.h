/* Text: Pango layouts that measure the same on every Cairo surface (SVG,
 * PNG, PDF), shared by the charts and the PDF outputs, and the release of
 * the font caches at exit.
 * Ownership: text_context_new and text_layout_new return objects the
 * caller unrefs. */
#ifndef GG_TEXT_H
#define GG_TEXT_H

#include <pango/pangocairo.h>
#include <stdbool.h>

/* A Pango context for cr with hinting off and glyph positions
 * unrounded (PLATFORM-NOTES), so text measures alike on every surface;
 * the layouts of a chart or a document share one.  Caller unrefs. */
PangoContext *text_context_new(cairo_t *cr);

/* A layout in ctx in family (a Pango family list from the language's
 * strings; NULL: Pango's default) at size: pixels when absolute
 * (charts), points otherwise (documents).  Caller unrefs. */
PangoLayout *text_layout_new(PangoContext *ctx, const char *family,
                             double size, bool absolute, bool bold);

/* A layout's logical width and height in user units (pixels or
 * points). */
double text_width(PangoLayout *l);
double text_height(PangoLayout *l);

/* Releases Pango's font map, cairo's static data and fontconfig, in the
 * order PLATFORM-NOTES requires, so leak checkers see a clean exit.  Call
 * once, after every layout, context and surface is gone. */
void text_release_fonts(void);

#endif
