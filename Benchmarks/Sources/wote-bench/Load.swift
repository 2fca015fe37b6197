/// Drives a request function at a fixed concurrency.
enum Load {
    /// What one run measured.
    struct Result: Sendable {
        var elapsed: Duration
        var clientCPU: Duration
        var successes: Int
        var failures: Int
        var requests: Int { successes + failures }
    }

    /// Calls `request` `total` times from `concurrency` workers, each calling it in a loop, and
    /// times the whole.
    static func run(
        total: Int, concurrency: Int, _ request: @escaping @Sendable () async -> Bool
    ) async -> Result {
        let cpuBefore = ProcessMetrics.cpuTime()
        let start = ContinuousClock.now
        let successes = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<concurrency {
                let share = total / concurrency + (worker < total % concurrency ? 1 : 0)
                group.addTask {
                    var successes = 0
                    for _ in 0..<share where await request() { successes += 1 }
                    return successes
                }
            }
            return await group.reduce(0, +)
        }
        let elapsed = start.duration(to: .now)
        return Result(
            elapsed: elapsed, clientCPU: ProcessMetrics.cpuTime() - cpuBefore, successes: successes,
            failures: total - successes)
    }

    /// Starts `count` requests at once, each in its own task, and times until the last answers.
    static func burst(_ count: Int, _ request: @escaping @Sendable () async -> Bool) async -> Result {
        await run(total: count, concurrency: count, request)
    }

    /// Calls `request` from `concurrency` workers until `duration` has passed.
    static func steady(
        for duration: Duration, concurrency: Int, _ request: @escaping @Sendable () async -> Bool
    ) async -> Result {
        let cpuBefore = ProcessMetrics.cpuTime()
        let start = ContinuousClock.now
        let deadline = start.advanced(by: duration)
        let counts = await withTaskGroup(of: (Int, Int).self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    var (successes, failures) = (0, 0)
                    while ContinuousClock.now < deadline {
                        if await request() { successes += 1 } else { failures += 1 }
                    }
                    return (successes, failures)
                }
            }
            return await group.reduce((0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
        }
        return Result(
            elapsed: start.duration(to: .now), clientCPU: ProcessMetrics.cpuTime() - cpuBefore,
            successes: counts.0, failures: counts.1)
    }
}
