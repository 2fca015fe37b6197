public import Foundation
public import WoteDomain

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A token store in one JSON file, for Linux and command-line tools: mode 0600, replaced
/// atomically, shared safely by several processes.
///
/// - Writes go to a temporary 0600 file in the same directory, are flushed to disk, and are then
///   renamed over the store, so a crash leaves the old session or the new one, never half of one.
/// - A directory it has to create gets mode 0700; an existing directory keeps its mode.
/// - A file that cannot be read at all is ``TokenStorageError/unavailable(_:)`` and is left alone;
///   a file that reads but holds no valid session is ``TokenStorageError/corrupted(_:)``.
/// - ``lock(waitingAtMost:)`` takes an exclusive `flock` on `<file>.lock`, so processes sharing the
///   file change it one at a time; the wait is bounded (``lockTimeout``) and cancellable.
/// - The store and its lock are never opened through a symbolic link, and a store whose directory
///   others may write to (mode & 0o022) is refused with ``TokenStorageError/unavailable(_:)``.
///
/// ```swift
/// let home = FileManager.default.homeDirectoryForCurrentUser
/// let storage = FileTokenStorage(fileURL: home.appending(path: ".config/wote/session.json"))
/// ```
public final class FileTokenStorage: TokenStorage {
    /// The store file.
    public let fileURL: URL
    /// Files larger than this are not sessions; they are reported as corrupted unread.
    static let maximumFileSize = 1024 * 1024

    let path: String
    let lockPath: String
    let onLockContention: (@Sendable () -> Void)?
    /// How long ``lockForRefresh()`` waits for a lock another process holds before failing with
    /// ``TokenStorageError/lockTimedOut(_:)``. The session engine passes its own bound (a little
    /// longer than the request time-out) through ``lock(waitingAtMost:)``.
    public let lockTimeout: Duration
    /// Where the background time the lock is held in comes from (see ``BackgroundExecution``).
    public let backgroundExecution: BackgroundExecution
    let leases = RefreshLockLeases()

    /// Creates a store at `fileURL`; nothing is touched until the first call.
    ///
    /// - Parameters:
    ///   - fileURL: the store file; its directory is created (0700) on the first write.
    ///   - lockTimeout: the longest wait in ``lockForRefresh()``; default 35 s.
    ///   - backgroundExecution: the background time the lock is taken in, so an iOS app is never
    ///     suspended holding it; ``BackgroundExecution/standard`` unless given.
    public convenience init(
        fileURL: URL, lockTimeout: Duration = .seconds(35), backgroundExecution: BackgroundExecution = .standard
    ) {
        self.init(
            fileURL: fileURL, lockTimeout: lockTimeout, backgroundExecution: backgroundExecution,
            onLockContention: nil)
    }

    /// Creates a store that reports when ``lockForRefresh()`` finds the lock held and starts to wait.
    package init(
        fileURL: URL, lockTimeout: Duration = .seconds(35), backgroundExecution: BackgroundExecution = .standard,
        onLockContention: (@Sendable () -> Void)?
    ) {
        self.fileURL = fileURL
        path = fileURL.path(percentEncoded: false)
        lockPath = path + ".lock"
        self.lockTimeout = lockTimeout
        self.backgroundExecution = backgroundExecution
        self.onLockContention = onLockContention
    }

    /// Reads the stored session.
    ///
    /// - Returns: the session, or `nil` when there is no file.
    /// - Throws: ``TokenStorageError/unavailable(_:)`` when the file exists but cannot be read (the
    ///   file is kept); ``TokenStorageError/corrupted(_:)`` when it reads but is no valid session.
    public func load() async throws(TokenStorageError) -> StoredSession? {
        let descriptor: Int32
        do {
            // Non-blocking, so a FIFO put in the file's place cannot hang the open; never through a link.
            descriptor = try POSIXFile.openFile(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW)
        } catch {
            if error.code == ENOENT {
                // No store yet; a directory others may write to is refused all the same.
                if case .success = POSIXFile.fileType(
                    atPath: fileURL.deletingLastPathComponent().path(percentEncoded: false))
                {
                    try checkDirectoryIsPrivate()
                }
                return nil
            }
            if error.code == ELOOP {
                throw .unavailable("the token file \(path) is a symbolic link; refusing to follow it")
            }
            throw .unavailable("cannot open the token file \(path): \(error.text)")
        }
        defer { close(descriptor) }
        try checkDirectoryIsPrivate()
        let contents: Data?
        do {
            contents = try POSIXFile.readAll(descriptor, limit: Self.maximumFileSize)
        } catch {
            throw .unavailable("cannot read the token file \(path): \(error.text)")
        }
        guard let contents else {
            throw .corrupted("the token file \(path) is larger than \(Self.maximumFileSize) bytes")
        }
        return try StoredSession(storeFormat: contents, readFrom: "the token file \(path)") { Self.reason(for: $0) }
    }

