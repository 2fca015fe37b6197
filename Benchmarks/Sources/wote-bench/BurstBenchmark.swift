import Foundation
import WoteKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Benchmark 2: a burst of concurrent requests on an expired access token under strict rotation,
/// against the same burst on a fresh token. The token expires by moving the server's clock and the
/// client's clock forward together (the client knows the token has expired, as it would after an
/// app slept); a second variant moves the server's clock only (the client believes the token is
/// valid and learns otherwise from 401 answers).
struct BurstBenchmark {
    let server: URL
    let hooks: ServerHooks
    let clock: BenchClock
    let sizes: [Int]
    let rounds: Int
    /// `httpMaximumConnectionsPerHost` values to compare on a burst of the largest size.
    let connectionChoices: [Int]

    /// How the access token comes to be expired.
    private enum Expiry {
        /// Both clocks move: the SDK refreshes before sending.
        case known
        /// Only the server's clock moves: every request meets 401 E006 first.
        case unknownToClient
    }

    private struct Burst {
        var result: Load.Result
        var counters: CounterDelta
    }

    func run(into report: inout Report) async throws {
        let restore = ServerHooks.Settings(strictRotation: try await hooks.settings().strictRotation)
        try await hooks.configure(ServerHooks.Settings(strictRotation: true))
        var section = Report.Section(
            title: "2. Refresh burst under strict rotation (httpMaximumConnectionsPerHost 16)",
            header: [
                "burst", "token", "refresh calls", "successes", "401 answers", "requests on server", "wall ms (median)",
                "vs fresh",
            ])
        var connections = Report.Section(
            title: "2b. The same burst with other URLSession connection limits (expiry known to the client)",
            header: [
                "httpMaximumConnectionsPerHost", "burst", "fresh ms (median)", "expired ms (median)", "vs fresh",
                "successes", "refresh calls",
            ])
        do {
            for size in sizes {
                try await measure(size: size, expiry: .known, into: &section, report: &report)
                try await measure(size: size, expiry: .unknownToClient, into: &section, report: &report)
            }
            if let size = sizes.max() {
                for limit in connectionChoices {
                    try await compare(connectionLimit: limit, size: size, into: &connections)
                }
            }
        } catch {
            try? await hooks.configure(restore)
            throw error
        }
        try await hooks.configure(restore)
        section.notes.append(
            "- Each row: \(rounds) rounds, each a burst on a fresh token and a burst on an expired one, in "
                + "alternating order; refresh calls: the most in any expired burst; successes: the fewest.")
        section.notes.append(
            "- \"expired (known)\": server and client clocks advanced 1 h, so the SDK refreshes before sending; "
                + "\"expired (server only)\": only the server's clock advanced, so every request is first "
                + "answered 401 E006 and retried after the one refresh.")
        report.add(section)
        if !connectionChoices.isEmpty {
            connections.notes.append(
                "- URLSession's own default on this platform: "
                    + "\(URLSessionConfiguration.default.httpMaximumConnectionsPerHost); WoteKit's `defaultSessionConfiguration()` uses 16. \(rounds) rounds per row."
            )
            report.add(connections)
        }
    }

    private func compare(connectionLimit: Int, size: Int, into section: inout Report.Section) async throws {
        let configuration = HTTPTransport.defaultSessionConfiguration()
        configuration.httpMaximumConnectionsPerHost = connectionLimit
        let (fresh, expired) = try await bursts(
            size: size, expiry: .known, transport: .urlSession(configuration: configuration))
        let ratio = Stats.median(zip(expired, fresh).map { $0.result.elapsed.seconds / $1.result.elapsed.seconds })
        section.rows.append([
            "\(connectionLimit)", "\(size)",
            Report.format(Stats.median(fresh.map { $0.result.elapsed.seconds * 1000 })),
            Report.format(Stats.median(expired.map { $0.result.elapsed.seconds * 1000 })), Report.format(ratio) + "×",
            "\((fresh + expired).map(\.result.successes).min() ?? 0)/\(size)",
            "\(expired.map(\.counters.refreshCalls).max() ?? 0)",
        ])
    }

