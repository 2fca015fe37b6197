import Foundation
import WoteKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the benchmarks named on the command line against one reference server and prints the
/// report: Markdown tables, then one `FIGURE name=value` line per figure. Exits 1 when it cannot
/// run, 0 otherwise (missed goals are in the report, not in the exit status).
func runBenchmarks() async -> Int32 {
    let options: BenchOptions
    do {
        options = try BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        return 2
    }
    let hooks = ServerHooks(baseURL: options.server)
    let clock = BenchClock()
    var report = Report()
    let quick = options.quick
    do {
        if options.needsServer { clock.synchronise(to: try await hooks.now()) }
        if let profile = options.profile, profile.hasPrefix("ahc-") {
            #if WOTE_BENCH_ASYNC_HTTP_CLIENT
            log(
                try await AHCProfileRun(
                    server: options.server, clock: clock, key: profile, requests: options.profileRequests,
                    concurrency: options.profileConcurrency
                ).run())
            return 0
            #else
            throw BenchFailure(
                "\(profile): built without the AsyncHTTPClient transport (WOTE_BENCH_NO_ASYNC_HTTP_CLIENT)")
            #endif
        }
        if let profile = options.profile {
            let variants = try await RequestVariants.make(server: options.server, clock: clock)
            log(
                try await ProfileRun(
                    variants: variants, key: profile, requests: options.profileRequests,
                    concurrency: options.profileConcurrency
                ).run())
            return 0
        }
        for name in options.benchmarks {
            log("running \(name)…")
            let start = ContinuousClock.now
            switch name {
            case "overhead":
                try await OverheadBenchmark(
                    server: options.server, clock: clock, concurrencies: [1, 16],
                    sequentialRequests: quick ? 300 : 5_000, requestsPerRound: quick ? 200 : 500,
                    rounds: quick ? 2 : 20
                ).run(into: &report)
            case "inprocess":
                try await InProcessBenchmark(
                    server: options.server, clock: clock, requestsPerRound: quick ? 2_000 : 20_000,
                    rounds: quick ? 2 : 6
                ).run(into: &report)
            case "burst":
                try await BurstBenchmark(
                    server: options.server, hooks: hooks, clock: clock, sizes: [200, 1_000], rounds: quick ? 1 : 5,
                    connectionChoices: quick ? [] : [6, 16, 64]
                ).run(into: &report)
            case "steady":
                try await SteadyExpiryBenchmark(
                    server: options.server, hooks: hooks, clock: clock, duration: .seconds(quick ? 5 : 20),
                    accessLifetime: 2, concurrency: 4
                ).run(into: &report)
            case "launch":
                try await LaunchBenchmark(
                    server: options.server, hooks: hooks, clock: clock, launches: quick ? 200 : 2_000,
                    launchesWithNewURLSession: quick ? 50 : 200
                ).run(into: &report)
            case "memory":
                try await MemoryBenchmark(
                    server: options.server, clock: clock, totalRequests: quick ? 20_000 : 100_000,
                    checkpointEvery: quick ? 2_000 : 10_000, concurrency: 16, includeBaseline: true
                ).run(into: &report)
            case "transport":
                #if WOTE_BENCH_ASYNC_HTTP_CLIENT
                try await TransportBenchmark(
                    server: options.server, clock: clock, sequentialRequests: quick ? 300 : 5_000,
                    requestsPerRound: quick ? 200 : 500, rounds: quick ? 2 : 20,
                    heapRequests: quick ? 4_000 : 100_000, checkpointEvery: quick ? 1_000 : 10_000
                ).run(into: &report)
                #else
                log("transport: skipped, built without the AsyncHTTPClient transport (WOTE_BENCH_NO_ASYNC_HTTP_CLIENT)")
                #endif
            case "feed-print":
                guard let wote = options.wote else {
                    log("feed-print: skipped, no --wote PATH (scripts/bench.sh builds and passes the release wote)")
                    break
                }
                try await FeedPrintBenchmark(wote: wote, rounds: quick ? 1 : 3).run(into: &report)
            case "ahc-overhead":
                #if WOTE_BENCH_ASYNC_HTTP_CLIENT
                try await AHCOverheadBenchmark(
                    server: options.server, clock: clock, rounds: quick ? 2 : 9,
                    sequentialRequests: quick ? 200 : 1_500, concurrentRequests: quick ? 800 : 6_000,
                    heapRequests: quick ? 4_000 : 100_000, checkpointEvery: quick ? 1_000 : 10_000
                ).run(into: &report)
                #else
                log(
                    "ahc-overhead: skipped, built without the AsyncHTTPClient transport (WOTE_BENCH_NO_ASYNC_HTTP_CLIENT)"
                )
                #endif
            default:
                break
            }
            log("\(name) done in \(Report.format(start.duration(to: .now).seconds)) s")
        }
    } catch {
        log("wote-bench: \(error)")
        print(report.rendered())
        return 1
    }
    print(report.rendered())
    return 0
}

/// Progress goes to standard error, so standard output holds the report only.
func log(_ message: String) {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
}

exit(await runBenchmarks())
