#define _GNU_SOURCE
#include "CSystem.h"

#if defined(__linux__)
#include <malloc.h>
#endif

#if defined(M_TOP_PAD)
int bento_set_heap_step(int bytes) { return mallopt(M_TOP_PAD, bytes); }
#else
int bento_set_heap_step(int bytes) {
    (void)bytes;
    return 0;
}
#endif

#if defined(M_ARENA_MAX)
int bento_set_one_arena(void) { return mallopt(M_ARENA_MAX, 1); }
#else
int bento_set_one_arena(void) { return 0; }
#endif

#if defined(__GLIBC__)
#include <pthread.h>
int bento_set_thread_stack(unsigned long bytes) {
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return -1;
    int result = pthread_attr_setstacksize(&attributes, bytes);
    if (result == 0) result = pthread_setattr_default_np(&attributes);
    pthread_attr_destroy(&attributes);
    return result;
}
#else
int bento_set_thread_stack(unsigned long bytes) {
    (void)bytes;
    return -1;
}
#endif

#if defined(__linux__)
#include <fcntl.h>
int bento_start_writeback(int fd) { return sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE); }
#else
int bento_start_writeback(int fd) {
    (void)fd;
    return -1;
}
#endif
