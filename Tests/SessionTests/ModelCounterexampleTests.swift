import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Counterexamples SPIN found in the session model (Model/session.pml, issue 27), replayed against
/// the real engine in the trail's order: the fake Wote server, the test clock, and gates where the trail
/// needs one step to land before another. Each test is named after the counterexample it replays
/// and the model run that found it (`scripts/model-check.sh --today` / `--mutations` keep the trail;
/// Docs/Model.md lists them).
@Suite(.timeLimit(.minutes(1))) struct ModelCounterexampleTests {
    /// "No false sign-out" / "one refresh per expiry", trail `mut-abandoned-pair-lost` (today's
    /// engine in runs `today-no-false-sign-out-*`): process A's refresh is on the wire when A's
    /// session ends; the server rotates the pair and A drops the answer (its session ended); before
    /// A's end writes the store, process B takes the store, finds the pair A's call spent, and sends
    /// that refresh token again: E016, and B is signed out by a refresh race.
    @Test func abandonedRefresh_leavesItsNewPairInTheStore_soAnotherProcessDoesNotSpendTheTokenAgain()
        async throws
    {
        let fixture = EngineFixture(accessLifetime: 60)
        let shared = fixture.storage
        let heldA = FirstRemovalHeld(shared)
        // A's answer is already on its way when A's session ends: the end cannot take it back.
        let answerInFlight = HTTPTransport.enforcingTimeout { [server = fixture.server] request in
            let (body, head) = try await Task { try await server.transport.send(request) }.value
            return HTTPResponse(try #require(head as? HTTPURLResponse), body: body)
        }
        let a = fixture.makeEngine(storage: heldA, transport: answerInFlight)
        let b = fixture.makeEngine(storage: shared)
        _ = try await a.begin(StoredSession(tokens: fixture.server.issuePair(), profileCompleted: true), persist: true)
        _ = await b.restore()
        fixture.clock.advance(by: .seconds(61))
        let spent = try #require(shared.session?.tokens.refreshToken)

        // A: a request needs a refresh; the server holds its call.
        let gate = fixture.holdRefreshes()
        let request = Task { () throws(APIError) -> Int in try await a.send(EngineFixture.profile).status }
        await gate.waitForArrivals()
        // A's session ends while that call is out (Apple's revocation: an explicit end).
        var changes = a.events().makeAsyncIterator()
        let end = Task { try await a.end(reason: .appleCredentialRevoked) }
        while let event = await changes.next() {
            if case .signedOut = event { break }
        }
        // The server rotates; A's refresh finds its session ended; A's end then reaches the store,
        // and its removal is held there.
        gate.open()
        await heldA.arrived.wait()

        // B's access token has expired too: it refreshes from the store before A's end is written
        // (the test store has no cross-process lock, so B's turn lands where the trail puts it:
        // after A's refresh gave the lock back, before A's end wrote).
        let status = try? await b.send(EngineFixture.profile).status

        let sent = fixture.refreshBodies.filter { $0.contains(spent) }
        #expect(sent.count == 1, "the refresh token was sent \(sent.count) times")
        #expect(status == 200, "the other process was signed out by the server's E016")
        await heldA.release.open()
        try await end.value
        #expect(shared.session == nil, "A's end left a session in the store")
        await #expect(throws: APIError.session(.appleCredentialRevoked)) {
            try await request.value
        }
    }

    /// "Logout wins", trail `today-logout-wins-logout` (`today-a-logout-not-first` among the
    /// mutations): logout begins; while its call to the server is out, a request of the same process
    /// takes the still valid access token and is sent, after logout was called.
    @Test func requestStartedWhileLogoutsServerCallIsOut_isNotSent() async throws {
        let fixture = EngineFixture()
        let logoutGate = CallGate()
        fixture.server.inject(.hold(logoutGate), on: EngineFixture.logoutPath)
        try await fixture.signIn()

        let logout = Task { try await fixture.engine.logOut(deviceToken: nil) }
        await logoutGate.waitForArrivals()
        await #expect(throws: APIError.session(.notSignedIn)) { try await fixture.fetchProfile() }
        #expect(fixture.server.log.isEmpty, "a request was sent after logout began")
        logoutGate.open()
        try await logout.value
        #expect(fixture.logoutAuthorizations.count == 1)
        #expect(fixture.storage.session == nil)
    }

    // Trail `today-logout-wins-withdrawal-fault` (mutation `mut-no-resume-check`) and its reactive
    // twin need one step to land between a refresh waking its request and the request going on: they
    // are replayed event by event against the session's state machine, with no hook in the engine
    // (`SessionStateMachineTests.requestWokenWithARenewedPair_afterTheSessionEnded_isNotSent` and
    // `retryWokenWithARenewedPair_afterTheSessionEnded_isNotSent`).
}

/// A store whose first ``remove()`` waits until the test opens ``release``: the ended session's
/// own write, landing after another process's turn.
private final class FirstRemovalHeld: TokenStorage {
    let inner: TestTokenStorage
    /// Opened when the first removal arrives.
    let arrived = Latch()
    /// The removal goes on once this opens.
    let release = Latch()
    private let removals = Locked(0)

    init(_ inner: TestTokenStorage) { self.inner = inner }

    func load() async throws(TokenStorageError) -> StoredSession? { try await inner.load() }

    func save(_ session: StoredSession) async throws(TokenStorageError) { try await inner.save(session) }

    func remove() async throws(TokenStorageError) {
        let isFirst = removals.withLock { count in
            count += 1
            return count == 1
        }
        if isFirst {
            await arrived.open()
            await release.wait()
        }
        try await inner.remove()
    }
}
