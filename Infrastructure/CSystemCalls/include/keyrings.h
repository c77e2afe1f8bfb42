// The Linux key retention service (man 7 keyrings), called directly: add_key(2) and
// keyctl(2) have no wrapper in glibc, and libkeyutils would be one more package to
// install for five calls. Each returns -1 with errno set on failure.
#ifndef STOREFRONT_KEYRINGS_H
#define STOREFRONT_KEYRINGS_H

#include <stddef.h>
#include <stdint.h>

/// This user's persistent keyring (man 7 persistent-keyring), linked into the calling
/// thread's keyring so that this thread possesses it and may search it. Per thread:
/// call it on the thread that then uses the keyring, in the same synchronous step.
/// EOPNOTSUPP (or ENOSYS) where the kernel has no persistent keyrings.
long storefront_persistent_keyring(void);

/// This user's keyring (man 7 user-keyring), for where persistent ones are refused.
long storefront_user_keyring(void);

/// The `user` key with `description` directly in `keyring`, or -1 (ENOKEY when none).
long storefront_key_find(long keyring, const char *description);

/// Adds, or atomically replaces, the `user` key `description` in `keyring` with
/// `payload`. Returns the key's id.
long storefront_key_put(long keyring, const char *description, const void *payload, size_t length);

/// Sets the key's permission mask (KEYCTL_SETPERM). Returns 0.
int storefront_key_set_permissions(long key, uint32_t permissions);

/// Reads up to `length` bytes of the key's payload into `buffer`; returns the
/// payload's whole length (more than `length` means the buffer was too short).
long storefront_key_read(long key, void *buffer, size_t length);

/// The key's owner and permission mask (KEYCTL_DESCRIBE). Returns 0.
int storefront_key_access(long key, uint32_t *owner, uint32_t *permissions);

/// Removes the key from `keyring`; with no other link it is destroyed.
int storefront_key_unlink(long key, long keyring);

#endif
