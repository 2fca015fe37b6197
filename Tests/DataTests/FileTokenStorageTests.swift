import Foundation
import Testing
import WoteData
import WoteDomain
import WoteLocked
import WoteTestSupport

/// The file store: atomic 0600 writes in a 0700 directory, unreadable versus corrupted files, and
/// the cross-process refresh lock.
@Suite(.timeLimit(.minutes(1))) struct FileTokenStorageTests {
    let directory: TemporaryDirectory
    let fileURL: URL
    let storage: FileTokenStorage

    init() throws {
        directory = try TemporaryDirectory()
        fileURL = directory.url.appending(path: "session.json")
        storage = FileTokenStorage(fileURL: fileURL)
    }

    @Test func load_returnsNil_whenThereIsNoFile() async throws {
        #expect(try await storage.load() == nil)
    }

    @Test func save_thenLoad_returnsTheSameSession() async throws {
        try await storage.save(.fixture(completed: false))
        #expect(try await storage.load() == .fixture(completed: false))
        #expect(try await FileTokenStorage(fileURL: fileURL).load() == .fixture(completed: false))
    }

    @Test func save_writesTheFileWithMode0600() async throws {
        try await storage.save(.fixture())
        #expect(permissions(of: fileURL) == 0o600)
    }

    @Test func save_over_a0644File_leavesItAt0600() async throws {
        #expect(FileManager.default.createFile(atPath: fileURL.path(percentEncoded: false), contents: Data("{}".utf8)))
        try setPermissions(0o644, of: fileURL)
        try await storage.save(.fixture())
        #expect(permissions(of: fileURL) == 0o600)
        #expect(try await storage.load() == .fixture())
    }

    @Test func save_createsMissingDirectories_withMode0700() async throws {
        let parent = directory.url.appending(path: "config")
        let nested = parent.appending(path: "wote")
        let storage = FileTokenStorage(fileURL: nested.appending(path: "session.json"))
        try await storage.save(.fixture())
        #expect(permissions(of: parent) == 0o700)
        #expect(permissions(of: nested) == 0o700)
        #expect(try await storage.load() == .fixture())
    }

    @Test func save_leavesAnExistingDirectorysModeAlone() async throws {
        let existing = directory.url.appending(path: "shared")
        try FileManager.default.createDirectory(at: existing, withIntermediateDirectories: false)
        try setPermissions(0o755, of: existing)
        try await FileTokenStorage(fileURL: existing.appending(path: "session.json")).save(.fixture())
        #expect(permissions(of: existing) == 0o755)
    }

    @Test func save_replacesTheFile_andLeavesNoTemporaryFileBehind() async throws {
        try await storage.save(.fixture(access: "first"))
        try await storage.save(.fixture(access: "second"))
        #expect(try directory.contents() == ["session.json"])
        #expect(try await storage.load() == .fixture(access: "second"))
    }

    @Test func failedSave_leavesNoTemporaryFile_andReportsUnavailable() async throws {
        // A directory where the file should be: the rename over it fails.
        try FileManager.default.createDirectory(at: fileURL, withIntermediateDirectories: false)
        let error = await #expect(throws: TokenStorageError.self) { try await storage.save(.fixture()) }
        #expect(error?.isUnavailable == true)
        #expect(try directory.contents() == ["session.json"])
    }

    @Test(arguments: CorruptFile.all)
    func load_reportsCorrupted_andKeepsTheFile(_ corrupt: CorruptFile) async throws {
        let contents = corrupt.contents()
        #expect(FileManager.default.createFile(atPath: fileURL.path(percentEncoded: false), contents: contents))
        let error = await #expect(throws: TokenStorageError.self) { try await storage.load() }
        #expect(error?.isCorrupted == true)
        #expect(error?.reason.contains("access.jwt") == false, "the reason must not show a token")
        #expect(FileManager.default.contents(atPath: fileURL.path(percentEncoded: false)) == contents)
    }

    @Test func load_reportsUnavailable_whenADirectoryIsWhereTheFileShouldBe() async throws {
        try FileManager.default.createDirectory(at: fileURL, withIntermediateDirectories: false)
        await #expect(
            throws: TokenStorageError.unavailable(
                "cannot read the token file \(fileURL.path(percentEncoded: false)): \(String(cString: strerror(EISDIR)))"
            )
        ) {
            try await storage.load()
        }
        #expect(try directory.contents() == ["session.json"])
    }

    @Test func load_reportsUnavailable_withoutHanging_whenAFIFOIsWhereTheFileShouldBe() async throws {
        #expect(mkfifo(fileURL.path(percentEncoded: false), 0o600) == 0)
        await #expect(
            throws: TokenStorageError.unavailable(
                "cannot read the token file \(fileURL.path(percentEncoded: false)): not a regular file")
        ) {
            try await storage.load()
        }
    }

    @Test(.disabled(if: permissionsAreBypassed, "root reads files whatever their mode; the directory case covers it"))
    func load_reportsUnavailable_andKeepsTheFile_whenPermissionIsDenied() async throws {
        try await storage.save(.fixture())
        try setPermissions(0o000, of: fileURL)
        let error = await #expect(throws: TokenStorageError.self) { try await storage.load() }
        #expect(error?.isUnavailable == true)
        try setPermissions(0o600, of: fileURL)
        #expect(try await storage.load() == .fixture())
    }

    @Test func remove_deletesTheFile() async throws {
        try await storage.save(.fixture())
        try await storage.remove()
        #expect(try await storage.load() == nil)
        #expect(try directory.contents() == [])
    }

    @Test func remove_succeeds_whenThereIsNoFile() async throws {
        try await storage.remove()
        try await storage.remove()
        #expect(try await storage.load() == nil)
    }

    @Test func lockFile_isCreatedBesideTheStore_withMode0600() async throws {
        let lock = try await storage.lockForRefresh()
        defer { lock.release() }
        #expect(permissions(of: fileURL.appendingPathExtension("lock")) == 0o600)
    }

    @Test func lockForRefresh_waitsForAnotherInstance_untilItReleases() async throws {
        try await expectRefreshLockExclusion(
            holder: FileTokenStorage(fileURL: fileURL),
            waiter: { FileTokenStorage(fileURL: fileURL, onLockContention: $0) })
    }

    @Test func lockForRefresh_isTakenAtOnce_whenTheOtherInstanceReleasedIt() async throws {
        let contentions = Locked(0)
        let second = FileTokenStorage(fileURL: fileURL, onLockContention: { contentions.withLock { $0 += 1 } })
        let firstLock = try await storage.lockForRefresh()
        firstLock.release()
        firstLock.release()  // A second release is harmless.
        let secondLock = try await second.lockForRefresh()
        secondLock.release()
        #expect(contentions.current == 0)
    }
}

