public import WoteDomain

/// A token store that lives only as long as the process: for sign-ins with "keep me signed in"
/// turned off, and for tests.
///
/// ```swift
/// let storage = InMemoryTokenStorage()
/// ```
public actor InMemoryTokenStorage: TokenStorage {
    private var session: StoredSession?
    /// Tells the other engines of this process sharing this instance of each change.
    package nonisolated let inProcessNotices = InProcessStoreNotices()
    /// A follower engine's "refresh wanted", heard by the leader engines sharing this instance.
    package nonisolated let inProcessWantedNotices = InProcessStoreNotices()
    /// Whether a leader engine sharing this instance is active (see ``LeaderPresence``).
    package nonisolated let inProcessLeaderPresence = InProcessLeaderPresence()
    /// The last sign-out record, kept as long as this store (see ``SignOutRecord``).
    nonisolated let records = InMemorySignOutRecordStore()

    /// Creates a store holding `session`.
    ///
    /// - Parameter session: the session already stored, if any.
    public init(session: StoredSession? = nil) {
        self.session = session
    }

    /// Returns the stored session.
    ///
    /// - Returns: the session, or `nil` when none is stored.
    public func load() async throws(TokenStorageError) -> StoredSession? {
        session
    }

    /// Replaces the stored session with `session`.
    public func save(_ session: StoredSession) async throws(TokenStorageError) {
        self.session = session
        inProcessNotices.post()
    }

    /// Forgets the stored session; succeeds when there is none.
    public func remove() async throws(TokenStorageError) {
        session = nil
        inProcessNotices.post()
    }
}
