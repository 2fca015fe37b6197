#ifndef WOTE_BENCH_HEAP_STATS_H
#define WOTE_BENCH_HEAP_STATS_H

/// Bytes the C allocator has handed out and not yet taken back (glibc's `mallinfo2().uordblks` plus
/// its memory-mapped blocks), or -1 where the C library cannot tell.
long long wote_bench_heap_in_use(void);

#include "allocation_count.h"
#include "executor_hops.h"

#endif
