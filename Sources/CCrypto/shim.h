#ifndef FEEDSHOT_CCRYPTO_SHIM_H
#define FEEDSHOT_CCRYPTO_SHIM_H

// OpenSSL's libcrypto (Debian: libssl-dev): SHA-256 for the decoded-image cache and ETags, HMAC-SHA256
// for signed render URLs, CRYPTO_memcmp for comparisons in constant time.
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#endif
