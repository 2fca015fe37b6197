import Foundation
import WoteDomain

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The cross-process refresh lock the token stores share: an exclusive `flock` on a lock file.
///
/// ``FileTokenStorage`` locks `<file>.lock` beside its store; ``KeychainTokenStorage`` locks a file
/// in the directory the app gives it (the App Group container an app and its extensions share).
enum FileRefreshLock {
    /// How long a store waits for the lock unless told otherwise: a little longer than the default
    /// request time-out, so a holder that is refreshing has time to finish.
    static let defaultWait: Duration = .seconds(35)

    /// Takes an exclusive `flock` on `lockPath` (created 0600, never through a symbolic link),
    /// waiting at most `limit` while another process, or another storage instance over the same
    /// file, holds it.
    ///
    /// The wait polls the lock without blocking a thread, so a holder that is stopped (not dead)
    /// cannot block this process for ever, and cancelling the calling task ends the wait at once.
    /// The lock is not reentrant: asking again before releasing waits for yourself.
    ///
    /// - Parameters:
    ///   - lockPath: the lock file; its directory must exist.
    ///   - onContention: called when the lock is held by someone else and the wait begins.
    ///   - limit: the longest wait.
    /// - Returns: the held lock; call ``TokenStorageLock/release()`` once to give it back.
    /// - Throws: ``TokenStorageError/lockTimedOut(_:)`` after `limit` or on cancellation;
    ///   ``TokenStorageError/unavailable(_:)`` when the lock file cannot be opened or locked.
    static func acquire(
        at lockPath: String, onContention: (@Sendable () -> Void)?, waitingAtMost limit: Duration = defaultWait
    ) async throws(TokenStorageError) -> TokenStorageLock {
        let descriptor: Int32
        do {
            descriptor = try POSIXFile.openFile(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW, mode: 0o600)
        } catch {
            throw .unavailable("cannot open the lock file \(lockPath): \(error.text)")
        }
        _ = fchmod(descriptor, 0o600)
        var code = POSIXFile.flockRetryingInterrupts(descriptor, LOCK_EX | LOCK_NB)
        if code == EWOULDBLOCK {
            onContention?()
            code = await pollForExclusiveLock(descriptor, limit: limit)
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
