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

        // Each WoteKit side is paired with its hand-written side: within a round the two take turns
        // request by request (ABBA), each request timed on its own, so whatever else the machine
        // does in that round weighs on both alike. A pair's figure is the median over rounds of
        // the round's difference per request.
        var failures = 0
        var differences: [[Double]] = Array(repeating: [], count: sides.count / 2)
        for round in 0..<rounds {
            for pair in 0..<(sides.count / 2) {
                let (wote, hand) = (sides[2 * pair].request, sides[2 * pair + 1].request)
                var (woteTime, handTime) = (Duration.zero, Duration.zero)
                for index in 0..<requestsPerRound {
                    let woteFirst = (index + round) % 2 == 0
                    for turn in 0..<2 {
                        let isWote = (turn == 0) == woteFirst
                        let start = ContinuousClock.now
                        let succeeded = await (isWote ? wote : hand)()
                        let took = start.duration(to: .now)
                        if isWote { woteTime += took } else { handTime += took }
                        if !succeeded { failures += 1 }
                    }
                }
                let woteMicroseconds = woteTime.seconds * 1e6 / Double(requestsPerRound)
                let handMicroseconds = handTime.seconds * 1e6 / Double(requestsPerRound)
                sides[2 * pair].perRequest.append(woteMicroseconds)
                sides[2 * pair + 1].perRequest.append(handMicroseconds)
                differences[pair].append(woteMicroseconds - handMicroseconds)
            }
        }
        let best = sides.map { $0.perRequest.min() ?? 0 }
        var section = Report.Section(
            title: "1b. WoteKit's own cost per request, network taken out (recorded answer, sequential)",
            header: [
                "side", "µs per request (best round)", "median round",
                "WoteKit − hand-written, median of paired rounds",
            ])
        for (index, (side, fastest)) in zip(sides, best).enumerated() {
            let paired = index % 2 == 0 ? Report.format(Stats.median(differences[index / 2])) : ""
            section.rows.append([
                side.name, Report.format(fastest), Report.format(Stats.median(side.perRequest)), paired,
            ])
        }
        section.notes.append(
            "- \(rounds) rounds of \(requestsPerRound) requests per side; in each round a WoteKit side and its "
                + "hand-written side take turns request by request, each request timed on its own; every side "
                + "gets the same \(recorded.bodySize)-byte answer and headers the server sent; \(failures) failures.")
        report.add(section)
        let median = differences.map { Stats.median($0) }
        report.add(
            "sdk_cost_us_per_request", median[0], goal: .atMost(5),
            "WoteKit's own time per request beyond the hand-written equivalent, immediate answer (µs)")
        report.add(
            "sdk_cost_us_per_request_resumed", median[1], goal: .informational,
            "the same with the answer delivered from another thread, as URLSession does (µs)")
        report.add(
            "app_call_feed_cost_us_per_request", median[2], goal: .atMost(10),
            "an app's authorized GET of a 20-post feed page through WoteKit beyond the hand-written one (µs)")
        report.add("inprocess_failures", Double(failures), goal: .exactly(0), "failed in-process requests")
    }
}
