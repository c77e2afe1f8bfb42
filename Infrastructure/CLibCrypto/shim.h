// The slice of OpenSSL's libcrypto that Storefront uses: the EVP AEAD interface,
// the CSPRNG, PBKDF2, CRYPTO_memcmp and OPENSSL_cleanse. Only libcrypto is
// linked, never libssl.
#ifndef STOREFRONT_CLIBCRYPTO_SHIM_H
#define STOREFRONT_CLIBCRYPTO_SHIM_H

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#endif
