#ifndef MASONRY_THREAD_SUPPORT_H
#define MASONRY_THREAD_SUPPORT_H

/// Whether the calling thread is the process's main thread (Linux: its thread id is the
/// process id). Swift cannot call the variadic `syscall` that asks.
int masonry_is_main_thread(void);

#endif
