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

/// Security review 2026-11-26, finding 11: a crash between writing the temporary file and renaming
/// it leaves `.session.json.<UUID>.tmp`, holding the newest refresh token. The next write and
/// logout (`remove()`) delete it; a temporary file another writer is still writing is left alone.
@Suite(.timeLimit(.minutes(1))) struct FileStoreLeftoverTests {
    let directory: TemporaryDirectory
    let fileURL: URL
    let leftover: URL

    init() throws {
        directory = try TemporaryDirectory()
        fileURL = directory.url.appending(path: "session.json")
        leftover = directory.url.appending(path: ".session.json.0F1E2D3C-0000-4000-8000-000000000000.tmp")
    }

    @Test func leftoverTemporaryFile_isRemovedAtLogout() async throws {
        let storage = FileTokenStorage(fileURL: fileURL)
        try await storage.save(.fixture(access: "spent"))
        try plantLeftover()

        try await storage.remove()
        #expect(try directory.contents() == [])
    }

    @Test func leftoverTemporaryFile_isRemovedAtLogout_evenWithoutAStore() async throws {
        try plantLeftover()
        try await FileTokenStorage(fileURL: fileURL).remove()
        #expect(try directory.contents() == [])
    }

    @Test func leftoverTemporaryFile_isRemovedAtTheNextWrite() async throws {
        let storage = FileTokenStorage(fileURL: fileURL)
        try plantLeftover()

        try await storage.save(.fixture(access: "next"))
        #expect(try directory.contents() == ["session.json"])
        #expect(try await storage.load() == .fixture(access: "next"))
    }

    @Test func temporaryFileAnotherWriterIsWriting_isLeftAlone() async throws {
        try plantLeftover()
        // A writer holds a `flock` on its temporary file until it is renamed.
        let descriptor = open(leftover.path(percentEncoded: false), O_RDONLY | O_CLOEXEC)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)

        try await FileTokenStorage(fileURL: fileURL).save(.fixture())
        #expect(try directory.contents() == [leftover.lastPathComponent, "session.json"])
    }

    @Test func otherFilesInTheFolder_areLeftAlone() async throws {
        let others = [".session.json.tmp", ".other.json.X.tmp", "session.json.X.tmp", "notes.txt"]
        for name in others {
            #expect(FileManager.default.createFile(atPath: directory.url.appending(path: name).path, contents: Data()))
        }
        let storage = FileTokenStorage(fileURL: fileURL)
        try await storage.save(.fixture())
        try await storage.remove()
        #expect(try directory.contents() == others.sorted())
    }

    private func plantLeftover() throws {
        let contents = try JSONEncoder().encode(StoredSession.fixture(access: "rotated"))
        #expect(FileManager.default.createFile(atPath: leftover.path(percentEncoded: false), contents: contents))
        try setPermissions(0o600, of: leftover)
    }
}
