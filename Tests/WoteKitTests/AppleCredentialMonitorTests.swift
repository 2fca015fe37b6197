import Foundation
import Testing
import WoteKit
import WoteKitTesting
import WoteLocked

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Signing out when Apple says the Sign in with Apple credential was revoked, with Apple's two calls
/// faked; and the Apple user identifier's way from the credential to the stored session.
@Suite(.timeLimit(.minutes(1))) struct AppleCredentialMonitorTests {
    static let appleUser = "001234.abcdef.0123"
    let clock = TestClock()
    let storage: TestTokenStorage
    let wote: WoteClient

    init() {
        storage = TestTokenStorage()
        wote = Self.client(storage: storage, clock: clock, transport: StubTransport { _ in .json(500, "{}") })
    }

    static func client(storage: TestTokenStorage, clock: TestClock, transport: StubTransport) -> WoteClient {
        WoteClient(
            configuration: WoteConfiguration(
                baseURL: URL(string: "https://api.wote.test")!, storage: storage, transport: transport.transport,
                clock: clock.clock))
    }

    /// A stored, unexpired session (restored without the network), begun with Apple when `appleUser` is set.
    func restore(appleUser: String? = Self.appleUser) async {
        storage.session = StoredSession(
            tokens: TokenPair(
                accessToken: "acc", refreshToken: "ref", accessTokenExpiresAt: clock.now.addingTimeInterval(3600),
                refreshTokenExpiresAt: clock.now.addingTimeInterval(86_400), accessTokenIssuedAt: clock.now),
            profileCompleted: true, appleUserID: appleUser)
        #expect(await wote.auth.restoreSession().state == .signedIn)
    }

    /// Checks answering `state` (`nil`: the call failed), recording which users were asked about.
    static func checks(
        answering states: [AppleCredentialState?], asked: Locked<[String]> = Locked([]),
        notices: AsyncStream<Void> = AsyncStream { $0.finish() }
    ) -> AppleCredentialChecks {
        let script = Locked(states)
        return AppleCredentialChecks(
            credentialState: { userID in
                asked.withLock { $0.append(userID) }
                return script.withLock { $0.isEmpty ? .authorized : $0.removeFirst() }
            },
            revocationNotices: { notices })
    }

    @Test(arguments: [AppleCredentialState.revoked, .notFound])
    func revokedOrUnknownToApple_signsOut_withItsOwnReason_andClearsTheStore(_ state: AppleCredentialState) async {
        await restore()
        let events = wote.auth.sessionEvents()
        let monitor = AppleCredentialMonitor(checks: Self.checks(answering: [state]), engine: wote.engine)
        #expect(await monitor.check() == .signedOut)
        #expect(await wote.auth.currentSession().state == .signedOut(.appleCredentialRevoked))
        #expect(storage.session == nil)
        wote.shutdown()
        var received: [SessionEvent] = []
        for await event in events { received.append(event) }
        #expect(received == [.initialState(.signedIn), .signedOut(.appleCredentialRevoked)])
    }

    @Test(arguments: [AppleCredentialState.authorized, .transferred, .unknown])
    func authorizedOrTransferred_keepsTheSession(_ state: AppleCredentialState) async {
        await restore()
        let monitor = AppleCredentialMonitor(checks: Self.checks(answering: [state]), engine: wote.engine)
        #expect(await monitor.check() == .kept(state))
        #expect(await wote.auth.currentSession().state == .signedIn)
        #expect(storage.session != nil)
    }

    @Test func failedCheckAtLaunch_keepsTheSession_butAfterARevocationNotice_signsOut() async {
        await restore()
        let monitor = AppleCredentialMonitor(checks: Self.checks(answering: [nil, nil]), engine: wote.engine)
        #expect(await monitor.check() == .kept(nil))
        #expect(await wote.auth.currentSession().state == .signedIn)
        #expect(await monitor.check(afterRevocationNotice: true) == .signedOut)
        #expect(await wote.auth.currentSession().state == .signedOut(.appleCredentialRevoked))
    }

    @Test func sessionNotBegunWithApple_isNeverChecked() async {
        await restore(appleUser: nil)
        let asked = Locked<[String]>([])
        let monitor = AppleCredentialMonitor(
            checks: Self.checks(answering: [.revoked], asked: asked), engine: wote.engine)
        #expect(await monitor.check() == .notAppleSession)
        #expect(asked.current.isEmpty)
        #expect(await wote.auth.currentSession().state == .signedIn)
    }

    @Test func verdictAboutAnEarlierAppleUser_neverEndsANewerSession() async throws {
        await restore(appleUser: "newer-user")
        #expect(try await wote.engine.end(reason: .appleCredentialRevoked, ifAppleUserIs: Self.appleUser) == false)
        #expect(await wote.auth.currentSession().state == .signedIn)
        #expect(try await wote.engine.end(reason: .appleCredentialRevoked, ifAppleUserIs: "newer-user"))
        #expect(await wote.auth.currentSession().state == .signedOut(.appleCredentialRevoked))
    }

    @Test func monitoring_checksAtStart_andAgainOnEachRevocationNotice() async {
        await restore()
        let asked = Locked<[String]>([])
        let (notices, notify) = AsyncStream<Void>.makeStream()
        let events = wote.auth.sessionEvents()
        wote.startAppleCredentialMonitoring(
            checks: Self.checks(answering: [.authorized, .revoked], asked: asked, notices: notices))
        notify.yield()
        for await event in events {
            if event == .signedOut(.appleCredentialRevoked) { break }
        }
        #expect(asked.current == [Self.appleUser, Self.appleUser])
        // The signed-out event comes as the session ends in memory; a restore waits behind the end's
        // store write, so the store is read after it (before, the test read it while it might still run).
        _ = await wote.engine.restore()
        #expect(storage.session == nil)
        wote.shutdown()
    }

    @Test func appleSignIn_keepsApplesUserIDWithTheStoredSession_otherSignInsDoNot() async throws {
        let tokens = TokenPairFixture(
            accessToken: "acc-1", refreshToken: "ref-1", accessExpiresAt: Date(timeIntervalSince1970: 1_700_003_600),
            refreshExpiresAt: Date(timeIntervalSince1970: 1_701_000_000))
        let server = StubTransport { _ in tokens.loginAnswer() }
        let wote = Self.client(storage: storage, clock: clock, transport: server)
        _ = try await wote.login(
            LoginCredential.apple(authorizationCode: "c0de", userID: Self.appleUser), remember: true)
        #expect(storage.session?.appleUserID == Self.appleUser)
        _ = try await wote.login(
            .kakao("k"), remember: true)
        #expect(storage.session?.appleUserID == nil)
    }

    @Test func refreshedTokens_keepTheAppleUserID_inTheStore() async throws {
        let tokens = TokenPairFixture(
            accessToken: "acc-2", refreshToken: "ref-2", accessExpiresAt: Date(timeIntervalSince1970: 1_800_003_600),
            refreshExpiresAt: Date(timeIntervalSince1970: 1_801_000_000))
        let server = StubTransport { request in
            request.url?.path == "/api/auth/refresh"
                ? tokens.refreshAnswer
                : .json(404, #"{"status":404,"divisionCode":"G011","message":"not found"}"#)
        }
        let wote = Self.client(storage: storage, clock: clock, transport: server)
        storage.session = StoredSession(
            tokens: TokenPair(
                accessToken: "acc-1", refreshToken: "ref-1", accessTokenExpiresAt: clock.now.addingTimeInterval(-1),
                refreshTokenExpiresAt: clock.now.addingTimeInterval(86_400), accessTokenIssuedAt: clock.now),
            profileCompleted: true, appleUserID: Self.appleUser)
        // The access token has expired: restoring refreshes it.
        #expect(await wote.auth.restoreSession().state == .signedIn)
        #expect(storage.session?.tokens.accessToken == "acc-2")
        #expect(storage.session?.appleUserID == Self.appleUser)
    }

    /// Checks answering `answers` in turn (then `authorized`), counting the calls.
    static func checks(
        answers: [AppleCredentialAnswer], asked: Locked<Int>,
        activations: AsyncStream<Void> = AsyncStream { $0.finish() }
    ) -> AppleCredentialChecks {
        let script = Locked(answers)
        return AppleCredentialChecks(
            credentialAnswer: { _ in
                asked.withLock { $0 += 1 }
                return script.withLock { $0.isEmpty ? AppleCredentialAnswer(state: .authorized) : $0.removeFirst() }
            },
            revocationNotices: { AsyncStream { $0.finish() } }, activations: { activations })
    }

    static let authKitFailure = AppleCredentialAnswer(
        state: .revoked, errorDomain: "com.apple.AuthenticationServices.AuthorizationError", errorCode: 1000)

    @Test func revokedWithAnError_isAskedAgain_andAnAuthorizedSecondAnswer_keepsTheSession() async {
        await restore()
        let asked = Locked(0)
        let reported = Locked<[String]>([])
        let monitor = AppleCredentialMonitor(
            checks: Self.checks(answers: [Self.authKitFailure], asked: asked), engine: wote.engine,
            report: { line in reported.withLock { $0.append(line) } })
        #expect(await monitor.check() == .kept(.authorized))
        #expect(asked.current == 2)
        #expect(await wote.auth.currentSession().state == .signedIn)
        #expect(reported.current.count == 1)
        #expect(reported.current.first?.contains("com.apple.AuthenticationServices.AuthorizationError 1000") == true)
    }

    /// Apple audit F8: offline, AuthKit gives the same error answer twice in a row, so the second
    /// ask waits (on the client's clock) before it is made; the first answer alone ends nothing.
    @Test func f8_anAnswerWithAnError_isAskedAgainOnlyAfterAPause() async {
        await restore()
        let askedAt = Locked<[Duration]>([])
        let script = Locked([Self.authKitFailure, AppleCredentialAnswer(state: .authorized)])
        let checks = AppleCredentialChecks(
            credentialAnswer: { [clock] _ in
                askedAt.withLock { $0.append(clock.clock.uptime()) }
                return script.withLock { $0.removeFirst() }
            },
            revocationNotices: { AsyncStream { $0.finish() } })
        let monitor = AppleCredentialMonitor(checks: checks, engine: wote.engine)

        #expect(await monitor.check() == .kept(.authorized))

        let times = askedAt.current
        #expect(times.count == 2)
        if times.count == 2 { #expect(times[1] - times[0] >= AppleCredentialMonitor.secondAskDelay) }
        #expect(AppleCredentialMonitor.secondAskDelay >= .seconds(10))
        #expect(await wote.auth.currentSession().state == .signedIn)
    }

    @Test func revokedWithAnErrorTwice_signsOut() async {
        await restore()
        let asked = Locked(0)
        let monitor = AppleCredentialMonitor(
            checks: Self.checks(answers: [Self.authKitFailure, Self.authKitFailure], asked: asked), engine: wote.engine)
        #expect(await monitor.check() == .signedOut)
        #expect(asked.current == 2)
    }

    @Test func revokedWithoutAnError_signsOutAtOnce() async {
        await restore()
        let asked = Locked(0)
        let monitor = AppleCredentialMonitor(
            checks: Self.checks(answers: [AppleCredentialAnswer(state: .revoked)], asked: asked), engine: wote.engine)
        #expect(await monitor.check() == .signedOut)
        #expect(asked.current == 1)
    }

    @Test func becomingActive_checksAgain_andARevocationOnTheWebSignsOut() async {
        await restore()
        let asked = Locked(0)
        let (activations, activate) = AsyncStream.makeStream(of: Void.self)
        let events = wote.auth.sessionEvents()
        let monitor = AppleCredentialMonitor(
            checks: Self.checks(
                answers: [AppleCredentialAnswer(state: .authorized), AppleCredentialAnswer(state: .revoked)],
                asked: asked, activations: activations),
            engine: wote.engine)
        let running = Task { await monitor.run() }
        activate.yield()
        for await event in events where event == .signedOut(.appleCredentialRevoked) { break }
        #expect(asked.current == 2)
        running.cancel()
        activate.finish()
        await running.value
    }
}
