import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKit
import WoteKitTesting
import WoteLocked
import WoteRepository

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The failures of issue 33 (../shared/reviews/engine-review-2026-11-26.md), each as the
/// interleaving that shows it: a session's requests, tokens and end belong to that session only.
@Suite(.timeLimit(.minutes(1)))
struct OneSessionOneIdentityTests {
    static let deadRefreshToken = #"{"status":401,"divisionCode":"E016","message":"Invalid refresh token"}"#

    // MARK: - A logout undone (review #1)

    /// A restore (a second window, a scene reconnecting) while logout's store step runs waits
    /// behind it: it adopts nothing, and the logout's write does not put the session back.
    @Test func aLogoutUndone_restoreWhileTheLogoutIsAtWork_bringsNothingBack() async throws {
        let fixture = EngineFixture()
        let held = HeldStorage()
        let engine = fixture.makeEngine(storage: held)
        _ = try await engine.begin(
            StoredSession(tokens: fixture.server.issuePair(), profileCompleted: true), persist: true)
        held.holdNext(.load)
        let logout = Task { try await engine.logOut(deviceToken: nil) }
        await held.arrived.wait()

        let finished = Locked(false)
        let restore = Task {
            let snapshot = await engine.restore()
            finished.withLock { $0 = true }
            return snapshot
        }
        // Before, the restore read the store beside the logout and came back at once; now it waits
        // for the logout's turn in the store, so this gives up after its limit.
        _ = await yieldUntil(limit: 2_000) { finished.current }
        await held.release.open()
        try await logout.value
        let restored = await restore.value

        #expect(restored.state == .signedOut(.noSession))
        #expect(held.inner.session == nil)
        let sentBefore = fixture.server.log.count
        await #expect(throws: APIError.session(.notSignedIn)) {
            try await engine.send(EngineFixture.profile).status
        }
        #expect(fixture.server.log.count == sentBefore)
    }

    // MARK: - A hang that never ends (review #2)

    /// The refresh that finds another origin's session in the store is answered "refresh token
    /// dead": it ends this session without waiting for the store queue it holds, and the next
    /// sign-in returns.
    @Test func aHangThatNeverEnds_deadTokenVerdictOnTheRefreshThatFindsAnotherOrigin_returns() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        try await fixture.signIn()
        let foreign = StoredSession(
            tokens: fixture.server.issuePair(), profileCompleted: true, origin: OriginTests.otherOrigin)
        fixture.storage.session = foreign
        fixture.answerNextRefresh(with: .json(200, Self.deadRefreshToken))
        fixture.clock.advance(by: .seconds(61))

        await #expect(throws: APIError.session(.sessionExpired)) { try await fixture.fetchProfile() }

        #expect(fixture.storage.session == foreign)
        let next = try await fixture.signIn()
        #expect(fixture.storage.session?.tokens.accessToken == next.accessToken)
    }

    // MARK: - Member A's request sent as member B (review #3)

    /// A request waiting for A's refresh when B's sign-in is asked for is never sent with B's token:
    /// B's sign-in waits for the store A's refresh holds (write, then switch), the request goes out
    /// with A's new token or not at all, and only then does B's session begin.
    /// (The request that starts the refresh waits for it from the moment the refresh reaches the
    /// server; more waiters, and A's slot waiters, are driven through the state machine:
    /// `SessionStateMachineTests.memberAsRefreshWaiters_failWhenBsSessionBegins_andAsSlotWaitersAreSentAway`.)
    @Test func memberAsRequestSentAsMemberB_aRefreshWaiter_isNeverSentWithBsToken() async throws {
        let fixture = EngineFixture(accessLifetime: 600)
        try await fixture.signIn()
        fixture.clock.advance(by: .seconds(590))  // inside the leeway, not yet expired
        let gate = fixture.holdRefreshes()
        let first = Task { () throws(APIError) -> Int in try await fixture.fetchProfile() }
        await gate.waitForArrivals()

        let next = fixture.server.issuePair()
        let signIn = Task {
            try await fixture.engine.begin(StoredSession(tokens: next, profileCompleted: true), persist: true)
        }
        gate.open()
        _ = try await signIn.value
        _ = await first.result

        let sent = fixture.server.requests(path: "/api/profiles").map {
            $0.value(forHTTPHeaderField: "Authorization")
        }
        #expect(!sent.contains("Bearer \(next.accessToken)"))
        #expect(await fixture.engine.snapshot().tokens == next)
    }

    // MARK: - A's token answered with B's (review #4)

    /// A token of an ended session is never answered with a newer session's token.
    @Test func asTokenAnsweredWithBs_afterLogoutAndSignIn_theRejectedTokenOfAIsNotSignedIn() async throws {
        let fixture = EngineFixture()
        let a = try await fixture.signIn()
        try await fixture.engine.end(reason: .loggedOut)
        let b = try await fixture.signIn()

        await #expect(throws: WoteError.notSignedIn) {
            try await fixture.engine.accessToken(afterRejecting: a.accessToken)
        }
        // A token a refresh of B's session replaced is still answered with B's current one.
        #expect(try await fixture.engine.refresh().tokens?.accessToken != b.accessToken)
        let current = try #require(await fixture.engine.snapshot().tokens?.accessToken)
        #expect(try await fixture.engine.accessToken(afterRejecting: b.accessToken) == current)
    }

    // MARK: - Two clients, one refresh token spent twice (review #5)

    /// A refresh token refused while another client (sharing no lock) already stored a newer pair:
    /// this session ends, and the other's pair stays in the store (compare-and-swap).
    @Test func twoClientsOneRefreshTokenSpentTwice_theRefusedTokensEnd_removesOnlyThatToken() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        try await fixture.signIn()
        fixture.clock.advance(by: .seconds(61))
        let gate = CallGate()
        fixture.server.inject(.hold(gate), on: EngineFixture.refreshPath)
        let request = Task { () throws(APIError) -> Int in try await fixture.fetchProfile() }
        await gate.waitForArrivals()
        // Meanwhile the other client spent the same refresh token first (the server rotated the
        // pair) and stored its new pair: the held call's token is now a replaced one, refused E016.
        let otherStore = TestTokenStorage(session: fixture.storage.session)
        #expect(await fixture.makeEngine(storage: otherStore).restore().state == .signedIn)
        let theirs = try #require(otherStore.session)
        fixture.storage.session = theirs
        gate.open()

        await #expect(throws: APIError.session(.sessionExpired)) { try await request.value }
        #expect(fixture.storage.session == theirs)
    }

    /// Two engines (two `WoteClient`s) of one process on one store that offers no lock
    /// (`TokenStorageLock.none`, as the default Keychain store without a shared directory) both find
    /// the access token expired: they take turns in the store, so one refresh call goes out and the
    /// other engine adopts the pair it stored.
    @Test func twoClientsOneRefreshTokenSpentTwice_twoEnginesOnALocklessStore_takeTurns() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        let (first, second) = try await fixture.twoProcessesPastTheAccessLifetime()
        let gate = fixture.holdRefreshes()

        let one = Task { () throws(APIError) -> Int in try await first.send(EngineFixture.profile).status }
        await gate.waitForArrivals()
        let other = Task { () throws(APIError) -> Int in try await second.send(EngineFixture.profile).status }
        // Without turns the second refresh call goes out with the same refresh token; with them it
        // waits for the first engine's store change, so this gives up after its limit.
        _ = await yieldUntil(limit: 2_000) { gate.arrivals == 2 }
        gate.open()

        #expect(try await one.value == 200)
        #expect(try await other.value == 200)
        #expect(fixture.refreshCalls == 1)
        let stored = try #require(fixture.storage.session)
        #expect(await first.snapshot().tokens == stored.tokens)
        #expect(await second.snapshot().tokens == stored.tokens)
    }

    /// Two `WoteClient`s over one lock-less store: the same, through the public API.
    @Test func twoClientsOneRefreshTokenSpentTwice_twoWoteClientsOnALocklessStore_spendItOnce() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        let storage = TestTokenStorage()
        let clients = (0..<2).map { _ in
            WoteClient(
                configuration: WoteConfiguration(
                    baseURL: EngineFixture.baseURL, storage: storage, transport: fixture.server.transport,
                    clock: fixture.clock.clock))
        }
        try await clients[0].beginSession(with: fixture.server.issuePair())
        _ = await clients[1].restoreSession()
        fixture.clock.advance(by: .seconds(61))
        let gate = fixture.holdRefreshes()

        let one = Task { try await clients[0].accessToken() }
        await gate.waitForArrivals()
        let other = Task { try await clients[1].accessToken() }
        _ = await yieldUntil(limit: 2_000) { gate.arrivals == 2 }
        gate.open()

        let tokens = [try await one.value, try await other.value]
        #expect(fixture.refreshCalls == 1)
        #expect(tokens[0] == tokens[1])
        #expect(storage.session?.tokens.accessToken == tokens[0])
    }

    // MARK: - A logout undone by one refused write (review #6)

    /// The store refuses logout's removal once: a second `logout()` removes it.
    @Test func aLogoutUndoneByOneRefusedWrite_aSecondLogoutRemovesTheSession() async throws {
        let fixture = EngineFixture()
        try await fixture.signIn()
        fixture.storage.failWrites(with: .unavailable("locked"))
        await #expect(throws: WoteError.storageFailure("locked")) { try await fixture.engine.logOut(deviceToken: nil) }
        fixture.storage.failWrites(with: nil)

        try await fixture.engine.logOut(deviceToken: nil)

        #expect(fixture.storage.session == nil)
        let nextLaunch = fixture.makeEngine(storage: fixture.storage)
        #expect(await nextLaunch.restore().state == .signedOut(.noSession))
    }

    /// The store refuses logout's removal once: the next restore in this process removes it and
    /// stays signed out.
    @Test func aLogoutUndoneByOneRefusedWrite_theNextRestoreRemovesTheSession() async throws {
        let fixture = EngineFixture()
        try await fixture.signIn()
        fixture.storage.failWrites(with: .unavailable("locked"))
        await #expect(throws: WoteError.storageFailure("locked")) { try await fixture.engine.logOut(deviceToken: nil) }
        fixture.storage.failWrites(with: nil)

        let restored = await fixture.engine.restore()

        #expect(restored.state == .signedOut(.noSession))
        #expect(fixture.storage.session == nil)
    }

    /// The store refuses logout's removal once: another client (engine) of the process on that store
    /// does not adopt the session at its restore; it removes it (found by the randomized test, seed 39).
    @Test func aLogoutUndoneByOneRefusedWrite_anotherClientOnTheStore_doesNotAdoptIt() async throws {
        let fixture = EngineFixture()
        try await fixture.signIn()
        fixture.storage.failWrites(with: .unavailable("locked"))
        await #expect(throws: WoteError.storageFailure("locked")) { try await fixture.engine.logOut(deviceToken: nil) }
        fixture.storage.failWrites(with: nil)
        let other = fixture.makeEngine(storage: fixture.storage)

        #expect(await other.restore().state == .signedOut(.noSession))
        #expect(fixture.storage.session == nil)
    }

    /// The store refuses logout's removal once: another client of the process that still holds the
    /// session removes it at its next change of the store and signs out, instead of spending the
    /// refresh token and putting the session back.
    @Test func aLogoutUndoneByOneRefusedWrite_anotherClientHoldingIt_removesItAtItsNextStoreChange() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        let (first, second) = try await fixture.twoProcessesPastTheAccessLifetime()
        fixture.storage.failWrites(with: .unavailable("locked"))
        await #expect(throws: WoteError.storageFailure("locked")) { try await first.logOut(deviceToken: nil) }
        fixture.storage.failWrites(with: nil)
        let refreshesBefore = fixture.refreshCalls

        await #expect(throws: APIError.session(.notSignedIn)) { try await second.send(EngineFixture.profile) }

        #expect(fixture.refreshCalls == refreshesBefore)
        #expect(fixture.storage.session == nil)
        #expect(await second.snapshot().state == .signedOut(.endedElsewhere))
    }

    // MARK: - State changes without an event (review #8)

    /// A pair another process stored with "profile required" is adopted with its event.
    @Test func stateChangeWithoutAnEvent_profileRequiredAdoptedFromTheStore_isAnnounced() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        try await fixture.signIn()
        fixture.clock.advance(by: .seconds(45))
        var theirs = try #require(fixture.storage.session)
        theirs.tokens = fixture.server.issuePair()
        theirs.profileCompleted = false
        fixture.storage.session = theirs
        fixture.clock.advance(by: .seconds(16))
        let events = fixture.engine.events()

        _ = try await fixture.fetchProfile()

        #expect(await fixture.engine.snapshot().state == .profileRequired)
        #expect(await drain(events, of: fixture.engine).contains(.profileRequired))
        #expect(fixture.refreshCalls == 0)
    }

    /// A sign-in over a live session ends that session with its `signedOut` before the new one's
    /// `signedIn`, so observers drop the previous member's profile.
    @Test func stateChangeWithoutAnEvent_signInOverASession_endsItWithAnEvent() async throws {
        let fixture = EngineFixture()
        try await fixture.signIn()
        let events = fixture.engine.events()

        try await fixture.signIn()

        #expect(await drain(events, of: fixture.engine) == [.signedOut(.loggedOut), .signedIn])
    }

    // MARK: - Logout and a refresh in flight (review #7)

    /// Logout during a refresh the server has already rotated: the refresh's answer lands in the
    /// store and the logout call goes with it, instead of spending the old refresh token again.
    @Test func logoutDuringARefresh_spendsTheRefreshTokenOnce_andTellsTheServerWithTheNewPair() async throws {
        let answers = CallGate()
        let fixture = EngineFixture(accessLifetime: 600) {
            $0.transport(holdingAnswersFor: EngineFixture.refreshPath, at: answers)
        }
        try await fixture.signIn()
        fixture.clock.advance(by: .seconds(590))  // inside the leeway, not yet expired
        let request = Task { () throws(APIError) -> Int in try await fixture.fetchProfile() }
        await answers.waitForArrivals()  // the server has rotated
        var changes = fixture.engine.events().makeAsyncIterator()
        let events = fixture.engine.events()

        let logout = Task { try await fixture.engine.logOut(deviceToken: nil) }
        while let event = await changes.next() {
            if case .signedOut = event { break }
        }
        answers.open()
        try await logout.value
        _ = await request.result

        #expect(fixture.refreshBodies.count == 1)
        #expect(fixture.logoutAuthorizations == [fixture.bearer(ofPair: 2)])
        #expect(fixture.storage.session == nil)
        let notTold = await drain(events, of: fixture.engine).filter {
            if case .serverNotToldOfLogout = $0 { return true }
            return false
        }
        #expect(notTold.isEmpty)
    }

    /// The same for a session kept in memory only ("keep me signed in" off): no store holds the
    /// refresh's answer, so the logout waits for it and goes with it (found by the randomized test, seed 1).
    @Test
    func logoutDuringARefresh_ofASessionKeptInMemoryOnly_spendsTheRefreshTokenOnce_andTellsTheServerWithTheNewPair()
        async throws
    {
        let answers = CallGate()
        let fixture = EngineFixture(accessLifetime: 600) {
            $0.transport(holdingAnswersFor: EngineFixture.refreshPath, at: answers)
        }
        try await fixture.signIn(persist: false)
        fixture.clock.advance(by: .seconds(590))  // inside the leeway, not yet expired
        let request = Task { () throws(APIError) -> Int in try await fixture.fetchProfile() }
        await answers.waitForArrivals()  // the server has rotated
        var changes = fixture.engine.events().makeAsyncIterator()
        let events = fixture.engine.events()

        let logout = Task { try await fixture.engine.logOut(deviceToken: nil) }
        while let event = await changes.next() {
            if case .signedOut = event { break }
        }
        answers.open()
        try await logout.value
        _ = await request.result

        #expect(fixture.refreshBodies.count == 1)
        #expect(fixture.logoutAuthorizations == [fixture.bearer(ofPair: 2)])
        #expect(fixture.storage.session == nil)
        let notTold = await drain(events, of: fixture.engine).filter {
            if case .serverNotToldOfLogout = $0 { return true }
            return false
        }
        #expect(notTold.isEmpty)
    }

    /// A refresh whose pair the store refused (a locked Keychain) leaves the spent pair in the store;
    /// a logout then tells the server with the pair memory holds, never with the spent one (found
    /// by the randomized test, seeds 19 and 47: the logout took the stored pair for "what this
    /// process last saw" and spent its refresh token again).
    @Test func logoutAfterARefreshTheStoreRefused_tellsTheServerWithTheRefreshedPair() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        try await fixture.signIn()
        fixture.clock.advance(by: .seconds(61))
        fixture.storage.failWrites(with: .unavailable("locked"))
        #expect(try await fixture.fetchProfile() == 200)
        fixture.storage.failWrites(with: nil)

        try await fixture.engine.logOut(deviceToken: nil)

        #expect(fixture.refreshBodies.count == 1)
        #expect(fixture.logoutAuthorizations == [fixture.bearer(ofPair: 2)])
        #expect(fixture.storage.session == nil)
    }

    /// Another client of the store refreshed the session, then logged out (the store is empty); a
    /// logout here then finds the session ended elsewhere, whose end told the server: it sends no
    /// call, and never spends the refresh token the other client's rotation replaced (found by the
    /// randomized test, seed 87).
    @Test func logoutAfterAnotherClientRefreshedAndLoggedOut_spendsNoRefreshToken() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        let (first, second) = try await fixture.twoProcessesPastTheAccessLifetime()
        #expect(try await first.send(EngineFixture.profile).status == 200)
        try await first.logOut(deviceToken: nil)
        let before = (refreshes: fixture.refreshBodies, logouts: fixture.logoutAuthorizations)
        let events = second.events()

        try await second.logOut(deviceToken: nil)

        #expect(fixture.refreshBodies == before.refreshes)
        #expect(fixture.logoutAuthorizations.count == before.logouts.count)
        #expect(await second.snapshot().state == .signedOut(.loggedOut))
        #expect(fixture.storage.session == nil)
        #expect(await drain(events, of: second) == [.signedOut(.loggedOut)])
    }

    /// A restore (another window) asked for while a logout waits for the refresh it lets land comes
    /// after the logout in the store: it does not adopt the pair that refresh stored, and the
    /// logout's write does not put it back (found by the randomized test, seed 87).
    @Test func restoreWhileALogoutWaitsForTheRefreshItLetsLand_bringsNothingBack() async throws {
        let answers = CallGate()
        let fixture = EngineFixture(accessLifetime: 600) {
            $0.transport(holdingAnswersFor: EngineFixture.refreshPath, at: answers)
        }
        try await fixture.signIn()
        fixture.clock.advance(by: .seconds(590))  // inside the leeway, not yet expired
        let request = Task { () throws(APIError) -> Int in try await fixture.fetchProfile() }
        await answers.waitForArrivals()  // the server has rotated
        var changes = fixture.engine.events().makeAsyncIterator()
        let logout = Task { try await fixture.engine.logOut(deviceToken: nil) }
        while let event = await changes.next() {
            if case .signedOut = event { break }
        }

        let restore = Task { await fixture.engine.restore() }
        // The restore takes its place in the store queue (behind the logout, not before it).
        _ = await yieldUntil(limit: 2_000) { false }
        answers.open()
        try await logout.value
        let restored = await restore.value
        _ = await request.result

        #expect(!restored.state.hasSession)
        #expect(fixture.storage.session == nil)
        #expect(await fixture.engine.snapshot().tokens == nil)
        #expect(fixture.logoutAuthorizations == [fixture.bearer(ofPair: 2)])
    }
}
