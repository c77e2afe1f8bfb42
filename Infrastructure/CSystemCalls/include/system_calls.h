// What Infrastructure needs of the file system that Swift's Glibc module does not
// show: renameat2 is declared only under _GNU_SOURCE.
#ifndef STOREFRONT_FILE_EXCHANGE_H
#define STOREFRONT_FILE_EXCHANGE_H

/// Swaps the files at `first` and `second` in one step (renameat2 RENAME_EXCHANGE):
/// a reader of either path sees one whole file or the other, never neither. Returns
/// 0, or -1 with errno set (ENOENT when either is missing; EINVAL or ENOSYS where the
/// file system or kernel cannot exchange, and a plain rename must do).
int storefront_exchange_files(const char *first, const char *second);

#endif
