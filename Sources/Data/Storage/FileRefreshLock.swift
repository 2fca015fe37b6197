import Foundation
import WoteDomain
import WoteLocked

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

    /// The activity name the system's logs show.
    static let activityName = "WoteKit token refresh"

    /// Takes an exclusive `flock` on `lockPath` (created 0600, never through a symbolic link, in a
    /// folder checked from `/` down, and refused unless this user owns it),
    /// waiting at most `limit` while another process, or another storage instance over the same
    /// file, holds it; all of it inside one activity of `background`.
    ///
    /// The wait polls the lock without blocking a thread, so a holder that is stopped (not dead)
    /// cannot block this process for ever, and cancelling the calling task ends the wait at once.
    /// The lock is not reentrant: asking again before releasing waits for yourself.
    ///
    /// When the activity's time runs out, the lock is given back at once (iOS terminates a
    /// suspended app that holds a file lock in a shared container), a wait ends, and `leases`
    /// refuses the store's writes until the holder releases the lock.
    ///
    /// - Parameters:
    ///   - lockPath: the lock file; its directory must exist.
    ///   - onContention: called when the lock is held by someone else and the wait begins.
    ///   - limit: the longest wait.
    ///   - background: where the background time comes from.
    ///   - leases: the store's locks and writes.
    /// - Returns: the held lock; call ``TokenStorageLock/release()`` once to give it back.
    /// - Throws: ``TokenStorageError/lockTimedOut(_:)`` after `limit`, on cancellation, or when the
    ///   background time was refused or ran out while waiting; ``TokenStorageError/unavailable(_:)``
    ///   when the lock file cannot be opened or locked.
    static func acquire(
        at lockPath: String, onContention: (@Sendable () -> Void)?, waitingAtMost limit: Duration = defaultWait,
        background: BackgroundExecution = .none, leases: RefreshLockLeases = RefreshLockLeases()
    ) async throws(TokenStorageError) -> TokenStorageLock {
        let id = leases.open()
        guard let activity = await background.begin(name: activityName, onExpiry: { leases.expire(id) }) else {
            leases.release(id)
            throw .lockTimedOut("cannot lock \(lockPath): the system granted no background time to hold it")
        }
        guard leases.attach(activity, to: id) else {
            leases.release(id)
            throw .lockTimedOut("cannot lock \(lockPath): the background time ran out before the lock was taken")
        }
        let descriptor: Int32
        do throws(TokenStorageError) {
            descriptor = try openLockFile(lockPath)
        } catch {
            leases.release(id)
            throw error
        }
        var code = POSIXFile.flockRetryingInterrupts(descriptor, LOCK_EX | LOCK_NB)
        if code == EWOULDBLOCK {
            onContention?()
            code = await pollForExclusiveLock(descriptor, limit: limit) { leases.isExpired(id) }
        }
        guard code == 0, leases.hold(descriptor, for: id) else {
            if code == 0 { _ = POSIXFile.flockRetryingInterrupts(descriptor, LOCK_UN) }
            close(descriptor)
            leases.release(id)
            if code == 0 || code == backgroundTimeRanOut {
                throw .lockTimedOut("cannot lock \(lockPath): the background time ran out while waiting for it")
            }
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
            leases.release(id)
        }
    }

    /// Opens (or creates, 0600) the lock file at `lockPath`, never through a symbolic link, in a
    /// folder checked from `/` down (see ``TrustedDirectory``); a lock file somebody else owns is
    /// refused, never used: whoever owns it could hold its `flock` for ever.
    ///
    /// - Throws: ``TokenStorageError/unavailable(_:)`` naming the file or folder refused.
    private static func openLockFile(_ lockPath: String) throws(TokenStorageError) -> Int32 {
        let url = URL(fileURLWithPath: lockPath)
        let folder = try TrustedDirectory.open(
            url.deletingLastPathComponent().path(percentEncoded: false), creating: false, role: "the lock directory")
        guard let folder else {
            throw .unavailable("cannot open the lock file \(lockPath): \(POSIXFile.Failure(code: ENOENT).text)")
        }
        let descriptor: Int32
        do {
            // Non-blocking, so a FIFO in the file's place cannot hang the open.
            descriptor = try POSIXFile.openFile(
                url.lastPathComponent, in: folder.descriptor, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK, mode: 0o600)
        } catch {
            throw .unavailable("cannot open the lock file \(lockPath): \(error.text)")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & POSIXFile.fileTypeMask == POSIXFile.regularFileType else {
            close(descriptor)
            throw .unavailable("the lock file \(lockPath) is not a regular file; refusing to use it")
        }
        guard info.st_uid == geteuid() else {
            close(descriptor)
            throw .unavailable(
                "the lock file \(lockPath) belongs to uid \(info.st_uid), not to this user (uid \(geteuid())); "
                    + "refusing to use it")
        }
        _ = fchmod(descriptor, 0o600)
        return descriptor
    }

    /// What ``pollForExclusiveLock(_:limit:stoppingWhen:)`` answers when the background time ran out.
    private static let backgroundTimeRanOut: Int32 = -1

    /// Tries the lock without blocking, with growing pauses, until it is taken, `limit` has passed
    /// (`ETIMEDOUT`), the task is cancelled (`ECANCELED`) or `stop` says the background time ran
    /// out (``backgroundTimeRanOut``).
    ///
    /// - Returns: 0, or the `errno` code.
    private static func pollForExclusiveLock(
        _ descriptor: Int32, limit: Duration, stoppingWhen stop: () -> Bool
    ) async -> Int32 {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        var pause = Duration.milliseconds(1)
        while true {
            if stop() { return backgroundTimeRanOut }
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
