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
static char restore_sequence[MASONRY_GUARD_RESTORE_LIMIT];
static size_t restore_length = 0;
// The terminal's descriptors: standard input and output, or /dev/tty when they carry data.
static int terminal_input = STDIN_FILENO;
static int terminal_output = STDOUT_FILENO;

// Every signal whose default action ends the process (and that can be caught), apart from
// the crash signals, which are handled alike but report first.
static const int exit_signals[] = {SIGINT,  SIGTERM, SIGHUP,  SIGQUIT, SIGUSR1, SIGUSR2,
                                   SIGPIPE, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
                                   SIGIO,   SIGPWR,  SIGSTKFLT};
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS};
#define EXIT_COUNT (sizeof(exit_signals) / sizeof(exit_signals[0]))
#define CRASH_COUNT (sizeof(crash_signals) / sizeof(crash_signals[0]))
static struct sigaction previous_exit[EXIT_COUNT];
static struct sigaction previous_crash[CRASH_COUNT];
// The real-time signals (SIGRTMIN..SIGRTMAX, 34..64 with glibc) end the process by default
// too; their numbers are known only at run time, so they get a table of their own.
#define REALTIME_LIMIT 64
static struct sigaction previous_realtime[REALTIME_LIMIT];
static int realtime_count = 0;

/// The number of real-time signals handled (from SIGRTMIN on), at most REALTIME_LIMIT.
static int realtime_signals(void) {
  int count = SIGRTMAX - SIGRTMIN + 1;
  if (count < 0) {
    return 0;
  }
  return count < REALTIME_LIMIT ? count : REALTIME_LIMIT;
}

static void restore_terminal(void) {
  // A handler may interrupt a system call of the program's: errno is put back after.
  int saved_errno = errno;
  size_t written = 0;
  while (written < restore_length) {
    ssize_t result = write(terminal_output, restore_sequence + written, restore_length - written);
    if (result < 0 && errno == EINTR) {
      continue;
    }
    if (result <= 0) {
      break;
    }
    written += (size_t)result;
  }
  if (have_modes) {
    while (tcsetattr(terminal_input, TCSAFLUSH, &saved_modes) != 0 && errno == EINTR) {
    }
  }
  errno = saved_errno;
}

/// Ends the process by `signal_number` itself (the parent sees it, the shell reports
/// 128 + n): default action, unblocked, raised.
static void die_by(int signal_number) {
  struct sigaction action;
  memset(&action, 0, sizeof(action));
  sigemptyset(&action.sa_mask);
  action.sa_handler = SIG_DFL;
  sigaction(signal_number, &action, NULL);
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, signal_number);
  pthread_sigmask(SIG_UNBLOCK, &only, NULL);
  raise(signal_number);
  // A signal whose default is ignored, or one blocked anyway: end all the same.
  _exit(128 + signal_number);
}

// The file a signal's end removes (`masonry_guard_remove_on_exit`).
static char remove_path[4096];
static volatile sig_atomic_t removes = 0;

void masonry_guard_remove_on_exit(const char *path) {
  removes = 0;
  if (path == NULL || strlen(path) >= sizeof(remove_path)) return;
  memcpy(remove_path, path, strlen(path) + 1);
  removes = 1;
}

static void remove_file(void) {
  if (removes) unlink(remove_path);
}

static void on_exit_signal(int signal_number) {
  restore_terminal();
  remove_file();
  // Exit with the status a death by the signal would give (130 for Ctrl-C, as fzf does),
  // so that a calling script carries on and can tell what happened.
  _exit(128 + signal_number);
}

static void write_all(int descriptor, const char *text) {
  size_t length = strlen(text);
  while (length > 0) {
    ssize_t written = write(descriptor, text, length);
    if (written < 0 && errno == EINTR) {
      continue;
    }
    if (written <= 0) {
      return;
    }
    text += written;
    length -= (size_t)written;
  }
}

static void on_crash_signal(int signal_number) {
  restore_terminal();
  remove_file();
  // A short report once the terminal is back, then the end by the signal itself: no
  // interactive backtracer waiting for a key over the user's shell.
  char report[96] = "masonry: crashed (signal ";
  char digits[8];
  int count = 0;
  int value = signal_number;
  do {
    digits[count++] = (char)('0' + value % 10);
    value /= 10;
  } while (value > 0 && count < (int)sizeof(digits));
  size_t length = strlen(report);
  while (count > 0) report[length++] = digits[--count];
  report[length++] = ')';
  report[length++] = '\n';
  report[length] = 0;
  write_all(STDERR_FILENO, report);
  die_by(signal_number);
}

// Suspending (Ctrl-Z, SIGTSTP): give the terminal back, stop, and on SIGCONT take it again
// and tell the event loop, which redraws.
static volatile sig_atomic_t resumed = 0;
static volatile int resume_wake_descriptor = -1;

