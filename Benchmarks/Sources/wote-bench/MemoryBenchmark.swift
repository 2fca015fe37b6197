import Foundation
import WoteKit

/// Benchmark 5: resident memory and heap in use while one client sends many requests; what grows
/// between 10,000 and 100,000 requests is retained per request. WoteKit runs once over an in-memory
/// transport (its own retention, with Foundation's networking out of the picture) and once over
/// loopback, and plain URLSession runs over loopback as well, since URLSession on Linux retains
/// memory per request of its own.
struct MemoryBenchmark {
    let server: URL
    let clock: BenchClock
    let totalRequests: Int
    let checkpointEvery: Int
    let concurrency: Int
    /// Also run plain URLSession the same way, to tell the SDK's growth from Foundation's.
    let includeBaseline: Bool

    private struct Side {
        var name: String
        var suffix: String
        var checkpoints: [Checkpoint]
        var failures: Int

        init(name: String, suffix: String, measured: ([Checkpoint], failures: Int)) {
            self.name = name
            self.suffix = suffix
            checkpoints = measured.0
            failures = measured.failures
        }
    }

    private struct Checkpoint {
        var requests: Int
        var resident: Int
        var heap: Int?
    }

    func run(into report: inout Report) async throws {
        let member = try await Member.signIn(
            server: server, clock: clock,
            transport: .urlSession(configuration: HTTPTransport.defaultSessionConfiguration()))
        defer { member.client.shutdown() }
        var section = Report.Section(
            title: "5. Memory: \(totalRequests) requests per side at concurrency \(concurrency)",
            header: [
                "side", "RSS MiB (first → last)", "heap in use MiB at each checkpoint", "heap bytes/request",
                "failures",
            ])
        let token = try await member.accessToken()
        let recorded = try await RecordedAnswer(server: server, accessToken: token)
        let inProcess = try await recorded.client(
            for: member, server: server, clock: clock, transport: recorded.transport)
        defer { inProcess.shutdown() }
        var sides = [
            Side(
                name: "WoteKit, in-memory transport", suffix: "_inprocess",
                measured: await measure { (try? await inProcess.fetchMyProfile()) != nil })
        ]
        if includeBaseline {
            let plain = PlainProfileClient(
                server: server, accessToken: token, configuration: HTTPTransport.defaultSessionConfiguration())
            sides.append(
                Side(
                    name: "URLSession over loopback", suffix: "_urlsession", measured: await measure(plain.fetchProfile)
                ))
        }
        sides.append(Side(name: "WoteKit over loopback", suffix: "", measured: await measure(member.fetchProfile)))
        var slopes: [String: Double] = [:]
        for side in sides {
            guard let first = side.checkpoints.first, let last = side.checkpoints.last else { continue }
            report.add(
                "memory_rss_growth_kib\(side.suffix)", Double(last.resident - first.resident) / 1024,
                goal: .informational,
                "RSS growth from \(first.requests) to \(last.requests) requests (KiB), \(side.name)")
            guard let firstHeap = first.heap, let lastHeap = last.heap else { continue }
            let slope = Stats.slope(
                xs: side.checkpoints.map { Double($0.requests) }, ys: side.checkpoints.map { Double($0.heap ?? 0) })
            slopes[side.suffix] = slope
            section.rows.append([
                side.name,
                "\(Report.format(Double(first.resident) / 1_048_576)) → \(Report.format(Double(last.resident) / 1_048_576))",
                side.checkpoints.map { String(format: "%.2f", Double($0.heap ?? 0) / 1_048_576) }.joined(
                    separator: " "),
                Report.format(slope), "\(side.failures)",
            ])
            report.add(
                "memory_heap_growth_kib\(side.suffix)", Double(lastHeap - firstHeap) / 1024, goal: .informational,
                "heap-in-use growth from \(first.requests) to \(last.requests) requests (KiB), \(side.name)")
            report.add(
                "memory_heap_bytes_per_request\(side.suffix)", slope,
                goal: side.suffix == "_inprocess" ? .lessThan(1) : .informational,
                "heap growth per request, least-squares slope over the checkpoints (bytes), \(side.name)")
        }
        report.add(
            "memory_failures", Double(sides.map(\.failures).reduce(0, +)), goal: .exactly(0),
            "failed requests during the memory runs")
        if let wote = slopes[""], let plain = slopes["_urlsession"] {
            report.add(
                "memory_heap_bytes_per_request_wotekit_minus_urlsession", wote - plain, goal: .informational,
                "heap growth per request over loopback, WoteKit minus plain URLSession (bytes)")
        }
        section.notes.append(
            "- RSS from `/proc/self/statm`; heap in use from glibc's `mallinfo2()` (`uordblks + hblkhd`). "
                + "Checkpoints every \(checkpointEvery) requests; the first is taken after the first "
                + "\(checkpointEvery), when connections and caches are warm.")
        report.add(section)
    }

    private func measure(_ request: @escaping @Sendable () async -> Bool) async -> ([Checkpoint], failures: Int) {
        var checkpoints: [Checkpoint] = []
        var sent = 0
        var failures = 0
        while sent < totalRequests {
            let result = await Load.run(total: checkpointEvery, concurrency: concurrency, request)
            sent += result.requests
            failures += result.failures
            checkpoints.append(
                Checkpoint(
                    requests: sent, resident: ProcessMetrics.residentBytes(), heap: ProcessMetrics.heapInUseBytes()))
        }
        return (checkpoints, failures)
    }
}
