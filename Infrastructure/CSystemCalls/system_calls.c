#define _GNU_SOURCE
#include "file_exchange.h"
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
