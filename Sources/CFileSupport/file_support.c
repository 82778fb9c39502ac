// The file system calls Swift's Glibc module leaves out.
#define _GNU_SOURCE
#include "file_support.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/vfs.h>
#include <unistd.h>

int masonry_rename_noreplace(const char *from, const char *to) {
  return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
}

int masonry_is_tmpfs(const char *path) {
  struct statfs volume;
  if (statfs(path, &volume) != 0) return -1;
  return volume.f_type == TMPFS_MAGIC;
}

int masonry_shm_create(const char *name, const unsigned char *bytes, size_t count) {
  int descriptor = shm_open(name, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0600);
  if (descriptor < 0) return -1;
  size_t done = 0;
  while (done < count) {
    ssize_t written = write(descriptor, bytes + done, count - done);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) {
      close(descriptor);
      shm_unlink(name);
      return -1;
    }
    done += (size_t)written;
  }
  close(descriptor);
  return 0;
}

int masonry_shm_remove(const char *name) { return shm_unlink(name); }
