#include "executor_hops.h"

#include <stdatomic.h>

// The Swift runtime's hook (Swift calling convention; on x86-64 and arm64 its two pointer
// arguments travel as a C call's would). Declared weak, so a runtime without it leaves it null.
typedef void (*wote_enqueue_original)(void *job) __attribute__((swiftcall));
typedef void (*wote_enqueue_hook)(void *job, wote_enqueue_original original) __attribute__((swiftcall));
extern wote_enqueue_hook swift_task_enqueueGlobal_hook __attribute__((weak));

static _Atomic long long enqueues = 0;

__attribute__((swiftcall)) static void counting_hook(void *job, wote_enqueue_original original) {
    atomic_fetch_add_explicit(&enqueues, 1, memory_order_relaxed);
    original(job);
}

int wote_bench_count_global_enqueues(void) {
    if (&swift_task_enqueueGlobal_hook == 0) return -1;
    swift_task_enqueueGlobal_hook = counting_hook;
    return 0;
}

long long wote_bench_global_enqueues(void) {
    return atomic_load_explicit(&enqueues, memory_order_relaxed);
}
