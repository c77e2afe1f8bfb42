#define _GNU_SOURCE
#include "keyrings.h"

#include <errno.h>
#include <linux/keyctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

long storefront_persistent_keyring(void) {
    return syscall(SYS_keyctl, KEYCTL_GET_PERSISTENT, (uid_t)-1, KEY_SPEC_THREAD_KEYRING);
}

long storefront_user_keyring(void) {
    return syscall(SYS_keyctl, KEYCTL_GET_KEYRING_ID, KEY_SPEC_USER_KEYRING, 1);
}

long storefront_key_find(long keyring, const char *description) {
    // Searches `keyring` and the keyrings linked below it; the key is only ever put
    // directly in it, and the description names this program and its data folder.
    return syscall(SYS_keyctl, KEYCTL_SEARCH, keyring, "user", description, 0);
}

long storefront_key_put(long keyring, const char *description, const void *payload, size_t length) {
    return syscall(SYS_add_key, "user", description, payload, length, keyring);
}

int storefront_key_set_permissions(long key, uint32_t permissions) {
    return (int)syscall(SYS_keyctl, KEYCTL_SETPERM, key, permissions);
}

long storefront_key_read(long key, void *buffer, size_t length) {
    return syscall(SYS_keyctl, KEYCTL_READ, key, buffer, length);
}

int storefront_key_access(long key, uint32_t *owner, uint32_t *permissions) {
    // "type;uid;gid;perm;description", the numbers in decimal but perm in hex.
    char text[512];
    long length = syscall(SYS_keyctl, KEYCTL_DESCRIBE, key, text, sizeof text);
    if (length < 0) return -1;
    text[sizeof text - 1] = '\0';
    char *field = strchr(text, ';');
    if (field == NULL) { errno = EINVAL; return -1; }
    char *end;
    *owner = (uint32_t)strtoul(field + 1, &end, 10);
    field = strchr(end + 1, ';');
    if (field == NULL) { errno = EINVAL; return -1; }
    *permissions = (uint32_t)strtoul(field + 1, NULL, 16);
    return 0;
}

int storefront_key_unlink(long key, long keyring) {
    return (int)syscall(SYS_keyctl, KEYCTL_UNLINK, key, keyring);
}
