#include "callocator.h"

// __GLIBC__ is only defined after a libc header, so test for Linux (glibc on Debian).
#if defined(__linux__)
#include <malloc.h>
#endif

void gallery_keep_large_buffers_in_heap(void) {
#if defined(__linux__) && defined(M_MMAP_THRESHOLD)
    // 32 MB is the largest value glibc accepts here (larger ones are ignored).
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 128 << 20);
#endif
}
