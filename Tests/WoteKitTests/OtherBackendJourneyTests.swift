import Foundation
import Testing
import WoteKit
import WoteKitTesting
import WoteLocked
import WoteTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Bring your own login (issue 11) with three backends that are not Wote, each a real HTTP server on
/// loopback reached through the live URLSession transport and a file store: the app's own login →
/// `beginSession` → authorized calls → the backend expires the access token → one refresh by that
/// backend's `SessionContract` → relaunch from the store without network → logout empties the
/// store; a dead refresh token signs out and empties the store; the token never reaches another
/// origin, not even through a redirect, and another origin's answer is never the API's.
@Suite struct OtherBackendJourneyTests {
    /// How each backend speaks.
    enum Style: String, Sendable, CaseIterable, CustomTestStringConvertible {
        /// `POST /reissue` with the refresh token as Bearer, `{"result": {...}}`, 401 for an
        /// expired access token and 401 for a dead refresh token.
        case snaptime
        /// OAuth-like: 419 for an expired access token, 401 for "not signed in", `POST
        /// /oauth/refresh` with `{"refresh_token"}`, `expires_in`, 400 `invalid_grant`.
        case status419
        /// SOPT-like: `{"success","status","message","data"}` envelopes, `GET /auth/token` with the
        /// refresh token in a `refreshToken` header.
        case sopt

        var testDescription: String { rawValue }

        /// The contract an app writes for this backend (the same code is in Docs/Session.md).
        var contract: SessionContract {
            switch self {
            case .snaptime: Contracts.snaptime
            case .status419: Contracts.status419
            case .sopt: Contracts.sopt
            }
        }
    }

    enum Contracts {
        static let snaptime = SessionContract.bearerReissue(path: "/reissue")

        static let status419 = SessionContract(
            refresh: RefreshCall(path: "/oauth/refresh", placement: .jsonBody(field: "refresh_token")) {
                answer, receivedAt in
                struct Body: Decodable {
                    var accessToken: String
                    var refreshToken: String
                    var expiresIn: Double
                }
                if answer.status == 400 || answer.status == 401 { return .invalid(.sessionExpired) }
                let decoder = JSONDecoder()
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                guard answer.status == 200, let body = try? decoder.decode(Body.self, from: answer.body) else {
                    return .transient(.malformedResponse("oauth/refresh: HTTP \(answer.status)"))
                }
                return .renewed(
                    TokenPair(
                        accessToken: body.accessToken, refreshToken: body.refreshToken,
                        accessTokenExpiresAt: receivedAt.addingTimeInterval(body.expiresIn),
                        refreshTokenExpiresAt: nil, receivedAt: receivedAt))
            },
            // 419 is "your access token expired"; 401 ("not signed in") is the caller's to read.
            classify: { answer in answer.status == 419 ? .accessTokenRejected : .accepted })

        struct SOPTEnvelope: Decodable {
            struct Tokens: Decodable {
                var accessToken: String
                var refreshToken: String
            }
            var success: Bool
            var status: Int
            var message: String
            var data: Tokens?
        }

        static let sopt = SessionContract(
            refresh: RefreshCall(
                method: .get, path: "/auth/token", placement: .header(name: "refreshToken", prefix: "")
            ) { answer, receivedAt in
                guard let envelope = try? JSONDecoder().decode(SOPTEnvelope.self, from: answer.body) else {
                    return .transient(.malformedResponse("auth/token: HTTP \(answer.status)"))
                }
                if envelope.success, let tokens = envelope.data {
                    return .renewed(
                        TokenPair(
                            accessToken: tokens.accessToken, refreshToken: tokens.refreshToken,
                            accessTokenExpiresAt: nil, refreshTokenExpiresAt: nil, receivedAt: receivedAt))
                }
                if envelope.status == 401 { return .invalid(.sessionExpired) }
                return .transient(.rejected(code: nil, message: envelope.message))
            },
            // The body decides: `success: false` with status 401 is an expired access token.
            classify: { answer in
                guard let envelope = try? JSONDecoder().decode(SOPTEnvelope.self, from: answer.body) else {
                    return .accepted
                }
                return !envelope.success && envelope.status == 401 ? .accessTokenRejected : .accepted
            })
    }

