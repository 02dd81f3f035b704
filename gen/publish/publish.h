/* Publish stage: runs one edition from its data folder to its files in
 * every language — the results (once for all languages, then each
 * language's market), guide values and tables, the data export,
 * template expansion, one Markdown parse — then through the list of
 * back-ends (charts, HTML, PDF, purchase requests), each writing
 * through the Site.  Also the files the whole site shares once.
 * In: a PublishConfig, an edition folder, its output prefix.  Out: files
 * in the Site.
 * Ownership: nothing is kept; every stage's result is freed before
 * publish_edition returns. */
#ifndef GG_PUBLISH_H
#define GG_PUBLISH_H

#include "backend.h"

/* Called after each finished stage ("results", then per language
 * "market", "data", "template" and each back-end's name, or "reused")
 * with the edition's name. */
typedef void (*PublishProgress)(const char *stage, const char *what,
                                void *data);

/* One language of an edition: its config, its output prefix ("" for
 * the current edition, "NAME/" for an older one, under the language's
 * folder) and nav, the HTML links to the other editions. */
typedef struct {
	const PublishConfig *config;
	const char *prefix;
	const char *nav;
} PublishLanguage;

/* One edition in n languages.  A language whose inputs are unchanged
 * is taken over from the previous output (reuse.h); for the others the
 * results that no market changes (results_load) are computed once, then
 * each language, with its market (results_use_market), goes through the
 * back-ends, in up to `parallel` worker processes (jobs.h).  The summary
 * lines of langs[0] go to lines.  FALSE with *error set (error may be
 * NULL). */
bool publish_edition(const PublishLanguage *langs, size_t n,
                     const char *dir, unsigned parallel, Site *site,
                     PublishProgress progress, void *data,
                     GPtrArray *lines, GError **error);

/* The site-wide files of a language: its 404.html (under its folder);
 * for the first language also assets/style.css and .nojekyll. */
bool publish_site_files(const PublishConfig *config, Site *site,
                        GError **error);

#endif
