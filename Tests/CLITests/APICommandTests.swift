import Foundation
import Testing
import WoteTestSupport

/// `wote api` and the post commands against a scripted loopback server, as subprocesses: the body
/// on standard output exactly as it came, the exit code from WoteKit's verdict, the foreign-origin
/// refusal with nothing sent, and tokens never printed.
@Suite(.timeLimit(.minutes(1))) struct APICommandTests {
    private func serve(_ handler: @escaping @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response?)
        throws -> (LoopbackHTTPServer, String)
    {
        let server = try LoopbackHTTPServer(handler: handler)
        return (server, server.baseURL)
    }

    /// A signed-in sandbox whose server answers every request with `body` on HTTP `status`.
    private func signedIn(answering body: String, status: Int = 200) throws -> (Sandbox, LoopbackHTTPServer, String) {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let (server, url) = try serve { _ in Fixtures.json(body, status: status) }
        return (sandbox, server, url)
    }

    private func expectNoToken(_ result: WoteProcess.Result) {
        for token in [Fixtures.accessToken, Fixtures.refreshToken] {
            #expect(!result.stdout.contains(token) && !result.stderr.contains(token), "\(result)")
        }
    }

    @Test(arguments: [
        (#"{"status":200,"message":"success","data":[{"postId":1,"title":"살까?","price":1.5}]}"#, 200, Int32(0)),
        (#"{"status":400,"divisionCode":"E009","message":"Not Completed SignUp Exception"}"#, 400, 4),
        (#"{"status":400,"divisionCode":"E019","message":"Consumer Type Not Found Exception"}"#, 400, 4),
        (#"{"status":403,"divisionCode":"E018","message":"Banned"}"#, 403, 3),
        (#"{"status":404,"divisionCode":"E002","message":"Post Not Found Exception"}"#, 404, 5),
        (#"{"status":409,"divisionCode":"E015","message":"Already Voted"}"#, 409, 5),
        (#"{"status":500,"divisionCode":"G999","message":"Internal Server Error"}"#, 200, 7),
        ("<html><body>Bad Gateway</body></html>", 502, 7),
        ("not json", 200, 7),
    ])
    func api_printsTheBodyAsItCame_andExitsAsTheAnswerSays(body: String, status: Int, exit: Int32) async throws {
        for json in [false, true] {
            let (sandbox, server, url) = try signedIn(answering: body, status: status)
            defer { server.stop() }
            let result = try await sandbox.wote(
                ["api", "/api/posts?visibilityScope=GLOBAL"] + (json ? ["--json"] : []), server: url)
            #expect(result.status == exit, "\(result)")
            #expect(result.stdout == body, "\(result)")
            #expect(exit == 0 ? result.stderr.isEmpty : result.stderr.hasPrefix("wote: "), "\(result)")
            let request = try #require(server.requests.first)
            #expect(request.method == "GET" && request.path == "/api/posts?visibilityScope=GLOBAL")
            #expect(request.headers["authorization"] == "Bearer \(Fixtures.accessToken)")
            expectNoToken(result)
        }
    }

    @Test func api_E019_keepsTheStoredState() async throws {
        let (sandbox, server, url) = try signedIn(
            answering: #"{"status":400,"divisionCode":"E019","message":"Consumer Type Not Found Exception"}"#,
            status: 400)
        defer { server.stop() }
        let result = try await sandbox.wote(
            ["api", "-X", "POST", "/api/posts/1/votes", "-F", "myChoice=true"], server: url)
        #expect(result.status == 4, "\(result)")
        #expect(result.stderr.contains("wote consumer-type set") && result.stderr.contains("[E019]"), "\(result)")
        let status = try await sandbox.wote(["status", "--json"], server: url)
        #expect(try status.json()["state"] as? String == "signedIn", "\(status)")
    }

    @Test func api_whenNothingCameBack_printsTheErrorObject() async throws {
        let sandbox = try Sandbox()
        let signedOut = try await sandbox.wote(["api", "/api/posts", "--json"])
        try signedOut.expectError(status: 3, kind: "notSignedIn")
        try Fixtures.storeSession(at: sandbox.store)
        let offline = try await sandbox.wote(["api", "/api/posts", "--json"])
        try offline.expectError(status: 6, kind: "network")
        let usage = try await sandbox.wote(["api", "posts", "--json"])
        try usage.expectError(status: 2, kind: "usage")
    }

    /// Security review 2026-11-26, finding 13: the token-endpoint guard matched `/api/auth/` as
    /// written, so `/api//auth/signin` (which many servers route to the same endpoint) got through.
    @Test func apiTokenEndpointWrittenAnotherWay_isRefused_andNothingIsSent() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let (server, url) = try serve { _ in Fixtures.success }
        defer { server.stop() }
        let disguised = [
            "/api//auth/signin", "//api/auth/reissue", "/api/./auth/signin", "/API/Auth/signin",
            "/api/%61uth/signin", "/login//oauth2/code/kakao", "\(url)//api///auth/signin",
        ]
        for target in disguised {
            let result = try await sandbox.wote(["api", target, "-X", "POST", "--json"], server: url)
            #expect(result.status == 2, "\(target): \(result)")
            #expect((try? result.jsonError())?["message"] as? String ?? "" != "", "\(target)")
        }
        #expect(server.requests.isEmpty, "\(server.requests.map(\.path))")
    }

    @Test func api_anotherOrigin_isAUsageError_andNothingIsSent() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let (server, url) = try serve { _ in Fixtures.success }
        defer { server.stop() }
        let (other, otherURL) = try serve { _ in Fixtures.success }
        defer { other.stop() }
        let foreign = [
            "\(otherURL)/api/posts", "http://localhost:\(server.port)/api/posts",
            "https://127.0.0.1:\(server.port)/api/posts", "http://127.0.0.1/api/posts",
        ]
        for target in foreign {
            let result = try await sandbox.wote(["api", target, "--json"], server: url)
            #expect(result.status == 2, "\(target): \(result)")
            let error = try result.jsonError()
            #expect(error["kind"] as? String == "usage" && (error["message"] as? String)?.contains("PATH") == true)
        }
        #expect(server.requests.isEmpty && other.requests.isEmpty)
        let same = try await sandbox.wote(["api", "\(url)/api/profiles"], server: url)
        #expect(same.status == 0 && server.requests.map(\.path) == ["/api/profiles"], "\(same)")
    }

    @Test func api_fieldsMakeAJSONBody_andInputSendsStandardInput() async throws {
        let (sandbox, server, url) = try signedIn(answering: #"{"status":200,"message":"success"}"#)
        defer { server.stop() }
        let fields = try await sandbox.wote(
            ["api", "/api/posts/3/votes", "-F", "myChoice=false", "-f", "note=12"], server: url)
        #expect(fields.status == 0, "\(fields)")
        let input = try await sandbox.wote(
            ["api", "-X", "PUT", "/api/profiles/consumerType", "--input", "-"], input: #"{"consumerType":"FLEXER"}"#,
            server: url)
        #expect(input.status == 0, "\(input)")
        let requests = server.requests
        try #require(requests.count == 2)
        #expect(requests[0].method == "POST" && requests[0].body == #"{"myChoice":false,"note":"12"}"#)
        #expect(requests[0].headers["content-type"] == "application/json")
        #expect(requests[1].method == "PUT" && requests[1].body == #"{"consumerType":"FLEXER"}"#)
    }

    @Test func verbose_printsDiagnosticsOnStandardError_neverAToken() async throws {
        let (sandbox, server, url) = try signedIn(answering: #"{"status":200,"message":"success","data":[]}"#)
        defer { server.stop() }
        let quiet = try await sandbox.wote(["feed"], server: url)
        let verbose = try await sandbox.wote(["--verbose", "feed"], server: url)
        #expect(quiet.status == 0 && verbose.status == 0, "\(verbose)")
        #expect(!quiet.stderr.contains("/api/posts"))
        #expect(verbose.stderr.contains("/api/posts"), "\(verbose)")
        expectNoToken(verbose)
        try Fixtures.storeSession(at: sandbox.store, accessExpiresIn: -60)
        let refreshing = try await sandbox.wote(["--verbose", "api", "/api/posts", "--show-tokens"], server: url)
        expectNoToken(refreshing)
    }

    @Test func feed_json_passesThePostsThroughAsTheyCame() async throws {
        let posts =
            #"[{"postId":2,"title":"b","voteCounts":{"agreeCount":1,"disagreeCount":0},"price":1.25},{"postId":1,"title":"a"}]"#
        let (sandbox, server, url) = try signedIn(answering: #"{"status":200,"message":"success","data":\#(posts)}"#)
        defer { server.stop() }
        let result = try await sandbox.wote(
            ["feed", "--scope", "school", "--page", "1", "--size", "2", "--json"], server: url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == #"{"posts":\#(posts)}"# + "\n")
        #expect(server.requests.first?.path == "/api/posts?page=1&size=2&visibilityScope=SCHOOL")
        let text = try await sandbox.wote(["feed"], server: url)
        #expect(text.stdout.contains("#2  b") && text.stdout.contains("agree 1 / disagree 0"), "\(text)")
    }

    @Test func feedAndDelete_withWrongArguments_sendNothing() async throws {
        let (sandbox, server, url) = try signedIn(answering: #"{"status":200,"message":"success"}"#)
        defer { server.stop() }
        for arguments in [["feed", "--page", "-1"], ["feed", "--size", "0"], ["post", "delete", "3"]] {
            let result = try await sandbox.wote(arguments + ["--json"], server: url)
            #expect(result.status == 2, "\(result)")
        }
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: [
        (
            ["vote", "9", "agree"], #"{"status":404,"divisionCode":"E002","message":"Post Not Found Exception"}"#, 404,
            "No post with that id.", "E002", Int32(5)
        ),
        (
            ["vote", "9", "agree"], #"{"status":409,"divisionCode":"E015","message":"Already Voted"}"#, 409,
            "You have already voted on this post.", "E015", 5
        ),
        (
            ["post", "close", "9"], #"{"status":403,"divisionCode":"G010","message":"Forbidden"}"#, 403,
            "Only the author can do that.", "G010", 5
        ),
        (
            ["post", "delete", "9", "--yes"], #"{"status":403,"divisionCode":"G010","message":"Forbidden"}"#, 403,
            "Only the author can do that.", "G010", 5
        ),
        (
            ["post", "show", "9"], #"{"status":404,"divisionCode":"E002","message":"Post Not Found Exception"}"#, 404,
            "No post with that id.", "E002", 5
        ),
        (
            ["vote", "9", "disagree"], #"{"status":400,"divisionCode":"E019","message":"Consumer Type Not Found"}"#,
            400,
            "wote consumer-type set", "E019", 4
        ),
    ])
    func postCommands_refusals_readAsSentences(
        arguments: [String], body: String, status: Int, message: String, code: String, exit: Int32
    ) async throws {
        let (sandbox, server, url) = try signedIn(answering: body, status: status)
        defer { server.stop() }
        let result = try await sandbox.wote(arguments + ["--json"], server: url)
        #expect(result.status == exit, "\(result)")
        let error = try result.jsonError()
        #expect((error["message"] as? String)?.contains(message) == true, "\(result)")
        #expect(error["code"] as? String == code)
        #expect(error["kind"] as? String == (exit == 4 ? "profileRequired" : "rejected"))
    }

    @Test func vote_json_isTheCounts() async throws {
        let (sandbox, server, url) = try signedIn(
            answering: #"{"status":200,"message":"success","data":{"agreeCount":3,"disagreeCount":1}}"#)
        defer { server.stop() }
        let result = try await sandbox.wote(["vote", "4", "agree", "--json"], server: url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == #"{"agreeCount":3,"disagreeCount":1}"# + "\n")
        let request = try #require(server.requests.first)
        #expect(
            request.method == "POST" && request.path == "/api/posts/4/votes" && request.body == #"{"myChoice":true}"#)
    }
}
