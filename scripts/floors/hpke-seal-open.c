/* The floor of the sealed layer on OpenSSL 3's libcrypto: one HPKE (RFC 9180, base mode)
   seal and open of a 200-byte message, in the suite Storefront uses: DHKEM(X25519,
   HKDF-SHA256), HKDF-SHA256, AES-256-GCM. Both sides: a fresh recipient key, the
   sender's encapsulation, key schedule and seal, the recipient's decapsulation, key
   schedule and open, and one export. Less the baseline (libcrypto-linked.c), it is what
   the cryptography of one sealed exchange costs, written as plainly as C allows. With
   NO_CONFIG defined, libcrypto is initialised without reading openssl.cnf. Built and
   measured by scripts/benchmark-client. */
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <string.h>

static const unsigned char kem_suite[] = {'K', 'E', 'M', 0x00, 0x20};
static const unsigned char hpke_suite[] = {'H', 'P', 'K', 'E', 0x00, 0x20, 0x00, 0x01, 0x00, 0x02};

static int hkdf(int mode, const unsigned char *salt, size_t salt_len, const unsigned char *key, size_t key_len,
                const unsigned char *info, size_t info_len, unsigned char *out, size_t out_len) {
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, NULL);
    int ok = context != NULL && EVP_PKEY_derive_init(context) == 1 && EVP_PKEY_CTX_set_hkdf_md(context, EVP_sha256()) == 1
        && EVP_PKEY_CTX_set_hkdf_mode(context, mode) == 1 && EVP_PKEY_CTX_set1_hkdf_key(context, key, (int)key_len) == 1
        && (salt_len == 0 || EVP_PKEY_CTX_set1_hkdf_salt(context, salt, (int)salt_len) == 1)
        && (info_len == 0 || EVP_PKEY_CTX_add1_hkdf_info(context, info, (int)info_len) == 1)
        && EVP_PKEY_derive(context, out, &out_len) == 1;
    EVP_PKEY_CTX_free(context);
    return ok;
}

static int labeled_extract(const unsigned char *suite, size_t suite_len, const unsigned char *salt, size_t salt_len,
                           const char *label, const unsigned char *ikm, size_t ikm_len, unsigned char out[32]) {
    unsigned char input[256];
    size_t length = 0, label_len = strlen(label);
    memcpy(input, "HPKE-v1", 7); length += 7;
    memcpy(input + length, suite, suite_len); length += suite_len;
    memcpy(input + length, label, label_len); length += label_len;
    memcpy(input + length, ikm, ikm_len); length += ikm_len;
    return hkdf(EVP_PKEY_HKDEF_MODE_EXTRACT_ONLY, salt, salt_len, input, length, NULL, 0, out, 32);
}

static int labeled_expand(const unsigned char *suite, size_t suite_len, const unsigned char prk[32], const char *label,
                          const unsigned char *info, size_t info_len, unsigned char *out, size_t out_len) {
    unsigned char input[256];
    size_t length = 0, label_len = strlen(label);
    input[0] = (unsigned char)(out_len >> 8); input[1] = (unsigned char)out_len; length = 2;
    memcpy(input + length, "HPKE-v1", 7); length += 7;
    memcpy(input + length, suite, suite_len); length += suite_len;
    memcpy(input + length, label, label_len); length += label_len;
    memcpy(input + length, info, info_len); length += info_len;
    return hkdf(EVP_PKEY_HKDEF_MODE_EXPAND_ONLY, NULL, 0, prk, 32, input, length, out, out_len);
}

/* The shared secret of DHKEM for `mine` and the peer's raw public key. */
static int kem_secret(EVP_PKEY *mine, const unsigned char peer[32], const unsigned char kem_context[64], unsigned char out[32]) {
    EVP_PKEY *other = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, peer, 32);
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new(mine, NULL);
    unsigned char dh[32], prk[32];
    size_t dh_len = sizeof dh;
    int ok = other != NULL && context != NULL && EVP_PKEY_derive_init(context) == 1 && EVP_PKEY_derive_set_peer(context, other) == 1
        && EVP_PKEY_derive(context, dh, &dh_len) == 1
        && labeled_extract(kem_suite, sizeof kem_suite, NULL, 0, "eae_prk", dh, 32, prk)
        && labeled_expand(kem_suite, sizeof kem_suite, prk, "shared_secret", kem_context, 64, out, 32);
    EVP_PKEY_CTX_free(context);
    EVP_PKEY_free(other);
    return ok;
}

