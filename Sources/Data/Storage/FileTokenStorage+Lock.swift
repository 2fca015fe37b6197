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
    /// Takes an exclusive `flock` on `<file>.lock` (created 0600, never through a symbolic link),
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
    ///
    /// - Parameter limit: the longest wait.
    /// - Returns: the held lock; call ``TokenStorageLock/release()`` once to give it back.
    /// - Throws: ``TokenStorageError/lockTimedOut(_:)`` after `limit` or on cancellation;
    ///   ``TokenStorageError/unavailable(_:)`` when the lock file cannot be opened or locked.
    public func lock(waitingAtMost limit: Duration) async throws(TokenStorageError) -> TokenStorageLock {
        try createDirectory()
        try checkDirectoryIsPrivate()
        let descriptor: Int32
        do {
            descriptor = try POSIXFile.openFile(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW, mode: 0o600)
        } catch {
            throw .unavailable("cannot open the lock file \(lockPath): \(error.text)")
        }
        _ = fchmod(descriptor, 0o600)
        var code = POSIXFile.flockRetryingInterrupts(descriptor, LOCK_EX | LOCK_NB)
        if code == EWOULDBLOCK {
            onLockContention?()
            code = await Self.pollForExclusiveLock(descriptor, limit: limit)
        }
        guard code == 0 else {
            close(descriptor)
            if code == ETIMEDOUT || code == ECANCELED {
                let why = code == ETIMEDOUT ? "still held after \(limit)" : "the wait was cancelled"
                throw .lockTimedOut("cannot lock \(lockPath): \(why)")
            }
            throw .unavailable("cannot lock \(lockPath): \(POSIXFile.Failure(code: code).text)")
        }
        let released = Locked(false)
        return TokenStorageLock {
            let isFirstRelease = released.withLock { isReleased in
                defer { isReleased = true }
                return !isReleased
            }
            guard isFirstRelease else { return }
            _ = POSIXFile.flockRetryingInterrupts(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    /// Tries the lock without blocking, with growing pauses, until it is taken, `limit` has passed
    /// (`ETIMEDOUT`) or the task is cancelled (`ECANCELED`).
    ///
    /// - Returns: 0, or the `errno` code.
    private static func pollForExclusiveLock(_ descriptor: Int32, limit: Duration) async -> Int32 {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        var pause = Duration.milliseconds(1)
        while true {
            let code = POSIXFile.flockRetryingInterrupts(descriptor, LOCK_EX | LOCK_NB)
            if code != EWOULDBLOCK { return code }
            let now = clock.now
            if now >= deadline { return ETIMEDOUT }
            do {
                try await Task.sleep(until: min(now.advanced(by: pause), deadline), clock: clock)
            } catch {
                return ECANCELED
            }
            pause = min(pause * 2, .milliseconds(25))
        }
    }
}
