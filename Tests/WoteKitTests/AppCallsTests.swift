import Foundation
import Testing
import WoteKit
import WoteKitTesting
import WoteLocked
import WoteTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An app's own calls through `WoteClient` (issue 11), over a scripted transport and a test clock:
/// the exact request on the wire with the session's Bearer, the Wote envelope read into typed
/// errors (and which of them touch the session), requests refused before anything is sent, one
/// shared refresh for bursts and for other stacks' rejections, cancellation, and no token in any
/// description.
@Suite struct AppCallsTests {
    static let baseURL = URL(string: "https://api.wote.test")!
    static let start = Date(timeIntervalSince1970: 1_700_000_000)
    /// An API URL, for rejections reported by another stack.
    static let postsURL = URL(string: "https://api.wote.test/api/posts")!

    struct Fixture {
        let clock = TestClock(now: AppCallsTests.start)
        /// The Wote server: it accepts only the access token it issued last and rotates the pair on
        /// every refresh; app paths answer from `replies`, else with the path as `data`.
        let server: FakeWoteServer
        let replies = Locked<[String: StubTransport.Reply]>([:])
        let storage = TestTokenStorage()
        let wote: WoteClient

        init(baseURL: URL = AppCallsTests.baseURL, session: SessionConfiguration = SessionConfiguration()) {
            server = FakeWoteServer(clock: clock)
            server.handleAppCalls { [replies] call in
                replies.current[call.path] ?? .json(200, #"{"status":200,"message":"success","data":"\#(call.path)"}"#)
            }
            wote = WoteClient(
                configuration: WoteConfiguration(
                    baseURL: baseURL, storage: storage, transport: server.transport, clock: clock.clock,
                    session: session))
        }

        /// A fixture whose client is signed in with the server's first pair.
        static func signedIn() async throws -> Fixture {
            let fixture = Fixture()
            try await fixture.signIn()
            return fixture
        }

        /// Begins a session with the server's first pair, as after the app's own login.
        func signIn(accessExpired: Bool = false) async throws {
            let pair = server.issuePair(accessExpired: accessExpired)
            #expect(try await wote.beginSession(with: pair, profileCompleted: true, remember: true) == .signedIn)
        }

        /// The access token of the `number`th pair the server issued.
        func access(_ number: Int) -> String { server.issuedPairs[number - 1].accessToken }

        /// The refresh token of the `number`th pair the server issued.
        func refresh(_ number: Int) -> String { server.issuedPairs[number - 1].refreshToken }

        /// Answers app calls to `path` with `reply`.
        func reply(_ path: String, _ reply: StubTransport.Reply) {
            replies.withLock { $0[path] = reply }
        }

        /// How many refresh calls reached the server.
        var refreshCount: Int { server.refreshCount }

        /// The requests for `path` that reached the server.
        func appRequests(path: String) -> [URLRequest] { server.requests(path: path) }
    }

    // MARK: - The request on the wire

    @Test func rawGet_sendsTheQueryAsGiven_withPlusEncoded_andTheBearer_andReturnsTheAnswerAsItCame() async throws {
        let fixture = try await Fixture.signedIn()
        fixture.reply(
            "/api/posts",
            .response(
                status: 418, headers: ["Content-Type": "text/plain", "X-Trace": "t-1"], body: Data("teapot".utf8)))

        let response = try await fixture.wote.response(
            for: .get(
                "/api/posts", query: ["page": "0", "size": "20", "visibilityScope": "GLOBAL", "q": "a+b c&d=é"]))

        #expect(response.status == 418)
        #expect(response.body == Data("teapot".utf8))
        #expect(response.headers["x-trace"] == "t-1")
        let sent = try #require(fixture.appRequests(path: "/api/posts").first)
        #expect(sent.httpMethod == "GET")
        #expect(
            sent.url?.absoluteString
                == "https://api.wote.test/api/posts?page=0&size=20&visibilityScope=GLOBAL&q=a%2Bb%20c%26d%3D%C3%A9")
        #expect(sent.value(forHTTPHeaderField: "Authorization") == "Bearer \(fixture.access(1))")
        #expect(fixture.refreshCount == 0)
    }

