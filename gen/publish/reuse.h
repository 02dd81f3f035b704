/* Reuse: an edition whose inputs are unchanged since the last run is
 * taken over from the previous output instead of being generated again
 * (the incremental run of `make` after a price edit in one edition).
 * The key is a SHA-256 of everything the edition's files are made from:
 * the program (its own bytes and the versions of the libraries that
 * draw and typeset), the edition's data folder (and the folder of the
 * previous_edition its assumptions name), every template, the language
 * and site options, the links to the other editions, SOURCE_DATE_EPOCH
 * and the previous run its "what changed" reads (changes_basis.json).  Each
 * edition's output holds PREFIX.gpuguide-inputs: "gpuguide inputs 1",
 * the key, then a line "SHA256  path" (as sha256sum writes it) for
 * every file the edition wrote; a full run and a reusing run write the
 * same list, so both outputs are the same bytes.  The previous output
 * is untrusted input: a list that does not parse, names a path outside
 * the edition's prefix, or a file that is not there with its digest
 * (edited, removed, a link) means no reuse: the edition is generated.
 * Not in the key: the installed fonts (gpuguide --full after a font
 * change).
 * In: a PublishConfig, an edition folder, its prefix and nav.  Out:
 * files in the Site.
 * Ownership: reuse_key returns a string the caller frees. */
#ifndef GG_REUSE_H
#define GG_REUSE_H

#include "backend.h"

#define REUSE_LIST ".gpuguide-inputs"

/* The key of one edition's output; NULL with *error set when an input
 * cannot be read. */
char *reuse_key(const PublishConfig *config, const char *edition_dir,
                const char *prefix, const char *nav,
                const char *previous_path, GError **error);

/* Takes the edition at prefix over from the previous output when its
 * list there carries key and every file it names is there: TRUE with
 * *reused set.  *reused FALSE (and nothing written) when it cannot;
 * FALSE only when a file could not be copied or written. */
bool reuse_previous(Site *site, const char *prefix, const char *key,
                    bool *reused, GError **error);

/* Writes PREFIX.gpuguide-inputs for the files written (the lines of
 * site_record_stop). */
bool reuse_write_list(Site *site, const char *prefix, const char *key,
                      const GPtrArray *lines, GError **error);

#endif
