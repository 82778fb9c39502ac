#ifndef MASONRY_TERMINAL_GUARD_H
#define MASONRY_TERMINAL_GUARD_H

#include <stddef.h>

/// Remembers the terminal modes of standard input as they are now: call it before
/// anything changes them.
void masonry_guard_save_modes(void);

/// Remembers the bytes that undo what the
/// program did to the terminal (leave the alternate screen, show the cursor, reset
/// attributes, stop mouse reporting), then installs handlers for SIGINT, SIGTERM and
/// SIGHUP (restore, then exit with 128 + the signal) and for crashes (restore, then let
/// the previous handler or the default action run), and unblocks the signals it relies
/// on (a parent's blocked mask is inherited). The handlers use only
/// async-signal-safe calls: write, tcsetattr, sigaction, raise, _exit.
void masonry_guard_install(const char *restore_bytes, size_t length);

/// Removes the handlers (after a normal shutdown restored the terminal).
void masonry_guard_uninstall(void);

#endif
