#include "allocation_count.h"

#include <stdatomic.h>
#include <stdlib.h>  // defines __GLIBC__ on glibc systems

#if defined(__GLIBC__)
// The executable's `malloc` takes the place of the C library's for every library in the process
// (ELF symbol interposition); each forwards to glibc's own. Off, the cost is one relaxed load.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

static _Atomic int counting = 0;
static _Atomic long long allocations = 0;

static inline void count(void) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    }
}

void *malloc(size_t size) {
    count();
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count();
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    count();
    return __libc_realloc(pointer, size);
}

int wote_bench_count_allocations(int on) {
    atomic_store_explicit(&counting, on, memory_order_relaxed);
    return 0;
}

long long wote_bench_allocations(void) {
    return atomic_load_explicit(&allocations, memory_order_relaxed);
}
#else
int wote_bench_count_allocations(int on) {
    (void)on;
    return -1;
}

long long wote_bench_allocations(void) {
    return 0;
}
#endif
