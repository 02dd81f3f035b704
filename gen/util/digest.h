/* Digest: the SHA-256 of bytes as 64 lowercase hex digits, the form
 * sha256sum prints.  OpenSSL's libcrypto computes it (several times
 * faster than GLib's GChecksum on the output of a large edition; the
 * site writer digests every file it writes, util/site.h).
 * In: bytes.  Out: a string.  Ownership: the caller g_free()s it
 * (digest_program's excepted). */
#ifndef GG_DIGEST_H
#define GG_DIGEST_H

#include <stddef.h>

char *digest_sha256_hex(const void *bytes, size_t length);

/* The same over bytes given in parts: digest_new, digest_add for each
 * part in order, digest_finish (which frees the Digest). */
typedef struct Digest Digest;
Digest *digest_new(void);
void digest_add(Digest *d, const void *bytes, size_t length);
char *digest_finish(Digest *d);

/* The program that runs: a digest of its own bytes (/proc/self/exe)
 * and of the versions of the libraries that draw and typeset (Cairo,
 * Pango), made once per process; a string that lives as long as the
 * process.  Where the program cannot be read, a value no other process
 * gives, so nothing made by another build is taken for this one's. */
const char *digest_program(void);

#endif
