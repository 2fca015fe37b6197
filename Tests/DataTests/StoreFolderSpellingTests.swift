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

/// Security review 2026-11-28, N3: the store-folder rule (owned by this user, writable by nobody
/// else) holds for the folder the path ends in, however it is spelled (`/.`, `//`, a trailing `/`),
/// so a world-writable sticky folder like `/tmp` is refused as the store's folder; and the
/// "refresh wanted" file beside the store is written relative to the checked folder, never through
/// a FIFO or a link.
@Suite(.timeLimit(.minutes(1))) struct StoreFolderSpellingTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test(arguments: ["/.", "/./", "//", "/", "/./.", "/.//.", ""])
    func n3_aStickyWorldWritableFolder_isRefusedAsTheStoresFolder_howeverSpelled(_ ending: String) async throws {
        let shared = directory.url.appending(path: "tmp")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
        try setPermissions(0o1777, of: shared)
        let folder = shared.path(percentEncoded: false).trimmingSuffix("/") + ending

        let storage = FileTokenStorage(fileURL: URL(fileURLWithPath: folder + "/session.json"))
        let loaded = await #expect(throws: TokenStorageError.self) { try await storage.load() }
        #expect(loaded?.reason.contains("may be written by others (mode 777)") == true, "\(ending): \(loaded)")
        let saved = await #expect(throws: TokenStorageError.self) { try await storage.save(.fixture()) }
        #expect(saved?.reason.contains("may be written by others (mode 777)") == true, "\(ending): \(saved)")
        let locked = await #expect(throws: TokenStorageError.self) {
            try await storage.lock(waitingAtMost: .milliseconds(50))
        }
        #expect(locked?.isUnavailable == true, "\(ending): \(locked)")
        #expect(try directory.contents(of: shared) == [])
    }

    @Test func n3_aFIFOPlantedAsTheWantedFile_neverBlocksThePost() async throws {
        let store = directory.url.appending(path: "wote/session.json")
        let storage = FileTokenStorage(fileURL: store)
        try await storage.save(.fixture())
        let wanted = store.path(percentEncoded: false) + ".wanted"
        #expect(mkfifo(wanted, 0o600) == 0)
        let notices = try #require(storage.wantedNotices)

        let posted = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            notices.post()
            posted.signal()
        }
        // A bounded wait for the post to return (not a pause): on a FIFO opened blocking for writing
        // it never would, until a reader comes.
        let returned = posted.wait(timeout: .now() + .seconds(10)) == .success
        if !returned {
            // Release the stuck writer so the process can end: open the FIFO for reading.
            let reader = open(wanted, O_RDONLY | O_NONBLOCK)
            posted.wait()
            close(reader)
        }
        #expect(returned, "post() blocked on a FIFO planted as the .wanted file")
        var info = stat()
        #expect(lstat(wanted, &info) == 0)
        #expect(info.st_mode & 0o170000 == 0o010000)
    }

    @Test func n3_theWantedFile_isWrittenBesideTheStore_andNotThroughASymbolicLink() async throws {
        let store = directory.url.appending(path: "wote/session.json")
        let storage = FileTokenStorage(fileURL: store)
        try await storage.save(.fixture())
        let notices = try #require(storage.wantedNotices)
        notices.post()
        let wanted = URL(fileURLWithPath: store.path(percentEncoded: false) + ".wanted")
        #expect(permissions(of: wanted) == 0o600)

        try FileManager.default.removeItem(at: wanted)
        let target = directory.url.appending(path: "target")
        try FileManager.default.createSymbolicLink(at: wanted, withDestinationURL: target)
        notices.post()
        #expect(!FileManager.default.fileExists(atPath: target.path(percentEncoded: false)))
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        var text = self
        while text.count > 1, text.hasSuffix(suffix) { text.removeLast(suffix.count) }
        return text
    }
}
