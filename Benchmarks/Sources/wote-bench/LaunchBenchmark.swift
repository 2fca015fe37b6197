import Foundation
import WoteKit

/// Benchmark 4: an app launch restoring a stored, valid session: a new `WoteClient` per launch,
/// then `restoreSession`. No network call is expected, and the restore should take well under a
/// millisecond.
struct LaunchBenchmark {
    let server: URL
    let hooks: ServerHooks
    let clock: BenchClock
    let launches: Int
    let launchesWithNewURLSession: Int

    private struct Timings {
        var construction: [Double] = []
        var restore: [Double] = []
        var launch: [Double] { zip(construction, restore).map(+) }
        var sent = 0
        var serverRequests = 0
    }

    func run(into report: inout Report) async throws {
        var section = Report.Section(
            title: "4. Launch: new WoteClient + restoreSession from a stored, valid session",
            header: [
                "storage", "transport", "launches", "init + restore median µs", "p90 µs", "of which init (median)",
                "restore alone (median)", "network calls (client / server)",
            ])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wote-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let stores: [(String, any TokenStorage)] = [
            ("InMemoryTokenStorage", InMemoryTokenStorage()),
            ("FileTokenStorage", FileTokenStorage(fileURL: directory.appendingPathComponent("session.json"))),
        ]
        var networkCalls = 0
        for (name, storage) in stores {
            let member = try await Member.signIn(server: server, clock: clock, transport: .live, storage: storage)
            member.client.shutdown()
            // A shared transport: the restore alone. A new `.live` transport per launch: what an app
            // that keeps the default pays, a new URLSession included.
            let counting = CountingTransport()
            let sharedTransport = counting.wrap(.live)
            let shared = try await measure(storage: storage, launches: launches, counting: counting) {
                sharedTransport
            }
            let perLaunch = try await measure(
                storage: storage, launches: launchesWithNewURLSession, counting: counting
            ) { counting.wrap(.live) }
            for (label, timings) in [("shared", shared), ("new .live each", perLaunch)] {
                section.rows.append([
                    name, label, "\(timings.restore.count)", Report.format(Stats.median(timings.launch)),
                    Report.format(Stats.percentile(timings.launch, 0.9)),
                    Report.format(Stats.median(timings.construction)), Report.format(Stats.median(timings.restore)),
                    "\(timings.sent) / \(timings.serverRequests)",
                ])
            }
            networkCalls += shared.sent + perLaunch.sent + shared.serverRequests + perLaunch.serverRequests
            let key = name == "FileTokenStorage" ? "file" : "memory"
            report.add(
                "launch_restore_median_ms_\(key)", Stats.median(perLaunch.launch) / 1000, goal: .lessThan(1),
                "new WoteClient (default `.live` transport) + restore, median ms, \(name)")
        }
        section.notes.append(
            "- A launch: `WoteClient(configuration:)` then `await client.restoreSession()`, which must "
                + "answer signed in. \"shared\": every launch gets the same transport, so only WoteKit is timed; "
                + "\"new .live each\": a new `HTTPTransport.live` (a new URLSession) per launch, as an app that keeps "
                + "the default configuration does; the figure is this one. Network calls: requests the clients' "
                + "transports sent, and requests the server counted, during the launches.")
        report.add(section)
        report.add("launch_network_calls", Double(networkCalls), goal: .exactly(0), "network calls during launches")
    }

    private func measure(
        storage: any TokenStorage, launches: Int, counting: CountingTransport, transport: () -> HTTPTransport
    ) async throws -> Timings {
        var timings = Timings()
        let before = try await hooks.counters()
        let sentBefore = counting.sent
        let clock = ContinuousClock()
        for _ in 0..<launches {
            let start = clock.now
            let client = WoteClient(
                configuration: WoteConfiguration(
                    baseURL: server, storage: storage, transport: transport(), clock: self.clock.woteClock))
            let built = clock.now
            let snapshot = await client.restoreSession()
            let restored = clock.now
            guard snapshot.state == .signedIn, snapshot.warning == nil else {
                throw BenchFailure(
                    "a launch restored \(snapshot.state), warning \(String(describing: snapshot.warning))")
            }
            client.shutdown()
            timings.construction.append(start.duration(to: built).seconds * 1e6)
            timings.restore.append(built.duration(to: restored).seconds * 1e6)
        }
        timings.sent = counting.sent - sentBefore
        timings.serverRequests = try await hooks.counters().since(before).requests
        return timings
    }
}
