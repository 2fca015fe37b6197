import Foundation
import Testing
import WoteKit
import WoteKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Issue 30, item 1: a lost refresh answer does not end the session. The same refresh token is sent
/// again (bounded, within a window, paused on the engine's clock); a refusal of it after a lost
/// answer ends the session as `refreshAnswerLost`, never `sessionExpired`.
@Suite(.timeLimit(.minutes(1)))
struct LostRefreshAnswerTests {
    static let refreshPath = "/api/auth/refresh"

    /// A client of `server` over `storage` on the server's clock, signed in with an expired access
    /// token (its next request refreshes first).
    static func signedIn(
        _ server: FakeWoteServer, storage: TestTokenStorage = TestTokenStorage(),
        retry: SessionConfiguration.LostAnswerRetry = .init()
    ) async throws -> WoteClient {
        var session = SessionConfiguration()
        session.lostAnswerRetry = retry
        let wote = WoteClient(
            configuration: WoteConfiguration(
                baseURL: FakeWoteServer.baseURL, storage: storage, transport: server.transport,
                clock: server.clock.clock, session: session))
        _ = try await wote.beginSession(with: server.issuePair(), profileCompleted: true, remember: true)
        return wote
    }

    static func refreshOutcomes(_ server: FakeWoteServer) -> [FakeWoteServer.LoggedRequest.Outcome] {
        server.log.filter { $0.path == Self.refreshPath }.map(\.outcome)
    }

    @Test func graceServer_lostAnswer_theSameTokenAgainGetsThePairItLost_oneRotation() async throws {
        let server = FakeWoteServer(rotation: .grace(.seconds(30)))
        let storage = TestTokenStorage()
        let wote = try await Self.signedIn(server, storage: storage)
        let spent = try #require(storage.session?.tokens.refreshToken)
        let pairsBefore = server.issuedPairs.count
        server.inject(.loseAnswer, on: Self.refreshPath)

        let renewed = try await wote.refreshSession()

        let outcomes = Self.refreshOutcomes(server)
        #expect(outcomes.count == 2 && outcomes.first == .noAnswer)
        #expect(outcomes.last.map { if case .answered(200, _) = $0 { true } else { false } } == true)
        #expect(server.issuedPairs.count == pairsBefore + 1)
        let bodies = server.requests(path: Self.refreshPath).compactMap(\.httpBody)
        #expect(bodies.count == 2 && bodies.allSatisfy { String(decoding: $0, as: UTF8.self).contains(spent) })
        #expect(renewed.state == .signedIn)
        #expect(storage.session?.tokens.accessToken == server.issuedPairs.last?.accessToken)
        #expect(storage.session?.refreshSentAt == nil)
        #expect(server.clock.slept.count == 1)
    }

    @Test func strictServer_lostAnswer_theRefusalOfTheSameToken_endsAsRefreshAnswerLost() async throws {
        let server = FakeWoteServer(rotation: .strict)
        let storage = TestTokenStorage()
        let wote = try await Self.signedIn(server, storage: storage)
        server.inject(.loseAnswer, on: Self.refreshPath)

        await #expect(throws: WoteError.sessionExpired) { try await wote.refreshSession() }

        #expect(Self.refreshOutcomes(server) == [.noAnswer, .answered(status: 200, divisionCode: "E016")])
        #expect(await wote.currentSession.state == .signedOut(.refreshAnswerLost))
        #expect(storage.session == nil)
        let record = try #require(await wote.lastSignOut)
        #expect(record.reason == .refreshAnswerLost)
        #expect(record.call == .refresh)
        #expect(record.divisionCode == "E016")
    }

    @Test func strictServer_withoutALostAnswer_aDeadTokenIsStillSessionExpired() async throws {
        let server = FakeWoteServer(rotation: .strict)
        let wote = try await Self.signedIn(server)
        server.expireSessions()
        await #expect(throws: WoteError.sessionExpired) { try await wote.refreshSession() }
        #expect(await wote.currentSession.state == .signedOut(.sessionExpired))
    }

    @Test func laxServer_lostAnswer_theSameTokenAgainRotatesAgain_sessionKept() async throws {
        let server = FakeWoteServer(rotation: .lax)
        let wote = try await Self.signedIn(server)
        server.inject(.loseAnswer, on: Self.refreshPath)
        #expect(try await wote.refreshSession().state == .signedIn)
        #expect(server.refreshCount == 2)
    }

    @Test func attemptsAreBounded_thenAPassingFailureKeepsTheSession() async throws {
        let server = FakeWoteServer()
        let storage = TestTokenStorage()
        let wote = try await Self.signedIn(server, storage: storage)
        let stored = try #require(storage.session)
        server.inject(.drop, on: Self.refreshPath, times: 10)

        await #expect(throws: WoteError.self) { try await wote.refreshSession() }

        #expect(server.refreshCount == 3)
        #expect(await wote.currentSession.state == .signedIn)
        #expect(storage.session?.tokens == stored.tokens)
        // Full jitter: each pause at most base × 2ⁿ⁻¹.
        let slept = server.clock.slept
        #expect(slept.count == 2)
        #expect(slept.count == 2 && slept[0] <= .milliseconds(500) && slept[1] <= .seconds(1))
        // The send stays recorded: the next launch knows a rotation may have happened.
        #expect(storage.session?.refreshSentAt != nil)
    }

