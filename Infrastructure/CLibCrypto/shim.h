// The slice of OpenSSL's libcrypto that Storefront uses: the EVP AEAD interface,
// X25519 and HKDF (HPKE, for Oblivious HTTP), the CSPRNG, PBKDF2, CRYPTO_memcmp and
// OPENSSL_cleanse, and X.509 chain verification (to say why a server's certificate
// was refused, and to check pins).
// Only libcrypto is linked, never libssl.
#ifndef STOREFRONT_CLIBCRYPTO_SHIM_H
#define STOREFRONT_CLIBCRYPTO_SHIM_H

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>

#endif
