import Foundation
import Testing
import WoteKit
import WoteKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Issue 48 through the public API, over a stub server: what a withdrawal with a step-up, a logout,
/// "sign out everywhere" and the server's `[ext]` verdicts send and do.
@Suite(.timeLimit(.minutes(1)))
struct WithdrawalAndSignOutTests {
    static let baseURL = URL(string: "https://api.wote.test")!

    /// A client over a stub that answers `profile` on `/api/profiles` and success elsewhere.
    struct Harness {
        let stub: StubTransport
        let storage = TestTokenStorage()
        let clock = TestClock()
        let wote: WoteClient

        init(profile: StubTransport.Reply = .json(200, #"{"status":200,"message":"SUCCESS","data":{}}"#)) {
            stub = StubTransport { request in
                switch request.url?.path {
                case "/api/profiles": profile
                default: .json(200, #"{"status":200,"message":"SUCCESS","data":{}}"#)
                }
            }
            wote = WoteClient(
                configuration: WoteConfiguration(
                    baseURL: WithdrawalAndSignOutTests.baseURL, storage: storage, transport: stub.transport,
                    clock: clock.clock))
        }

        func signIn() async throws {
            let now = clock.now
            _ = try await wote.beginSession(
                with: TokenPair(
                    accessToken: "acc-7f3a", refreshToken: "ref-9c2b",
                    accessTokenExpiresAt: now.addingTimeInterval(3600),
                    refreshTokenExpiresAt: now.addingTimeInterval(86400), receivedAt: now))
        }

        func body(of request: URLRequest) throws -> [String: String] {
            try JSONDecoder().decode([String: String].self, from: request.httpBody ?? Data())
        }
    }

    @Test func withdrawConfirmingWithAnAppleCode_sendsTheCodeWithTheWithdrawal() async throws {
        let harness = Harness()
        try await harness.signIn()

        try await harness.wote.withdraw(confirmingWith: .apple("fresh-apple-code"))

        let withdrawal = try #require(harness.stub.requests(path: "/api/members").first)
        #expect(withdrawal.httpMethod == "DELETE")
        #expect(withdrawal.value(forHTTPHeaderField: "Authorization") == "Bearer acc-7f3a")
        #expect(try harness.body(of: withdrawal) == ["appleAuthorizationCode": "fresh-apple-code"])
        #expect(await harness.wote.currentSession.state == .signedOut(.withdrawn))
    }

    @Test func withdrawWithoutAStepUp_sendsNoBody() async throws {
        let harness = Harness()
        try await harness.signIn()

        try await harness.wote.withdraw()

        let withdrawal = try #require(harness.stub.requests(path: "/api/members").first)
        #expect(withdrawal.httpBody == nil || withdrawal.httpBody?.isEmpty == true)
    }

    @Test func aStepUpTheServerRefuses_keepsTheSession() async throws {
        let harness = Harness()
        let refusing = StubTransport { request in
            request.url?.path == "/api/members"
                ? .json(200, #"{"status":401,"divisionCode":"A001","message":"Authorization code rejected"}"#)
                : .json(200, #"{"status":200,"message":"SUCCESS","data":{}}"#)
        }
        let wote = WoteClient(
            configuration: WoteConfiguration(
                baseURL: Self.baseURL, storage: harness.storage, transport: refusing.transport,
                clock: harness.clock.clock))
        let now = harness.clock.now
        _ = try await wote.beginSession(
            with: TokenPair(
                accessToken: "acc-1", refreshToken: "ref-1", accessTokenExpiresAt: now.addingTimeInterval(3600),
                refreshTokenExpiresAt: now.addingTimeInterval(86400), receivedAt: now))

        await #expect(throws: WoteError.self) { try await wote.withdraw(confirmingWith: .apple("someone-elses")) }

        #expect(await wote.currentSession.state == .signedIn)
        #expect(harness.storage.session != nil)
    }

    @Test func logout_namesTheRefreshToken_besideTheDeviceToken() async throws {
        let harness = Harness()
        try await harness.signIn()

        try await harness.wote.logout()

        let logout = try #require(harness.stub.requests(path: "/api/auth/logout").first)
        #expect(try harness.body(of: logout) == ["deviceToken": "", "refreshToken": "ref-9c2b"])
    }

    @Test func logoutEverywhere_callsTheEndpoint_thenEndsTheSessionHereAsALogout() async throws {
        let harness = Harness()
        try await harness.signIn()

        try await harness.wote.logoutEverywhere()

        let call = try #require(harness.stub.requests(path: "/api/auth/logout/everywhere").first)
        #expect(call.httpMethod == "POST")
        #expect(call.value(forHTTPHeaderField: "Authorization") == "Bearer acc-7f3a")
        #expect(await harness.wote.currentSession.state == .signedOut(.loggedOut))
        #expect(harness.storage.session == nil)
    }

    @Test func logoutEverywhere_refused_keepsTheSession() async throws {
        let refusing = StubTransport { request in
            request.url?.path == "/api/auth/logout/everywhere"
                ? .json(404, #"{"status":404,"divisionCode":"G011","message":"Not Found"}"#)
                : .json(200, #"{"status":200,"message":"SUCCESS","data":{}}"#)
        }
        let storage = TestTokenStorage()
        let clock = TestClock()
        let wote = WoteClient(
            configuration: WoteConfiguration(
                baseURL: Self.baseURL, storage: storage, transport: refusing.transport, clock: clock.clock))
        let now = clock.now
        _ = try await wote.beginSession(
            with: TokenPair(
                accessToken: "acc-1", refreshToken: "ref-1", accessTokenExpiresAt: now.addingTimeInterval(3600),
                refreshTokenExpiresAt: now.addingTimeInterval(86400), receivedAt: now))

        await #expect(throws: WoteError.self) { try await wote.logoutEverywhere() }

        #expect(await wote.currentSession.state == .signedIn)
    }

    @Test(arguments: [
        ("X001", SignOutReason.signedOutEverywhere), ("X002", SignOutReason.providerUnlinked),
    ])
    func anExtVerdictOnARequest_endsTheSession_withItsOwnReasonAndRecord(code: String, reason: SignOutReason)
        async throws
    {
        let harness = Harness(profile: .json(401, #"{"status":401,"divisionCode":"\#(code)","message":"ended"}"#))
        try await harness.signIn()

        await #expect(throws: WoteError.sessionExpired) { _ = try await harness.wote.fetchMyProfile() }

        #expect(await harness.wote.currentSession.state == .signedOut(reason))
        let record = try #require(await harness.wote.lastSignOut)
        #expect(record.reason == reason)
        #expect(record.divisionCode == code)
        #expect(reason.explanation?.isEmpty == false)
    }
}