    /// A backend of one style on loopback, with a second server on another port as "another origin".
    final class Backend: Sendable {
        struct State {
            var issued = 0
            var access: String?
            var refresh: String?
            var refreshCalls = 0
        }

        let style: Style
        let state: Locked<State>
        let server: LoopbackHTTPServer
        let elsewhere: LoopbackHTTPServer

        init(_ style: Style) throws {
            self.style = style
            let elsewhere = try LoopbackHTTPServer { _ in .init(status: 200, body: #"{"elsewhere":true}"#) }
            let state = Locked(State())
            self.state = state
            self.elsewhere = elsewhere
            server = try LoopbackHTTPServer { request in
                Self.answer(request, style: style, state: state, elsewherePort: elsewhere.port)
            }
        }

        deinit {
            server.stop()
            elsewhere.stop()
        }

        var baseURL: URL { URL(string: server.baseURL)! }
        var refreshCalls: Int { state.current.refreshCalls }
        var current: (access: String?, refresh: String?) { (state.current.access, state.current.refresh) }

        /// The backend stops accepting the current access token (it expired on the server).
        func expireAccessToken() { state.withLock { $0.access = nil } }

        /// The backend forgets the refresh token too: the session is over.
        func killRefreshToken() { state.withLock { $0.refresh = nil } }

        private static func issue(_ style: Style, _ state: inout State) -> (String, String) {
            state.issued += 1
            let pair = ("\(style)-acc-SECRET-\(state.issued)", "\(style)-ref-SECRET-\(state.issued)")
            (state.access, state.refresh) = pair
            return pair
        }

        private static func json(_ status: Int, _ body: String) -> LoopbackHTTPServer.Response {
            .init(status: status, headers: ["Content-Type": "application/json"], body: body)
        }

        static func answer(
            _ request: LoopbackHTTPServer.Request, style: Style, state: Locked<State>, elsewherePort: Int
        ) -> LoopbackHTTPServer.Response {
            let path = request.path.split(separator: "?").first.map(String.init) ?? request.path
            let bearer = request.headers["authorization"].flatMap { value in
                value.hasPrefix("Bearer ") ? String(value.dropFirst(7)) : nil
            }
            return state.withLock { state in
                switch (style, request.method, path) {
                // The app's own logins.
                case (.snaptime, "POST", "/auth/login"):
                    let (access, refresh) = issue(style, &state)
                    return json(
                        200,
                        #"{"code":"S200","message":"ok","result":{"accessToken":"\#(access)","refreshToken":"\#(refresh)"}}"#
                    )
                case (.status419, "POST", "/oauth/token"):
                    let (access, refresh) = issue(style, &state)
                    return json(
                        200,
                        #"{"access_token":"\#(access)","refresh_token":"\#(refresh)","token_type":"Bearer","expires_in":3600}"#
                    )
                case (.sopt, "POST", "/auth/signin"):
                    guard request.body.contains(#""password":"sopt-pw""#) else {
                        return json(400, #"{"success":false,"status":400,"message":"비밀번호가 틀렸습니다."}"#)
                    }
                    let (access, refresh) = issue(style, &state)
                    return json(
                        200,
                        #"{"success":true,"status":200,"message":"로그인 성공","data":{"accessToken":"\#(access)","refreshToken":"\#(refresh)"}}"#
                    )

                // The refresh calls.
                case (.snaptime, "POST", "/reissue"):
                    state.refreshCalls += 1
                    guard let refresh = state.refresh, bearer == refresh else {
                        return json(401, #"{"code":"T401","message":"invalid refresh token"}"#)
                    }
                    let (newAccess, newRefresh) = issue(style, &state)
                    return json(
                        200,
                        #"{"code":"S200","message":"reissued","result":{"accessToken":"\#(newAccess)","refreshToken":"\#(newRefresh)"}}"#
                    )
                case (.status419, "POST", "/oauth/refresh"):
                    state.refreshCalls += 1
                    guard bearer == nil, let refresh = state.refresh,
                        request.body.contains(#""refresh_token":"\#(refresh)""#)
                    else { return json(400, #"{"error":"invalid_grant"}"#) }
                    let (newAccess, newRefresh) = issue(style, &state)
                    return json(
                        200,
                        #"{"access_token":"\#(newAccess)","refresh_token":"\#(newRefresh)","token_type":"Bearer","expires_in":3600}"#
                    )
                case (.sopt, "GET", "/auth/token"):
                    state.refreshCalls += 1
                    guard bearer == nil, let refresh = state.refresh, request.headers["refreshtoken"] == refresh else {
                        return json(401, #"{"success":false,"status":401,"message":"리프레시 토큰이 유효하지 않습니다."}"#)
                    }
                    let (newAccess, newRefresh) = issue(style, &state)
                    return json(
                        200,
                        #"{"success":true,"status":200,"message":"토큰 재발급 성공","data":{"accessToken":"\#(newAccess)","refreshToken":"\#(newRefresh)"}}"#
                    )

                // "Not signed in" for this resource on the 419 backend: nothing to do with expiry.
                case (.status419, "GET", "/admin"):
                    return json(401, #"{"error":"not_signed_in"}"#)

                // A redirect to another origin.
                case (_, _, "/moved"):
                    return .init(status: 307, headers: ["Location": "http://127.0.0.1:\(elsewherePort)/landing"])

                // The protected API.
                case (_, "GET", "/me"), (_, "POST", "/posts"):
                    if let bearer, bearer == state.access {
                        return style == .sopt
                            ? json(200, #"{"success":true,"status":200,"message":"ok","data":{"me":"\#(path)"}}"#)
                            : json(200, #"{"me":"\#(path)"}"#)
                    }
                    let known = bearer.map { $0.hasPrefix("\(style)-acc-SECRET-") } ?? false
                    switch style {
                    case .snaptime:
                        return json(401, #"{"code":"T401","message":"expired access token"}"#)
                    case .status419:
                        return known
                            ? json(419, #"{"error":"token_expired"}"#) : json(401, #"{"error":"not_signed_in"}"#)
                    case .sopt:
                        return json(401, #"{"success":false,"status":401,"message":"토큰이 만료되었습니다."}"#)
                    }
                default:
                    return json(404, #"{"error":"not_found"}"#)
                }
            }
        }

        /// The app's own login, outside WoteKit: a plain URLSession call.
        func ownLogin() async throws -> TokenPair {
            var request: URLRequest
            switch style {
            case .snaptime:
                request = URLRequest(url: baseURL.appendingPathComponent("auth/login"))
                request.httpBody = Data(#"{"provider":"kakao","code":"c0de"}"#.utf8)
            case .status419:
                request = URLRequest(url: baseURL.appendingPathComponent("oauth/token"))
                request.httpBody = Data("grant_type=password&username=me&password=pw".utf8)
            case .sopt:
                request = URLRequest(url: baseURL.appendingPathComponent("auth/signin"))
                request.httpBody = Data(#"{"id":"sopt","password":"sopt-pw"}"#.utf8)
            }
            request.httpMethod = "POST"
            let (body, _) = try await URLSession(configuration: .ephemeral).data(for: request)
            let now = Date()
            switch style {
            case .snaptime:
                struct Answer: Decodable {
                    struct Result: Decodable {
                        var accessToken: String
                        var refreshToken: String
                    }
                    var result: Result
                }
                let result = try JSONDecoder().decode(Answer.self, from: body).result
                return TokenPair(
                    accessToken: result.accessToken, refreshToken: result.refreshToken, accessTokenExpiresAt: nil,
                    refreshTokenExpiresAt: nil, receivedAt: now)
            case .status419:
                struct Answer: Decodable {
                    var accessToken: String
                    var refreshToken: String
                    var expiresIn: Double
                }
                let decoder = JSONDecoder()
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                let answer = try decoder.decode(Answer.self, from: body)
                return TokenPair(
                    accessToken: answer.accessToken, refreshToken: answer.refreshToken,
                    accessTokenExpiresAt: now.addingTimeInterval(answer.expiresIn), refreshTokenExpiresAt: nil,
                    receivedAt: now)
            case .sopt:
                let tokens = try #require(try JSONDecoder().decode(Contracts.SOPTEnvelope.self, from: body).data)
                return TokenPair(
                    accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, accessTokenExpiresAt: nil,
                    refreshTokenExpiresAt: nil, receivedAt: now)
            }
        }

        /// A client as the app builds it for this backend.
        func client(storage: any TokenStorage) -> WoteClient {
            WoteClient(
                configuration: WoteConfiguration(
                    baseURL: baseURL, storage: storage, transport: .urlSession(),
                    session: SessionConfiguration(contract: style.contract), requestTimeout: .seconds(10)))
        }

        /// A client as the app builds it, keeping the session in a file in `directory`, and that file's store.
        func client(storingIn directory: TemporaryDirectory) -> (WoteClient, FileTokenStorage) {
            let storage = FileTokenStorage(fileURL: directory.store)
            return (client(storage: storage), storage)
        }

        /// Every token this backend ever issued, access and refresh.
        var everyToken: [String] {
            (1...max(1, state.current.issued)).flatMap { ["\(style)-acc-SECRET-\($0)", "\(style)-ref-SECRET-\($0)"] }
        }
    }

    @Test(arguments: Style.allCases)
    func journey_ownLogin_calls_expiry_refresh_relaunch_logout(_ style: Style) async throws {
        let backend = try Backend(style)
        let directory = try TemporaryDirectory()
        let (wote, storage) = backend.client(storingIn: directory)
        let events = Task { [stream = wote.sessionEvents()] in await stream.reduce(into: []) { $0.append($1) } }

        // Own login, then hand the pair to WoteKit.
        let pair = try await backend.ownLogin()
        #expect(try await wote.beginSession(with: pair, remember: true) == .signedIn)
        #expect(try await storage.load()?.tokens.accessToken == pair.accessToken)

        // Authorized calls.
        let me = try await wote.response(for: .get("/me"))
        #expect(me.status == 200)
        #expect(backend.server.requests.last?.headers["authorization"] == "Bearer \(pair.accessToken)")
        #expect(try await wote.accessToken() == pair.accessToken)

        // The backend expires the access token: one refresh through the contract, one retry.
        backend.expireAccessToken()
        let retried = try await wote.response(for: try .post("/posts", json: ["title": "살까?"]))
        #expect(retried.status == 200)
        #expect(backend.refreshCalls == 1)
        let renewed = backend.current
        #expect(renewed.access != pair.accessToken)
        #expect(backend.server.requests.last?.headers["authorization"] == "Bearer \(renewed.access ?? "")")
        let stored = try #require(try await storage.load())
        #expect(stored.tokens.accessToken == renewed.access)
        #expect(stored.tokens.refreshToken == renewed.refresh)
        let refreshRequest = try #require(
            backend.server.requests.first(where: { $0.path.contains(Self.refreshPath(style)) }))
        switch style {
        case .snaptime: #expect(refreshRequest.headers["authorization"] == "Bearer \(pair.refreshToken)")
        case .status419: #expect(refreshRequest.body.contains(pair.refreshToken))
        case .sopt: #expect(refreshRequest.headers["refreshtoken"] == pair.refreshToken)
        }
        if style != .snaptime { #expect(refreshRequest.headers["authorization"] == nil) }

        wote.shutdown()
        #expect(await events.value == [.signedIn, .refreshStarted, .tokensRefreshed, .refreshEnded])

        // Relaunch: a new client on the same store, no network while the token is valid.
        let requestsBefore = backend.server.requests.count
        let relaunched = backend.client(storage: FileTokenStorage(fileURL: directory.store))
        let relaunchEvents = Task { [stream = relaunched.sessionEvents()] in
            await stream.reduce(into: []) { $0.append($1) }
        }
        #expect(await relaunched.restoreSession().state == .signedIn)
        #expect(backend.server.requests.count == requestsBefore)
        #expect(try await relaunched.accessToken() == renewed.access)
        #expect(try await relaunched.response(for: .get("/me")).status == 200)
        #expect(backend.refreshCalls == 1)

        // Logout: nothing is sent (Wote's logout path is not this backend's), the store is empty,
        // the next launch is signed out.
        let requestsBeforeLogout = backend.server.requests.count
        try await relaunched.logout()
        #expect(backend.server.requests.count == requestsBeforeLogout)
        #expect(try await storage.load() == nil)
        #expect(await relaunched.currentSession.state == .signedOut(.loggedOut))
        relaunched.shutdown()
        #expect(await relaunchEvents.value == [.restored(.signedIn), .signedOut(.loggedOut)])
        let third = backend.client(storage: FileTokenStorage(fileURL: directory.store))
        #expect(await third.restoreSession().state == .signedOut(.noSession))
        #expect(backend.elsewhere.requests.isEmpty)
    }

    static func refreshPath(_ style: Style) -> String {
        switch style {
        case .snaptime: "/reissue"
        case .status419: "/oauth/refresh"
        case .sopt: "/auth/token"
        }
    }

    @Test(arguments: Style.allCases)
    func deadRefreshToken_signsOut_andEmptiesTheStore(_ style: Style) async throws {
        let backend = try Backend(style)
        let directory = try TemporaryDirectory()
        let (wote, storage) = backend.client(storingIn: directory)
        _ = try await wote.beginSession(with: try await backend.ownLogin(), remember: true)
        backend.expireAccessToken()
        backend.killRefreshToken()

        let error: WoteError?
        do {
            _ = try await wote.response(for: .get("/me"))
            error = nil
        } catch let thrown {
            error = thrown
        }

        #expect(error == .sessionExpired)
        #expect(backend.refreshCalls == 1)
        #expect(await wote.currentSession.state == .signedOut(.sessionExpired))
        #expect(try await storage.load() == nil)
        // Recorded without a code: this backend never sent Wote's E016.
        let record = try #require(await wote.lastSignOut)
        #expect(record.reason == .sessionExpired && record.call == .refresh)
        #expect(record.divisionCode == nil)
    }

    @Test func status419Backend_a401IsTheCallersToRead_andCostsNoRefresh() async throws {
        let backend = try Backend(.status419)
        let wote = backend.client(storage: InMemoryTokenStorage())
        _ = try await wote.beginSession(with: try await backend.ownLogin(), remember: false)

        let response = try await wote.response(for: .get("/admin"))

        #expect(response.status == 401)
        #expect(backend.refreshCalls == 0)
        #expect(await wote.currentSession.state == .signedIn)
    }

    @Test(arguments: Style.allCases)
    func theTokenNeverGoesToAnotherOrigin(_ style: Style) async throws {
        let backend = try Backend(style)
        let wote = backend.client(storage: InMemoryTokenStorage())
        let pair = try await backend.ownLogin()
        _ = try await wote.beginSession(with: pair, remember: false)
        let elsewhere = URL(string: "http://127.0.0.1:\(backend.elsewhere.port)/landing")!
        let otherName = URL(string: "http://localhost:\(backend.server.port)/me")!

        let before = backend.server.requests.count
        // Refused before sending: another port, and the same port under another host name.
        for url in [elsewhere, otherName] {
            do {
                _ = try await wote.response(for: URLRequest(url: url))
                Issue.record("\(url) was sent")
            } catch {
                #expect(error.kind == .foreignOrigin)
            }
        }
        #expect(backend.elsewhere.requests.isEmpty)
        #expect(backend.server.requests.count == before)

        // A redirect to another origin is not the API's answer (issue 24, item 4): it fails, and
        // nothing goes there.
        do {
            let answer = try await wote.response(for: .get("/moved"))
            Issue.record("another origin answered for the API: HTTP \(answer.status)")
        } catch {
            #expect(error.kind == .malformedResponse)
            #expect(error.detail?.contains("another origin") == true)
        }
        #expect(backend.elsewhere.requests.isEmpty)
        // A request that opts in follows it, without the token, and can tell who answered.
        var moved = APIRequest.get("/moved")
        moved.allowsCrossOriginRedirects = true
        let redirected = try await wote.response(for: moved)
        #expect(redirected.status == 200)
        #expect(redirected.url == URL(string: "http://127.0.0.1:\(backend.elsewhere.port)/landing"))
        let landed = try #require(backend.elsewhere.requests.first)
        #expect(landed.path == "/landing")
        #expect(landed.headers["authorization"] == nil)
        for token in backend.everyToken {
            #expect(!landed.headers.values.contains(where: { $0.contains(token) }))
            #expect(!landed.body.contains(token))
        }
        // The stack-neutral token is for the API's origin only, and it is the backend's.
        #expect(try await wote.accessToken() == pair.accessToken)
    }
}
