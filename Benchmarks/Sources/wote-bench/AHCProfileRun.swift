import CHeapStats
import Foundation
import WoteKit

/// `--profile ahc-wotekit`, `ahc-bare`, `ahc-bare-future` (bare AsyncHTTPClient's future API) or
/// `ahc-wotekit-before` (WoteKit over the transport as it was before issue 26,
/// ``LegacyAHCTransport``): sends one side of the AsyncHTTPClient overhead benchmark only, for `valgrind --tool=callgrind` (run it with two request counts and subtract,
/// so that start-up, sign-in and warm-up drop out) or `perf record`.
struct AHCProfileRun {
    let server: URL
    let clock: BenchClock
    let key: String
    let requests: Int
    let concurrency: Int

    func run() async throws -> String {
        let sides = try await AHCOverheadBenchmark.Sides.make(server: server, clock: clock)
        let legacy = LegacyAHCTransport()
        let request: @Sendable () async -> Bool
        switch key {
        case "ahc-wotekit": request = sides.wotekit
        case "ahc-bare": request = sides.bare
        case "ahc-bare-future": request = sides.bareFuture
        case "ahc-wotekit-before":
            let client = WoteClient(
                configuration: WoteConfiguration(
                    baseURL: server, storage: sides.member.storage, transport: legacy.transport,
                    clock: clock.woteClock))
            _ = await client.restoreSession()
            request = { (try? await client.fetchMyProfile()) != nil }
        default:
            await sides.shutdown()
            await legacy.shutdown()
            throw BenchFailure("--profile takes ahc-wotekit, ahc-wotekit-before, ahc-bare or ahc-bare-future")
        }
        // Both sides warm up alike, so a subtraction of two runs leaves the measured requests only.
        _ = await Load.run(total: 100, concurrency: concurrency, request)
        let counting = wote_bench_count_global_enqueues() == 0
        let switchesBefore = ProcessMetrics.contextSwitches()
        let enqueuesBefore = wote_bench_global_enqueues()
        let allocating = wote_bench_count_allocations(1) == 0
        let allocationsBefore = wote_bench_allocations()
        let result = await Load.run(total: requests, concurrency: concurrency, request)
        let allocations = wote_bench_allocations() - allocationsBefore
        _ = wote_bench_count_allocations(0)
        let enqueues = wote_bench_global_enqueues() - enqueuesBefore
        let switches = ProcessMetrics.contextSwitches() - switchesBefore
        await sides.shutdown()
        await legacy.shutdown()
        return "\(key): \(result.successes) of \(result.requests) requests succeeded in "
            + "\(Report.format(result.elapsed.seconds)) s, client CPU "
            + "\(Report.format(result.clientCPU.seconds * 1e6 / Double(result.requests))) µs and "
            + "\(Report.format(Double(switches) / Double(result.requests))) context switches and "
            + (counting ? Report.format(Double(enqueues) / Double(result.requests)) : "n/a")
            + " global-executor enqueues and "
            + (allocating ? Report.format(Double(allocations) / Double(result.requests)) : "n/a")
            + " allocations per request"
    }
}
