/* Publish stage: runs one edition from its data folder to its files —
 * load, model, cost, recommend, guide values and tables, the data
 * export, template expansion, one Markdown parse — then through the list
 * of back-ends (charts, HTML, PDF, purchase requests), each writing
 * through the Site.  Also the files the whole site shares once.
 * In: a PublishConfig, an edition folder, its output prefix.  Out: files
 * in the Site.
 * Ownership: nothing is kept; every stage's result is freed before
 * publish_edition returns. */
#ifndef GG_PUBLISH_H
#define GG_PUBLISH_H

#include "backend.h"

/* Called after each finished stage ("load", "model", "data",
 * "template", then each back-end's name) with the edition's name. */
typedef void (*PublishProgress)(const char *stage, const char *what,
                                void *data);

/* prefix: "" for the current edition, "NAME/" for an older one; nav:
 * the HTML links to the other editions.  FALSE with *error set (error
 * may be NULL). */
bool publish_edition(const PublishConfig *config, const char *dir,
                     const char *prefix, const char *nav, Site *site,
                     PublishProgress progress, void *data, GError **error);

/* The site-wide files of a language: its 404.html (under its folder);
 * for the first language also assets/style.css and .nojekyll. */
bool publish_site_files(const PublishConfig *config, Site *site,
                        GError **error);

#endif
