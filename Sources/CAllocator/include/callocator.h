// glibc allocator tuning; <malloc.h> is not part of Swift's Glibc module.
#ifndef GALLERY_CALLOCATOR_H
#define GALLERY_CALLOCATOR_H

/// Keeps allocations below 32 MB in the heap, so the per-photo pixel buffers of an export are
/// reused instead of mapped and unmapped (and page-faulted) every time.
void gallery_keep_large_buffers_in_heap(void);

#endif