    @Test func noRetryOutsideTheWindow() async throws {
        let server = FakeWoteServer()
        let wote = try await Self.signedIn(
            server, retry: .init(maximumAttempts: 5, baseDelay: .seconds(8), maximumDelay: .seconds(8), window: .zero))
        server.inject(.drop, on: Self.refreshPath, times: 10)
        await #expect(throws: WoteError.self) { try await wote.refreshSession() }
        #expect(server.refreshCount == 1)
    }

    @Test func retryAfterOn503_isHonoured_thenTheRefreshSucceeds() async throws {
        let server = FakeWoteServer()
        let wote = try await Self.signedIn(server)
        server.inject(.retryAfter(seconds: 2, status: 503), on: Self.refreshPath)
        #expect(try await wote.refreshSession().state == .signedIn)
        #expect(server.refreshCount == 2)
        #expect(server.clock.slept == [.seconds(2)])
    }

    @Test func retryAfterOn429_pastTheWindow_isAPassingFailure() async throws {
        let server = FakeWoteServer()
        let wote = try await Self.signedIn(server)
        server.inject(.retryAfter(seconds: 60, status: 429), on: Self.refreshPath)
        await #expect(throws: WoteError.self) { try await wote.refreshSession() }
        #expect(server.refreshCount == 1)
        #expect(server.clock.slept.isEmpty)
        #expect(await wote.currentSession.state == .signedIn)
    }

    @Test func theSendIsRecordedInTheStoreBeforeItGoesOut_andTheRotatedPairClearsIt() async throws {
        let server = FakeWoteServer()
        let storage = TestTokenStorage()
        let wote = try await Self.signedIn(server, storage: storage)
        #expect(storage.session?.refreshSentAt == nil)
        let gate = CallGate()
        server.inject(.hold(gate), on: Self.refreshPath)

        let refresh = Task { try await wote.refreshSession() }
        await gate.waitForArrivals()
        #expect(storage.session?.refreshSentAt == server.clock.now)
        gate.open()
        _ = try await refresh.value

        #expect(storage.session?.refreshSentAt == nil)
        #expect(storage.session?.tokens.accessToken == server.issuedPairs.last?.accessToken)
    }

    /// A launch after one killed mid-refresh: the store records the send, the strict server rotated
    /// for the lost answer and refuses the token now.
    @Test func aSendRecordedByAnEarlierLaunch_withinTheWindow_makesTheRefusalRefreshAnswerLost() async throws {
        for (recorded, expected) in [(true, SignOutReason.refreshAnswerLost), (false, .sessionExpired)] {
            let server = FakeWoteServer(rotation: .strict)
            let pair = server.issuePair()
            // The earlier launch's refresh reached the server; its answer never came back.
            let other = WoteClient(
                configuration: WoteConfiguration(
                    baseURL: FakeWoteServer.baseURL, storage: TestTokenStorage(), transport: server.transport,
                    clock: server.clock.clock))
            _ = try await other.beginSession(with: pair, profileCompleted: true, remember: false)
            _ = try await other.refreshSession()
            server.clock.advance(by: .seconds(5))
            let storage = TestTokenStorage(
                session: StoredSession(
                    tokens: pair, profileCompleted: true,
                    refreshSentAt: recorded ? server.clock.now.addingTimeInterval(-5) : nil))
            let wote = WoteClient(
                configuration: WoteConfiguration(
                    baseURL: FakeWoteServer.baseURL, storage: storage, transport: server.transport,
                    clock: server.clock.clock))
            _ = await wote.restoreSession()
            _ = try? await wote.refreshSession()
            #expect(await wote.currentSession.state == .signedOut(expected))
            #expect(await wote.lastSignOut?.reason == expected)
        }
    }
}

extension LostRefreshAnswerTests {
    /// An answer without a rotation (a 503) clears the record: a later refusal of the token is a
    /// plain expiry, not a lost answer.
    @Test func aPassingFailureWithAnAnswer_clearsTheRecord_soALaterRefusalIsSessionExpired() async throws {
        let server = FakeWoteServer()
        let storage = TestTokenStorage()
        let wote = try await Self.signedIn(server, storage: storage)
        server.inject(.serverError(status: 503), on: Self.refreshPath)
        await #expect(throws: WoteError.self) { try await wote.refreshSession() }
        #expect(storage.session?.refreshSentAt == nil)
        server.expireSessions()
        await #expect(throws: WoteError.sessionExpired) { try await wote.refreshSession() }
        #expect(await wote.currentSession.state == .signedOut(.sessionExpired))
    }
}

extension LostRefreshAnswerTests {
    /// `refreshSentAt` is an optional key of store format 1: written and read back, absent when nil.
    @Test func refreshSentAt_roundTrips_andIsAbsentWhenNil() throws {
        let server = FakeWoteServer()
        let sentAt = Date(timeIntervalSince1970: 1_700_000_123)
        let recorded = StoredSession(tokens: server.issuePair(), profileCompleted: true, refreshSentAt: sentAt)
        let decoded = try JSONDecoder().decode(StoredSession.self, from: JSONEncoder().encode(recorded))
        #expect(decoded.refreshSentAt == sentAt)
        var cleared = recorded
        cleared.refreshSentAt = nil
        let text = String(decoding: try JSONEncoder().encode(cleared), as: UTF8.self)
        #expect(!text.contains("refreshSentAt"))
    }
}
