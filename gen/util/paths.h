/* Output paths: the one owner of the output tree's layout.  Every file
 * of an edition lives under its prefix ("" for the current edition,
 * "2020-09/" for an older one): charts/NAME.svg, charts/NAME-narrow.svg,
 * charts/NAME.png, data/NAME.csv, data/guide.json, requests/STEM.pdf,
 * index.html, guide.md, guide.pdf.  Paths relative to an edition's page
 * (links inside the guide) leave the prefix out.
 * Ownership: every function returns a string the caller frees. */
#ifndef GG_PATHS_H
#define GG_PATHS_H

#include <glib.h>

/* The top-level folders an edition writes (an edition may not be named
 * like one of them), NULL-terminated. */
extern const char *const PATHS_FOLDERS[];

typedef enum { CHART_SVG, CHART_SVG_NARROW, CHART_PNG } ChartFile;

/* prefix + "charts/NAME.svg" (or -narrow.svg, .png). */
char *paths_chart(const char *prefix, const char *name, ChartFile kind);

/* The chart name of a link written by paths_chart(""...CHART_SVG), or
 * NULL when url is no chart. */
char *paths_chart_name(const char *url);

/* prefix + "data/NAME.csv", prefix + "data/guide.json". */
char *paths_data_csv(const char *prefix, const char *name);
char *paths_data_json(const char *prefix);
/* PREFIX data/changes_basis.json: what the next run's "What changed"
 * compares with (export.c). */
char *paths_changes_basis(const char *prefix);

/* "requests/STEM.pdf": a build's purchase request (stem from
 * format_build_stem), relative to its edition. */
char *paths_request(const char *stem);

/* prefix + name: a file at the top of the edition ("index.html"). */
char *paths_page(const char *prefix, const char *name);

#endif
