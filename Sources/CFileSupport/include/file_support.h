#ifndef MASONRY_FILE_SUPPORT_H
#define MASONRY_FILE_SUPPORT_H

#include <stddef.h>

/// Renames `from` to `to` unless `to` exists, in one step (renameat2 with
/// RENAME_NOREPLACE): 0, or -1 with errno (EEXIST when `to` is taken).
int masonry_rename_noreplace(const char *from, const char *to);

/// Whether the folder `path` is on a tmpfs (1), not (0), or cannot be asked (-1).
int masonry_is_tmpfs(const char *path);

/// Makes the POSIX shared memory object `name` (`/…`; it must not exist: O_EXCL, mode
/// 0600) holding `count` bytes: 0, or -1 with errno and nothing left behind.
int masonry_shm_create(const char *name, const unsigned char *bytes, size_t count);

/// Removes the shared memory object `name`: 0, or -1 with errno (ENOENT once the reader
/// removed it).
int masonry_shm_remove(const char *name);

#endif
