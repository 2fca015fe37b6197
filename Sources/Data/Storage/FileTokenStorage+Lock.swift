import Foundation
public import WoteDomain

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileTokenStorage {
    /// Takes an exclusive `flock` on `<file>.lock` (created 0600, never through a symbolic link, and
    /// refused unless this user owns it),
    /// waiting at most ``lockTimeout`` while another process, or another storage instance over the
    /// same file, holds it.
    ///
    /// The lock is not reentrant: asking again before releasing waits for yourself.
    ///
    /// - Returns: the held lock; call ``TokenStorageLock/release()`` once to give it back.
    /// - Throws: ``TokenStorageError/lockTimedOut(_:)`` after ``lockTimeout`` or when the calling
    ///   task is cancelled; ``TokenStorageError/unavailable(_:)`` when the lock file cannot be opened.
    public func lockForRefresh() async throws(TokenStorageError) -> TokenStorageLock {
        try await lock(waitingAtMost: lockTimeout)
    }

    /// Takes the store's lock, giving up after `limit`.
    ///
    /// The wait polls the lock without blocking a thread, so a holder that is stopped (not dead)
    /// cannot block this process for ever, and cancelling the calling task ends the wait at once.
    /// The lock is taken and held inside one activity of ``backgroundExecution``; when its time
    /// runs out the lock is given back at once and the store writes nothing until it is released.
    ///
    /// - Parameter limit: the longest wait.
    /// - Returns: the held lock; call ``TokenStorageLock/release()`` once to give it back.
    /// - Throws: ``TokenStorageError/lockTimedOut(_:)`` after `limit`, on cancellation, or when the
    ///   background time was refused or ran out while waiting; ``TokenStorageError/unavailable(_:)``
    ///   when the lock file cannot be opened or locked.
    public func lock(waitingAtMost limit: Duration) async throws(TokenStorageError) -> TokenStorageLock {
        _ = try openDirectory(creating: true)
        return try await FileRefreshLock.acquire(
            at: lockPath, onContention: onLockContention, waitingAtMost: limit, background: backgroundExecution,
            leases: leases)
    }
}
