#define _GNU_SOURCE
#include "socket_support.h"

#include <errno.h>
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
  int descriptor = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (descriptor < 0) return -1;
  mode_t previous = umask(0177);
  int bound = bind(descriptor, (struct sockaddr *)&address, sizeof address);
  int saved = errno;
  umask(previous);
  if (bound != 0 || listen(descriptor, 16) != 0) {
    if (bound == 0) saved = errno;
    close(descriptor);
    errno = saved == EADDRINUSE ? EEXIST : saved;
    return -1;
  }
  return descriptor;
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
