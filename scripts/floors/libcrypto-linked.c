/* The floor's baseline: a program that links OpenSSL's libcrypto and does nothing with
   it, so what the loader and libcrypto's own start-up cost is counted once. Built and
   measured by scripts/benchmark-client. */
#include <openssl/crypto.h>

int main(void) {
    return OPENSSL_version_major() == 3 ? 0 : 1;
}
