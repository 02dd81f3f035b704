/* Digest: SHA-256 as hex.  See digest.h. */
#include "digest.h"

#include <glib.h>
#include <openssl/sha.h>

char *digest_sha256_hex(const void *bytes, size_t length)
{
	static const char HEX[] = "0123456789abcdef";
	unsigned char md[SHA256_DIGEST_LENGTH];
	SHA256(bytes, length, md);
	char *hex = g_malloc(2 * SHA256_DIGEST_LENGTH + 1);
	for (size_t i = 0; i < SHA256_DIGEST_LENGTH; i++) {
		hex[2 * i] = HEX[md[i] >> 4];
		hex[2 * i + 1] = HEX[md[i] & 15];
	}
	hex[2 * SHA256_DIGEST_LENGTH] = '\0';
	return hex;
}
