// The file system calls Swift's Glibc module leaves out.
#define _GNU_SOURCE
#include "file_support.h"

#include <fcntl.h>
#include <linux/magic.h>
#include <stdio.h>
#include <sys/vfs.h>

int masonry_rename_noreplace(const char *from, const char *to) {
  return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
}

int masonry_is_tmpfs(const char *path) {
  struct statfs volume;
  if (statfs(path, &volume) != 0) return -1;
  return volume.f_type == TMPFS_MAGIC;
}
