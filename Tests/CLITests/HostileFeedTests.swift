import Foundation
import Testing
import WoteTestSupport

/// Security review 2026-11-28, finding N6: a hostile server's feed of millions of tiny entries,
/// just under the 8 MiB envelope limit, kept `wote feed` busy for minutes (the language was read
/// from the environment for every line), and `--timeout` bounded only the exchange. The real `wote`
/// against a loopback server that sends such a feed: it is refused at once when it holds more than
/// the page asked for, and a whole command that takes longer than `--timeout` ends at it.
@Suite(.timeLimit(.minutes(3))) struct HostileFeedTests {
    /// Just under the 8 MiB the envelope decoder accepts.
    static let bodyLimit = 8 * 1024 * 1024 - 1024

    /// `{"status":200,"message":"success","data":[E,E,...]}` of about ``bodyLimit`` bytes.
    static func feed(of entry: String) -> String {
        let head = #"{"status":200,"message":"success","data":["#
        let count = (bodyLimit - head.count - 2) / (entry.utf8.count + 1)
        var body = head
        body.reserveCapacity(bodyLimit)
        for index in 0..<count {
            if index > 0 { body += "," }
            body += entry
        }
        return body + "]}"
    }

    private static func server(answering body: String) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            request.path.hasPrefix("/api/posts?") ? Fixtures.json(body) : Fixtures.html(status: 404)
        }
    }

    /// The review's attack: `[0,0,0,…]`, four million entries. Before, `wote --timeout 20 feed` was
    /// still running after minutes; now the page is refused as soon as it is read (a few seconds
    /// in a debug build; the release figure is `feed_print_8mib_refused_s` in `scripts/bench.sh`).
    @Test func feedOfMillionsOfTinyEntries_isRefusedAsMalformed() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let server = try Self.server(answering: Self.feed(of: "0"))
        defer { server.stop() }
        for json in [false, true] {
            let result = try await WoteProcess.run(
                [
                    "--store", sandbox.store.path(percentEncoded: false), "--server", server.baseURL, "--timeout", "60",
                    "feed",
                ] + (json ? ["--json"] : []),
                home: sandbox.home, killAfter: .seconds(70))
            #expect(!result.wasKilled, "still running after 70 s: \(result)")
            if json {
                try result.expectError(status: 7, kind: "malformedResponse")
            } else {
                #expect(result.status == 7, "\(result)")
                #expect(result.stderr.hasPrefix("wote: "), "\(result)")
            }
        }
    }

    /// The same weight within the page the person asked for (`--size` of millions): the whole
    /// command, decoding and formatting included, ends at `--timeout` with the time-out's exit code.
    @Test func feedOfMillionsOfPosts_stopsAtTimeout() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let server = try Self.server(answering: Self.feed(of: "{}"))
        defer { server.stop() }
        for json in [false, true] {
            let started = ContinuousClock.now
            let result = try await WoteProcess.run(
                [
                    "--store", sandbox.store.path(percentEncoded: false), "--server", server.baseURL, "--timeout", "1",
                    "feed", "--size", "9000000",
                ] + (json ? ["--json"] : []),
                home: sandbox.home, killAfter: .seconds(60))
            let elapsed = started.duration(to: .now)
            #expect(!result.wasKilled, "still running after 60 s: \(result)")
            if json {
                try result.expectError(status: 6, kind: "timeout")
            } else {
                #expect(result.status == 6, "\(result)")
                #expect(result.stderr.hasPrefix("wote: "), "\(result)")
            }
            #expect(elapsed < .seconds(20), "took \(elapsed): \(result)")
        }
    }
}
