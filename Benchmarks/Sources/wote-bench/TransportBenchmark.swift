import Foundation
import WoteKit
import WoteKitAsyncHTTPClient

/// Benchmark 6: the same WoteKit `fetchMyProfile` over the AsyncHTTPClient transport
/// (`Transports/AsyncHTTPClient`) and over the URLSession transport, in one run against one
/// server: requests per second at concurrency 1 and 16 (the transports taking turns, as in the
/// overhead benchmark), client CPU per request, and heap growth per request over many requests.
///
/// Each side is its own signed-in member with its own transport in its default configuration
/// (16 connections per host on both).
struct TransportBenchmark {
    let server: URL
    let clock: BenchClock
    /// Requests per transport at concurrency 1, the transports taking turns request by request.
    let sequentialRequests: Int
    /// Requests per transport and round at concurrency 16, the rounds taking turns.
    let requestsPerRound: Int
    let rounds: Int
    /// Requests per transport for the heap measurement, at concurrency 16.
    let heapRequests: Int
    let checkpointEvery: Int

    private struct Side {
        var name: String
        var request: @Sendable () async -> Bool
        var c1 = Load.Result(elapsed: .zero, clientCPU: .zero, successes: 0, failures: 0)
        var c16 = Load.Result(elapsed: .zero, clientCPU: .zero, successes: 0, failures: 0)
        var heapSlope: Double?
        var heapFailures = 0

        init(name: String, request: @escaping @Sendable () async -> Bool) {
            self.name = name
            self.request = request
        }

        var failures: Int { c1.failures + c16.failures + heapFailures }
        var cpuMicrosecondsPerRequest: Double {
            (c1.clientCPU + c16.clientCPU).seconds * 1e6 / Double(max(c1.requests + c16.requests, 1))
        }
    }

    func run(into report: inout Report) async throws {
        let network = AsyncHTTPClientTransport()
        do {
            try await measure(over: network, into: &report)
        } catch {
            try? await network.shutdown()
            throw error
        }
        try await network.shutdown()
    }

    private func measure(over network: AsyncHTTPClientTransport, into report: inout Report) async throws {
        let overURLSession = try await Member.signIn(
            server: server, clock: clock,
            transport: .urlSession(configuration: HTTPTransport.defaultSessionConfiguration()))
        defer { overURLSession.client.shutdown() }
        let overAHC = try await Member.signIn(server: server, clock: clock, transport: .asyncHTTPClient(network))
        defer { overAHC.client.shutdown() }
        var sides = [
            Side(name: "URLSession", request: overURLSession.fetchProfile),
            Side(name: "AsyncHTTPClient", request: overAHC.fetchProfile),
        ]
        for index in sides.indices {  // warm-up: connections open, code paths faulted in
            _ = await Load.run(total: 320, concurrency: 16, sides[index].request)
        }
        for iteration in 0..<sequentialRequests {
            for step in sides.indices {
                let index = (iteration + step) % sides.count
                let cpuBefore = ProcessMetrics.cpuTime()
                let start = ContinuousClock.now
                let succeeded = await sides[index].request()
                sides[index].c1.add(
                    Load.Result(
                        elapsed: start.duration(to: .now), clientCPU: ProcessMetrics.cpuTime() - cpuBefore,
                        successes: succeeded ? 1 : 0, failures: succeeded ? 0 : 1))
            }
        }
        for round in 0..<rounds {
            for step in sides.indices {
                let index = (round + step) % sides.count
                sides[index].c16.add(await Load.run(total: requestsPerRound, concurrency: 16, sides[index].request))
            }
        }
        for index in sides.indices {
            (sides[index].heapSlope, sides[index].heapFailures) = await heapGrowth(sides[index].request)
        }
        add(sides, to: &report)
    }

    private func add(_ sides: [Side], to report: inout Report) {
        let urlSession = sides[0]
        let ahc = sides[1]
        var section = Report.Section(
            title: "6. Transport: WoteKit `fetchMyProfile` over AsyncHTTPClient vs over URLSession",
            header: [
                "transport", "req/s c1", "req/s c16", "client CPU µs/req", "heap bytes/request", "failures",
            ])
        for side in sides {
            section.rows.append([
                side.name, Report.format(side.c1.requestsPerSecond.rounded()),
                Report.format(side.c16.requestsPerSecond.rounded()), Report.format(side.cpuMicrosecondsPerRequest),
                side.heapSlope.map(Report.format) ?? "n/a", "\(side.failures)",
            ])
        }
        section.notes.append(
            "- concurrency 1: \(sequentialRequests) requests per transport, taking turns request by request; "
                + "concurrency 16: \(rounds) rounds of \(requestsPerRound) requests per transport, taking turns "
                + "round by round. Client CPU (user + system, whole process) over both.")
        section.notes.append(
            "- heap: \(heapRequests) requests per transport at concurrency 16, one transport after the other, "
                + "glibc's heap in use every \(checkpointEvery) requests; the least-squares slope per request.")
        section.notes.append(
            "- Both use their defaults: `HTTPTransport.defaultSessionConfiguration()` and "
                + "`AsyncHTTPClientTransport.defaultConfiguration()` (16 connections per host on both).")
        report.add(section)
        report.add(
            "transport_ahc_rps_ratio_c1", ahc.c1.requestsPerSecond / urlSession.c1.requestsPerSecond,
            goal: .atLeast(1.3), "AsyncHTTPClient/URLSession requests per second, concurrency 1")
        report.add(
            "transport_ahc_rps_ratio_c16", ahc.c16.requestsPerSecond / urlSession.c16.requestsPerSecond,
            goal: .atLeast(2.4), "AsyncHTTPClient/URLSession requests per second, concurrency 16")
        report.add(
            "transport_ahc_cpu_ratio", ahc.cpuMicrosecondsPerRequest / urlSession.cpuMicrosecondsPerRequest,
            goal: .atMost(0.6), "AsyncHTTPClient/URLSession client CPU per request, concurrency 1 and 16")
        if let slope = ahc.heapSlope {
            report.add(
                "transport_ahc_heap_bytes_per_request", slope, goal: .lessThan(2),
                "heap growth per request over \(heapRequests) requests (bytes), WoteKit over AsyncHTTPClient")
        }
        if let slope = urlSession.heapSlope {
            report.add(
                "transport_urlsession_heap_bytes_per_request", slope, goal: .informational,
                "heap growth per request over \(heapRequests) requests (bytes), WoteKit over URLSession")
        }
        report.add(
            "transport_failures", Double(sides.map(\.failures).reduce(0, +)), goal: .exactly(0),
            "failed requests during the transport runs")
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
