// What Infrastructure needs of the system that Swift's Glibc module does not show:
// these are declared only under _GNU_SOURCE.
#ifndef STOREFRONT_SYSTEM_CALLS_H
#define STOREFRONT_SYSTEM_CALLS_H

#include <spawn.h>

// The key retention calls, declared apart (keyrings.h).
#include "keyrings.h"

/// Swaps the files at `first` and `second` in one step (renameat2 RENAME_EXCHANGE):
/// a reader of either path sees one whole file or the other, never neither. Returns
/// 0, or -1 with errno set (ENOENT when either is missing; EINVAL or ENOSYS where the
/// file system or kernel cannot exchange, and a plain rename must do).
int storefront_exchange_files(const char *first, const char *second);

/// Adds to `actions` the closing of every descriptor from `lowest` up in the child
/// (posix_spawn_file_actions_addclosefrom_np, glibc 2.34). Returns 0 or an error
/// number; ENOSYS where the C library has no such action.
int storefront_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

#endif
