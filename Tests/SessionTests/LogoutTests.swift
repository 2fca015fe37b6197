import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession

/// Logout always tells the backend when it can (issue 24, item 3): with the session's access token
/// and the device token; after a refresh when that token has expired; and when the backend cannot
/// be told, the session ends here all the same and an event says so.
@Suite(.timeLimit(.minutes(1)))
struct LogoutTests {
    /// The body also names the refresh token (issue 48's `[ext]` `refreshToken`).
    @Test(arguments: [("ab12", "ab12"), (nil, "")] as [(String?, String)])
    func logout_tellsTheServer_withTheSessionsAccessToken_andTheDeviceToken(deviceToken: String?, sent: String)
        async throws
    {
        let fixture = EngineFixture()
        let pair = try await fixture.signIn()
        let events = fixture.engine.events()

        try await fixture.engine.logOut(deviceToken: deviceToken)

        #expect(fixture.logoutAuthorizations == ["Bearer \(pair.accessToken)"])
        #expect(fixture.logoutBodies == [#"{"deviceToken":"\#(sent)","refreshToken":"\#(pair.refreshToken)"}"#])
        #expect(fixture.refreshCalls == 0)
        #expect(fixture.storage.session == nil)
        #expect(await fixture.engine.snapshot().state == .signedOut(.loggedOut))
        #expect(await drain(events, of: fixture.engine) == [.signedOut(.loggedOut)])
    }

    /// Before, an expired access token skipped the server call: the device token stayed registered.
    /// The model's counterexample for "logout tells the server" (trail `today-logout-tells-server-logout`).
    @Test("Model trail today-logout-tells-server-logout: an expired access token is refreshed, then the server told")
    func logout_withAnExpiredAccessToken_refreshesFirst_thenTellsTheServerWithTheNewToken() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        try await fixture.signIn()
        fixture.clock.advance(by: .seconds(61))

        try await fixture.engine.logOut(deviceToken: "ab12")

        #expect(fixture.refreshCalls == 1)
        // The second pair the server issued: the refresh's.
        #expect(fixture.logoutAuthorizations == [fixture.bearer(ofPair: 2)])
        #expect(
            fixture.logoutBodies == [
                #"{"deviceToken":"ab12","refreshToken":"\#(fixture.server.issuedPairs[1].refreshToken)"}"#
            ])
        // The pair issued for the logout is never kept.
        #expect(fixture.storage.session == nil)
        #expect(await fixture.engine.snapshot() == SessionSnapshot(state: .signedOut(.loggedOut)))
    }

    @Test func logout_whoseTokenTheServerRejects_refreshesOnce_andSendsItAgain() async throws {
        let fixture = EngineFixture()
        try await fixture.signIn()
        // The token has ended on the server while the device still thinks it valid: 401 E006.
        fixture.server.expireAccessTokens()

        try await fixture.engine.logOut(deviceToken: nil)

        #expect(fixture.refreshCalls == 1)
        #expect(fixture.logoutAuthorizations == [fixture.bearer(ofPair: 1), fixture.bearer(ofPair: 2)])
    }

    @Test(
        arguments: [
            (
                StubTransport.Reply.json(
                    200, #"{"status":401,"divisionCode":"E016","message":"Invalid refresh token"}"#),
                WoteError.sessionExpired
            ),
            (StubTransport.Reply.failure(TransportError.network("offline")), WoteError.networkUnavailable("offline")),
        ] as [(StubTransport.Reply, WoteError)])
    func logout_whenTheRefreshFirstFails_endsHereWithoutTheServerCall_andSaysSo(
        refresh: StubTransport.Reply, why: WoteError
    ) async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        try await fixture.signIn()
        fixture.clock.advance(by: .seconds(61))
        fixture.answerNextRefresh(with: refresh)
        let events = fixture.engine.events()

        try await fixture.engine.logOut(deviceToken: "ab12")

        #expect(fixture.refreshCalls == 1)
        #expect(fixture.logoutAuthorizations.isEmpty)
        #expect(fixture.storage.session == nil)
        #expect(await fixture.engine.snapshot().state == .signedOut(.loggedOut))
        #expect(await drain(events, of: fixture.engine) == [.signedOut(.loggedOut), .serverNotToldOfLogout(why)])
    }

    @Test(arguments: [
        (
            StubTransport.Reply.json(400, #"{"status":400,"divisionCode":"E009","message":"sign up not completed"}"#),
            WoteError.Kind.profileRequired
        ),
        (.failure(.network("offline")), .networkUnavailable),
        (.raw(200, "<html>captive portal</html>"), .malformedResponse),
    ])
    func logout_whateverTheServerAnswers_endsTheSession_andAFailureIsAnEvent(
        answer: StubTransport.Reply, kind: WoteError.Kind
    ) async throws {
        let fixture = EngineFixture()
        try await fixture.signIn()
        fixture.server.inject(.answer(answer), on: EngineFixture.logoutPath)
        let events = fixture.engine.events()

        try await fixture.engine.logOut(deviceToken: nil)

        #expect(fixture.storage.session == nil)
        let heard = await drain(events, of: fixture.engine)
        #expect(heard.first == .signedOut(.loggedOut))
        guard case .serverNotToldOfLogout(let why) = heard.last else {
            Issue.record("no serverNotToldOfLogout event: \(heard)")
            return
        }
        #expect(why.kind == kind)
    }

    @Test func logout_forABackendWithoutALogoutCall_sendsNothing_andEndsTheSession() async throws {
        var contract = SessionContract.wote
        contract.logout = nil
        let fixture = EngineFixture(configuration: SessionConfiguration(contract: contract))
        try await fixture.signIn()
        let events = fixture.engine.events()

        try await fixture.engine.logOut(deviceToken: "ab12")

        #expect(fixture.server.log.isEmpty)
        #expect(fixture.storage.session == nil)
        #expect(await drain(events, of: fixture.engine) == [.signedOut(.loggedOut)])
    }

    @Test func logout_whenNobodyIsSignedIn_succeedsDoingNothing() async throws {
        let fixture = EngineFixture()
        try await fixture.engine.logOut(deviceToken: "ab12")
        #expect(fixture.server.log.isEmpty)
        #expect(fixture.storage.removeCount == 0)
    }

    @Test func logout_whoseStoreFails_reportsIt_afterTellingTheServer() async throws {
        let fixture = EngineFixture()
        try await fixture.signIn()
        fixture.storage.failWrites(with: .unavailable("keychain locked"))

        await #expect(throws: WoteError.storageFailure("keychain locked")) {
            try await fixture.engine.logOut(deviceToken: nil)
        }

        #expect(fixture.logoutAuthorizations.count == 1)
        #expect(await fixture.engine.snapshot().state == .signedOut(.loggedOut))
    }

    @Test func logout_whenTheStoreCouldNotBeRead_removesTheStoredSession_withoutNetwork() async throws {
        let fixture = EngineFixture(
            storage: TestTokenStorage(session: StoredSession(tokens: .sample, profileCompleted: true)))
        fixture.storage.failLoads(with: .unavailable("locked"))
        _ = await fixture.engine.restore()
        fixture.storage.failLoads(with: nil)

        try await fixture.engine.logOut(deviceToken: nil)

        #expect(fixture.storage.session == nil)
        #expect(fixture.server.log.isEmpty)
    }
}
