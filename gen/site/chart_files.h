/* Chart back-end: the site's chart files.  In: an edition's results
 * (the charts its guide values hold).  Out: files in the site.  Nothing
 * to free. */
#ifndef GG_CHART_FILES_H
#define GG_CHART_FILES_H

#include "backend.h"

/* Every chart of r as SVG for wide screens and a narrower SVG for
 * phones, each light and dark (NAME-dark.svg, NAME-dark-narrow.svg), and
 * a PNG preview, at the paths of paths.h. */
bool chart_write_all(const EditionResult *r, Site *site, GError **error);

#endif
