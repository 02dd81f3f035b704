/* Template stage: named values (scalars, Markdown tables, charts) and the
 * expansion of {{name}}, {{table:name}} and {{chart:name}} placeholders in
 * a template's text, and of {{section:name}} (a file of its own) in the
 * guide's.
 * In: template text and Values.  Out: Markdown (or HTML, for the layout).
 * Ownership: Values owns every string and Chart put into it (the setters
 * take ownership); template_expand returns a string the caller frees. */
#ifndef GG_TEMPLATE_H
#define GG_TEMPLATE_H

#include "chart.h"

#include <glib.h>
#include <stdbool.h>

#define TEMPLATE_MAX_BYTES (1024u * 1024u)
/* Largest expansion of one template (a placeholder repeated thousands of
 * times would otherwise grow the page without bound). */
#define TEMPLATE_MAX_OUTPUT (16u * 1024u * 1024u)

typedef struct Values Values;

Values *values_new(void);
void values_free(Values *v);

void values_set_scalar(Values *v, const char *name, char *text);
void values_set_table(Values *v, const char *name, char *markdown);
void values_add_chart(Values *v, Chart *chart);
/* Frees the tables' Markdown: once the guide is expanded nothing reads
 * it (megabytes at a thousand GPUs), and values_table gives NULL. */
void values_drop_tables(Values *v);

const char *values_scalar(const Values *v, const char *name);
const char *values_table(const Values *v, const char *name);
const Chart *values_chart(const Values *v, const char *name);
/* Charts in the order they were added. */
const Chart *values_chart_at(const Values *v, size_t i);
size_t values_chart_count(const Values *v);

/* Reads the template at path (at most TEMPLATE_MAX_BYTES) and checks it
 * as input: no NUL byte, valid UTF-8, no control character
 * (gg_check_text), not empty or blank, and a layout.html holds
 * {{content}}.  Returns the text (caller frees) or NULL with a GG_ERR_INPUT
 * error "path:line:col: message". */
char *template_load(const char *path, GError **error);

/* The checks of template_load on text already in memory. */
bool template_check(const char *path, const char *text, size_t length,
                    GError **error);

/* Expands every placeholder of text.  An unknown name, an unclosed "{{"
 * a malformed placeholder, or an expansion above TEMPLATE_MAX_OUTPUT bytes
 * is a GG_ERR_INPUT error "path:line:col: ...".  Returns NULL on
 * error. */
char *template_expand(const char *path, const char *text, const Values *v,
                      GError **error);

/* The same, also expanding {{section:NAME}}: the text of NAME.md from the
 * first folder of dirs (NULL-terminated) that has it, itself expanded
 * with the values (a section holds no section).  No such file is a
 * GG_ERR_INPUT error at the placeholder; an error inside the section
 * names the section's file.  A section file that resolves (through a
 * symlink or otherwise) outside root, the templates folder, is refused
 * naming the file and where it leads. */
char *template_expand_sections(const char *path, const char *text,
                               const Values *v, const char *root,
                               const char *const *dirs, GError **error);

/* Markdown-escapes data text: a backslash before every ASCII punctuation
 * character, line breaks folded to spaces, so data never becomes markup.
 * Caller frees. */
char *md_escape(const char *text);

/* A GFM table: header cells and rows of cells, all already Markdown
 * (escape data with md_escape first).  align is one char per column:
 * 'l', 'r' or 'c'.  Caller frees. */
char *md_table(const char *const *header, const char *align,
               char ***rows, size_t n_rows);

#endif
