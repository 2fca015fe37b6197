import Foundation
import WoteKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Benchmark 1: authenticated requests through WoteKit (`fetchMyProfile`) against plain
/// URLSession doing the same request and decoding, on the same server with the same session
/// configuration, interleaved so that machine noise falls on both sides alike: one request at a
/// time, the variants take turns request by request; at higher concurrency they take turns in short
/// rounds, each round starting with the next variant.
///
/// Two more variants take the difference apart: a plain URLSession with the redirect-refusing
/// delegate WoteKit's session has, and WoteKit's own transport (`HTTPTransport.urlSession`) used
/// directly, without the session engine and repositories above it.
struct OverheadBenchmark {
    let server: URL
    let clock: BenchClock
    let concurrencies: [Int]
    /// Requests per variant when sending one at a time.
    let sequentialRequests: Int
    let requestsPerRound: Int
    let rounds: Int

    private struct Measured {
        var variant: RequestVariants.Variant
        var elapsed: Duration = .zero
        var clientCPU: Duration = .zero
        var requests = 0
        var failures = 0
        var roundTimes: [Double] = []
        var requestTimes: [Double] = []

        mutating func add(_ result: Load.Result) {
            elapsed += result.elapsed
            clientCPU += result.clientCPU
            requests += result.requests
            failures += result.failures
            roundTimes.append(result.elapsed.seconds)
        }

        var requestsPerSecond: Double { Double(requests) / elapsed.seconds }
        var cpuMicrosecondsPerRequest: Double { clientCPU.seconds * 1e6 / Double(requests) }
    }

    func run(into report: inout Report) async throws {
        let variants = try await RequestVariants.make(server: server, clock: clock)
        defer { variants.member.client.shutdown() }
        var section = Report.Section(
            title: "1. Overhead: WoteKit `fetchMyProfile` vs plain URLSession (same GET, header, decoding)",
            header: [
                "concurrency", "variant", "requests", "req/s", "time vs URLSession", "client CPU µs/req", "failures",
            ])
        var failures = 0
        for concurrency in concurrencies {
            var measured = variants.all.map { Measured(variant: $0) }
            for index in measured.indices {  // warm-up: connections open, code paths faulted in
                _ = await Load.run(
                    total: max(200, concurrency * 20), concurrency: concurrency, measured[index].variant.request)
            }
            if concurrency == 1 {
                await takeTurnsPerRequest(&measured)
            } else {
                await takeTurnsPerRound(&measured, concurrency: concurrency)
            }
            let wote = measured[0]
            let baseline = measured[1]
            for variant in measured {
                section.rows.append([
                    "\(concurrency)", variant.variant.name, "\(variant.requests)",
                    Report.format(variant.requestsPerSecond.rounded()),
                    Report.format(variant.elapsed.seconds / baseline.elapsed.seconds) + "×",
                    Report.format(variant.cpuMicrosecondsPerRequest), "\(variant.failures)",
                ])
                failures += variant.failures
            }
            let ratio = wote.elapsed.seconds / baseline.elapsed.seconds
            report.add(
                "overhead_ratio_c\(concurrency)", ratio, goal: .atMost(concurrency == 1 ? 1.02 : 1.03),
                "WoteKit/URLSession time, concurrency \(concurrency)")
            if concurrency == 1 {
                let medianRatio = Stats.median(wote.requestTimes) / Stats.median(baseline.requestTimes)
                section.notes.append(
                    "- concurrency 1: \(sequentialRequests) requests per variant, the variants taking turns request "
                        + "by request; median request WoteKit \(Report.format(Stats.median(wote.requestTimes))) µs, "
                        + "URLSession \(Report.format(Stats.median(baseline.requestTimes))) µs")
                report.add(
                    "overhead_median_ratio_c1", medianRatio, goal: .informational,
                    "WoteKit/URLSession median request time, concurrency 1")
            } else {
                let roundRatios = zip(wote.roundTimes, baseline.roundTimes).map { $0 / $1 }
                section.notes.append(
                    "- concurrency \(concurrency): \(rounds) rounds of \(requestsPerRound) requests per variant; "
                        + "WoteKit/URLSession per-round ratios: median \(Report.format(Stats.median(roundRatios))), "
                        + "min \(Report.format(roundRatios.min() ?? 0)), max \(Report.format(roundRatios.max() ?? 0))")
                report.add(
                    "overhead_round_ratio_median_c\(concurrency)", Stats.median(roundRatios), goal: .informational,
                    "median of the per-round time ratios, concurrency \(concurrency)")
            }
            report.add(
                "overhead_client_cpu_us_c\(concurrency)",
                wote.cpuMicrosecondsPerRequest - baseline.cpuMicrosecondsPerRequest,
                goal: concurrency == 1 ? .atMost(8) : .informational,
                "extra client CPU per request with WoteKit (µs), concurrency \(concurrency)")
        }
        section.notes.append(
            "- Every variant uses `HTTPTransport.defaultSessionConfiguration()` (ephemeral, "
                + "httpMaximumConnectionsPerHost 16, no cache, no cookies), its own URLSession, the same member "
                + "and access token, and decodes the same envelope (WoteKit into its `User`).")
        report.add(section)
        report.add("overhead_failures", Double(failures), goal: .exactly(0), "failed requests during the overhead runs")
    }

    /// One request at a time; each variant sends one in turn, the turn starting with the next
    /// variant each time, so neighbouring requests of every variant meet the same machine.
    private func takeTurnsPerRequest(_ measured: inout [Measured]) async {
        let clock = ContinuousClock()
        for iteration in 0..<sequentialRequests {
            for step in measured.indices {
                let index = (iteration + step) % measured.count
                let cpuBefore = ProcessMetrics.cpuTime()
                let start = clock.now
                let succeeded = await measured[index].variant.request()
                let elapsed = start.duration(to: clock.now)
                measured[index].add(
                    Load.Result(
                        elapsed: elapsed, clientCPU: ProcessMetrics.cpuTime() - cpuBefore,
                        successes: succeeded ? 1 : 0, failures: succeeded ? 0 : 1))
                measured[index].requestTimes.append(elapsed.seconds * 1e6)
            }
        }
    }

    /// Short rounds at `concurrency`, each round starting with the next variant.
    private func takeTurnsPerRound(_ measured: inout [Measured], concurrency: Int) async {
        for round in 0..<rounds {
            for step in measured.indices {
                let index = (round + step) % measured.count
                measured[index].add(
                    await Load.run(total: requestsPerRound, concurrency: concurrency, measured[index].variant.request))
            }
        }
    }
}
