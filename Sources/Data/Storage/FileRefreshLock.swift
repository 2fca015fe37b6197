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
    /// Takes an exclusive `flock` on `lockPath` (created 0600), waiting while another process, or
    /// another storage instance over the same file, holds it.
    ///
    /// The wait happens on a dedicated thread, so it never blocks Swift's cooperative threads. It
    /// ends when the holder releases the lock or exits; cancelling the calling task does not end it.
    /// The lock is not reentrant: asking again before releasing waits for yourself.
    ///
    /// - Parameters:
    ///   - lockPath: the lock file; its directory must exist.
    ///   - onContention: called when the lock is held by someone else and the wait begins.
    /// - Returns: the held lock; call ``TokenStorageLock/release()`` once to give it back.
    /// - Throws: ``TokenStorageError/unavailable(_:)`` when the lock file cannot be opened or locked.
    static func acquire(at lockPath: String, onContention: (@Sendable () -> Void)?) async throws(TokenStorageError)
        -> TokenStorageLock
    {
        let descriptor: Int32
        do {
            descriptor = try POSIXFile.openFile(lockPath, O_RDWR | O_CREAT, mode: 0o600)
        } catch {
            throw .unavailable("cannot open the lock file \(lockPath): \(error.text)")
        }
        _ = fchmod(descriptor, 0o600)
        var code = POSIXFile.flockRetryingInterrupts(descriptor, LOCK_EX | LOCK_NB)
        if code == EWOULDBLOCK {
            onContention?()
            code = await waitForExclusiveLock(descriptor)
        }
        guard code == 0 else {
            close(descriptor)
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

    /// Blocks a new thread in `flock(LOCK_EX)` and resumes with its result (0 or the `errno` code).
    private static func waitForExclusiveLock(_ descriptor: Int32) async -> Int32 {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: POSIXFile.flockRetryingInterrupts(descriptor, LOCK_EX))
            }
            thread.name = "WoteKit.FileRefreshLock"
            thread.start()
        }
    }
}
