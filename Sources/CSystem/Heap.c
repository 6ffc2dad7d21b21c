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
