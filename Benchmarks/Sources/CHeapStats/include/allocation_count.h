#ifndef WOTE_BENCH_ALLOCATION_COUNT_H
#define WOTE_BENCH_ALLOCATION_COUNT_H

/// Starts (1) or stops (0) counting calls to `malloc`, `calloc` and `realloc` in the whole process.
/// Returns -1 where the C library offers no way to count (not glibc).
int wote_bench_count_allocations(int on);

/// Allocations counted so far.
long long wote_bench_allocations(void);

#endif
