import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary file a write of the file store goes through: `.<store>.<UUID>.tmp` beside the
/// store, 0600, flushed to disk, then renamed over the store.
///
/// The writer holds a `flock` on it from its creation until after the rename, so a later write or
/// a logout can tell a file an interrupted write left behind (nobody holds it: it is deleted, for
/// it holds the newest refresh token) from one another process is writing (left alone).
struct TemporaryStoreFile {
    /// The file's name in the store's folder.
    let name: String
    /// The open file; its `flock` says the write is alive.
    let descriptor: Int32

    /// How many fresh names a write tries when a sweep takes its file before it is locked.
    private static let attempts = 8

    /// Whether `name` is one of the temporary files of the store called `store`.
    static func isTemporary(_ name: String, besideStore store: String) -> Bool {
        let prefix = ".\(store)."
        let suffix = ".tmp"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else {
            return false
        }
        return UUID(uuidString: String(name.dropFirst(prefix.count).dropLast(suffix.count))) != nil
    }

    /// Creates a temporary file for the store called `store` in `directory`, holding `contents`,
    /// mode 0600 whatever the umask, flushed to disk, and locked until ``close()``.
    static func write(_ contents: Data, besideStore store: String, in directory: TrustedDirectory)
        throws(POSIXFile.Failure) -> TemporaryStoreFile
    {
        for _ in 0..<attempts {
            let name = ".\(store).\(UUID().uuidString).tmp"
            let descriptor = try POSIXFile.openFile(
                name, in: directory.descriptor, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
            var info = stat()
            guard POSIXFile.flockRetryingInterrupts(descriptor, LOCK_EX | LOCK_NB) == 0,
                fstat(descriptor, &info) == 0, info.st_nlink > 0
            else {
                // A sweep found the file before it was locked and took it: start over.
                closeDescriptor(descriptor)
                continue
            }
            do throws(POSIXFile.Failure) {
                // The umask may have taken bits away; the store is exactly 0600.
                guard fchmod(descriptor, 0o600) == 0 else { throw .current }
                try POSIXFile.writeAll(descriptor, contents)
                guard fsync(descriptor) == 0 else { throw .current }
            } catch {
                closeDescriptor(descriptor)
                unlinkat(directory.descriptor, name, 0)
                throw error
            }
            return TemporaryStoreFile(name: name, descriptor: descriptor)
        }
        throw POSIXFile.Failure(code: EAGAIN, explanation: "its temporary files kept disappearing")
    }

    /// Deletes the temporary file `name` in `directory` when it belongs to this user and no
    /// writer holds it.
    static func removeIfAbandoned(_ name: String, in directory: TrustedDirectory) {
        guard
            let descriptor = try? POSIXFile.openFile(
                name, in: directory.descriptor, O_RDONLY | O_NONBLOCK | O_NOFOLLOW)
        else { return }
        defer { closeDescriptor(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & POSIXFile.fileTypeMask == POSIXFile.regularFileType,
            info.st_uid == geteuid(), POSIXFile.flockRetryingInterrupts(descriptor, LOCK_EX | LOCK_NB) == 0
        else { return }
        unlinkat(directory.descriptor, name, 0)
    }

    /// Closes the file, giving its lock back (after the rename, or after the file was deleted).
    func close() {
        closeDescriptor(descriptor)
    }
}

/// `close(2)`, under a name a type with its own `close()` can call.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
