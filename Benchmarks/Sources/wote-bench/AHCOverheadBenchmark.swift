import AsyncHTTPClient
import Foundation
import WoteKit
import WoteKitAsyncHTTPClient

/// Benchmark 7 (issue 26): WoteKit's `fetchMyProfile` over `AsyncHTTPClientTransport()` against
/// the same `GET /api/profiles` sent with a bare AsyncHTTPClient `HTTPClient`
/// (``BareAHCProfileClient``), in one run against one server. The two sides take turns round by
/// round (each round starting with the other side), at concurrency 1 and 16; then each side sends
/// many requests at concurrency 16 for its heap growth per request.
///
/// Over AsyncHTTPClient WoteKit has nothing to hide behind (issue 14 retired the goal over
/// URLSession on Linux, which forces a task per exchange), so this is the figure of WoteKit's own
/// cost per request over a real network.
struct AHCOverheadBenchmark {
    let server: URL
    let clock: BenchClock
    let rounds: Int
    /// Requests per side and round at concurrency 1.
    let sequentialRequests: Int
    /// Requests per side and round at concurrency 16.
    let concurrentRequests: Int
    /// Requests per side for the heap measurement, at concurrency 16.
    let heapRequests: Int
    let checkpointEvery: Int

    /// The two sides, ready to send: WoteKit over its AsyncHTTPClient transport, and the bare client
    /// with the same member's token. Both run on AsyncHTTPClient's singleton event loops.
    struct Sides {
        let network: AsyncHTTPClientTransport
        let bareClient: AsyncHTTPClient.HTTPClient
        let member: Member
        let wotekit: @Sendable () async -> Bool
        let bare: @Sendable () async -> Bool

        static func make(server: URL, clock: BenchClock) async throws -> Sides {
            let network = AsyncHTTPClientTransport()
            let bareClient = AsyncHTTPClient.HTTPClient(
                eventLoopGroup: AsyncHTTPClient.HTTPClient.defaultEventLoopGroup)
            do {
                let member = try await Member.signIn(server: server, clock: clock, transport: .asyncHTTPClient(network))
                let bare = BareAHCProfileClient(
                    client: bareClient, server: server, accessToken: try await member.accessToken())
                return Sides(
                    network: network, bareClient: bareClient, member: member, wotekit: member.fetchProfile,
                    bare: bare.fetchProfile)
            } catch {
                try? await network.shutdown()
                try? await bareClient.shutdown()
                throw error
            }
        }

        func shutdown() async {
            member.client.shutdown()
            try? await network.shutdown()
            try? await bareClient.shutdown()
        }
    }

    private struct Side {
        var name: String
        var request: @Sendable () async -> Bool
        var c1 = Load.Result(elapsed: .zero, clientCPU: .zero, successes: 0, failures: 0)
        var c16 = Load.Result(elapsed: .zero, clientCPU: .zero, successes: 0, failures: 0)
        var c1Switches = 0
        var c16Switches = 0
        var c16RoundTimes: [Double] = []
        var heapSlope: Double?
        var heapFailures = 0

        var failures: Int { c1.failures + c16.failures + heapFailures }

        static func cpuMicroseconds(_ result: Load.Result) -> Double {
            result.clientCPU.seconds * 1e6 / Double(max(result.requests, 1))
        }
    }

    func run(into report: inout Report) async throws {
        let made = try await Sides.make(server: server, clock: clock)
        var sides = [
            Side(name: "WoteKit fetchMyProfile over AsyncHTTPClientTransport", request: made.wotekit),
            Side(name: "bare AsyncHTTPClient", request: made.bare),
        ]
        for index in sides.indices {  // warm-up: connections open, code paths faulted in
            _ = await Load.run(total: 2_000, concurrency: 16, sides[index].request)
            _ = await Load.run(total: 500, concurrency: 1, sides[index].request)
        }
        for round in 0..<rounds {
            for step in sides.indices {
                let index = (round + step) % sides.count
                let switchesBefore = ProcessMetrics.contextSwitches()
                sides[index].c1.add(await Load.run(total: sequentialRequests, concurrency: 1, sides[index].request))
                sides[index].c1Switches += ProcessMetrics.contextSwitches() - switchesBefore
            }
            for step in sides.indices {
                let index = (round + 1 + step) % sides.count
                let switchesBefore = ProcessMetrics.contextSwitches()
                let result = await Load.run(total: concurrentRequests, concurrency: 16, sides[index].request)
                sides[index].c16Switches += ProcessMetrics.contextSwitches() - switchesBefore
                sides[index].c16.add(result)
                sides[index].c16RoundTimes.append(result.elapsed.seconds)
            }
        }
        for index in sides.indices {
            (sides[index].heapSlope, sides[index].heapFailures) = await heapGrowth(sides[index].request)
        }
        await made.shutdown()
        add(sides, to: &report)
    }

