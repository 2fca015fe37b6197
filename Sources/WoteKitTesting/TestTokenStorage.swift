public import WoteDomain
import WoteLocked

/// An in-memory token store whose failures a test can script: unreadable, corrupted, failing writes.
public final class TestTokenStorage: TokenStorage {
    private struct State {
        var session: StoredSession?
        var loadFailure: TokenStorageError?
        var saveFailure: TokenStorageError?
        var saves = 0
        var removals = 0
    }

    private let state: Locked<State>

    /// Creates a store holding `session`.
    public init(session: StoredSession? = nil) {
        state = Locked(State(session: session))
    }

    /// The stored session, as a test sees it.
    public var session: StoredSession? {
        get { state.current.session }
        set { state.withLock { $0.session = newValue } }
    }

    /// How many times ``save(_:)`` succeeded.
    public var saveCount: Int { state.current.saves }

    /// How many times ``remove()`` succeeded.
    public var removeCount: Int { state.current.removals }

    /// Makes ``load()`` fail with `error` (or succeed again with `nil`).
    public func failLoads(with error: TokenStorageError?) {
        state.withLock { $0.loadFailure = error }
    }

    /// Makes ``save(_:)`` and ``remove()`` fail with `error` (or succeed again with `nil`).
    public func failWrites(with error: TokenStorageError?) {
        state.withLock { $0.saveFailure = error }
    }

    /// Returns the stored session or the scripted failure.
    public func load() async throws(TokenStorageError) -> StoredSession? {
        let current = state.current
        if let failure = current.loadFailure { throw failure }
        return current.session
    }

    /// Stores `session` or throws the scripted failure.
    public func save(_ session: StoredSession) async throws(TokenStorageError) {
        try state.withLock { (value: inout State) throws(TokenStorageError) in
            if let failure = value.saveFailure { throw failure }
            value.session = session
            value.saves += 1
        }
    }

    /// Removes the session or throws the scripted failure.
    public func remove() async throws(TokenStorageError) {
        try state.withLock { (value: inout State) throws(TokenStorageError) in
            if let failure = value.saveFailure { throw failure }
            value.session = nil
            value.removals += 1
        }
    }
}
