/* Digest: SHA-256 as hex.  See digest.h. */
#include "digest.h"

#include "util.h"

#include <cairo.h>
#include <glib.h>
#include <openssl/evp.h>
#include <openssl/sha.h>
#include <pango/pango.h>
#include <string.h>
#include <unistd.h>

static char *hex_of(const unsigned char md[SHA256_DIGEST_LENGTH])
{
	static const char HEX[] = "0123456789abcdef";
	char *hex = g_malloc(2 * SHA256_DIGEST_LENGTH + 1);
	for (size_t i = 0; i < SHA256_DIGEST_LENGTH; i++) {
		hex[2 * i] = HEX[md[i] >> 4];
		hex[2 * i + 1] = HEX[md[i] & 15];
	}
	hex[2 * SHA256_DIGEST_LENGTH] = '\0';
	return hex;
}

char *digest_sha256_hex(const void *bytes, size_t length)
{
	unsigned char md[SHA256_DIGEST_LENGTH];
	SHA256(bytes, length, md);
	return hex_of(md);
}

struct Digest {
	EVP_MD_CTX *ctx;
};

Digest *digest_new(void)
{
	Digest *d = g_new0(Digest, 1);
	d->ctx = EVP_MD_CTX_new();
	if (!d->ctx || EVP_DigestInit_ex(d->ctx, EVP_sha256(), NULL) != 1)
		g_error("gpuguide: OpenSSL cannot compute SHA-256");
	return d;
}

void digest_add(Digest *d, const void *bytes, size_t length)
{
	if (length && EVP_DigestUpdate(d->ctx, bytes, length) != 1)
		g_error("gpuguide: OpenSSL cannot compute SHA-256");
}

char *digest_finish(Digest *d)
{
	unsigned char md[SHA256_DIGEST_LENGTH];
	unsigned int n = 0;
	if (EVP_DigestFinal_ex(d->ctx, md, &n) != 1 || n != sizeof md)
		g_error("gpuguide: OpenSSL cannot compute SHA-256");
	EVP_MD_CTX_free(d->ctx);
	g_free(d);
	return hex_of(md);
}

#define PROGRAM_MAX_BYTES (256u * 1024u * 1024u)

/* One field of the program's digest: a label and length, then the
 * bytes, so no two different lists of fields hash alike. */
static void add_field(Digest *d, const char *label, const void *bytes,
                      size_t length)
{
	char head[64];
	int n = g_snprintf(head, sizeof head, "\n%s %zu\n", label, length);
	digest_add(d, head, (size_t)n);
	digest_add(d, bytes, length);
}

static void add_text(Digest *d, const char *label, const char *text)
{
	add_field(d, label, text, strlen(text));
}

const char *digest_program(void)
{
	static char *digest;
	if (digest)
		return digest;
	char *bytes = NULL;
	size_t length = 0;
	Digest *d = digest_new();
	if (gg_read_file("/proc/self/exe", PROGRAM_MAX_BYTES, &bytes, &length,
	                 NULL))
		add_field(d, "program", bytes, length);
	else { /* no way to tell two builds apart: never the same digest */
		char *now = g_strdup_printf("%" G_GINT64_FORMAT " %d",
		                            g_get_real_time(), (int)getpid());
		add_text(d, "unknown program", now);
		g_free(now);
	}
	g_free(bytes);
	add_text(d, "cairo", cairo_version_string());
	add_text(d, "pango", pango_version_string());
	digest = digest_finish(d);
	return digest;
}
