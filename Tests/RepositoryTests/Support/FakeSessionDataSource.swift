import Foundation
import WoteDomain
import WoteLocked
import WoteRepository
import WoteWire

/// A session that records what the repositories ask of it, with a scripted state and failures.
final class FakeSessionDataSource: SessionDataSource {
    struct Begin: Equatable {
        var session: StoredSession
        var persist: Bool
    }

    private struct State {
        var snapshot: SessionSnapshot
        var begins: [Begin] = []
        var endReasons: [SignOutReason] = []
        var logouts: [String?] = []
        var profileCompletions = 0
        var endFailure: WoteError?
        var refreshResult: Result<SessionSnapshot, WoteError> = .failure(.notSignedIn)
        var restoreResult = SessionSnapshot(state: .signedOut(.noSession))
        var continuations: [AsyncStream<SessionEvent>.Continuation] = []
    }

    private let state: Locked<State>

    /// Creates a session in `state`.
    init(state authState: AuthenticationState = .signedOut(.noSession)) {
        state = Locked(State(snapshot: SessionSnapshot(state: authState)))
    }

    var begins: [Begin] { state.current.begins }
    var endReasons: [SignOutReason] { state.current.endReasons }
    /// The device token of every ``logOut(deviceToken:)`` call, in order.
    var logouts: [String?] { state.current.logouts }
    var profileCompletions: Int { state.current.profileCompletions }
    var currentState: AuthenticationState { state.current.snapshot.state }

    /// Makes ``end(reason:)`` and ``logOut(deviceToken:)`` fail with `error` (after recording the
    /// call and ending in memory).
    func failEnds(with error: WoteError?) { state.withLock { $0.endFailure = error } }
    func scriptRefresh(_ result: Result<SessionSnapshot, WoteError>) { state.withLock { $0.refreshResult = result } }
    func scriptRestore(_ snapshot: SessionSnapshot) { state.withLock { $0.restoreResult = snapshot } }

    /// Sends `event` to every stream made so far.
    func send(_ event: SessionEvent) {
        for continuation in state.current.continuations { continuation.yield(event) }
    }

    func announceProfile(_ user: User, ifStill identity: SessionIdentity) async throws(WoteError) {
        guard currentSessionIdentity() == identity else { throw .notSignedIn }
        send(.profileFetched(user))
    }

    /// The fake's sessions are told apart by how many began: each ``begin(_:persist:)`` is a new one.
    func currentSessionIdentity() -> SessionIdentity? {
        state.withLock {
            $0.snapshot.state.hasSession ? SessionIdentity(generation: UInt64($0.begins.count)) : nil
        }
    }

    func end(reason: SignOutReason, ifStill identity: SessionIdentity) async throws(WoteError) -> Bool {
        guard currentSessionIdentity() == identity else { return false }
        try await end(reason: reason)
        return true
    }

    func begin(_ session: StoredSession, persist: Bool) async throws(WoteError) -> AuthenticationState {
        state.withLock {
            $0.begins.append(Begin(session: session, persist: persist))
            let newState: AuthenticationState = session.profileCompleted ? .signedIn : .profileRequired
            $0.snapshot = SessionSnapshot(state: newState, tokens: session.tokens, isPersistent: persist)
            return newState
        }
    }

    func end(reason: SignOutReason) async throws(WoteError) {
        let failure = state.withLock {
            $0.endReasons.append(reason)
            $0.snapshot = SessionSnapshot(state: .signedOut(reason))
            return $0.endFailure
        }
        if let failure { throw failure }
    }

    func markProfileCompleted(ifStill identity: SessionIdentity) async throws(WoteError) {
        guard currentSessionIdentity() == identity else { throw .notSignedIn }
        state.withLock {
            $0.profileCompletions += 1
            $0.snapshot.state = .signedIn
        }
    }

    func restore() async -> SessionSnapshot { state.current.restoreResult }

    func refresh() async throws(WoteError) -> SessionSnapshot { try state.current.refreshResult.get() }

    func snapshot() async -> SessionSnapshot { state.current.snapshot }

    func logOut(deviceToken: String?) async throws(WoteError) {
        let failure = state.withLock {
            $0.logouts.append(deviceToken)
            $0.snapshot = SessionSnapshot(state: .signedOut(.loggedOut))
            return $0.endFailure
        }
        if let failure { throw failure }
    }

    func events() -> AsyncStream<SessionEvent> {
        let (stream, continuation) = AsyncStream<SessionEvent>.makeStream()
        state.withLock { $0.continuations.append(continuation) }
        return stream
    }
}
