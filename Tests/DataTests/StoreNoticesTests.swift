import Foundation
import Testing
import WoteData
import WoteDomain
import WoteLocked
import WoteTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Issue 31: a store's change reaches the other processes and engines sharing it as a notice,
/// which makes them read the store again. These tests hear the notices themselves; what the engine
/// does with one is in the session tests.
@Suite(.timeLimit(.minutes(1))) struct StoreNoticesTests {
    /// The notices one observation heard, one element each.
    final class Heard: Sendable {
        let stream: AsyncStream<Void>
        let continuation: AsyncStream<Void>.Continuation
        init() { (stream, continuation) = AsyncStream.makeStream() }
        func handler() -> @Sendable () -> Void { { [continuation] in continuation.yield() } }
    }

    @Test func inMemoryStore_eachWriteAndRemoval_isHeardByAnObserverOfTheSameInstance() async throws {
        let storage = InMemoryTokenStorage()
        let heard = Heard()
        let observation = try #require(storage.notices?.observe(heard.handler()))
        defer { observation.cancel() }
        var notices = heard.stream.makeAsyncIterator()
        try await storage.save(.fixture())
        #expect(await notices.next() != nil)
        try await storage.remove()
        #expect(await notices.next() != nil)
    }

    @Test func cancellingAnObservation_runsItsCancelOnce() {
        let count = Locked(0)
        let observation = StoreObservation { count.withLock { $0 += 1 } }
        observation.cancel()
        observation.cancel()
        #expect(count.withLock { $0 } == 1)
    }

    @Test func storesWithoutAWayToTell_haveNoNotices() {
        struct Own: TokenStorage {
            func load() async throws(TokenStorageError) -> StoredSession? { nil }
            func save(_ session: StoredSession) async throws(TokenStorageError) {}
            func remove() async throws(TokenStorageError) {}
            func lockForRefresh() async throws(TokenStorageError) -> TokenStorageLock { .none }
            func lock(waitingAtMost limit: Duration) async throws(TokenStorageError) -> TokenStorageLock { .none }
        }
        #expect(Own().notices == nil)
    }

    #if canImport(Glibc)
    @Test func fileStore_anotherInstancesWriteAndRemoval_areHeard() async throws {
        let directory = try TemporaryDirectory()
        let fileURL = directory.url.appending(path: "wote/session.json")
        let heard = Heard()
        // Made by the observation: the folder did not exist yet.
        let observation = try #require(FileTokenStorage(fileURL: fileURL).notices?.observe(heard.handler()))
        defer { observation.cancel() }
        var notices = heard.stream.makeAsyncIterator()
        let other = FileTokenStorage(fileURL: fileURL)
        try await other.save(.fixture())
        #expect(await notices.next() != nil)
        try await other.remove()
        #expect(await notices.next() != nil)
    }

    /// The kernel queues an event when the call that caused it returns, so this needs no waiting:
    /// changes beside the store (its lock, a temporary file, another store) are not its notices,
    /// the rename over it and its removal are.
    @Test func inotifyEvents_onlyTheStoreFilesOwn_count() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.path(percentEncoded: false)
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let mask = UInt32(IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CLOSE_WRITE | IN_CREATE)
        try #require(inotify_add_watch(descriptor, path, mask) >= 0)
        let manager = FileManager.default
        #expect(!InotifyStoreNotices.drain(descriptor, naming: "session.json"))
        #expect(manager.createFile(atPath: path + "/session.json.lock", contents: Data()))
        #expect(manager.createFile(atPath: path + "/.session.json.1.tmp", contents: Data("{}".utf8)))
        #expect(manager.createFile(atPath: path + "/other.json", contents: Data("{}".utf8)))
        #expect(!InotifyStoreNotices.drain(descriptor, naming: "session.json"))
        try manager.moveItem(atPath: path + "/.session.json.1.tmp", toPath: path + "/session.json")
        #expect(InotifyStoreNotices.drain(descriptor, naming: "session.json"))
        #expect(!InotifyStoreNotices.drain(descriptor, naming: "session.json"))
        try manager.removeItem(atPath: path + "/session.json")
        #expect(InotifyStoreNotices.drain(descriptor, naming: "session.json"))
    }
    #endif
}
