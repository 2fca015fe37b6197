import Foundation
import WoteKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Benchmark 1b: WoteKit's own cost per request with the network taken out. Both sides send
/// through an in-memory transport that answers at once with the bytes and headers the server sent
/// for `GET /api/profiles`; what remains is request building, token handling, executor hops and
/// decoding, which is all WoteKit adds to a request.
struct InProcessBenchmark {
    let server: URL
    let clock: BenchClock
    let requestsPerRound: Int
    let rounds: Int

    func run(into report: inout Report) async throws {
        let member = try await Member.signIn(server: server, clock: clock, transport: .live)
        defer { member.client.shutdown() }
        let token = try await member.accessToken()
        let recorded = try await RecordedAnswer(server: server, accessToken: token)
        let client = try await recorded.client(for: member, server: server, clock: clock)
        defer { client.shutdown() }
        let plain = PlainProfileClient(server: server, accessToken: token, send: recorded.transport.send)
        let sides: [@Sendable () async -> Bool] = [
            { (try? await client.fetchMyProfile.execute()) != nil }, plain.fetchProfile,
        ]
        for side in sides { _ = await Load.run(total: 1_000, concurrency: 1, side) }  // warm-up

        var perRequest: [[Double]] = [[], []]
        var failures = 0
        for round in 0..<rounds {
            for step in 0..<2 {
                let index = (round + step) % 2
                let result = await Load.run(total: requestsPerRound, concurrency: 1, sides[index])
                perRequest[index].append(result.elapsed.seconds * 1e6 / Double(result.requests))
                failures += result.failures
            }
        }
        // The fastest round is the one least disturbed by the rest of the machine.
        let wote = perRequest[0].min() ?? 0
        let baseline = perRequest[1].min() ?? 0
        var section = Report.Section(
            title: "1b. WoteKit's own cost per request, network taken out (in-memory transport, sequential)",
            header: ["side", "µs per request (best round)", "median round"])
        section.rows.append(["WoteKit fetchMyProfile", Report.format(wote), Report.format(Stats.median(perRequest[0]))])
        section.rows.append([
            "hand-written URLRequest + JSONDecoder", Report.format(baseline), Report.format(Stats.median(perRequest[1])),
        ])
        section.notes.append(
            "- \(rounds) alternating rounds of \(requestsPerRound) requests per side; both sides get the same "
                + "\(recorded.bodySize)-byte answer and headers the server sent; \(failures) failures.")
        report.add(section)
        report.add(
            "sdk_cost_us_per_request", wote - baseline, goal: .informational,
            "WoteKit's own time per request beyond the hand-written equivalent, network taken out (µs)")
        report.add("inprocess_failures", Double(failures), goal: .exactly(0), "failed in-process requests")
    }
}
