#define _GNU_SOURCE
#include "process_support.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <time.h>
#include <pthread.h>
#include <unistd.h>

int masonry_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

ssize_t masonry_write_without_sigpipe(int descriptor, const void *bytes, size_t count) {
  sigset_t pipe_only, saved;
  sigemptyset(&pipe_only);
  sigaddset(&pipe_only, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_only, &saved);
  ssize_t written = write(descriptor, bytes, count);
  int saved_errno = errno;
  if (written < 0 && errno == EPIPE) {
    // The SIGPIPE this write raised is pending on this thread: take it back.
    struct timespec now = {0, 0};
    while (sigtimedwait(&pipe_only, NULL, &now) < 0 && errno == EINTR) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &saved, NULL);
  errno = saved_errno;
  return written;
}
