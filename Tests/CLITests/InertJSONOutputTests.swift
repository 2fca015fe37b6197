import Foundation
import Testing
import WoteTestSupport

/// Security review 2026-11-28, finding N5: `--json` output and `wote api` passed C1 controls
/// (the 8-bit CSI, OSC and ST), U+2028/U+2029 and the bidirectional controls raw, so another
/// member's title or a hostile server's message could drive a terminal that acts on them, or
/// reorder what the reader sees. The real `wote` against a scripted server: no output mode carries
/// one raw, and `--json` still reads back as the server's text.
@Suite(.timeLimit(.minutes(1))) struct InertJSONOutputTests {
    /// 8-bit CSI, OSC, ST and NEL, the line and paragraph separators, a right-to-left override, an
    /// isolate, the bidirectional marks, an ESC sequence and a DEL.
    static let hostile =
        "a\u{9B}31m\u{9D}0;title\u{9C}\u{85}b\u{2028}c\u{2029}\u{202E}gnp.exe\u{2066}d\u{200E}\u{200F}\u{61C}\u{1B}[2Je\u{7F}z"

    /// What a terminal could act on, written out here rather than taken from the code under test:
    /// C0 controls but the line feed and the tab, DEL, C1 controls, U+2028/U+2029, and the
    /// bidirectional embeddings, overrides, isolates and marks.
    static func rawControls(in text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A, 0x09: false
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                true
            default: false
            }
        }.map { String(format: "U+%04X", $0.value) }
    }

    /// `text` as a JSON string the way a hostile server may write it: only what JSON requires is
    /// escaped, so every C1 and bidirectional control goes out raw.
    static func rawJSONString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case let control where control.value < 0x20: result += String(format: "\\u%04x", control.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static func feedServer(title: String, nickname: String) throws -> LoopbackHTTPServer {
        let post =
            #"{"postId":7,"title":\#(rawJSONString(title)),"author":{"id":1,"nickname":\#(rawJSONString(nickname))},"#
            + #""voteCounts":{"agreeCount":0,"disagreeCount":0},"postStatus":"ACTIVE"}"#
        let feed = #"{"status":200,"message":"success","data":[\#(post)]}"#
        let profile =
            #"{"status":200,"message":"SUCCESS","data":{"nickname":\#(rawJSONString(nickname)),"#
            + #""school":{"schoolName":\#(rawJSONString(title)),"schoolRegion":"서울"}}}"#
        let refusal =
            #"{"status":400,"divisionCode":"G013","message":\#(rawJSONString("Bad " + title))}"#
        return try LoopbackHTTPServer { request in
            switch (request.method, request.path) {
            case ("GET", "/api/posts?page=0&size=10&visibilityScope=GLOBAL"): Fixtures.json(feed)
            case ("GET", "/api/profiles"): Fixtures.json(profile)
            default: Fixtures.json(refusal, status: 400)
            }
        }
    }

    @Test func jsonFeed_escapesEveryControl_andReadsBackAsTheServersText() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let server = try Self.feedServer(title: Self.hostile, nickname: "nick\u{9B}8m\u{202E}")
        defer { server.stop() }
        let result = try await sandbox.wote(["--json", "feed"], server: server.baseURL)
        #expect(result.status == 0, "\(result)")
        #expect(Self.rawControls(in: result.stdout).isEmpty, "\(Self.rawControls(in: result.stdout))")
        #expect(result.stdout.contains(#"a\u009b31m\u009d0;title\u009c\u0085b\u2028c\u2029\u202egnp.exe\u2066d"#))
        let post = try #require((try result.json()["posts"] as? [[String: Any]])?.first, "\(result)")
        #expect(post["title"] as? String == Self.hostile)
        #expect((post["author"] as? [String: Any])?["nickname"] as? String == "nick\u{9B}8m\u{202E}")
    }

    @Test func jsonProfileShow_escapesEveryControl() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let server = try Self.feedServer(title: Self.hostile, nickname: "nick\u{9D}52;c;eA==\u{9C}\u{2067}")
        defer { server.stop() }
        let result = try await sandbox.wote(["--json", "profile", "show"], server: server.baseURL)
        #expect(result.status == 0, "\(result)")
        #expect(Self.rawControls(in: result.stdout).isEmpty, "\(Self.rawControls(in: result.stdout))")
        #expect(try result.json()["nickname"] as? String == "nick\u{9D}52;c;eA==\u{9C}\u{2067}")
        let text = try await sandbox.wote(["profile", "show"], server: server.baseURL)
        #expect(text.status == 0, "\(text)")
        #expect(Self.rawControls(in: text.stdout).isEmpty, "\(Self.rawControls(in: text.stdout))")
    }

    @Test func jsonErrorObject_escapesEveryControl() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let server = try Self.feedServer(title: Self.hostile, nickname: "n")
        defer { server.stop() }
        let result = try await sandbox.wote(["--json", "post", "show", "8"], server: server.baseURL)
        #expect(Self.rawControls(in: result.stdout).isEmpty, "\(Self.rawControls(in: result.stdout))")
        let error = try result.expectError(status: 5, kind: "rejected")
        #expect((error["message"] as? String)?.contains("\u{9B}31m\u{9D}0;title\u{9C}") == true, "\(result)")
        let text = try await sandbox.wote(["post", "show", "8"], server: server.baseURL)
        #expect(Self.rawControls(in: text.stderr).isEmpty, "\(Self.rawControls(in: text.stderr))")
    }

    /// `wote api` prints the server's body: a JSON body holding raw controls is written again with
    /// escapes, in both output modes, and still reads as the same JSON value.
    @Test func api_jsonBodyWithRawControls_isTheSameJSONValue_inert() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let body = #"{"status":200,"message":"success","data":{"title":\#(Self.rawJSONString(Self.hostile)),"n":1.50}}"#
        #expect(!Self.rawControls(in: body).isEmpty)
        let server = try LoopbackHTTPServer { _ in Fixtures.json(body) }
        defer { server.stop() }
        for json in [false, true] {
            let result = try await sandbox.wote(
                ["api", "/api/posts/1"] + (json ? ["--json"] : []), server: server.baseURL)
            #expect(result.status == 0, "\(result)")
            #expect(Self.rawControls(in: result.stdout).isEmpty, "\(Self.rawControls(in: result.stdout))")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let data = try #require(object?["data"] as? [String: Any], "\(result)")
            #expect(data["title"] as? String == Self.hostile)
            // Numbers are written as they came.
            #expect(result.stdout.contains(#""n":1.50"#), "\(result)")
        }
    }

    /// A body that is not JSON is printed as text made inert.
    @Test func api_textBodyWithRawControls_isInertText() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let server = try LoopbackHTTPServer { _ in
            LoopbackHTTPServer.Response(
                status: 502, headers: ["Content-Type": "text/html"],
                body: "<html>\u{1B}]52;c;Y3VybA==\u{7}\u{9B}2J\u{202E}Bad Gateway</html>\n")
        }
        defer { server.stop() }
        for json in [false, true] {
            let result = try await sandbox.wote(
                ["api", "/api/posts/1"] + (json ? ["--json"] : []), server: server.baseURL)
            #expect(result.status == 7, "\(result)")
            #expect(Self.rawControls(in: result.stdout).isEmpty, "\(Self.rawControls(in: result.stdout))")
            #expect(result.stdout == #"<html>\u{1B}]52;c;Y3VybA==\u{7}\u{9B}2J\u{202E}Bad Gateway</html>"# + "\n")
        }
    }
}
