import Foundation
import WoteKit

/// Benchmark 1b: WoteKit's own cost per request with the network taken out. Both sides send
/// through a transport that answers with the bytes and headers the server sent for
/// `GET /api/profiles`; what remains is request building, token handling, executor hops and
/// decoding, which is all WoteKit adds to a request.
///
/// The answer comes two ways: at once, without suspending (pure CPU cost), and from another
/// thread after a suspension, as URLSession delivers it (adds what resuming costs, which is where
/// the executor hops of a layered, actor-based client show).
struct InProcessBenchmark {
    let server: URL
    let clock: BenchClock
    let requestsPerRound: Int
    let rounds: Int

    private struct Side {
        var name: String
        var request: @Sendable () async -> Bool
        var perRequest: [Double] = []
    }

    func run(into report: inout Report) async throws {
        let member = try await Member.signIn(server: server, clock: clock, transport: .live)
        defer { member.client.shutdown() }
        let token = try await member.accessToken()
        let recorded = try await RecordedAnswer(server: server, accessToken: token)
        let immediate = try await recorded.client(
            for: member, server: server, clock: clock, transport: recorded.transport)
        let hopping = try await recorded.client(
            for: member, server: server, clock: clock, transport: recorded.threadHoppingTransport)
        let feed = try await recorded.client(for: member, server: server, clock: clock, transport: FeedAnswer.transport)
        defer {
            immediate.shutdown()
            hopping.shutdown()
            feed.shutdown()
        }
        var sides = [
            Side(name: "WoteKit fetchMyProfile, immediate answer") {
                (try? await immediate.fetchMyProfile()) != nil
            },
            Side(
                name: "hand-written URLRequest + JSONDecoder, immediate answer",
                request: PlainProfileClient(server: server, accessToken: token, send: recorded.transport.send)
                    .fetchProfile),
            Side(name: "WoteKit fetchMyProfile, answer from another thread") {
                (try? await hopping.fetchMyProfile()) != nil
            },
            Side(
                name: "hand-written URLRequest + JSONDecoder, answer from another thread",
                request: PlainProfileClient(
                    server: server, accessToken: token, send: recorded.threadHoppingTransport.send
                ).fetchProfile),
            Side(name: "WoteKit fetch of a 20-post feed page (an app's own call), immediate answer") {
                (try? await feed.fetch([FeedAnswer.Post].self, FeedAnswer.request))?.count == 20
            },
            Side(
                name: "hand-written URLRequest + JSONDecoder of the same feed page, immediate answer",
                request: FeedAnswer.handWritten(server: server, accessToken: token)),
        ]
        for side in sides { _ = await Load.run(total: 1_000, concurrency: 1, side.request) }  // warm-up

        var failures = 0
        for round in 0..<rounds {
            for step in sides.indices {
                let index = (round + step) % sides.count
                let result = await Load.run(total: requestsPerRound, concurrency: 1, sides[index].request)
                sides[index].perRequest.append(result.elapsed.seconds * 1e6 / Double(result.requests))
                failures += result.failures
            }
        }
        // The fastest round is the one least disturbed by the rest of the machine.
        let best = sides.map { $0.perRequest.min() ?? 0 }
        var section = Report.Section(
            title: "1b. WoteKit's own cost per request, network taken out (recorded answer, sequential)",
            header: ["side", "µs per request (best round)", "median round"])
        for (side, fastest) in zip(sides, best) {
            section.rows.append([side.name, Report.format(fastest), Report.format(Stats.median(side.perRequest))])
        }
        section.notes.append(
            "- \(rounds) rounds of \(requestsPerRound) requests per side, each round starting with the next side; "
                + "every side gets the same \(recorded.bodySize)-byte answer and headers the server sent; "
                + "\(failures) failures.")
        report.add(section)
        report.add(
            "sdk_cost_us_per_request", best[0] - best[1], goal: .atMost(5),
            "WoteKit's own time per request beyond the hand-written equivalent, immediate answer (µs)")
        report.add(
            "sdk_cost_us_per_request_resumed", best[2] - best[3], goal: .informational,
            "the same with the answer delivered from another thread, as URLSession does (µs)")
        report.add(
            "app_call_feed_cost_us_per_request", best[4] - best[5], goal: .atMost(10),
            "an app's authorized GET of a 20-post feed page through WoteKit beyond the hand-written one (µs)")
        report.add("inprocess_failures", Double(failures), goal: .exactly(0), "failed in-process requests")
    }
}
