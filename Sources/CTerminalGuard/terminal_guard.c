#define _GNU_SOURCE
#include "terminal_guard.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static struct termios saved_modes;
static int have_modes = 0;
static char restore_sequence[512];
static size_t restore_length = 0;
// The terminal's descriptors: standard input and output, or /dev/tty when they carry data.
static int terminal_input = STDIN_FILENO;
static int terminal_output = STDOUT_FILENO;

static const int exit_signals[] = {SIGINT, SIGTERM, SIGHUP};
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
#define EXIT_COUNT (sizeof(exit_signals) / sizeof(exit_signals[0]))
#define CRASH_COUNT (sizeof(crash_signals) / sizeof(crash_signals[0]))
static struct sigaction previous_exit[EXIT_COUNT];
static struct sigaction previous_crash[CRASH_COUNT];

static void restore_terminal(void) {
  size_t written = 0;
  while (written < restore_length) {
    ssize_t result = write(terminal_output, restore_sequence + written, restore_length - written);
    if (result <= 0) {
      break;
    }
    written += (size_t)result;
  }
  if (have_modes) {
    tcsetattr(terminal_input, TCSAFLUSH, &saved_modes);
  }
}

static void on_exit_signal(int signal_number) {
  restore_terminal();
  _exit(128 + signal_number);
}

static void on_crash_signal(int signal_number) {
  restore_terminal();
  // Hand over to whoever handled this before (the Swift runtime's backtracer), or to the
  // default action, with the terminal already back to normal.
  for (size_t index = 0; index < CRASH_COUNT; index++) {
    if (crash_signals[index] == signal_number) {
      sigaction(signal_number, &previous_crash[index], NULL);
    }
  }
  raise(signal_number);
}

void masonry_guard_save_modes(int input, int output) {
  terminal_input = input;
  terminal_output = output;
  have_modes = tcgetattr(terminal_input, &saved_modes) == 0;
}

void masonry_guard_install(const char *restore_bytes, size_t length) {
  // A parent may have started us with signals blocked (a mask is inherited across exec):
  // unblock the ones whose handling keeps the terminal usable, including SIGWINCH, which
  // ncurses turns into resize events.
  sigset_t needed;
  sigemptyset(&needed);
  const int unblock[] = {SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT};
  for (size_t index = 0; index < sizeof(unblock) / sizeof(unblock[0]); index++) {
    sigaddset(&needed, unblock[index]);
  }
  pthread_sigmask(SIG_UNBLOCK, &needed, NULL);

  restore_length = length < sizeof(restore_sequence) ? length : sizeof(restore_sequence);
  memcpy(restore_sequence, restore_bytes, restore_length);

  struct sigaction action;
  memset(&action, 0, sizeof(action));
  sigemptyset(&action.sa_mask);
  action.sa_handler = on_exit_signal;
  for (size_t index = 0; index < EXIT_COUNT; index++) {
    sigaction(exit_signals[index], &action, &previous_exit[index]);
  }
  action.sa_handler = on_crash_signal;
  action.sa_flags = SA_RESETHAND;
  for (size_t index = 0; index < CRASH_COUNT; index++) {
    sigaction(crash_signals[index], &action, &previous_crash[index]);
  }
}

void masonry_guard_uninstall(void) {
  for (size_t index = 0; index < EXIT_COUNT; index++) {
    sigaction(exit_signals[index], &previous_exit[index], NULL);
  }
  for (size_t index = 0; index < CRASH_COUNT; index++) {
    sigaction(crash_signals[index], &previous_crash[index], NULL);
  }
}

static struct sigaction previous_winch;
static volatile sig_atomic_t winch_installed = 0;
static volatile int winch_wake_descriptor = -1;

static void on_window_change(int signal_number, siginfo_t *info, void *context) {
  // ncurses' own handler first (it marks the size as stale, so the next read reports
  // KEY_RESIZE), then wake the event loop, which may be blocked in poll.
  if (previous_winch.sa_flags & SA_SIGINFO) {
    if (previous_winch.sa_sigaction != NULL) {
      previous_winch.sa_sigaction(signal_number, info, context);
    }
  } else if (previous_winch.sa_handler != SIG_DFL && previous_winch.sa_handler != SIG_IGN &&
             previous_winch.sa_handler != NULL) {
    previous_winch.sa_handler(signal_number);
  }
  int descriptor = winch_wake_descriptor;
  if (descriptor >= 0) {
    int saved_errno = errno;
    char byte = 1;
    ssize_t ignored = write(descriptor, &byte, 1);
    (void)ignored;
    errno = saved_errno;
  }
}

void masonry_guard_wake_on_resize(int descriptor) {
  winch_wake_descriptor = descriptor;
  if (winch_installed) {
    return;
  }
  struct sigaction action;
  memset(&action, 0, sizeof(action));
  sigemptyset(&action.sa_mask);
  action.sa_sigaction = on_window_change;
  action.sa_flags = SA_SIGINFO;
  if (sigaction(SIGWINCH, &action, &previous_winch) == 0) {
    winch_installed = 1;
  }
}

void masonry_guard_stop_wake_on_resize(void) {
  if (winch_installed) {
    sigaction(SIGWINCH, &previous_winch, NULL);
    winch_installed = 0;
  }
  winch_wake_descriptor = -1;
}
