import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository

/// Counterexamples SPIN found in the session model (Model/session.pml, issue 27), replayed against the
/// real engine in the trail's order with a held refresh and a held store write. Each test is named
/// after the model run that found it (`scripts/model-check.sh --mutations` keeps the trail).
@Suite(.timeLimit(.minutes(1))) struct ModelCounterexampleTests {
    /// Trail `mut-abandoned-pair-lost` (the model's KEEP_ABANDONED_BUG): process A's refresh is on
    /// the wire when A's session ends; the server rotates the pair, A drops the answer (its session
    /// ended), and before A's end writes the store, process B takes the store, finds the pair A's call
    /// spent, and sends that refresh token again.
    @Test func abandonedRefresh_leavesItsNewPairInTheStore_soAnotherProcessDoesNotSpendTheTokenAgain()
        async throws
    {
        let fixture = EngineFixture(accessLifetime: 60)
        let held = RemoveHoldingStorage()
        let (ending, other) = try await fixture.twoProcessesPastTheAccessLifetime(held, held.inner)
        let spent = try #require(held.inner.session?.tokens.refreshToken)
        let gate = Latch()
        fixture.backend.refreshGate.withLock { $0 = gate }

        // A: a request needs a refresh; the backend holds it.
        let request = Task { () throws(APIError) -> Int in try await ending.send(EngineFixture.profile).status }
        await fixture.backend.refreshArrived.wait()
        // A's session ends while that call is out; its removal of the store will be held.
        var changes = ending.events().makeAsyncIterator()
        let end = Task { try await ending.end(reason: .appleCredentialRevoked) }
        _ = await changes.next()
        // The server rotates; A's refresh finds its session ended.
        await gate.open()
        _ = await request.result
        await held.arrived.wait()

        // B's token has expired too: it refreshes from the store before A's end is written.
        let status = try? await other.send(EngineFixture.profile).status

        let sent = fixture.backend.state.current.refreshBodies.filter { $0.contains(spent) }
        #expect(sent.count == 1, "the refresh token was sent \(sent.count) times")
        #expect(status == 200, "the other process was signed out by the server's E016")
        await held.release.open()
        try await end.value
        #expect(held.inner.session == nil)
    }
}

/// A store whose first ``remove()`` waits until the test opens ``release``: the ended session's
/// own write, landed after another process's turn.
private final class RemoveHoldingStorage: TokenStorage {
    let inner = TestTokenStorage()
    /// Opened when the first removal arrives.
    let arrived = Latch()
    /// The removal goes on once this opens.
    let release = Latch()
    private let removals = Locked(0)

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
