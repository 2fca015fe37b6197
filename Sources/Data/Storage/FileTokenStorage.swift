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
/// - Only what this user controls is trusted (see `TrustedDirectory` and Docs/Security.md): the
///   store's folder must belong to this user and not be writable by others (mode & 0o022), every
///   folder above it must belong to this user or root and be private or sticky, a symbolic link on
///   the way must belong to this user or root, and the file and its lock must belong to this user.
///   Anything else is refused with ``TokenStorageError/unavailable(_:)`` naming it, never adopted.
///   The store and its lock are never opened through a symbolic link, and all file work happens
///   relative to the folder's descriptor.
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
    /// The folder holding the store, and the store's name in it.
    let directoryPath: String
    let fileName: String
    let onLockContention: (@Sendable () -> Void)?
    /// How long ``lockForRefresh()`` waits for a lock another process holds before failing with
    /// ``TokenStorageError/lockTimedOut(_:)``. The session engine passes its own bound (a little
    /// longer than the request time-out) through ``lock(waitingAtMost:)``.
    public let lockTimeout: Duration
    /// Where the background time the lock is held in comes from (see ``BackgroundExecution``).
    public let backgroundExecution: BackgroundExecution
    let leases = RefreshLockLeases()
    /// The places an earlier version kept this store's session, moved here at the first read that
    /// finds no file (see ``StoreMove``); `nil` when there are none.
    package let move: StoreMove?

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
        onLockContention: (@Sendable () -> Void)?, movingFrom formerLocations: [FormerStoreLocation] = []
    ) {
        self.fileURL = fileURL
        path = fileURL.path(percentEncoded: false)
        lockPath = path + ".lock"
        directoryPath = fileURL.deletingLastPathComponent().path(percentEncoded: false)
        fileName = fileURL.lastPathComponent
        move =
            formerLocations.isEmpty
            ? nil
            : StoreMove(
                from: formerLocations,
                record: FileStoreMoveRecord(
                    directoryPath: directoryPath, fileName: fileURL.lastPathComponent + ".moved"))
        self.lockTimeout = lockTimeout
        self.backgroundExecution = backgroundExecution
        self.onLockContention = onLockContention
    }

    /// Reads the stored session.
    ///
    /// - Returns: the session, or `nil` when there is no file.
    /// - Throws: ``TokenStorageError/unavailable(_:)`` when the file exists but cannot be read (the
    ///   file is kept), when a newer version of WoteKit wrote it (a newer stored format; kept as it
    ///   is), or when it, its folder or a folder above belongs to somebody else (see
    ///   `TrustedDirectory`); ``TokenStorageError/corrupted(_:)`` when it reads but is no valid
    ///   session.
    public func load() async throws(TokenStorageError) -> StoredSession? {
        guard let move else { return try loadHere() }
        return try await move.load(
            reading: { () throws(TokenStorageError) -> StoredSession? in try loadHere() },
            createIfAbsent: { (session) throws(TokenStorageError) -> Bool in try createIfAbsent(session) })
    }

    /// Stores `session` unless the file exists: a temporary file hard-linked to the store's name, so
    /// of two processes moving a session here at once, one wins and the other sees it.
    ///
    /// - Returns: `false`, writing nothing, when there already is a file.
    /// - Throws: ``TokenStorageError/unavailable(_:)`` when the directory or file cannot be written.
    package func createIfAbsent(_ session: StoredSession) throws(TokenStorageError) -> Bool {
        let contents = try session.storeFormat()
        guard let directory = try openDirectory(creating: true) else {
            throw .unavailable("cannot create the token directory \(directoryPath)")
        }
        let temporary: TemporaryStoreFile
        do throws(POSIXFile.Failure) {
            temporary = try TemporaryStoreFile.write(contents, besideStore: fileName, in: directory)
        } catch {
            throw .unavailable("cannot write the token file \(path): \(error.text)")
        }
        defer {
            temporary.close()
            unlinkat(directory.descriptor, temporary.name, 0)
        }
        let created = try leases.write { () throws(TokenStorageError) -> Bool in
            if linkat(directory.descriptor, temporary.name, directory.descriptor, fileName, 0) == 0 { return true }
            let failure = POSIXFile.Failure.current
            if failure.code == EEXIST { return false }
            // A file system without hard links: look, then rename (only a writer racing within
            // these two calls could be overwritten).
            guard failure.code == EPERM || failure.code == ENOTSUP || failure.code == EOPNOTSUPP else {
                throw .unavailable("cannot write the token file \(path): \(failure.text)")
            }
            var info = stat()
            if fstatat(directory.descriptor, fileName, &info, AT_SYMLINK_NOFOLLOW) == 0 { return false }
            guard renameat(directory.descriptor, temporary.name, directory.descriptor, fileName) == 0 else {
                throw .unavailable("cannot write the token file \(path): \(POSIXFile.Failure.current.text)")
            }
            return true
        }
        directory.sync()
        return created
    }

    /// Reads the file at this store's own place.
    private func loadHere() throws(TokenStorageError) -> StoredSession? {
        guard let directory = try openDirectory(creating: false) else { return nil }
        let descriptor: Int32
        do {
            // Non-blocking, so a FIFO put in the file's place cannot hang the open; never through a link.
            descriptor = try POSIXFile.openFile(fileName, in: directory.descriptor, O_RDONLY | O_NONBLOCK | O_NOFOLLOW)
        } catch {
            if error.code == ENOENT { return nil }
            if error.code == ELOOP {
                throw .unavailable("the token file \(path) is a symbolic link; refusing to follow it")
            }
            throw .unavailable("cannot open the token file \(path): \(error.text)")
        }
        defer { close(descriptor) }
        try POSIXFile.checkOwned(descriptor, named: "the token file \(path)")
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

    /// Replaces the stored session with `session`, atomically, as a 0600 file; a temporary file an
    /// earlier write left behind (a crash before its rename) is deleted first.
    ///
    /// - Throws: ``TokenStorageError/unavailable(_:)`` when the directory or file cannot be written,
    ///   or a folder on the way belongs to somebody else; ``TokenStorageError/lockTimedOut(_:)``
    ///   when the background time of this store's lock ran out and the lock was not released yet.
    ///   The previous session is then still in place. A file a newer version of WoteKit wrote (a
    ///   newer stored format) is never replaced: ``TokenStorageError/unavailable(_:)`` says so.
    public func save(_ session: StoredSession) async throws(TokenStorageError) {
        let contents = try session.storeFormat()
        guard let directory = try openDirectory(creating: true) else {
            throw .unavailable("cannot create the token directory \(directoryPath)")
        }
        removeLeftovers(in: directory)
        let temporary: TemporaryStoreFile
        do throws(POSIXFile.Failure) {
            temporary = try TemporaryStoreFile.write(contents, besideStore: fileName, in: directory)
        } catch {
            throw .unavailable("cannot write the token file \(path): \(error.text)")
        }
        defer { temporary.close() }
        do throws(TokenStorageError) {
            // Only the rename replaces the session: it never happens without the lock's background time.
            try leases.write { () throws(TokenStorageError) in
                try TokenStorageError.refuseReplacing(currentContents(in: directory), at: "the token file \(path)")
                guard renameat(directory.descriptor, temporary.name, directory.descriptor, fileName) == 0 else {
                    throw .unavailable("cannot write the token file \(path): \(POSIXFile.Failure.current.text)")
                }
            }
        } catch {
            unlinkat(directory.descriptor, temporary.name, 0)
            throw error
        }
        directory.sync()
        // Linux: nothing to send, the rename or unlink is the notice; Apple: a Darwin notification.
        notices?.post()
    }

    /// Deletes the store file, and any temporary file an interrupted write left behind; succeeds
    /// when there is none.
    ///
    /// - Throws: ``TokenStorageError/unavailable(_:)`` when the file exists and cannot be deleted,
    ///   or a folder on the way belongs to somebody else; ``TokenStorageError/lockTimedOut(_:)``
    ///   when the background time of this store's lock ran out and the lock was not released yet
    ///   (the file is kept). A file a newer version of WoteKit wrote is kept as well:
    ///   ``TokenStorageError/unavailable(_:)`` says so.
    public func remove() async throws(TokenStorageError) {
        guard let directory = try openDirectory(creating: false) else { return }
        removeLeftovers(in: directory)
        try leases.write { () throws(TokenStorageError) in
            try TokenStorageError.refuseReplacing(currentContents(in: directory), at: "the token file \(path)")
            guard unlinkat(directory.descriptor, fileName, 0) == 0 else {
                let failure = POSIXFile.Failure.current
                if failure.code == ENOENT { return }
                throw .unavailable("cannot delete the token file \(path): \(failure.text)")
            }
        }
        directory.sync()
        // Linux: nothing to send, the rename or unlink is the notice; Apple: a Darwin notification.
        notices?.post()
    }

    /// The store's folder, checked from `/` down (see ``TrustedDirectory``).
    ///
    /// - Returns: the folder, or `nil` when it does not exist and `creating` is `false`.
    func openDirectory(creating: Bool) throws(TokenStorageError) -> TrustedDirectory? {
        try TrustedDirectory.open(directoryPath, creating: creating, role: "the token directory")
    }

    /// What the store file in `directory` holds now; `nil` when there is none, or it cannot be read.
    private func currentContents(in directory: TrustedDirectory) -> Data? {
        guard
            let descriptor = try? POSIXFile.openFile(
                fileName, in: directory.descriptor, O_RDONLY | O_NONBLOCK | O_NOFOLLOW)
        else { return nil }
        defer { close(descriptor) }
        return try? POSIXFile.readAll(descriptor, limit: Self.maximumFileSize)
    }

    /// Deletes the temporary files (`.<name>.<UUID>.tmp`) a write that never reached its rename
    /// left in `directory`: they hold the newest refresh token. One that a writer still holds
    /// (its `flock`) is left alone.
    private func removeLeftovers(in directory: TrustedDirectory) {
        for name in directory.names() where TemporaryStoreFile.isTemporary(name, besideStore: fileName) {
            TemporaryStoreFile.removeIfAbandoned(name, in: directory)
        }
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
