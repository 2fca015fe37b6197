import Foundation
import Testing
import WoteKit
import WoteKitTesting
import WoteLocked
import WoteTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Another backend's logout call, described in its contract and sent by `logout(deviceToken:)`
/// (issue 23, item 5), over loopback with the live URLSession transport: the example of
/// AnotherBackend.md, `POST /users/reissue` with the refresh token as Bearer, and `POST
/// /users/logout` with the access token as Bearer and `{"fcmToken": ...}`.
@Suite struct OtherBackendLogoutTests {
    /// The contract AnotherBackend.md writes, with its logout call.
    static let contract: SessionContract = {
        var contract = SessionContract.bearerReissue(path: "/users/reissue")
        contract.logout = LogoutCall(path: "/users/logout", credential: .accessToken, deviceTokenField: "fcmToken")
        return contract
    }()

    /// The backend: it reissues once (`a1`/`r1` → `a2`/`r2`), accepts the current access token on
    /// `/users/logout`, and says 401 otherwise.
    final class Backend: Sendable {
        let state = Locked((access: "a1", refresh: "r1", reissues: 0))
        let server: LoopbackHTTPServer

        init() throws {
            let state = self.state
            server = try LoopbackHTTPServer { request in
                let bearer = request.headers["authorization"]
                return state.withLock { state in
                    switch request.path {
                    case "/users/reissue":
                        state.reissues += 1
                        guard bearer == "Bearer \(state.refresh)" else {
                            return .init(status: 401, body: #"{"msg":"invalid refresh token"}"#)
                        }
                        (state.access, state.refresh) = ("a\(state.reissues + 1)", "r\(state.reissues + 1)")
                        return .init(
                            status: 200, headers: ["Content-Type": "application/json"],
                            body:
                                #"{"msg":"ok","result":{"accessToken":"\#(state.access)","refreshToken":"\#(state.refresh)"}}"#
                        )
                    case "/users/logout":
                        guard bearer == "Bearer \(state.access)" else { return .init(status: 401, body: "{}") }
                        return .init(status: 200, body: #"{"msg":"bye"}"#)
                    default:
                        return .init(status: 404)
                    }
                }
            }
        }

        deinit { server.stop() }

        func client(storage: any TokenStorage) -> WoteClient {
            WoteClient(
                configuration: WoteConfiguration(
                    baseURL: URL(string: server.baseURL)!, storage: storage, transport: .urlSession(),
                    session: SessionConfiguration(contract: OtherBackendLogoutTests.contract),
                    requestTimeout: .seconds(10)))
        }

        var logouts: [LoopbackHTTPServer.Request] { server.requests.filter { $0.path == "/users/logout" } }
    }

    private static func pair(access: String, refresh: String) -> TokenPair {
        TokenPair(
            accessToken: access, refreshToken: refresh, accessTokenExpiresAt: nil, refreshTokenExpiresAt: nil,
            receivedAt: .now)
    }

    @Test func logout_sendsTheContractsLogoutCall_withTheAccessToken_andTheDeviceToken() async throws {
        let backend = try Backend()
        let storage = InMemoryTokenStorage()
        let wote = backend.client(storage: storage)
        _ = try await wote.beginSession(with: Self.pair(access: "a1", refresh: "r1"), remember: true)
        let events = Task { [stream = wote.sessionEvents()] in await stream.reduce(into: []) { $0.append($1) } }

        try await wote.logout(deviceToken: DeviceToken(hex: "ab12"))

        #expect(backend.logouts.map(\.method) == ["POST"])
        #expect(backend.logouts.map { $0.headers["authorization"] } == ["Bearer a1"])
        #expect(backend.logouts.map(\.body) == [#"{"fcmToken":"ab12"}"#])
        #expect(try await storage.load() == nil)
        wote.shutdown()
        #expect(await events.value.filter(\.isNotable) == [.signedOut(.loggedOut)])
    }

    /// The backend says the access token has expired: one reissue, then the call again.
    @Test func logout_whoseAccessTokenTheBackendRejects_reissuesOnce_andSendsItAgain() async throws {
        let backend = try Backend()
        let wote = backend.client(storage: InMemoryTokenStorage())
        _ = try await wote.beginSession(with: Self.pair(access: "a0", refresh: "r1"), remember: false)

        try await wote.logout(deviceToken: nil)

        #expect(backend.logouts.map { $0.headers["authorization"] } == ["Bearer a0", "Bearer a2"])
        #expect(backend.logouts.map(\.body) == [#"{"fcmToken":""}"#, #"{"fcmToken":""}"#])
        #expect(backend.state.current.reissues == 1)
        #expect(await wote.currentSession.state == .signedOut(.loggedOut))
    }
}
