#define _GNU_SOURCE
#include <sys/syscall.h>
#include <unistd.h>

#include "thread_support.h"

int masonry_is_main_thread(void) { return syscall(SYS_gettid) == getpid(); }