static void on_suspend(int signal_number) {
  int saved_errno = errno;
  restore_terminal();
  struct sigaction action;
  struct sigaction ours;
  memset(&action, 0, sizeof(action));
  sigemptyset(&action.sa_mask);
  action.sa_handler = SIG_DFL;
  sigaction(signal_number, &action, &ours);
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, signal_number);
  pthread_sigmask(SIG_UNBLOCK, &only, NULL);
  raise(signal_number);
  // Continued: handle the next suspend too, and have the loop take the terminal back.
  sigaction(signal_number, &ours, NULL);
  resumed = 1;
  int descriptor = resume_wake_descriptor;
  if (descriptor >= 0) {
    char byte = 1;
    ssize_t ignored = write(descriptor, &byte, 1);
    (void)ignored;
  }
  errno = saved_errno;
}

int masonry_guard_take_resumed(void) {
  int was = resumed;
  resumed = 0;
  return was;
}

void masonry_guard_wake_on_resume(int descriptor) {
  resume_wake_descriptor = descriptor;
  struct sigaction action;
  memset(&action, 0, sizeof(action));
  sigemptyset(&action.sa_mask);
  action.sa_handler = on_suspend;
  sigaction(SIGTSTP, &action, NULL);
}

void masonry_guard_save_modes(int input, int output) {
  terminal_input = input;
  terminal_output = output;
  have_modes = tcgetattr(terminal_input, &saved_modes) == 0;
}

int masonry_guard_install(const char *restore_bytes, size_t length) {
  // Never cut: a sequence that does not fit is the caller's to shorten (the header says
  // how long one may be), and an empty one has no bytes to copy.
  if (length > sizeof(restore_sequence)) {
    return -1;
  }
  // A parent may have started us with signals blocked (a mask is inherited across exec):
  // unblock the ones whose handling keeps the terminal usable, including SIGWINCH, which
  // ncurses turns into resize events.
  sigset_t needed;
  sigemptyset(&needed);
  for (size_t index = 0; index < EXIT_COUNT; index++) {
    sigaddset(&needed, exit_signals[index]);
  }
  for (size_t index = 0; index < CRASH_COUNT; index++) {
    sigaddset(&needed, crash_signals[index]);
  }
  for (int index = 0; index < realtime_signals(); index++) {
    sigaddset(&needed, SIGRTMIN + index);
  }
  sigaddset(&needed, SIGWINCH);
  sigaddset(&needed, SIGTSTP);
  sigaddset(&needed, SIGCONT);
  pthread_sigmask(SIG_UNBLOCK, &needed, NULL);

  // A stack for the crash handler of this (the event loop's) thread, so that a stack
  // overflow still restores the terminal; kept when the runtime already set one.
  static char alternate_stack[1 << 16];
  stack_t current;
  if (sigaltstack(NULL, &current) == 0 && (current.ss_flags & SS_DISABLE)) {
    stack_t stack;
    stack.ss_sp = alternate_stack;
    stack.ss_size = sizeof(alternate_stack);
    stack.ss_flags = 0;
    sigaltstack(&stack, NULL);
  }

  restore_length = length;
  if (length > 0) {
    memcpy(restore_sequence, restore_bytes, length);
  }

  struct sigaction action;
  memset(&action, 0, sizeof(action));
  sigemptyset(&action.sa_mask);
  action.sa_handler = on_exit_signal;
  for (size_t index = 0; index < EXIT_COUNT; index++) {
    sigaction(exit_signals[index], &action, &previous_exit[index]);
  }
  realtime_count = realtime_signals();
  for (int index = 0; index < realtime_count; index++) {
    sigaction(SIGRTMIN + index, &action, &previous_realtime[index]);
  }
  action.sa_handler = on_crash_signal;
  // On a stack of its own: a stack overflow is a crash too.
  action.sa_flags = SA_RESETHAND | SA_ONSTACK;
  for (size_t index = 0; index < CRASH_COUNT; index++) {
    sigaction(crash_signals[index], &action, &previous_crash[index]);
  }
  return 0;
}

void masonry_guard_uninstall(void) {
  struct sigaction default_action;
  memset(&default_action, 0, sizeof(default_action));
  sigemptyset(&default_action.sa_mask);
  default_action.sa_handler = SIG_DFL;
  sigaction(SIGTSTP, &default_action, NULL);
  resume_wake_descriptor = -1;
  for (size_t index = 0; index < EXIT_COUNT; index++) {
    sigaction(exit_signals[index], &previous_exit[index], NULL);
  }
  for (int index = 0; index < realtime_count; index++) {
    sigaction(SIGRTMIN + index, &previous_realtime[index], NULL);
  }
  realtime_count = 0;
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
