#ifndef MASONRY_TERMINAL_GUARD_H
#define MASONRY_TERMINAL_GUARD_H

#include <stddef.h>

/// Remembers the terminal's descriptors (standard input and output, or /dev/tty when they
/// carry data) and its modes as they are now: call it before anything changes them.
void masonry_guard_save_modes(int input, int output);

/// The most bytes the restore sequence may hold.
#define MASONRY_GUARD_RESTORE_LIMIT 4096

/// Remembers the bytes that undo what the program did to the terminal (leave the
/// alternate screen, show the cursor, reset attributes, stop mouse reporting), then
/// installs handlers for every catchable signal whose default action ends the process
/// (INT, TERM, HUP, QUIT, USR1, USR2, PIPE, ALRM, …: restore, then exit with 128 + the
/// signal, as fzf does) and for crashes (SEGV, BUS, ILL, FPE, ABRT, TRAP, SYS: restore, a one-line
/// report on standard error, then end by the signal, with no interactive backtracer), and
/// unblocks them (a parent's blocked mask is inherited). The handlers use only
/// async-signal-safe calls: write, tcsetattr, sigaction, sigprocmask, raise, _exit.
/// Returns 0, or -1 (and installs nothing) when the bytes are longer than
/// MASONRY_GUARD_RESTORE_LIMIT: they are never cut.
int masonry_guard_install(const char *restore_bytes, size_t length);

/// A file to remove when a signal ends the process (the `--listen` socket, which a normal
/// end removes itself): copied, at most 4095 bytes; NULL forgets it. unlink(2) is
/// async-signal-safe.
void masonry_guard_remove_on_exit(const char *path);

/// Removes the handlers (after a normal shutdown restored the terminal).
void masonry_guard_uninstall(void);

/// Chains a SIGWINCH handler after the current one (ncurses'): it calls that handler,
/// then writes one byte to `descriptor`, so that an event loop blocked in poll wakes up
/// for a resize instead of waiting for the next key.
void masonry_guard_wake_on_resize(int descriptor);

/// Handles suspending (SIGTSTP: Ctrl-Z): restores the terminal, stops; once continued,
/// writes one byte to `descriptor` and marks the process resumed, so that the event loop
/// takes the terminal back and redraws.
void masonry_guard_wake_on_resume(int descriptor);

/// Whether the process was continued after a suspend since the last call.
int masonry_guard_take_resumed(void);

/// Puts the previous SIGWINCH handler back.
void masonry_guard_stop_wake_on_resize(void);

#endif
