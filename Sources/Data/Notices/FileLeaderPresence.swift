#if canImport(Glibc)
import Foundation
import Glibc
import WoteLocked

/// A leader's presence beside a ``FileTokenStorage`` on Linux: each active leader holds a shared
/// `flock` on `<store>.leader` (0600, this user's, opened relative to the store's checked folder,
/// non-blocking, never through a link); a follower tries an exclusive lock without blocking, which
/// fails while any leader holds its share. A leader that withdraws unlocks and then writes the file
/// (its closing is the notice the followers watch with inotify). A leader that dies loses its lock
/// with its process: no stale presence.
package final class FileLeaderPresence: LeaderPresence {
    let directoryPath: String
    let fileName: String

    /// The presence file `fileName` in the store's folder at `directoryPath`.
    package init(directoryPath: String, fileName: String) {
        self.directoryPath = directoryPath
        self.fileName = fileName
    }

    package func publish() -> StoreObservation? {
        guard let descriptor = openFile(O_RDWR | O_CREAT) else { return nil }
        guard POSIXFile.flockRetryingInterrupts(descriptor, LOCK_SH) == 0 else {
            close(descriptor)
            return nil
        }
        return StoreObservation { [self] in
            _ = POSIXFile.flockRetryingInterrupts(descriptor, LOCK_UN)
            close(descriptor)
            announce()
        }
    }

    package func isLeaderActive() -> Bool {
        // Read-only: closing it makes no inotify "close after write", which every follower would hear.
        guard let descriptor = openFile(O_RDONLY) else { return false }
        defer { close(descriptor) }
        let code = POSIXFile.flockRetryingInterrupts(descriptor, LOCK_EX | LOCK_NB)
        if code == 0 { _ = POSIXFile.flockRetryingInterrupts(descriptor, LOCK_UN) }
        return code == EWOULDBLOCK
    }

    package func observe(_ handler: @escaping @Sendable () -> Void) -> StoreObservation? {
        InotifyStoreNotices(directoryPath: directoryPath, fileName: fileName).observe(handler)
    }

    /// Writes the file (nothing in it), so its watchers hear that the presence changed.
    private func announce() {
        guard let descriptor = openFile(O_WRONLY) else { return }
        _ = ftruncate(descriptor, 0)
        close(descriptor)
    }

    /// The presence file, this user's regular file, opened with `access` (`O_CREAT` to make it)
    /// relative to the store's checked folder; `nil` when there is none or it is refused.
    private func openFile(_ access: Int32) -> Int32? {
        let creating = access & O_CREAT != 0
        guard let folder = try? TrustedDirectory.open(directoryPath, creating: creating, role: "the token directory")
        else { return nil }
        let descriptor = openat(folder.descriptor, fileName, access | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & POSIXFile.fileTypeMask == POSIXFile.regularFileType,
            info.st_uid == geteuid()
        else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
#endif
