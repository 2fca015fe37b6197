import Foundation
public import WoteDomain

extension FileTokenStorage {
    /// Takes an exclusive `flock` on `<file>.lock` (created 0600), waiting while another process,
    /// or another storage instance over the same file, holds it.
    ///
    /// The wait happens on a dedicated thread, so it never blocks Swift's cooperative threads. It
    /// ends when the holder releases the lock or exits; cancelling the calling task does not end it.
    /// The lock is not reentrant: asking again before releasing waits for yourself.
    ///
    /// - Returns: the held lock; call ``TokenStorageLock/release()`` once to give it back.
    /// - Throws: ``TokenStorageError/unavailable(_:)`` when the lock file cannot be opened or locked.
    public func lockForRefresh() async throws(TokenStorageError) -> TokenStorageLock {
        try createDirectory()
        return try await FileRefreshLock.acquire(at: lockPath, onContention: onLockContention)
    }
}
