#define _XOPEN_SOURCE 600
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_pictures.h"

int masonry_bench_open_pty(char *name, size_t capacity) {
  int master = posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0) return -1;
  const char *slave = NULL;
  if (grantpt(master) != 0 || unlockpt(master) != 0 || (slave = ptsname(master)) == NULL ||
      strlen(slave) + 1 > capacity) {
    close(master);
    return -1;
  }
  memcpy(name, slave, strlen(slave) + 1);
  return master;
}
