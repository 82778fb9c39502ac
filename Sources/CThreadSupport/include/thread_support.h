#ifndef MASONRY_THREAD_SUPPORT_H
#define MASONRY_THREAD_SUPPORT_H

/// Whether the calling thread is the process's main thread (Linux: its thread id is the
/// process id). Swift cannot call the variadic `syscall` that asks.
int masonry_is_main_thread(void);

/// Makes the allocator map every block of at least `bytes` on its own and unmap it when
/// freed, instead of glibc's default, which raises that threshold to the largest block
/// freed so far (up to 32 MB) and then keeps such blocks in its heap, where they stay
/// resident. Returns 0 when the allocator refused.
int masonry_set_mmap_threshold(int bytes);

#endif
