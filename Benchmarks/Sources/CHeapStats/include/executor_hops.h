#ifndef WOTE_BENCH_EXECUTOR_HOPS_H
#define WOTE_BENCH_EXECUTOR_HOPS_H

/// Starts counting the jobs enqueued on Swift's global concurrent executor (every task start that
/// does not run in place, every resumption of a task on the global executor: the "hops"), through
/// the runtime's `swift_task_enqueueGlobal_hook`. Returns 0 when installed, -1 where the runtime
/// has no such hook.
int wote_bench_count_global_enqueues(void);

/// Jobs enqueued on the global executor since counting started.
long long wote_bench_global_enqueues(void);

#endif
