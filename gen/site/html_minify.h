/* The site's stylesheet and script as served: the templates stay
 * readable (comments, indentation), the files written to assets/ drop
 * what a browser ignores.  Plain text rules, no parser: comments and
 * runs of white space go, quoted strings are copied as they are.  Same
 * input, same bytes.
 * In: the text of templates/style.css or templates/picker.js.
 * Out: a new string, which the caller frees. */
#ifndef GG_HTML_MINIFY_H
#define GG_HTML_MINIFY_H

/* CSS: comments dropped, white space collapsed and dropped next to
 * { } ; , > and after :, no ';' before '}', a line per top-level rule. */
char *html_minify_css(const char *css);

/* JavaScript, line by line: leading white space, blank lines and a
 * comment that starts the file are dropped; nothing inside a line
 * changes (so no string, regular expression or line break that ends a
 * statement is touched).  The script must not hold a template literal
 * across lines (none does). */
char *html_minify_js(const char *js);

#endif