/* The key schedule in base mode: key, base nonce, exporter secret. */
static int schedule(const unsigned char secret_in[32], const unsigned char *info, size_t info_len,
                    unsigned char key[32], unsigned char nonce[12], unsigned char exporter[32]) {
    unsigned char context[65], secret[32];
    context[0] = 0;
    return labeled_extract(hpke_suite, sizeof hpke_suite, NULL, 0, "psk_id_hash", NULL, 0, context + 1)
        && labeled_extract(hpke_suite, sizeof hpke_suite, NULL, 0, "info_hash", info, info_len, context + 33)
        && labeled_extract(hpke_suite, sizeof hpke_suite, secret_in, 32, "secret", NULL, 0, secret)
        && labeled_expand(hpke_suite, sizeof hpke_suite, secret, "key", context, 65, key, 32)
        && labeled_expand(hpke_suite, sizeof hpke_suite, secret, "base_nonce", context, 65, nonce, 12)
        && labeled_expand(hpke_suite, sizeof hpke_suite, secret, "exp", context, 65, exporter, 32);
}

static int gcm(int encrypt, const unsigned char key[32], const unsigned char nonce[12], const unsigned char *in, int in_len,
               unsigned char *out, unsigned char tag[16]) {
    EVP_CIPHER_CTX *context = EVP_CIPHER_CTX_new();
    int written = 0, ok = context != NULL && EVP_CipherInit_ex(context, EVP_aes_256_gcm(), NULL, key, nonce, encrypt) == 1
        && (encrypt || EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, 16, tag) == 1)
        && EVP_CipherUpdate(context, out, &written, in, in_len) == 1
        && EVP_CipherFinal_ex(context, out + written, &written) == 1
        && (!encrypt || EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, 16, tag) == 1);
    EVP_CIPHER_CTX_free(context);
    return ok;
}

int main(void) {
#ifdef NO_CONFIG
    if (OPENSSL_init_crypto(OPENSSL_INIT_NO_LOAD_CONFIG, NULL) != 1) return 1;
#endif
    static const unsigned char info[] = "message/bhttp request\0\x01\x00\x20\x00\x01\x00\x02";
    unsigned char message[200] = {0}, sealed[200], opened[200], tag[16], kem_context[64];
    unsigned char secret[32], key[32], nonce[12], exporter[32], secret_r[32], key_r[32], nonce_r[12], exporter_r[32];
    size_t length = 32;
    EVP_PKEY *recipient = EVP_PKEY_Q_keygen(NULL, NULL, "X25519");
    EVP_PKEY *ephemeral = EVP_PKEY_Q_keygen(NULL, NULL, "X25519");
    if (recipient == NULL || ephemeral == NULL) return 1;
    /* kem_context = enc || pkR */
    if (EVP_PKEY_get_raw_public_key(ephemeral, kem_context, &length) != 1) return 1;
    length = 32;
    if (EVP_PKEY_get_raw_public_key(recipient, kem_context + 32, &length) != 1) return 1;
    int ok = kem_secret(ephemeral, kem_context + 32, kem_context, secret)
        && schedule(secret, info, sizeof info - 1, key, nonce, exporter)
        && gcm(1, key, nonce, message, sizeof message, sealed, tag)
        && kem_secret(recipient, kem_context, kem_context, secret_r)
        && schedule(secret_r, info, sizeof info - 1, key_r, nonce_r, exporter_r)
        && gcm(0, key_r, nonce_r, sealed, sizeof sealed, opened, tag)
        && labeled_expand(hpke_suite, sizeof hpke_suite, exporter_r, "sec", (const unsigned char *)"message/bhttp response", 22, secret_r, 32)
        && memcmp(opened, message, sizeof message) == 0;
    EVP_PKEY_free(ephemeral);
    EVP_PKEY_free(recipient);
    return ok ? 0 : 1;
}
