#define _GNU_SOURCE
#include "system_calls.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

int storefront_exchange_files(const char *first, const char *second) {
#if defined(__linux__) && defined(RENAME_EXCHANGE)
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int storefront_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
#else
    (void)actions;
    (void)lowest;
    return ENOSYS;
#endif
}