extension TokenStorageError {
    var isUnavailable: Bool { if case .unavailable = self { true } else { false } }
    var isCorrupted: Bool { if case .corrupted = self { true } else { false } }
}

/// A file that reads but holds no valid session.
struct CorruptFile: Sendable, CustomTestStringConvertible {
    var name: String
    var contents: @Sendable () -> Data

    var testDescription: String { name }

    static let all: [CorruptFile] = [
        CorruptFile(name: "empty") { Data() },
        CorruptFile(name: "garbage") { Data([0x00, 0xFF, 0x13, 0x37]) },
        CorruptFile(name: "half-written") {
            let whole = try! JSONEncoder().encode(StoredSession.fixture())
            return whole.prefix(whole.count / 2)
        },
        // A newer version (2) is no corruption: StoreFormatFixtureTests. Version 0 never existed.
        CorruptFile(name: "unknown older format version") {
            Data(
                #"{"version":0,"accessToken":"access.jwt","refreshToken":"refresh.jwt","accessTokenIssuedAt":1700000000000,"profileCompleted":true}"#
                    .utf8)
        },
        CorruptFile(name: "missing refresh token") {
            Data(
                #"{"version":1,"accessToken":"access.jwt","accessTokenIssuedAt":1700000000000,"profileCompleted":true}"#
                    .utf8)
        },
        CorruptFile(name: "JSON array") { Data("[]".utf8) },
    ]
}
