/// Where a session's tokens live between launches: the Keychain on Apple platforms, a 0600 file
/// elsewhere, memory in tests.
///
/// Implementations must tell "cannot read the store at all" (``TokenStorageError/unavailable(_:)``:
/// the session is kept, not wiped) apart from "read it, but it holds garbage"
/// (``TokenStorageError/corrupted(_:)``: treated as signed out).
public protocol TokenStorage: Sendable {
    /// Reads the stored session.
    ///
    /// - Returns: the session, or `nil` when none is stored.
    /// - Throws: ``TokenStorageError``.
    func load() async throws(TokenStorageError) -> StoredSession?

    /// Replaces the stored session with `session`, atomically.
    ///
    /// - Throws: ``TokenStorageError``.
    func save(_ session: StoredSession) async throws(TokenStorageError)

    /// Deletes the stored session; succeeds when there is none.
    ///
    /// - Throws: ``TokenStorageError``.
    func remove() async throws(TokenStorageError)

    /// Takes a lock that serialises token refreshes among every process sharing this store, so two
    /// processes never spend one rotating refresh token twice. Release it with ``TokenStorageLock/release()``.
    ///
    /// - Throws: ``TokenStorageError`` when the lock cannot be taken.
    func lockForRefresh() async throws(TokenStorageError) -> TokenStorageLock

    /// Takes the same lock as ``lockForRefresh()``, giving up after `limit`: the session engine holds
    /// it around every change of the stored session (sign-in, refresh, logout, profile state).
    ///
    /// - Parameter limit: the longest wait for a lock another process holds.
    /// - Throws: ``TokenStorageError/lockTimedOut(_:)`` after `limit`; `CancellationError` is never
    ///   thrown: a cancelled wait ends with ``TokenStorageError/lockTimedOut(_:)`` at once.
    func lock(waitingAtMost limit: Duration) async throws(TokenStorageError) -> TokenStorageLock
}

extension TokenStorage {
    /// Stores that only one process uses need no cross-process lock.
    public func lockForRefresh() async throws(TokenStorageError) -> TokenStorageLock { .none }

    /// Stores without a bounded wait take ``lockForRefresh()`` as it is.
    public func lock(waitingAtMost limit: Duration) async throws(TokenStorageError) -> TokenStorageLock {
        try await lockForRefresh()
    }
}
