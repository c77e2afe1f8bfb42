/* The floor of any layer built on OpenSSL 3's libcrypto: fetch AES-256-GCM and set up
   one context with a key and a nonce, nothing more. Less the baseline
   (libcrypto-linked.c), it is what the first use of the cipher costs, which sealing
   cannot avoid. With NO_CONFIG defined, libcrypto is initialised without reading
   openssl.cnf. Built and measured by scripts/benchmark-client. */
#include <openssl/crypto.h>
#include <openssl/evp.h>

int main(void) {
#ifdef NO_CONFIG
    if (OPENSSL_init_crypto(OPENSSL_INIT_NO_LOAD_CONFIG, NULL) != 1) return 1;
#endif
    static const unsigned char key[32], nonce[12];
    EVP_CIPHER *cipher = EVP_CIPHER_fetch(NULL, "AES-256-GCM", NULL);
    EVP_CIPHER_CTX *context = EVP_CIPHER_CTX_new();
    if (cipher == NULL || context == NULL) return 1;
    int ok = EVP_EncryptInit_ex(context, cipher, NULL, key, nonce);
    EVP_CIPHER_CTX_free(context);
    EVP_CIPHER_free(cipher);
    return ok == 1 ? 0 : 1;
}