    /// Replaces the stored session with `session`, atomically, as a 0600 file.
    ///
    /// - Throws: ``TokenStorageError/unavailable(_:)`` when the directory or file cannot be written;
    ///   ``TokenStorageError/lockTimedOut(_:)`` when the background time of this store's lock ran
    ///   out and the lock was not released yet. The previous session is then still in place.
    public func save(_ session: StoredSession) async throws(TokenStorageError) {
        let contents = try session.storeFormat()
        try createDirectory()
        try checkDirectoryIsPrivate()
        let directory = fileURL.deletingLastPathComponent()
        let temporaryPath = directory.appending(path: ".\(fileURL.lastPathComponent).\(UUID().uuidString).tmp")
            .path(percentEncoded: false)
        do throws(TokenStorageError) {
            do throws(POSIXFile.Failure) {
                try Self.writeFlushed(contents, toNewFileAt: temporaryPath)
            } catch {
                throw .unavailable("cannot write the token file \(path): \(error.text)")
            }
            // Only the rename replaces the session: it never happens without the lock's background time.
            try leases.write { () throws(TokenStorageError) in
                guard rename(temporaryPath, path) == 0 else {
                    throw .unavailable("cannot write the token file \(path): \(POSIXFile.Failure.current.text)")
                }
            }
        } catch {
            unlink(temporaryPath)
            throw error
        }
        syncDirectory(directory)
    }

    /// Deletes the store file; succeeds when there is none.
    ///
    /// - Throws: ``TokenStorageError/unavailable(_:)`` when the file exists and cannot be deleted;
    ///   ``TokenStorageError/lockTimedOut(_:)`` when the background time of this store's lock ran
    ///   out and the lock was not released yet (the file is kept).
    public func remove() async throws(TokenStorageError) {
        if case .success = POSIXFile.fileType(atPath: fileURL.deletingLastPathComponent().path(percentEncoded: false)) {
            try checkDirectoryIsPrivate()
        }
        try leases.write { () throws(TokenStorageError) in
            guard unlink(path) == 0 else {
                let failure = POSIXFile.Failure.current
                if failure.code == ENOENT { return }
                throw .unavailable("cannot delete the token file \(path): \(failure.text)")
            }
        }
        syncDirectory(fileURL.deletingLastPathComponent())
    }

    func createDirectory() throws(TokenStorageError) {
        let directory = fileURL.deletingLastPathComponent()
        do {
            try POSIXFile.createDirectories(directory)
        } catch {
            throw .unavailable(
                "cannot create the token directory \(directory.path(percentEncoded: false)): \(error.text)")
        }
    }

    /// Refuses a directory that others may write to: anyone who can write there can swap the
    /// store for a file of their own.
    ///
    /// - Throws: ``TokenStorageError/unavailable(_:)`` naming the directory.
    func checkDirectoryIsPrivate() throws(TokenStorageError) {
        let directory = fileURL.deletingLastPathComponent().path(percentEncoded: false)
        var info = stat()
        guard stat(directory, &info) == 0 else {
            throw .unavailable("cannot inspect the token directory \(directory): \(POSIXFile.Failure.current.text)")
        }
        guard info.st_mode & 0o022 == 0 else {
            let mode = String(info.st_mode & 0o777, radix: 8)
            throw .unavailable(
                "the token directory \(directory) may be written by others (mode \(mode)); refusing to use it")
        }
    }

    /// Creates `path` as a 0600 file holding `contents`, flushed to disk.
    private static func writeFlushed(_ contents: Data, toNewFileAt path: String) throws(POSIXFile.Failure) {
        let descriptor = try POSIXFile.openFile(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
        defer { close(descriptor) }
        // The umask may have taken bits away; the store is exactly 0600.
        guard fchmod(descriptor, 0o600) == 0 else { throw .current }
        try POSIXFile.writeAll(descriptor, contents)
        guard fsync(descriptor) == 0 else { throw .current }
    }

    /// Flushes a rename or unlink to disk; a failure only weakens durability, so it is ignored.
    private func syncDirectory(_ directory: URL) {
        guard let descriptor = try? POSIXFile.openFile(directory.path(percentEncoded: false), O_RDONLY) else {
            return
        }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// Why the file is not a session, naming fields but never showing a value.
    private static func reason(for error: any Error) -> String {
        guard let error = error as? DecodingError else { return "unreadable" }
        func field(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "the top level" : "`" + path.map(\.stringValue).joined(separator: ".") + "`"
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing \(field(context.codingPath + [key]))"
        case .valueNotFound(_, let context): return "missing \(field(context.codingPath))"
        case .typeMismatch(_, let context): return "wrong type at \(field(context.codingPath))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : "invalid value at \(field(context.codingPath))"
        @unknown default: return "unreadable"
        }
    }
}
