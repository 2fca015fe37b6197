import Foundation

/// `--profile ahc-wotekit` or `--profile ahc-bare`: sends one side of the AsyncHTTPClient overhead
/// benchmark only, for `valgrind --tool=callgrind` (run it with two request counts and subtract,
/// so that start-up, sign-in and warm-up drop out) or `perf record`.
struct AHCProfileRun {
    let server: URL
    let clock: BenchClock
    let key: String
    let requests: Int
    let concurrency: Int

    func run() async throws -> String {
        let sides = try await AHCOverheadBenchmark.Sides.make(server: server, clock: clock)
        let request: @Sendable () async -> Bool
        switch key {
        case "ahc-wotekit": request = sides.wotekit
        case "ahc-bare": request = sides.bare
        default:
            await sides.shutdown()
            throw BenchFailure("--profile takes ahc-wotekit or ahc-bare")
        }
        // Both sides warm up alike, so a subtraction of two runs leaves the measured requests only.
        _ = await Load.run(total: 100, concurrency: concurrency, request)
        let switchesBefore = ProcessMetrics.contextSwitches()
        let result = await Load.run(total: requests, concurrency: concurrency, request)
        let switches = ProcessMetrics.contextSwitches() - switchesBefore
        await sides.shutdown()
        return "\(key): \(result.successes) of \(result.requests) requests succeeded in "
            + "\(Report.format(result.elapsed.seconds)) s, client CPU "
            + "\(Report.format(result.clientCPU.seconds * 1e6 / Double(result.requests))) µs and "
            + "\(Report.format(Double(switches) / Double(result.requests))) context switches per request"
    }
}
