/* Back-ends: the one contract every output of an edition follows
 * (charts, data export, HTML, PDF, purchase requests).  A back-end reads
 * the edition's results and writes its files through the Site writer at
 * the paths of paths.h; publish.c runs one edition through the list.
 * In: a const EditionResult.  Out: files in the Site.
 * Ownership: an EditionResult only borrows; back-ends keep nothing. */
#ifndef GG_BACKEND_H
#define GG_BACKEND_H

#include "lang.h"
#include "paper.h"
#include "recommend.h"
#include "site.h"
#include "template.h"

#include <cmark-gfm.h>

/* One language of the site: its code ("zh-CN"), its folder ("" for the
 * first language, at the top; "zh-CN/" for others) and its own name for
 * the language switch ("简体中文", string lang.name). */
typedef struct {
	const char *code;
	const char *folder;
	const char *name;
} SiteLanguage;

/* What every edition of one run shares. */
typedef struct {
	const char *templates_dir; /* layout.html, LANG/guide.md */
	const char *lang;          /* "en" */
	const char *base_url;      /* for link previews, or NULL */
	Paper paper;
	const Lang *strings;
	const char *out_dir;       /* the output folder about to be replaced */
	const char *previous;      /* --previous: the current edition's
	                              previous guide.json, or NULL for
	                              OUT/PREFIX/data/guide.json */
	GPtrArray *summary;        /* char *: what changed, lines for stderr
	                              after the run; may be NULL */
	const char *lang_folder;   /* "" or "zh-CN/": start of every prefix */
	const SiteLanguage *languages; /* every language of the site */
	size_t n_languages;
	bool full;                 /* --full: generate every edition, even
	                              one whose inputs are unchanged
	                              (reuse.h) */
} PublishConfig;

/* One edition, computed and expanded, ready to write. */
typedef struct {
	const PublishConfig *config;
	const Edition *edition;
	const Recommendations *recs;
	const LlmResults *llm;   /* NULL when the edition has no LLM models */
	const Values *values;    /* scalars, Markdown tables, charts */
	const GPtrArray *tables; /* Table: every table, for the export */
	const char *markdown;    /* the expanded guide with only the escapes
	                          * Markdown needs, as guide.md shows it */
	cmark_node *doc;         /* the guide parsed once; read only */
	const char *prefix;      /* lang_folder + "" (current edition) or
	                          * "2020-09/": "zh-CN/2020-09/" */
	const char *nav;         /* HTML links to the other editions */
	const char *create_date; /* PDF dates: ISO 8601 */
	const char *previous_json; /* the previous run's guide.json the
	                              changes were computed against, or NULL;
	                              kept as data/previous.json */
	size_t previous_length;
} EditionResult;

/* Writes one output of r; FALSE with *error set (error may be NULL). */
typedef bool (*BackendWrite)(const EditionResult *r, Site *site,
                             GError **error);

typedef struct {
	const char *name; /* progress lines: "charts", "html", ... */
	BackendWrite write;
} Backend;

#endif
