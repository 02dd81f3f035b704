/* The site writer's own parts (util/site.h): what site.c and
 * site_file.c, the file written in parts, share; no other file
 * includes it.
 * Ownership: as site.h. */
#ifndef GG_SITE_INTERNAL_H
#define GG_SITE_INTERNAL_H

#include "site.h"

struct Site {
	char *target;      /* absolute output folder */
	char *tmp;         /* absolute temporary folder beside it */
	GPtrArray *record; /* char *: paths written since site_record_start,
	                      or NULL when not recording */
};

/* Sets *error (GG_ERR_ENV) to the formatted message. */
void site_env_error(GError **error, const char *fmt, ...)
    G_GNUC_PRINTF(2, 3);

/* Whether relpath is relative, with no "..", "." or empty part. */
bool site_safe_relpath(const char *relpath);

/* Notes "SHA256  relpath" when recording (the digest of bytes, or the
 * digest given). */
void site_note_written(Site *s, const char *relpath, const void *bytes,
                       size_t length, const char *digest);

/* The path of relpath in the new tree, its folder made and any file
 * there removed; NULL with *error set when relpath is unsafe or the
 * folder cannot be made. */
char *site_new_file_path(Site *s, const char *relpath, GError **error);

#endif
