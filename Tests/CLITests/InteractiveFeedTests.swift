import Foundation
import Testing
import WoteTestSupport

/// The interactive front's feed screen through piped standard input, against a scripted server:
/// the list, opening a post, voting, a refused second vote, paging and back to home.
@Suite(.timeLimit(.minutes(1))) struct InteractiveFeedTests {
    @Test func feed_listsOpensVotesAndGoesBack() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let post =
            #"{"postId":7,"title":"에어팟 살까?","author":{"id":1,"nickname":"투표왕"},"price":769000,"#
            + #""voteCounts":{"agreeCount":0,"disagreeCount":0},"postStatus":"ACTIVE"}"#
        let votes = LockedCounter()
        let server = try LoopbackHTTPServer { request in
            switch (request.method, request.path) {
            case ("GET", "/api/profiles"): Fixtures.profile
            case ("GET", "/api/posts?page=0&size=10&visibilityScope=GLOBAL"):
                Fixtures.json(#"{"status":200,"message":"success","data":[\#(post)]}"#)
            case ("GET", "/api/posts?page=1&size=10&visibilityScope=GLOBAL"):
                Fixtures.json(#"{"status":200,"message":"success","data":[]}"#)
            case ("GET", "/api/posts/7"):
                Fixtures.json(#"{"status":200,"message":"success","data":{"post":\#(post),"commentCount":0}}"#)
            case ("POST", "/api/posts/7/votes"):
                votes.next() == 1
                    ? Fixtures.json(
                        #"{"status":200,"message":"success","data":{"agreeCount":1,"disagreeCount":0}}"#)
                    : Fixtures.envelope(status: 409, code: "E015", message: "Already Voted")
            default: Fixtures.html(status: 404)
            }
        }
        defer { server.stop() }
        // Home → feed; open 7, agree; open 7, disagree (refused); next page; back; quit.
        let input = "5\n1\n7\n1\n1\n7\n2\n2\n5\nq\n"
        let result = try await sandbox.interact(input, server: server.baseURL)
        #expect(result.stdout.contains("── Feed, page 1 ──"), "\(result)")
        #expect(result.stdout.contains("#7  에어팟 살까? · by 투표왕 · price 769000"))
        #expect(result.stdout.contains("── Post #7 ──"))
        #expect(result.stdout.contains("✓ Voted on #7: agree 1 / disagree 0."))
        #expect(result.stdout.contains("! You have already voted on this post. [E015]"))
        #expect(result.stdout.contains("── Feed, page 2 ──") && result.stdout.contains("No posts on this page."))
        #expect(result.stdout.components(separatedBy: "── Home ──").count == 3, "home, then home again after Back")
        #expect(!result.stdout.contains(Fixtures.accessToken))
    }
}

/// A counter the scripted server's handler threads share.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// Counts one more and returns the new count.
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
