import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession
import WoteTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A second backend, reached through configuration alone: `POST /users/reissue` with
/// `Authorization: Bearer <refreshToken>`, answering `{"msg", "result": {accessToken, refreshToken}}`,
/// 401 when the access token expired and 401 when the refresh token is invalid.
@Suite struct OtherBackendTests {
    private static let contract = SessionContract.bearerReissue(path: "/users/reissue")

    private final class Server: Sendable {
        let state = Locked((access: "a1", refresh: "r1", reissues: 0))

        func handle(_ request: URLRequest) -> StubTransport.Reply {
            let authorization = request.value(forHTTPHeaderField: "Authorization")
            return state.withLock { state in
                if request.url?.path == "/users/reissue" {
                    state.reissues += 1
                    guard authorization == "Bearer \(state.refresh)" else {
                        return .json(401, #"{"msg":"invalid refresh token"}"#)
                    }
                    state.access = "a\(state.reissues + 1)"
                    state.refresh = "r\(state.reissues + 1)"
                    return .json(
                        200,
                        #"{"msg":"ok","result":{"accessToken":"\#(state.access)","refreshToken":"\#(state.refresh)"}}"#)
                }
                guard authorization == "Bearer \(state.access)" else { return .json(401, #"{"msg":"expired"}"#) }
                return .json(200, #"{"msg":"ok"}"#)
            }
        }
    }

    private func makeEngine(_ server: Server) -> (SessionEngine, StubTransport) {
        let stub = StubTransport { server.handle($0) }
        let engine = SessionEngine(
            client: HTTPClient(baseURL: URL(string: "https://other.test")!, transport: stub.transport),
            storage: TestTokenStorage(), clock: TestClock().clock,
            configuration: SessionConfiguration(contract: Self.contract))
        return (engine, stub)
    }

    private let me = Endpoint(method: .get, path: "/users/me", authorization: .bearer)

    /// Signs `engine` in with an access token the server no longer takes and `refreshToken`.
    private func beginWithStaleAccess(_ engine: SessionEngine, refreshToken: String) async throws {
        let stale = TokenPair(
            accessToken: "a0", refreshToken: refreshToken, accessTokenExpiresAt: nil, refreshTokenExpiresAt: nil,
            receivedAt: Date())
        _ = try await engine.begin(StoredSession(tokens: stale, profileCompleted: true), persist: true)
    }

    @Test func expiredAccessToken_isReissued_withTheRefreshTokenAsBearer() async throws {
        let server = Server()
        let (engine, stub) = makeEngine(server)
        try await beginWithStaleAccess(engine, refreshToken: "r1")

        let response = try await engine.send(me)

        #expect(response.status == 200)
        #expect(server.state.current.reissues == 1)
        let reissue = try #require(stub.requests(path: "/users/reissue").first)
        #expect(reissue.value(forHTTPHeaderField: "Authorization") == "Bearer r1")
        #expect(reissue.httpMethod == "POST")
        #expect(await engine.snapshot().tokens?.accessToken == "a2")
    }

    @Test func invalidRefreshToken_401_endsTheSession() async throws {
        let server = Server()
        let (engine, _) = makeEngine(server)
        try await beginWithStaleAccess(engine, refreshToken: "nope")

        await #expect(throws: APIError.session(.sessionExpired)) { try await engine.send(me) }
        #expect(await engine.snapshot().state == .signedOut(.sessionExpired))
    }

    /// A refresh call an app wrote wrong, and the error each one gives.
    struct Misconfigured: Sendable, CustomTestStringConvertible {
        var method: HTTPMethod = .post
        var path = "/users/reissue"
        var placement: RefreshCall.Placement
        var refreshToken = "r1"
        var argument: String
        var testDescription: String { "\(argument): \(path) \(placement)" }
    }

    @Test(arguments: [
        Misconfigured(path: "users/reissue", placement: .bearer, argument: "refresh.path"),
        Misconfigured(path: "//elsewhere.test/reissue", placement: .bearer, argument: "refresh.path"),
        Misconfigured(placement: .header(name: "X Refresh", prefix: ""), argument: "refresh.placement"),
        Misconfigured(placement: .header(name: "X-Refresh", prefix: "Token\r\n"), argument: "refresh.placement"),
        Misconfigured(placement: .jsonBody(field: ""), argument: "refresh.placement"),
        Misconfigured(placement: .bearer, refreshToken: "r1\nX-Injected: 1", argument: "refreshToken"),
        Misconfigured(
            placement: .header(name: "X-Refresh", prefix: ""), refreshToken: "r\u{7F}1", argument: "refreshToken"),
    ])
    func misconfiguredRefreshCall_isATypedError_withNothingSent_andTheSessionKept(_ call: Misconfigured) async throws {
        // Before, a header the call could not carry was left out: the backend answered 401 to a
        // refresh without its token, and the person was signed out for a typo in the contract.
        let stub = StubTransport { _ in .json(401, #"{"msg":"expired"}"#) }
        let contract = SessionContract(
            refresh: RefreshCall(method: call.method, path: call.path, placement: call.placement) { _, _ in
                .invalid(.sessionExpired)
            },
            classify: { answer in answer.status == 401 ? .accessTokenRejected : .accepted })
        let engine = SessionEngine(
            client: HTTPClient(baseURL: URL(string: "https://other.test")!, transport: stub.transport),
            storage: TestTokenStorage(), clock: TestClock().clock,
            configuration: SessionConfiguration(contract: contract))
        try await beginWithStaleAccess(engine, refreshToken: call.refreshToken)

        let error = await #expect(throws: APIError.self) { try await engine.send(me) }

        guard case .session(let woteError) = error else {
            Issue.record("expected a session error, got \(String(describing: error))")
            return
        }
        #expect(woteError.kind == .invalidArgument)
        #expect(woteError.argument == call.argument)
        #expect(!String(describing: woteError).contains(call.refreshToken))
        // Only the protected request went out; the refresh call never did.
        #expect(stub.requests.map { $0.url?.path } == ["/users/me"])
        let snapshot = await engine.snapshot()
        #expect(snapshot.state == .signedIn)
        #expect(snapshot.tokens?.refreshToken == call.refreshToken)
    }
}