    @Test func urlRequestForTheAPIOrigin_goesThroughTheSession_withItsMethodHeadersAndBody() async throws {
        let fixture = try await Fixture.signedIn()
        var request = URLRequest(url: URL(string: "https://api.wote.test:443/api/posts/7/votes?x=1")!)
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"myChoice":true}"#.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer forged-by-the-app", forHTTPHeaderField: "Authorization")

        let response = try await fixture.wote.response(for: request)

        #expect(response.status == 200)
        let sent = try #require(fixture.appRequests(path: "/api/posts/7/votes").first)
        #expect(sent.httpMethod == "POST")
        #expect(sent.url?.query == "x=1")
        #expect(sent.httpBody == Data(#"{"myChoice":true}"#.utf8))
        #expect(sent.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(sent.value(forHTTPHeaderField: "Authorization") == "Bearer \(fixture.access(1))")
    }

    @Test
    func urlRequestForTheAPIOrigin_keepsItsQueryBytesAsWritten() async throws {
        let fixture = try await Fixture.signedIn()
        let query = "q=a+b&t=c%2Bd&e=%3D&flag"

        _ = try await fixture.wote.response(
            for: URLRequest(url: URL(string: "https://api.wote.test/api/search?\(query)")!))

        let sent = try #require(fixture.appRequests(path: "/api/search").first)
        #expect(sent.url?.query(percentEncoded: true) == query)
    }

    @Test func requestWithoutAuthorization_isSentWithoutAToken_evenWhenNobodyIsSignedIn() async throws {
        let fixture = Fixture()
        let request = APIRequest(
            .post, "/api/profiles/isValidNickname", headers: ["Content-Type": "application/json"],
            body: Data(#"{"nickname":"투표왕"}"#.utf8), requiresAuthorization: false)

        let response = try await fixture.wote.response(for: request)

        #expect(response.status == 200)
        let sent = try #require(fixture.appRequests(path: "/api/profiles/isValidNickname").first)
        #expect(sent.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(sent.httpBody == Data(#"{"nickname":"투표왕"}"#.utf8))
    }

    @Test func appCall_withNobodySignedIn_isNotSignedIn_withNothingSent() async throws {
        let fixture = Fixture()

        let error = try await woteError { _ = try await fixture.wote.response(for: .get("/api/posts")) }

        #expect(error == .notSignedIn)
        #expect(fixture.server.log.isEmpty)
    }

    @Test func fetch_decodesTheEnvelopesData() async throws {
        let fixture = try await Fixture.signedIn()
        fixture.reply(
            "/api/posts",
            .json(
                200,
                #"{"status":200,"message":"success","data":[{"postId":1024,"title":"에어팟 맥스 살까?","voteCounts":{"agreeCount":3,"disagreeCount":1},"myChoice":true},{"postId":9007199254740993,"title":"b","voteCounts":{"agreeCount":0,"disagreeCount":0}}]}"#
            ))

        let feed = try await fixture.wote.fetch(
            [FeedPost].self, .get("/api/posts", query: ["page": "0", "size": "20", "visibilityScope": "GLOBAL"]))

        #expect(
            feed == [
                FeedPost(
                    postId: 1024, title: "에어팟 맥스 살까?", voteCounts: VoteCounts(agreeCount: 3, disagreeCount: 1),
                    myChoice: true),
                FeedPost(
                    postId: 9_007_199_254_740_993, title: "b", voteCounts: VoteCounts(agreeCount: 0, disagreeCount: 0),
                    myChoice: nil),
            ])
    }

    @Test func perform_acceptsASuccessWithoutData_butFetchCallsItMalformed() async throws {
        let fixture = try await Fixture.signedIn()
        fixture.reply("/api/posts/7/complete", .json(200, #"{"status":200,"message":"success"}"#))

        try await fixture.wote.perform(.post("/api/posts/7/complete"))
        let error = try await woteError {
            _ = try await fixture.wote.fetch(VoteCounts.self, .post("/api/posts/7/complete"))
        }

        #expect(error?.kind == .malformedResponse)
        #expect(fixture.appRequests(path: "/api/posts/7/complete").count == 2)
    }

    // MARK: - Typed errors

    struct Refusal: Sendable, CustomTestStringConvertible {
        var code: String
        var status: Int
        var message: String
        var kind: WoteError.Kind
        var testDescription: String { code }
    }

    static let refusals: [Refusal] = [
        Refusal(code: "E002", status: 404, message: "Post Not Found Exception", kind: .notFound),
        Refusal(code: "E015", status: 409, message: "Already Voted Exception", kind: .alreadyVoted),
        Refusal(code: "E019", status: 400, message: "Consumer Type Not Found Exception", kind: .consumerTypeRequired),
        Refusal(code: "G010", status: 403, message: "Not Author Exception", kind: .notAllowed),
        Refusal(code: "E008", status: 400, message: "Illegal Argument", kind: .invalidRequest),
        Refusal(code: "G002", status: 400, message: "Http Message Not Readable", kind: .invalidRequest),
        Refusal(code: "G004", status: 400, message: "Missing Request Parameter", kind: .invalidRequest),
    ]

    @Test(arguments: refusals)
    func divisionCode_isATypedError_withCodeAndMessage_andLeavesTheSessionAlone(_ refusal: Refusal) async throws {
        let fixture = try await Fixture.signedIn()
        fixture.reply(
            "/api/posts/7/votes",
            .json(
                refusal.status,
                #"{"status":\#(refusal.status),"divisionCode":"\#(refusal.code)","message":"\#(refusal.message)"}"#))

        let error = try await woteError {
            _ = try await fixture.wote.fetch(VoteCounts.self, try .post("/api/posts/7/votes", json: ["myChoice": true]))
        }

        let thrown = try #require(error)
        #expect(thrown.kind == refusal.kind)
        #expect(thrown.code == refusal.code)
        #expect(thrown.serverMessage == refusal.message)
        if refusal.kind != .consumerTypeRequired {
            #expect(thrown == .refused(refusal.kind, code: refusal.code, message: refusal.message))
        }
        // Not a token problem: no refresh, no retry, the session goes on.
        #expect(fixture.refreshCount == 0)
        #expect(fixture.appRequests(path: "/api/posts/7/votes").count == 1)
        #expect(await fixture.wote.currentSession.state == .signedIn)
    }

    @Test func e008OnABadPage_isRejected_andDoesNotRefresh() async throws {
        let fixture = try await Fixture.signedIn()
        fixture.reply(
            "/api/posts",
            .json(400, #"{"status":400,"divisionCode":"E008","message":"page must not be less than zero"}"#))

        let error = try await woteError {
            _ = try await fixture.wote.fetch(
                [FeedPost].self, .get("/api/posts", query: ["page": "-1", "size": "20", "visibilityScope": "GLOBAL"]))
        }

        #expect(error == .refused(.invalidRequest, code: "E008", message: "page must not be less than zero"))
        #expect(fixture.refreshCount == 0)
        #expect(fixture.server.requests(path: "/api/auth/refresh").isEmpty)
        #expect(fixture.appRequests(path: "/api/posts").count == 1)
    }

    @Test func g999OnHTTP200_isAServerFailure() async throws {
        let fixture = try await Fixture.signedIn()
        fixture.reply("/api/posts", .json(200, #"{"status":500,"divisionCode":"G999","message":"Internal Error"}"#))

        let error = try await woteError {
            _ = try await fixture.wote.fetch([FeedPost].self, .get("/api/posts", query: ["visibilityScope": "GLOBALX"]))
        }

        #expect(error?.kind == .serverFailure)
        #expect(error?.code == "G999")
        #expect(error?.serverMessage == "Internal Error")
        #expect(await fixture.wote.currentSession.state == .signedIn)
    }

    @Test(arguments: [
        #"{"status":200,"message":"succ"#, #"{"status":"200","message":200,"data":[]}"#,
        #"{"status":200,"message":"success","data":{"not":"a list"}}"#,
    ])
    func unusableBody_isMalformedResponse(_ body: String) async throws {
        let fixture = try await Fixture.signedIn()
        fixture.reply("/api/posts", .json(200, body))

        let error = try await woteError {
            _ = try await fixture.wote.fetch([FeedPost].self, .get("/api/posts", query: ["visibilityScope": "GLOBAL"]))
        }

        #expect(error?.kind == .malformedResponse)
        #expect(await fixture.wote.currentSession.state == .signedIn)
    }

    // MARK: - Multipart

    @Test func multipartBuilder_sendsExactlyTheseBytes() async throws {
        // One key: JSONEncoder's key order is not specified.
        struct NewPost: Encodable { var title = "살까?" }
        let fixture = try await Fixture.signedIn()
        fixture.reply("/api/posts", .json(200, #"{"status":200,"message":"success"}"#))
        var form = MultipartFormData(boundary: "b0undary")
        try form.append(name: "postRequest", json: NewPost())
        form.append(name: "note", value: "안녕")
        form.append(
            name: "imageFile", filename: "max\".jpg", contentType: "image/jpeg", data: Data([0xFF, 0xD8, 0x0D, 0x0A]))

        try await fixture.wote.perform(.post("/api/posts", form: form))

        let sent = try #require(fixture.appRequests(path: "/api/posts").first)
        #expect(sent.value(forHTTPHeaderField: "Content-Type") == "multipart/form-data; boundary=b0undary")
        #expect(sent.value(forHTTPHeaderField: "Authorization") == "Bearer \(fixture.access(1))")
        var expected = Data(
            ("--b0undary\r\n"
                + "Content-Disposition: form-data; name=\"postRequest\"\r\n"
                + "Content-Type: application/json\r\n\r\n"
                + #"{"title":"살까?"}"# + "\r\n"
                + "--b0undary\r\n"
                + "Content-Disposition: form-data; name=\"note\"\r\n"
                + "Content-Type: text/plain; charset=utf-8\r\n\r\n"
                + "안녕\r\n"
                + "--b0undary\r\n"
                + "Content-Disposition: form-data; name=\"imageFile\"; filename=\"max%22.jpg\"\r\n"
                + "Content-Type: image/jpeg\r\n\r\n").utf8)
        expected.append(contentsOf: [0xFF, 0xD8, 0x0D, 0x0A])
        expected.append(contentsOf: Array("\r\n--b0undary--\r\n".utf8))
        #expect(sent.httpBody == expected)
    }

    // MARK: - Refused before anything is sent

    @Test(arguments: [
        "http://127.0.0.1:8081/api/posts",  // another port
        "https://127.0.0.1:8080/api/posts",  // another scheme
        "http://localhost:8080/api/posts",  // another host name for the same machine
        "http://api.evil.test:8080/api/posts",  // another host
        "http://127.0.0.1/api/posts",  // the default port 80 is not 8080
        "http://127.0.0.1.evil.test:8080/api/posts",
    ])
    func urlRequestForAnotherOrigin_isRefused_withNothingSent(_ url: String) async throws {
        try await expectForeignOrigin(url, from: "http://127.0.0.1:8080")
    }

    @Test(arguments: ["https://api.wote.test/api/posts", "https://api.wote.test/v1", "https://api.wote.test/v10/x"])
    func urlRequestOutsideTheBaseURLsPath_isRefused_withNothingSent(_ url: String) async throws {
        try await expectForeignOrigin(url, from: "https://api.wote.test/v1")
    }

    /// Expects a signed-in client based at `baseURL` to refuse a URLRequest for `url` as a foreign
    /// origin, with nothing sent.
    private func expectForeignOrigin(
        _ url: String, from baseURL: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let fixture = Fixture(baseURL: URL(string: baseURL)!)
        try await fixture.signIn()

        let error = try await woteError { _ = try await fixture.wote.response(for: URLRequest(url: URL(string: url)!)) }

        #expect(error?.kind == .foreignOrigin, sourceLocation: sourceLocation)
        #expect(fixture.server.log.isEmpty, sourceLocation: sourceLocation)
    }

    @Test(
        arguments: [
            "/../admin", "/./../admin", "/%2E%2E/admin", "https://api.wote.test/v1/../admin",
            "https://api.wote.test/v1/%2E%2E/admin",
        ])
    func dotSegments_cannotLeaveTheBaseURLsPath(_ target: String) async throws {
        let fixture = Fixture(baseURL: URL(string: "https://api.wote.test/v1")!)
        try await fixture.signIn()

        let error = try await woteError {
            if target.hasPrefix("/") {
                _ = try await fixture.wote.response(for: .get(target))
            } else {
                _ = try await fixture.wote.response(for: URLRequest(url: URL(string: target)!))
            }
        }

        #expect(error?.kind == .invalidArgument || error?.kind == .foreignOrigin)
        #expect(fixture.server.log.isEmpty)
    }

    @Test func urlRequestBelowTheBaseURLsPath_keepsThePath() async throws {
        let fixture = Fixture(baseURL: URL(string: "https://api.wote.test/v1/")!)
        try await fixture.signIn()

        _ = try await fixture.wote.response(for: URLRequest(url: URL(string: "https://api.wote.test/v1/api/posts")!))
        _ = try await fixture.wote.response(for: .get("/api/feed"))

        #expect(
            fixture.server.log.map { $0.request.url?.absoluteString } == [
                "https://api.wote.test/v1/api/posts", "https://api.wote.test/v1/api/feed",
            ])
    }

    @Test func urlRequestForTheSameOrigin_withTheDefaultPortWritten_isSent() async throws {
        let fixture = Fixture(baseURL: URL(string: "http://127.0.0.1:80")!)
        try await fixture.signIn()

        let response = try await fixture.wote.response(for: URLRequest(url: URL(string: "http://127.0.0.1/api/x")!))

        #expect(response.status == 200)
        #expect(fixture.server.log.count == 1)
    }

    @Test(arguments: ["api/posts", "//evil.test/api/posts", "", "/api/posts?page=0"])
    func pathNotStartingWithOneSlash_isRefused_withNothingSent(_ path: String) async throws {
        let fixture = try await Fixture.signedIn()

        let raw = try await woteError { _ = try await fixture.wote.response(for: .get(path)) }
        let fetched = try await woteError { _ = try await fixture.wote.fetch([FeedPost].self, .get(path)) }
        let performed = try await woteError { try await fixture.wote.perform(.delete(path)) }

        for error in [raw, fetched, performed] {
            #expect(error?.kind == .invalidArgument)
            #expect(error?.argument == "path")
        }
        #expect(fixture.server.log.isEmpty)
    }

    /// A line break in a value would start a header of its own on the wire (header injection).
    @Test(arguments: [
        ("X-Note", "one\r\nX-Injected: two"), ("X-Note", "line\nbreak"), ("X-Note", "nul\u{0}"),
        ("X Note", "value"), ("X-Note:", "value"), ("", "value"), ("X-Nöte", "value"),
    ])
    func malformedHeader_isRefused_withNothingSent_andItsValueNeverShown(_ name: String, _ value: String) async throws {
        let fixture = try await Fixture.signedIn()
        let request = APIRequest(.get, "/api/posts", headers: [name: value])

        let raw = try await woteError { _ = try await fixture.wote.response(for: request) }
        let fetched = try await woteError { _ = try await fixture.wote.fetch([FeedPost].self, request) }

        for error in [raw, fetched] {
            #expect(error?.kind == .invalidArgument)
            #expect(error?.argument == "headers")
            #expect(!String(describing: error).contains(value))
        }
        #expect(fixture.server.log.isEmpty)
    }

    /// Header names ignore case: two spellings of one name in one request would both go out, and
    /// for a single-valued header (`Content-Type`) the server would pick one of them.
    @Test func oneHeaderNamedTwice_inDifferentCase_isRefused_withNothingSent() async throws {
        let fixture = try await Fixture.signedIn()
        let request = APIRequest(
            .post, "/api/posts", headers: ["Content-Type": "application/json", "content-type": "text/plain"],
            body: Data("{}".utf8))

        let raw = try await woteError { _ = try await fixture.wote.response(for: request) }
        let fetched = try await woteError { _ = try await fixture.wote.fetch([FeedPost].self, request) }

        for error in [raw, fetched] {
            #expect(error?.kind == .invalidArgument)
            #expect(error?.argument == "headers")
            #expect(error?.detail?.contains("Content-Type") == true)
        }
        #expect(fixture.server.log.isEmpty)
    }

    @Test func wellFormedHeaders_goOutAsGiven_withATabAndUTF8Allowed() async throws {
        let fixture = try await Fixture.signedIn()

        _ = try await fixture.wote.response(
            for: APIRequest(.get, "/api/posts", headers: ["X-Note": "a\tb 투표", "Accept": "text/plain"]))

        let sent = try #require(fixture.appRequests(path: "/api/posts").first)
        #expect(sent.value(forHTTPHeaderField: "X-Note") == "a\tb 투표")
        #expect(sent.value(forHTTPHeaderField: "Accept") == "text/plain")
        #expect(sent.value(forHTTPHeaderField: "Authorization") == "Bearer \(fixture.access(1))")
    }

    // MARK: - One shared refresh

    @Test func expiredToken_aBurstOf50AppCalls_makesOneRefresh_andAllSucceed() async throws {
        let fixture = Fixture()
        try await fixture.signIn(accessExpired: true)

        let successes = await Self.burst(50) {
            try await fixture.wote.fetch(String.self, .get("/api/posts", query: ["page": "0"])) == "/api/posts"
        }

        #expect(successes == 50)
        #expect(fixture.refreshCount == 1)
        let sent = fixture.appRequests(path: "/api/posts").map { $0.value(forHTTPHeaderField: "Authorization") }
        #expect(sent == Array(repeating: "Bearer \(fixture.access(2))", count: 50))
    }

    @Test func tokenExpiredOnTheServerOnly_aBurstOf50AppCalls_makesOneRefresh_andAllSucceed() async throws {
        let fixture = try await Fixture.signedIn()
        fixture.server.expireAccessTokens()
        let gate = CallGate()
        fixture.server.inject(.hold(gate), on: "/api/posts", times: nil)

        // Only a slot's worth (16, the transport's connections per host) reach the server with the
        // old token; the other 34 wait for a slot and then carry the refreshed token (issue 14).
        async let successes = Self.burst(50) {
            try await fixture.wote.response(for: .get("/api/posts")).status == 200
        }
        await gate.waitForArrivals(16)
        #expect(fixture.refreshCount == 0)
        gate.open()

        #expect(await successes == 50)
        #expect(fixture.refreshCount == 1)
        // 16 rejected and retried, 34 sent once with the new token.
        #expect(fixture.appRequests(path: "/api/posts").count == 50 + 16)
        #expect(try await fixture.storage.load()?.tokens.accessToken == fixture.access(2))
    }

    @Test func tokenStillRejectedAfterItsOneRefresh_isRejectedWithTheCode_andTheSessionIsKept() async throws {
        let fixture = try await Fixture.signedIn()
        // The server rejects every token, the new one included.
        fixture.reply("/api/posts", .json(401, #"{"status":401,"divisionCode":"E006","message":"Expired JWT"}"#))

        let error = try await woteError { _ = try await fixture.wote.fetch([FeedPost].self, .get("/api/posts")) }
        let raw = try await fixture.wote.response(for: .get("/api/posts"))

        #expect(error == .rejected(code: "E006", message: "Expired JWT"))
        #expect(raw.status == 401)
        #expect(fixture.refreshCount == 2)
        #expect(fixture.appRequests(path: "/api/posts").count == 4)
        #expect(await fixture.wote.currentSession.state == .signedIn)
    }

    static func burst(_ count: Int, _ call: @escaping @Sendable () async throws -> Bool) async -> Int {
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<count { group.addTask { (try? await call()) ?? false } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
    }

    @Test func cancellingOneCaller_leavesTheSharedRefreshRunningForTheOthers() async throws {
        let fixture = Fixture()
        try await fixture.signIn(accessExpired: true)
        let gate = CallGate()
        fixture.server.inject(.hold(gate), on: "/api/auth/refresh")

        let cancelled = Task { try await fixture.wote.response(for: .get("/api/posts")) }
        await gate.waitForArrivals(1)
        let patient = Task { try await fixture.wote.fetch(String.self, .get("/api/posts")) }
        cancelled.cancel()
        // The cancelled caller is done while the refresh is still held at the server.
        let cancelledResult = await cancelled.result
        #expect(throws: WoteError.cancelled) { try cancelledResult.get() }
        #expect(!gate.isOpen)

        gate.open()
        #expect(try await patient.value == "/api/posts")
        #expect(fixture.refreshCount == 1)
        #expect(await fixture.wote.currentSession.tokens?.accessToken == fixture.access(2))
        #expect(await fixture.wote.currentSession.state == .signedIn)
    }

    // MARK: - Answers that change the session

    @Test func e009OnAnAppCall_movesTheSessionToProfileRequired() async throws {
        let fixture = try await Fixture.signedIn()
        fixture.reply(
            "/api/posts",
            .json(400, #"{"status":400,"divisionCode":"E009","message":"Not Completed SignUp Exception"}"#))

        let error = try await woteError { _ = try await fixture.wote.fetch([FeedPost].self, .get("/api/posts")) }

        #expect(error == .profileRequired)
        #expect(error?.code == "E009")
        #expect(await fixture.wote.currentSession.state == .profileRequired)
        #expect(try await fixture.storage.load()?.profileCompleted == false)
        #expect(fixture.refreshCount == 0)
    }

    @Test func e009OnARawCall_movesTheSessionToProfileRequired_andReturnsTheAnswer() async throws {
        let fixture = try await Fixture.signedIn()
        fixture.reply(
            "/api/posts",
            .json(400, #"{"status":400,"divisionCode":"E009","message":"Not Completed SignUp Exception"}"#))

        let response = try await fixture.wote.response(for: .get("/api/posts"))

        #expect(response.status == 400)
        #expect(await fixture.wote.currentSession.state == .profileRequired)
    }

    @Test func e018OnAnAppCall_signsOut_andEmptiesTheStore() async throws {
        let fixture = try await Fixture.signedIn()
        fixture.reply(
            "/api/posts/7/votes", .json(403, #"{"status":403,"divisionCode":"E018","message":"Banned Member"}"#))

        let error = try await woteError {
            _ = try await fixture.wote.fetch(VoteCounts.self, .post("/api/posts/7/votes"))
        }
        let after = try await woteError { _ = try await fixture.wote.response(for: .get("/api/posts")) }

        #expect(error == .banned)
        #expect(await fixture.wote.currentSession.state == .signedOut(.banned))
        #expect(try await fixture.storage.load() == nil)
        #expect(after == .banned)
        #expect(fixture.appRequests(path: "/api/posts").isEmpty)
    }

    // MARK: - Tokens for other stacks

    @Test func accessToken_isTheCurrentOne_withoutNetwork_whileValid() async throws {
        let fixture = try await Fixture.signedIn()

        #expect(try await fixture.wote.accessToken() == fixture.access(1))
        #expect(fixture.server.log.isEmpty)
    }

    @Test func accessToken_refreshesFirst_whenExpired() async throws {
        let fixture = try await Fixture.signedIn()
        fixture.clock.advance(by: .seconds(3600))

        #expect(try await fixture.wote.accessToken() == fixture.access(2))
        #expect(fixture.refreshCount == 1)
    }

    @Test func accessToken_withNobodySignedIn_isNotSignedIn() async throws {
        let fixture = Fixture()

        let error = try await woteError { _ = try await fixture.wote.accessToken() }

        #expect(error == .notSignedIn)
        #expect(fixture.server.log.isEmpty)
    }

    @Test func tenConcurrentRejectionsOfTheSameToken_makeOneRefresh_andAllGetTheNewToken() async throws {
        let fixture = try await Fixture.signedIn()
        let rejected = try await fixture.wote.accessToken()

        let tokens = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<10 {
                group.addTask { try? await fixture.wote.accessToken(afterRejecting: rejected, from: Self.postsURL) }
            }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }

        #expect(tokens == Array(repeating: fixture.access(2), count: 10))
        #expect(fixture.refreshCount == 1)
    }

    @Test func rejectingATokenARefreshAlreadyReplaced_returnsTheCurrentOne_withoutRefreshing() async throws {
        let fixture = try await Fixture.signedIn()
        let old = try await fixture.wote.accessToken()
        #expect(try await fixture.wote.accessToken(afterRejecting: old, from: Self.postsURL) == fixture.access(2))

        #expect(try await fixture.wote.accessToken(afterRejecting: old, from: Self.postsURL) == fixture.access(2))
        #expect(fixture.refreshCount == 1)
    }

    @Test func rejectionWithADeadRefreshToken_endsTheSession() async throws {
        let fixture = try await Fixture.signedIn()
        fixture.server.expireSessions()

        let error = try await woteError {
            _ = try await fixture.wote.accessToken(afterRejecting: fixture.access(1), from: Self.postsURL)
        }

        #expect(error == .sessionExpired)
        #expect(await fixture.wote.currentSession.state == .signedOut(.sessionExpired))
        #expect(try await fixture.storage.load() == nil)
    }

    // MARK: - Redaction

    @Test func theTokenNeverAppearsInAnyDescription() async throws {
        let fixture = try await Fixture.signedIn()
        fixture.reply("/api/posts/1", .json(404, #"{"status":404,"divisionCode":"E002","message":"Not Found"}"#))
        var request = APIRequest.get("/api/posts/1", query: ["token": fixture.access(1)])
        request.headers["Authorization"] = "Bearer \(fixture.access(1))"
        request.headers["X-Refresh"] = fixture.refresh(1)

        let response = try await fixture.wote.response(for: request)
        let error = try await woteError { _ = try await fixture.wote.fetch(String.self, request) }
        let token = try await fixture.wote.accessToken()
        let session = await fixture.wote.currentSession

        let values: [Any] = [
            fixture.wote, request, response, error as Any, session, session.tokens as Any, fixture.server,
            fixture.wote.configuration,
        ]
        for value in values {
            #expect(!SecretScan.reveals(token, in: value))
            #expect(!SecretScan.reveals(fixture.refresh(1), in: value))
            // Nor a part of it: the claims of the JWT the server issued.
            #expect(!SecretScan.reveals(String(token.split(separator: ".")[1]), in: value))
        }
        // The header the app set was replaced by the session's, which the server accepted.
        #expect(response.status == 404)
    }
}