    private func add(_ sides: [Side], to report: inout Report) {
        let wote = sides[0]
        let bare = sides[1]
        var section = Report.Section(
            title: "7. Overhead over AsyncHTTPClient: WoteKit `fetchMyProfile` vs bare AsyncHTTPClient",
            header: [
                "side", "req/s c1", "time c1 vs bare", "CPU µs/req c1", "switches/req c1", "req/s c16",
                "time c16 vs bare", "CPU µs/req c16", "switches/req c16", "heap bytes/request", "failures",
            ])
        for side in sides {
            section.rows.append([
                side.name, Report.format(side.c1.requestsPerSecond.rounded()),
                Report.format(side.c1.elapsed.seconds / bare.c1.elapsed.seconds) + "×",
                Report.format(Side.cpuMicroseconds(side.c1)),
                Report.format(Double(side.c1Switches) / Double(max(side.c1.requests, 1))),
                Report.format(side.c16.requestsPerSecond.rounded()),
                Report.format(side.c16.elapsed.seconds / bare.c16.elapsed.seconds) + "×",
                Report.format(Side.cpuMicroseconds(side.c16)),
                Report.format(Double(side.c16Switches) / Double(max(side.c16.requests, 1))),
                side.heapSlope.map(Report.format) ?? "n/a", "\(side.failures)",
            ])
        }
        let roundRatios = zip(wote.c16RoundTimes, bare.c16RoundTimes).map { $0 / $1 }
        section.notes.append(
            "- \(rounds) rounds; in each, \(sequentialRequests) requests per side at concurrency 1, then "
                + "\(concurrentRequests) per side at concurrency 16, the sides taking turns (each round starting "
                + "with the other side). CPU: user + system of the whole process while the side ran. Switches: "
                + "voluntary + involuntary context switches of the process per request.")
        section.notes.append(
            "- concurrency 16, WoteKit/bare per-round time ratios: median "
                + "\(Report.format(Stats.median(roundRatios))), min \(Report.format(roundRatios.min() ?? 0)), "
                + "max \(Report.format(roundRatios.max() ?? 0))")
        section.notes.append(
            "- heap: \(heapRequests) requests per side at concurrency 16, glibc's heap in use every "
                + "\(checkpointEvery) requests; the least-squares slope per request.")
        section.notes.append(
            "- WoteKit: `AsyncHTTPClientTransport()` (its default configuration, 16 connections per host). Bare: "
                + "`HTTPClient` in AsyncHTTPClient's default configuration, the same member's token, "
                + "`execute(_:timeout: .seconds(30))`, body collected, envelope decoded with `JSONDecoder`.")
        report.add(section)
        report.add(
            "ahc_overhead_ratio_c1", wote.c1.elapsed.seconds / bare.c1.elapsed.seconds, goal: .atMost(1.03),
            "WoteKit/bare AsyncHTTPClient time, concurrency 1")
        report.add(
            "ahc_overhead_ratio_c16", wote.c16.elapsed.seconds / bare.c16.elapsed.seconds, goal: .atMost(1.03),
            "WoteKit/bare AsyncHTTPClient time, concurrency 16")
        report.add(
            "ahc_overhead_round_ratio_median_c16", Stats.median(roundRatios), goal: .informational,
            "median of the per-round WoteKit/bare time ratios, concurrency 16")
        report.add(
            "ahc_overhead_client_cpu_us_c1", Side.cpuMicroseconds(wote.c1) - Side.cpuMicroseconds(bare.c1),
            goal: .atMost(8), "client CPU per request beyond bare AsyncHTTPClient (µs), concurrency 1")
        report.add(
            "ahc_overhead_client_cpu_us_c16", Side.cpuMicroseconds(wote.c16) - Side.cpuMicroseconds(bare.c16),
            goal: .informational, "client CPU per request beyond bare AsyncHTTPClient (µs), concurrency 16")
        if let slope = wote.heapSlope {
            report.add(
                "ahc_overhead_heap_bytes_per_request_wotekit", slope, goal: .informational,
                "heap growth per request over \(heapRequests) requests (bytes), WoteKit over AsyncHTTPClient")
        }
        if let slope = bare.heapSlope {
            report.add(
                "ahc_overhead_heap_bytes_per_request_bare", slope, goal: .informational,
                "heap growth per request over \(heapRequests) requests (bytes), bare AsyncHTTPClient")
        }
        report.add(
            "ahc_overhead_failures", Double(sides.map(\.failures).reduce(0, +)), goal: .exactly(0),
            "failed requests during the AsyncHTTPClient overhead runs")
    }

    /// The least-squares slope of heap in use over requests (`nil` where the C library cannot
    /// tell), and the failures.
    private func heapGrowth(_ request: @escaping @Sendable () async -> Bool) async -> (Double?, Int) {
        var requests: [Double] = []
        var heap: [Double] = []
        var sent = 0
        var failures = 0
        while sent < heapRequests {
            let result = await Load.run(total: checkpointEvery, concurrency: 16, request)
            sent += result.requests
            failures += result.failures
            guard let bytes = ProcessMetrics.heapInUseBytes() else { return (nil, failures) }
            requests.append(Double(sent))
            heap.append(Double(bytes))
        }
        return (Stats.slope(xs: requests, ys: heap), failures)
    }
}

extension Load.Result {
    /// Adds another run's counts and times to this one.
    fileprivate mutating func add(_ other: Load.Result) {
        elapsed += other.elapsed
        clientCPU += other.clientCPU
        successes += other.successes
        failures += other.failures
    }

    fileprivate var requestsPerSecond: Double { Double(requests) / elapsed.seconds }
}
