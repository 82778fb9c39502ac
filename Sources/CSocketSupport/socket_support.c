#define _GNU_SOURCE
#include "socket_support.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

static int unix_address(const char *path, struct sockaddr_un *address) {
  memset(address, 0, sizeof *address);
  address->sun_family = AF_UNIX;
  size_t length = strlen(path);
  if (length == 0 || length >= sizeof address->sun_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  memcpy(address->sun_path, path, length + 1);
  return 0;
}

int masonry_listen_unix(const char *path) {
  struct sockaddr_un address;
  if (unix_address(path, &address) != 0) return -1;
  // Bound first inside a folder of its own (mode 0700), made 0600 there, then linked to
  // its name: no one else can connect even for a moment, without touching the process's
  // umask (which other threads' files would get); link(2) never replaces what is there.
  char folder[sizeof address.sun_path];
  const char *slash = strrchr(path, '/');
  size_t base = slash ? (size_t)(slash - path) + 1 : 0;
  if (base + sizeof ".masonry-XXXXXX/s" > sizeof folder) {
    errno = ENAMETOOLONG;
    return -1;
  }
  memcpy(folder, path, base);
  memcpy(folder + base, ".masonry-XXXXXX", sizeof ".masonry-XXXXXX");
  if (mkdtemp(folder) == NULL) return -1;
  struct sockaddr_un inside;
  char inner[sizeof address.sun_path];
  snprintf(inner, sizeof inner, "%s/s", folder);
  if (unix_address(inner, &inside) != 0) {
    int saved = errno;
    rmdir(folder);
    errno = saved;
    return -1;
  }
  int descriptor = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int result = -1;
  int saved = 0;
  if (descriptor < 0) {
    saved = errno;
  } else if (bind(descriptor, (struct sockaddr *)&inside, sizeof inside) != 0 ||
             chmod(inner, 0600) != 0 || listen(descriptor, 16) != 0) {
    saved = errno;
  } else if (link(inner, path) != 0) {
    saved = errno;
  } else {
    result = descriptor;
  }
  unlink(inner);
  rmdir(folder);
  if (result < 0) {
    if (descriptor >= 0) close(descriptor);
    errno = saved;
  }
  return result;
}

int masonry_listen_loopback(int port) {
  int descriptor = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (descriptor < 0) return -1;
  int yes = 1;
  setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  struct sockaddr_in address;
  memset(&address, 0, sizeof address);
  address.sin_family = AF_INET;
  address.sin_port = htons((unsigned short)port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (bind(descriptor, (struct sockaddr *)&address, sizeof address) != 0 ||
      listen(descriptor, 16) != 0) {
    int saved = errno;
    close(descriptor);
    errno = saved;
    return -1;
  }
  return descriptor;
}

int masonry_connect_unix(const char *path) {
  struct sockaddr_un address;
  if (unix_address(path, &address) != 0) return -1;
  int descriptor = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (descriptor < 0) return -1;
  if (connect(descriptor, (struct sockaddr *)&address, sizeof address) != 0) {
    int saved = errno;
    close(descriptor);
    errno = saved;
    return -1;
  }
  return descriptor;
}

int masonry_connect_loopback(int port) {
  int descriptor = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (descriptor < 0) return -1;
  struct sockaddr_in address;
  memset(&address, 0, sizeof address);
  address.sin_family = AF_INET;
  address.sin_port = htons((unsigned short)port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(descriptor, (struct sockaddr *)&address, sizeof address) != 0) {
    int saved = errno;
    close(descriptor);
    errno = saved;
    return -1;
  }
  return descriptor;
}

int masonry_accept(int listener) { return accept4(listener, NULL, NULL, SOCK_CLOEXEC); }

long masonry_send(int descriptor, const void *bytes, unsigned long count) {
  return (long)send(descriptor, bytes, count, MSG_NOSIGNAL | MSG_DONTWAIT);
}