    private func measure(
        size: Int, expiry: Expiry, into section: inout Report.Section, report: inout Report
    ) async throws {
        let (fresh, expired) = try await bursts(size: size, expiry: expiry, transport: .live)
        let freshMilliseconds = Stats.median(fresh.map { $0.result.elapsed.seconds * 1000 })
        let expiredMilliseconds = Stats.median(expired.map { $0.result.elapsed.seconds * 1000 })
        let ratio = Stats.median(zip(expired, fresh).map { $0.result.elapsed.seconds / $1.result.elapsed.seconds })
        let label = expiry == .known ? "expired (known)" : "expired (server only)"
        section.rows.append(row(size, "fresh", fresh, milliseconds: freshMilliseconds, ratio: nil))
        section.rows.append(row(size, label, expired, milliseconds: expiredMilliseconds, ratio: ratio))

        let prefix = expiry == .known ? "burst\(size)" : "burst\(size)_server_only"
        let what = expiry == .known ? "burst of \(size)" : "burst of \(size), expiry unknown to the client"
        report.add(
            "\(prefix)_refresh_calls", Double(expired.map(\.counters.refreshCalls).max() ?? 0), goal: .exactly(1),
            "refresh calls, \(what)")
        report.add(
            "\(prefix)_successes", Double(expired.map(\.result.successes).min() ?? 0), goal: .exactly(Double(size)),
            "successes, \(what)")
        if expiry == .unknownToClient {
            report.add(
                "\(prefix)_401_answers", Double(expired.map(\.counters.unauthorizedAnswers).max() ?? 0),
                goal: .atMost(20), "401 answers (the most in any round), \(what)")
        }
        report.add(
            "\(prefix)_time_ratio", ratio, goal: .atMost(expiry == .unknownToClient && size == 1000 ? 1.2 : 1.5),
            "wall time expired/fresh (median of rounds), \(what)")
    }

    /// `rounds` bursts on a fresh token and as many on an expired one, alternating which comes
    /// first, from a new client with its own URLSession, so no row inherits another's connections.
    private func bursts(
        size: Int, expiry: Expiry, transport: HTTPTransport
    ) async throws -> (fresh: [Burst], expired: [Burst]) {
        let member = try await Member.signIn(server: server, clock: clock, transport: transport)
        defer { member.client.shutdown() }
        _ = await Load.burst(size, member.fetchProfile)  // warm-up: open the connections
        var fresh: [Burst] = []
        var expired: [Burst] = []
        for round in 0..<rounds {
            for expiredFirst in (round.isMultiple(of: 2) ? [false, true] : [true, false]) {
                if expiredFirst {
                    try await hooks.advanceClock(by: 3600)
                    if expiry == .known { clock.advance(by: 3600) }
                    expired.append(try await burst(size, member))
                    if expiry == .unknownToClient { clock.advance(by: 3600) }
                } else {
                    fresh.append(try await burst(size, member))
                }
            }
        }
        return (fresh, expired)
    }

    private func burst(_ size: Int, _ member: Member) async throws -> Burst {
        let before = try await hooks.counters()
        let result = await Load.burst(size, member.fetchProfile)
        let after = try await hooks.counters()
        return Burst(result: result, counters: after.since(before))
    }

    private func row(_ size: Int, _ label: String, _ bursts: [Burst], milliseconds: Double, ratio: Double?) -> [String]
    {
        [
            "\(size)", label, "\(bursts.map(\.counters.refreshCalls).max() ?? 0)",
            "\(bursts.map(\.result.successes).min() ?? 0)/\(size)",
            "\(bursts.map(\.counters.unauthorizedAnswers).max() ?? 0)",
            "\(bursts.map(\.counters.requests).max() ?? 0)", Report.format(milliseconds),
            ratio.map { Report.format($0) + "×" } ?? "",
        ]
    }
}
