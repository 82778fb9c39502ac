#define _GNU_SOURCE
#include <malloc.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "thread_support.h"

int masonry_is_main_thread(void) { return syscall(SYS_gettid) == getpid(); }

int masonry_set_mmap_threshold(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }
