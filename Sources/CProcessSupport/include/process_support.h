#ifndef MASONRY_PROCESS_SUPPORT_H
#define MASONRY_PROCESS_SUPPORT_H

/// pipe2(fds, O_CLOEXEC), which Swift's Glibc module does not offer: both ends close on
/// exec from the start, so a program another thread starts meanwhile never inherits one.
/// 0, or -1 with errno set.
int masonry_pipe_cloexec(int fds[2]);

#include <sys/types.h>

/// write(2) to a pipe whose reader may be gone, without the SIGPIPE that would end the
/// browser (its terminal guard treats SIGPIPE as an ending signal): the signal is blocked
/// in this thread for the write, and one it raised is taken back. -1 with errno EPIPE
/// when the reader is gone.
ssize_t masonry_write_without_sigpipe(int descriptor, const void *bytes, size_t count);

#endif
