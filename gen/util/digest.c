/* Digest: SHA-256 as hex.  See digest.h. */
#include "digest.h"

#include <glib.h>
#include <openssl/evp.h>
#include <openssl/sha.h>

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
