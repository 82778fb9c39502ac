#ifndef MASONRY_FILE_SUPPORT_H
#define MASONRY_FILE_SUPPORT_H

/// Renames `from` to `to` unless `to` exists, in one step (renameat2 with
/// RENAME_NOREPLACE): 0, or -1 with errno (EEXIST when `to` is taken).
int masonry_rename_noreplace(const char *from, const char *to);

/// Whether the folder `path` is on a tmpfs (1), not (0), or cannot be asked (-1).
int masonry_is_tmpfs(const char *path);

#endif
