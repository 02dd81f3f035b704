/* Output stage: writes the output tree into a temporary folder beside the
 * target and swaps it in only when everything succeeded, so a failed run
 * leaves the previous output byte for byte.
 * In: relative paths and bytes.  Out: the output folder.
 * Ownership: site_open returns a Site that site_commit or site_abort
 * consumes (both free it). */
#ifndef GG_SITE_H
#define GG_SITE_H

#include <glib.h>
#include <stdbool.h>

#define SITE_MARKER ".gpuguide"

typedef struct Site Site;

/* Checks out_dir may be written (not /, not the home folder, not inside
 * the data or templates folders, not an existing folder gpuguide did not
 * make) and creates the temporary folder ".BASE.tmp-PID-XXXXXX" beside it.
 * First removes such folders of earlier runs whose process is gone (they
 * must hold the SITE_MARKER file).  Until site_commit or site_abort,
 * SIGINT, SIGTERM and SIGHUP remove the temporary folder before the
 * process ends.  Errors are GG_ERR_ENV. */
Site *site_open(const char *out_dir, const char *data_dir,
                const char *templates_dir, GError **error);

/* Writes bytes to relpath inside the new tree; relpath must be relative
 * and free of "..".  When the output being replaced holds the same bytes
 * at relpath, that file is hard-linked instead (it keeps its modification
 * time); the SITE_MARKER file is always written anew. */
bool site_write(Site *site, const char *relpath, const void *bytes,
                size_t length, GError **error);

/* The same for a file written in parts (a data export of hundreds of MB
 * need not be held whole): site_file_open, site_file_add for each part
 * in order, then site_file_close, which links the previous output's
 * file instead when it holds the same bytes.  site_file_abort drops a
 * file left unfinished after an error (the run fails, and its new tree
 * with it).  Close and abort free the SiteFile; the marker is refused. */
typedef struct SiteFile SiteFile;
SiteFile *site_file_open(Site *site, const char *relpath, GError **error);
bool site_file_add(SiteFile *file, const void *bytes, size_t length,
                   GError **error);
bool site_file_close(SiteFile *file, GError **error);
void site_file_abort(SiteFile *file);

/* While the previous output's file at relpath holds every part added
 * so far, the parts are compared with it and not written: at the close
 * it is linked in the new file's place; at the first difference (or a
 * failed link) the bytes it holds are copied and writing goes on.  An
 * output being replaced by the same bytes is read once, never written.
 *
 * Reading back: site_read_new reads what the new tree holds at relpath
 * (a file written and closed), site_file_read what was added to a file
 * still open, from offset: up to length bytes into buf, *got how many
 * (fewer at its end). */
bool site_read_new(Site *site, const char *relpath, size_t offset,
                   void *buf, size_t length, size_t *got, GError **error);
bool site_file_read(SiteFile *file, size_t offset, void *buf,
                    size_t length, size_t *got, GError **error);

/* Recording: from site_record_start, every file written (site_write,
 * site_file_close, site_reuse) is noted as "SHA256  relpath" (the
 * SHA-256 of its bytes in hex, as sha256sum writes it); site_record_stop
 * returns the lines sorted by path (the caller unrefs the array; NULL
 * when not recording) and stops. */
void site_record_start(Site *site);
GPtrArray *site_record_stop(Site *site);

#define SITE_REUSE_MAX_BYTES (256u * 1024u * 1024u)

/* The previous output (the folder being replaced), read only:
 * site_read_previous reads relpath (at most max_bytes; a missing file
 * or an unsafe relpath gives TRUE with *contents NULL);
 * site_previous_digest is the SHA-256 (hex) of relpath there when it is
 * a regular file (not a link, never the SITE_MARKER) of at most
 * SITE_REUSE_MAX_BYTES, else NULL (the caller frees it). */
bool site_read_previous(Site *site, const char *relpath, size_t max_bytes,
                        char **contents, size_t *length, GError **error);
char *site_previous_digest(Site *site, const char *relpath);

/* Takes relpath over from the previous output unchanged (hard-linked,
 * else copied); an error unless it is there with the SHA-256 digest. */
bool site_reuse(Site *site, const char *relpath, const char *digest,
                GError **error);

/* Swaps the new tree in (atomically where the system allows) and removes
 * the old one. */
bool site_commit(Site *site, GError **error);

/* Removes the temporary folder; the previous output stays. */
void site_abort(Site *site);

/* Checks only, without creating anything: the rules of site_open. */
bool site_check_target(const char *out_dir, const char *data_dir,
                       const char *templates_dir, GError **error);

#endif
