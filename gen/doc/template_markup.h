/* Template stage: the author's Markdown is text, not trusted HTML.  In:
 * a template's Markdown as written.  Out: TRUE, or an input error at the
 * template's line and column.  Nothing to free. */
#ifndef GPUGUIDE_TEMPLATE_MARKUP_H
#define GPUGUIDE_TEMPLATE_MARKUP_H

#include <glib.h>
#include <stdbool.h>

/* TRUE when address may be a link or image in the guide: an http://,
 * https:// or mailto: address, a relative path or a #fragment (the
 * scheme read case-insensitively, after leading spaces and control
 * characters, as a browser reads it). */
bool template_address_is_safe(const char *address);

/* Refuses raw HTML other than a <!-- comment --> (the guide's markers)
 * and links or images whose address is not safe, naming path:line:col
 * of the first one.  The site renders Markdown with raw HTML off as
 * well, so what slips past this check is dropped, not published. */
bool template_markup_check(const char *path, const char *text,
                           GError **error);

#endif
