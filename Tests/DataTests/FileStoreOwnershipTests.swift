import Foundation
import Testing
import WoteData
import WoteDomain
import WoteTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Security review 2026-11-26, finding 1: the file store trusts only folders and files its user
/// owns. Another user (uid 65534 here) plants a folder, a session or a lock; the store refuses each
/// with ``TokenStorageError/unavailable(_:)`` naming what it refused, and never adopts it.
///
/// Planting as another uid needs `chown`, so those tests run as root (as CI does) and are skipped,
/// saying why, otherwise. The victim is this process: as root it trusts folders owned by root only.
@Suite(.timeLimit(.minutes(1))) struct FileStoreOwnershipTests {
    /// The planting user: `nobody` on Debian and macOS alike.
    static let attacker: uid_t = 65534
    static let needsRoot = "planting a folder as another uid needs chown, so this test runs as root (CI does)"

    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    // MARK: - Planted by another user

    @Test(.enabled(if: geteuid() == 0, Comment(rawValue: needsRoot)))
    func plantedFolderOwnedByAnotherUser_isRefused() async throws {
        let shared = try makeFolder("shared", mode: 0o755)
        let store = shared.appending(path: "session.json")
        try plantSession(at: store)
        try chown(shared, to: Self.attacker)

        let storage = FileTokenStorage(fileURL: store)
        let loaded = await #expect(throws: TokenStorageError.self) { try await storage.load() }
        #expect(loaded?.isUnavailable == true)
        #expect(loaded?.reason.contains("\(path(shared)) belongs to uid \(Self.attacker)") == true, "\(loaded)")
        let saved = await #expect(throws: TokenStorageError.self) { try await storage.save(.fixture(access: "mine")) }
        #expect(saved?.isUnavailable == true)
        #expect(saved?.reason.contains(path(shared)) == true)
        let locked = await #expect(throws: TokenStorageError.self) {
            try await storage.lock(waitingAtMost: .milliseconds(50))
        }
        #expect(locked?.isUnavailable == true)
        #expect(locked?.reason.contains(path(shared)) == true)
    }

    @Test(.enabled(if: geteuid() == 0, Comment(rawValue: needsRoot)))
    func plantedSessionOwnedByAnotherUser_isRefused() async throws {
        let store = directory.url.appending(path: "session.json")
        try plantSession(at: store)

        let error = await #expect(throws: TokenStorageError.self) { try await FileTokenStorage(fileURL: store).load() }
        #expect(error?.isUnavailable == true)
        #expect(error?.reason.contains("\(path(store)) belongs to uid \(Self.attacker)") == true, "\(error)")
    }

    @Test(.enabled(if: geteuid() == 0, Comment(rawValue: needsRoot)))
    func plantedLockOwnedByAnotherUser_isRefused() async throws {
        let store = directory.url.appending(path: "session.json")
        let lock = store.appendingPathExtension("lock")
        #expect(FileManager.default.createFile(atPath: path(lock), contents: Data()))
        try setPermissions(0o666, of: lock)
        try chown(lock, to: Self.attacker)

        let error = await #expect(throws: TokenStorageError.self) {
            try await FileTokenStorage(fileURL: store).lock(waitingAtMost: .milliseconds(50))
        }
        #expect(error?.isUnavailable == true)
        #expect(error?.reason.contains("\(path(lock)) belongs to uid \(Self.attacker)") == true, "\(error)")
    }

    @Test(.enabled(if: geteuid() == 0, Comment(rawValue: needsRoot)))
    func plantedLockInTheKeychainStoresSharedFolder_isRefused() async throws {
        let shared = try makeFolder("group", mode: 0o700)
        let storage = KeychainTokenStorage(
            service: "s", sharedLockDirectory: shared, backgroundExecution: .none, calls: KeychainEmulation().app())
        let lock = URL(fileURLWithPath: try #require(storage.lockPath))
        #expect(FileManager.default.createFile(atPath: path(lock), contents: Data()))
        try setPermissions(0o666, of: lock)
        try chown(lock, to: Self.attacker)

        let error = await #expect(throws: TokenStorageError.self) { try await storage.lockForRefresh() }
        #expect(error?.isUnavailable == true)
        #expect(error?.reason.contains("\(path(lock)) belongs to uid \(Self.attacker)") == true, "\(error)")
    }

    @Test(.enabled(if: geteuid() == 0, Comment(rawValue: needsRoot)))
    func keychainSharedFolderOwnedByAnotherUser_isRefused() async throws {
        let shared = try makeFolder("group", mode: 0o755)
        try chown(shared, to: Self.attacker)
        let storage = KeychainTokenStorage(
            service: "s", sharedLockDirectory: shared, backgroundExecution: .none, calls: KeychainEmulation().app())

        let error = await #expect(throws: TokenStorageError.self) { try await storage.lockForRefresh() }
        #expect(error?.isUnavailable == true)
        #expect(error?.reason.contains("\(path(shared)) belongs to uid \(Self.attacker)") == true, "\(error)")
    }

    @Test(.enabled(if: geteuid() == 0, Comment(rawValue: needsRoot)))
    func folderAboveTheStoreOwnedByAnotherUser_isRefused() async throws {
        // The attacker owns `shared` and could swap `wote` for a folder of their own at any time.
        let shared = try makeFolder("shared", mode: 0o755)
        let wote = try makeFolder("shared/wote", mode: 0o700)
        try chown(shared, to: Self.attacker)
        let storage = FileTokenStorage(fileURL: wote.appending(path: "session.json"))

        let saved = await #expect(throws: TokenStorageError.self) { try await storage.save(.fixture()) }
        #expect(saved?.isUnavailable == true)
        #expect(saved?.reason.contains("\(path(shared)) belongs to uid \(Self.attacker)") == true, "\(saved)")
        let loaded = await #expect(throws: TokenStorageError.self) { try await storage.load() }
        #expect(loaded?.isUnavailable == true)
    }

    @Test(.enabled(if: geteuid() == 0, Comment(rawValue: needsRoot)))
    func symlinkedFolderOwnedByAnotherUser_isRefused() async throws {
        let real = try makeFolder("real", mode: 0o700)
        let link = directory.url.appending(path: "wote")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        #expect(lchown(path(link), Self.attacker, gid_t(Self.attacker)) == 0)
        let storage = FileTokenStorage(fileURL: link.appending(path: "session.json"))

        let saved = await #expect(throws: TokenStorageError.self) { try await storage.save(.fixture()) }
        #expect(saved?.isUnavailable == true)
        #expect(saved?.reason.contains("\(path(link)) is a symbolic link owned by uid \(Self.attacker)") == true)
        #expect(try directory.contents(of: real) == [])
        let loaded = await #expect(throws: TokenStorageError.self) { try await storage.load() }
        #expect(loaded?.isUnavailable == true)
    }

    // MARK: - Folders others may write to

    @Test func folderAboveTheStoreWritableByOthers_isRefused() async throws {
        let open = try makeFolder("open", mode: 0o777)
        let wote = try makeFolder("open/wote", mode: 0o700)
        let storage = FileTokenStorage(fileURL: wote.appending(path: "session.json"))

        let saved = await #expect(throws: TokenStorageError.self) { try await storage.save(.fixture()) }
        #expect(saved?.isUnavailable == true)
        #expect(saved?.reason.contains("\(path(open)) may be written by others (mode 777)") == true, "\(saved)")
        let loaded = await #expect(throws: TokenStorageError.self) { try await storage.load() }
        #expect(loaded?.isUnavailable == true)
    }

    @Test func stickyFolderAboveTheStore_isAccepted_likeTheSystemTemporaryFolder() async throws {
        _ = try makeFolder("tmp", mode: 0o1777)
        let storage = FileTokenStorage(fileURL: directory.url.appending(path: "tmp/wote/session.json"))
        try await storage.save(.fixture())
        #expect(try await storage.load() == .fixture())
    }

    @Test func symlinkedFolderOwnedByTheUser_isFollowed() async throws {
        let real = try makeFolder("real", mode: 0o700)
        let link = directory.url.appending(path: "wote")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let storage = FileTokenStorage(fileURL: link.appending(path: "session.json"))
        try await storage.save(.fixture())
        #expect(try await storage.load() == .fixture())
        #expect(try directory.contents(of: real) == ["session.json"])
    }

    @Test func fifoWhereTheStoreFolderShouldBe_isRefused_withoutBlocking() async throws {
        let fifo = directory.url.appending(path: "wote")
        #expect(mkfifo(path(fifo), 0o600) == 0)
        let storage = FileTokenStorage(fileURL: fifo.appending(path: "session.json"))
        await #expect(throws: TokenStorageError.self) { try await storage.save(.fixture()) }
        await #expect(throws: TokenStorageError.self) { try await storage.remove() }
        await #expect(throws: TokenStorageError.self) { try await storage.load() }
    }

    @Test func savedFile_isOwnedByTheUser() async throws {
        let store = directory.url.appending(path: "state/wote/session.json")
        try await FileTokenStorage(fileURL: store).save(.fixture())
        var info = stat()
        #expect(lstat(path(store), &info) == 0)
        #expect(info.st_uid == geteuid())
        #expect(lstat(path(store.deletingLastPathComponent()), &info) == 0)
        #expect(info.st_uid == geteuid())
        #expect(info.st_mode & 0o777 == 0o700)
    }

    // MARK: - Helpers

    private func path(_ url: URL) -> String {
        var text = url.path(percentEncoded: false)
        while text.count > 1, text.hasSuffix("/") { text.removeLast() }
        return text
    }

    private func makeFolder(_ relative: String, mode: Int) throws -> URL {
        let url = directory.url.appending(path: relative)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        try setPermissions(mode, of: url)
        return url
    }

    /// Writes the attacker's session (no origin, as the earlier format) at `url`, mode 0644, owned
    /// by ``attacker``.
    private func plantSession(at url: URL) throws {
        let contents = try JSONEncoder().encode(StoredSession.fixture(access: "attacker-access"))
        #expect(FileManager.default.createFile(atPath: path(url), contents: contents))
        try setPermissions(0o644, of: url)
        try chown(url, to: Self.attacker)
    }

    private func chown(_ url: URL, to owner: uid_t) throws {
        guard lchown(path(url), owner, gid_t(owner)) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM)
        }
    }
}
