import AsyncHTTPClient
import Foundation
import WoteKit
import WoteKitAsyncHTTPClient

/// Benchmark 7 (issues 26 and 49): WoteKit's `fetchMyProfile` over `AsyncHTTPClientTransport()`
/// against the same `GET /api/profiles` sent with a bare AsyncHTTPClient `HTTPClient` two ways: on
/// its fastest path, the `EventLoopFuture` API (``BareAHCFutureProfileClient``), and on its
/// async/await API (``BareAHCProfileClient``), in one run against one server. The three sides take
/// turns within each round, a slice of requests at a time (each turn starting with the next side),
/// at concurrency 1 and 16; every figure is the median over the turns of a per-turn comparison, so
/// that a slow moment of the machine lands in one turn's ratio instead of one side's total. Then WoteKit and the async side
/// send many requests at concurrency 16 for their heap growth per request.
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

    /// The sides, ready to send: WoteKit over its AsyncHTTPClient transport, and one bare client
    /// with the same member's token, driven through its future API and through its async API. All
    /// run on AsyncHTTPClient's singleton event loops.
    struct Sides {
        let network: AsyncHTTPClientTransport
        let bareClient: AsyncHTTPClient.HTTPClient
        let member: Member
        let wotekit: @Sendable () async -> Bool
        /// Bare AsyncHTTPClient, `execute(_:timeout:)` (its async/await API).
        let bare: @Sendable () async -> Bool
        /// Bare AsyncHTTPClient, `execute(request:deadline:)` awaited with `get()` (its fastest path).
        let bareFuture: @Sendable () async -> Bool

        static func make(server: URL, clock: BenchClock) async throws -> Sides {
            let network = AsyncHTTPClientTransport()
            let bareClient = AsyncHTTPClient.HTTPClient(
                eventLoopGroup: AsyncHTTPClient.HTTPClient.defaultEventLoopGroup)
            do {
                let member = try await Member.signIn(server: server, clock: clock, transport: .asyncHTTPClient(network))
                let token = try await member.accessToken()
                let bare = BareAHCProfileClient(client: bareClient, server: server, accessToken: token)
                let bareFuture = BareAHCFutureProfileClient(client: bareClient, server: server, accessToken: token)
                return Sides(
                    network: network, bareClient: bareClient, member: member, wotekit: member.fetchProfile,
                    bare: bare.fetchProfile, bareFuture: bareFuture.fetchProfile)
            } catch {
                try? await network.shutdown()
                try? await bareClient.shutdown()
                throw error
            }
        }

        /// The three sides' requests, in the order of the benchmark's sides: WoteKit, future, async.
        var requests: [@Sendable () async -> Bool] { [wotekit, bareFuture, bare] }

        func shutdown() async {
            member.client.shutdown()
            try? await network.shutdown()
            try? await bareClient.shutdown()
        }
    }

    private struct Side {
        var name: String
        /// The figures' name for the side.
        var key: String
        var measuresHeap: Bool
        /// Each turn's run (an alternating round of its own), in order.
        var c1Rounds: [Load.Result] = []
        var c16Rounds: [Load.Result] = []
        var c1Switches = 0
        var c16Switches = 0
        var heapSlope: Double?
        var heapFailures = 0

        var failures: Int { (c1Rounds + c16Rounds).map(\.failures).reduce(0, +) + heapFailures }

        static func cpuMicroseconds(_ result: Load.Result) -> Double {
            result.clientCPU.seconds * 1e6 / Double(max(result.requests, 1))
        }

        static func microsecondsPerRequest(_ result: Load.Result) -> Double {
            result.elapsed.seconds * 1e6 / Double(max(result.requests, 1))
        }
    }

    /// One side against another over the turns: the per-turn time ratios (side/other, time per
    /// request) and the per-turn client CPU differences (side − other, µs per request).
    private struct Comparison {
        let ratios: [Double]
        let cpuDifferences: [Double]

        init(_ side: [Load.Result], _ other: [Load.Result]) {
            ratios = zip(side, other).map {
                Side.microsecondsPerRequest($0) / Side.microsecondsPerRequest($1)
            }
            cpuDifferences = zip(side, other).map { Side.cpuMicroseconds($0) - Side.cpuMicroseconds($1) }
        }

        var ratio: Double { Stats.median(ratios) }
        var cpu: Double { Stats.median(cpuDifferences) }

        /// `median (min–max)` of the ratios.
        var ratioSpread: String {
            "\(Report.format(ratio)) (\(Report.format(ratios.min() ?? 0))–\(Report.format(ratios.max() ?? 0)))"
        }
    }

    func run(into report: inout Report) async throws {
        var sides = [
            Side(name: "WoteKit fetchMyProfile over AsyncHTTPClientTransport", key: "wotekit", measuresHeap: true),
            Side(name: "bare AsyncHTTPClient, future API (fastest path)", key: "bare_future", measuresHeap: false),
            Side(name: "bare AsyncHTTPClient, async API", key: "bare_async", measuresHeap: true),
        ]
        for round in 0..<rounds {
            // Fresh clients every round: a connection keeps its event loop, and the server's, for its
            // life, and where those threads land against each other moves a side's time by several
            // percent for as long as the connection lasts. New connections each round spread that
            // over the rounds instead of fixing it on one side for the whole run.
            let made = try await Sides.make(server: server, clock: clock)
            let requests = made.requests
            for request in requests {  // warm-up: connections open, code paths faulted in
                _ = await Load.run(total: round == 0 ? 2_000 : 500, concurrency: 16, request)
                _ = await Load.run(total: round == 0 ? 500 : 200, concurrency: 1, request)
            }
            // Within a round the sides take turns slice by slice, so that a slow moment of the
            // machine (this VM's speed moves by tens of percent within seconds) weighs on every side
            // of the round alike instead of on the one side that happened to run then.
            let c1 = await sliced(
                requests, round: round, requests: sequentialRequests, slice: Self.sequentialSlice, concurrency: 1)
            let c16 = await sliced(
                requests, round: round + 1, requests: concurrentRequests, slice: Self.concurrentSlice,
                concurrency: 16)
            await made.shutdown()
            for index in sides.indices {
                sides[index].c1Rounds += c1.turns[index]
                sides[index].c1Switches += c1.switches[index]
                sides[index].c16Rounds += c16.turns[index]
                sides[index].c16Switches += c16.switches[index]
            }
        }
        let made = try await Sides.make(server: server, clock: clock)
        for index in sides.indices where sides[index].measuresHeap {
            (sides[index].heapSlope, sides[index].heapFailures) = await heapGrowth(made.requests[index])
        }
        await made.shutdown()
        add(sides, to: &report)
    }

    /// Requests per side in one turn at concurrency 1 and at 16.
    static let sequentialSlice = 100
    static let concurrentSlice = 1_000

    /// One round at one concurrency: `requests` per side, sent in turns of `slice` requests, the
    /// side that starts moving on by one every turn. Each turn is an alternating round of its own:
    /// its result per side, in turn order, and the context switches summed per side.
    private func sliced(
        _ sides: [@Sendable () async -> Bool], round: Int, requests: Int, slice: Int, concurrency: Int
    ) async -> (turns: [[Load.Result]], switches: [Int]) {
        var turns = Array(repeating: [Load.Result](), count: sides.count)
        var switches = Array(repeating: 0, count: sides.count)
        let count = max(1, requests / slice)
        for turn in 0..<count {
            // The last turn takes what is left, so each side sends exactly `requests`.
            let requestsThisTurn = turn == count - 1 ? requests - slice * (count - 1) : slice
            for step in sides.indices {
                let index = (round + turn + step) % sides.count
                let switchesBefore = ProcessMetrics.contextSwitches()
                turns[index].append(await Load.run(total: requestsThisTurn, concurrency: concurrency, sides[index]))
                switches[index] += ProcessMetrics.contextSwitches() - switchesBefore
            }
        }
        return (turns, switches)
    }

    private func add(_ sides: [Side], to report: inout Report) {
        let wote = sides[0]
        let future = sides[1]
        let asyncSide = sides[2]
        var section = Report.Section(
            title: "7. Overhead over AsyncHTTPClient: WoteKit `fetchMyProfile` vs bare AsyncHTTPClient",
            header: [
                "side", "req/s c1", "time c1 vs future", "time c1 vs async", "CPU µs/req c1", "switches/req c1",
                "req/s c16", "time c16 vs future", "time c16 vs async", "CPU µs/req c16", "switches/req c16",
                "heap bytes/request", "failures",
            ])
        for side in sides {
            let c1 = side.c1Rounds.reduce(into: Load.Result.zero) { $0.add($1) }
            let c16 = side.c16Rounds.reduce(into: Load.Result.zero) { $0.add($1) }
            section.rows.append([
                side.name, Report.format(c1.requestsPerSecond.rounded()),
                Comparison(side.c1Rounds, future.c1Rounds).ratioSpread + "×",
                Comparison(side.c1Rounds, asyncSide.c1Rounds).ratioSpread + "×",
                Report.format(Stats.median(side.c1Rounds.map(Side.cpuMicroseconds))),
                Report.format(Double(side.c1Switches) / Double(max(c1.requests, 1))),
                Report.format(c16.requestsPerSecond.rounded()),
                Comparison(side.c16Rounds, future.c16Rounds).ratioSpread + "×",
                Comparison(side.c16Rounds, asyncSide.c16Rounds).ratioSpread + "×",
                Report.format(Stats.median(side.c16Rounds.map(Side.cpuMicroseconds))),
                Report.format(Double(side.c16Switches) / Double(max(c16.requests, 1))),
                side.heapSlope.map(Report.format) ?? "n/a", "\(side.failures)",
            ])
        }
        section.notes.append(
            "- \(rounds) rounds; in each, \(sequentialRequests) requests per side at concurrency 1, then "
                + "\(concurrentRequests) per side at concurrency 16, the sides taking turns every "
                + "\(Self.sequentialSlice) requests at concurrency 1 and every \(Self.concurrentSlice) at 16 (each "
                + "turn starting with the next side). Each turn is an alternating round of its own: the sides' "
                + "turns follow each other within a fraction of a second, so a slow moment of the machine falls on "
                + "one turn of every side, and the median over the turns leaves it out. CPU: user + system of the "
                + "whole process while the side ran, the median over the turns. Switches: voluntary + involuntary "
                + "context switches of the process per request.")
        section.notes.append(
            "- \"time vs future\" and \"time vs async\": the median over the turns of the side's time per "
                + "request divided by that bare side's in the same turn, with the smallest and largest turn's "
                + "ratio in brackets. Each `ahc_overhead_*` figure below is likewise a median of per-turn values, "
                + "never a ratio of totals: `ahc_overhead_ratio_c1`/`_c16` WoteKit/bare future API (the fastest "
                + "path), `ahc_overhead_async_ratio_c1`/`_c16` WoteKit/bare async API (what "
                + "`ahc_overhead_ratio_*` meant before issue 49, then as a ratio of totals), `_min`/`_max` the "
                + "smallest and largest turn's ratio; `ahc_overhead_client_cpu_us_*` WoteKit's client CPU per "
                + "request minus the future side's, `ahc_overhead_async_client_cpu_us_*` minus the async side's "
                + "(medians of the per-turn differences); `ahc_overhead_round_ratio_median_c16` is "
                + "`ahc_overhead_async_ratio_c16` under its old name. `ahc_<side>_us_per_request_*` and "
                + "`ahc_<side>_cpu_us_*`: each side's own median time and client CPU per request over the turns.")
        section.notes.append(
            "- heap: \(heapRequests) requests per side (WoteKit and the async side) at concurrency 16, glibc's heap "
                + "in use every \(checkpointEvery) requests; the least-squares slope per request.")
        section.notes.append(
            "- WoteKit: `AsyncHTTPClientTransport()` (its default configuration, 16 connections per host). Bare: "
                + "one `HTTPClient` in AsyncHTTPClient's default configuration, the same member's token, the "
                + "envelope decoded with `JSONDecoder`; future side: `HTTPClient.Request` from the parsed URL, "
                + "`execute(request:deadline:)` with 30 seconds, `get()`, the collected `ByteBuffer` decoded; "
                + "async side: `HTTPClientRequest`, `execute(_:timeout: .seconds(30))`, body collected.")
        report.add(section)
        addComparison(wote, future, prefix: "ahc_overhead", against: "bare AsyncHTTPClient's future API", to: &report)
        addComparison(
            wote, asyncSide, prefix: "ahc_overhead_async", against: "bare AsyncHTTPClient's async API", to: &report)
        report.add(
            "ahc_overhead_round_ratio_median_c16", Comparison(wote.c16Rounds, asyncSide.c16Rounds).ratio,
            goal: .informational, "ahc_overhead_async_ratio_c16 under its name before issue 49")
        for side in sides {
            for (level, results) in [("c1", side.c1Rounds), ("c16", side.c16Rounds)] {
                report.add(
                    "ahc_\(side.key)_us_per_request_\(level)", Stats.median(results.map(Side.microsecondsPerRequest)),
                    goal: .informational, "median time per request (µs), \(side.name), \(level)")
                report.add(
                    "ahc_\(side.key)_cpu_us_\(level)", Stats.median(results.map(Side.cpuMicroseconds)),
                    goal: .informational, "median client CPU per request (µs), \(side.name), \(level)")
            }
        }
        if let slope = wote.heapSlope {
            report.add(
                "ahc_overhead_heap_bytes_per_request_wotekit", slope, goal: .informational,
                "heap growth per request over \(heapRequests) requests (bytes), WoteKit over AsyncHTTPClient")
        }
        if let slope = asyncSide.heapSlope {
            report.add(
                "ahc_overhead_heap_bytes_per_request_bare", slope, goal: .informational,
                "heap growth per request over \(heapRequests) requests (bytes), bare AsyncHTTPClient (async API)")
        }
        report.add(
            "ahc_overhead_failures", Double(sides.map(\.failures).reduce(0, +)), goal: .exactly(0),
            "failed requests during the AsyncHTTPClient overhead runs")
    }

    /// WoteKit against one bare side: the median per-turn time ratios with their spread, and the
    /// median per-turn client CPU differences, at concurrency 1 and 16.
    private func addComparison(
        _ wote: Side, _ bare: Side, prefix: String, against: String, to report: inout Report
    ) {
        let c1 = Comparison(wote.c1Rounds, bare.c1Rounds)
        let c16 = Comparison(wote.c16Rounds, bare.c16Rounds)
        let timeGoals: (Report.Goal, Report.Goal) =
            // Issue 49's goals, against the fastest path: at one connection 1.02, at 16 no slower.
            prefix == "ahc_overhead" ? (.atMost(1.02), .atMost(1.00)) : (.informational, .informational)
        for (level, comparison, goal) in [("c1", c1, timeGoals.0), ("c16", c16, timeGoals.1)] {
            report.add(
                "\(prefix)_ratio_\(level)", comparison.ratio, goal: goal,
                "WoteKit/\(against) time, median of \(comparison.ratios.count) per-turn ratios, \(level)")
            report.add(
                "\(prefix)_ratio_\(level)_min", comparison.ratios.min() ?? 0, goal: .informational,
                "smallest per-turn WoteKit/\(against) time ratio, \(level)")
            report.add(
                "\(prefix)_ratio_\(level)_max", comparison.ratios.max() ?? 0, goal: .informational,
                "largest per-turn WoteKit/\(against) time ratio, \(level)")
        }
        report.add(
            "\(prefix)_client_cpu_us_c1", c1.cpu, goal: prefix == "ahc_overhead" ? .atMost(5) : .informational,
            "client CPU per request beyond \(against) (µs), median of per-turn differences, c1")
        report.add(
            "\(prefix)_client_cpu_us_c16", c16.cpu, goal: .informational,
            "client CPU per request beyond \(against) (µs), median of per-turn differences, c16")
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
    /// No requests.
    fileprivate static let zero = Load.Result(elapsed: .zero, clientCPU: .zero, successes: 0, failures: 0)

    /// Adds another run's counts and times to this one.
    fileprivate mutating func add(_ other: Load.Result) {
        elapsed += other.elapsed
        clientCPU += other.clientCPU
        successes += other.successes
        failures += other.failures
    }

    fileprivate var requestsPerSecond: Double { Double(requests) / elapsed.seconds }
}
