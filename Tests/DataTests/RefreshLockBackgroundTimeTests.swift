import Foundation
import Testing
import WoteData
import WoteDomain
import WoteTestSupport

/// The cross-process refresh lock is taken only inside background time (iOS terminates a suspended
/// app holding a file lock in a shared container, 0xdead10cc), and is given back the moment that
/// time runs out; the store then writes nothing until the holder lets go.
@Suite(.timeLimit(.minutes(1))) struct RefreshLockBackgroundTimeTests {
    let directory: TemporaryDirectory
    let background = FakeBackgroundExecution()
    var fileURL: URL { directory.url.appending(path: "session.json") }

    init() throws { directory = try TemporaryDirectory() }

    func store(onLockContention: (@Sendable () -> Void)? = nil) -> FileTokenStorage {
        FileTokenStorage(
            fileURL: fileURL, backgroundExecution: background.execution, onLockContention: onLockContention)
    }

    /// Another process's store over the same file, which is never suspended.
    var otherProcess: FileTokenStorage { FileTokenStorage(fileURL: fileURL, backgroundExecution: .none) }

    func isLockFree() async -> Bool {
        guard let lock = try? await otherProcess.lock(waitingAtMost: .zero) else { return false }
        lock.release()
        return true
    }

    @Test func theLock_isHeldInsideOneActivity_endedOnRelease() async throws {
        let lock = try await store().lockForRefresh()
        #expect(background.running == 1)
        #expect(await !isLockFree())
        lock.release()
        #expect(background.running == 0)
        #expect(background.endedTwice == 0)
        #expect(await isLockFree())
    }

    @Test func whenTheTimeRunsOut_theLockIsFreeAtOnce_andTheStoreWritesNothingUntilReleased() async throws {
        let storage = store()
        try await storage.save(.fixture(access: "before"))
        let lock = try await storage.lockForRefresh()

        #expect(background.expireAll() == 1)

        #expect(await isLockFree())
        #expect(background.running == 0)
        let save = await #expect(throws: TokenStorageError.self) { try await storage.save(.fixture(access: "after")) }
        #expect(save?.isLockTimedOut == true)
        await #expect(throws: TokenStorageError.self) { try await storage.remove() }
        #expect(try await storage.load() == .fixture(access: "before"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.hasSuffix(".tmp") }
                .isEmpty)

        lock.release()
        #expect(background.endedTwice == 0)
        try await storage.save(.fixture(access: "after"))
        #expect(try await storage.load() == .fixture(access: "after"))
    }

    @Test func whenTheTimeRunsOutWhileWaiting_theWaitEnds_withoutTheLock() async throws {
        let holder = try await otherProcess.lock(waitingAtMost: .zero)
        let waiter = store(onLockContention: { [background] in background.expireAll() })
        let error = await #expect(throws: TokenStorageError.self) {
            try await waiter.lock(waitingAtMost: .seconds(30))
        }
        #expect(error?.reason.contains("background time ran out") == true)
        #expect(background.running == 0)
        holder.release()
        // The failed wait left nothing behind: the store writes, and locks again.
        try await waiter.save(.fixture())
        let lock = try await waiter.lockForRefresh()
        lock.release()
    }

    @Test func noTimeGranted_noLockTaken() async throws {
        background.refuse()
        let error = await #expect(throws: TokenStorageError.self) { try await store().lockForRefresh() }
        #expect(error?.isLockTimedOut == true)
        #expect(await isLockFree())
    }

    @Test func keychainStoreWithASharedDirectory_givesItsLockBackWhenTheTimeRunsOut() async throws {
        let keychain = KeychainEmulation()
        let storage = KeychainTokenStorage(
            service: "s", sharedLockDirectory: directory.url, backgroundExecution: background.execution,
            calls: keychain.app())
        try await storage.save(.fixture(access: "before"))
        let lock = try await storage.lockForRefresh()
        let other = KeychainTokenStorage(
            service: "s", sharedLockDirectory: directory.url, backgroundExecution: .none, calls: keychain.app())
        background.expireAll()
        let taken = try await other.lockForRefresh()  // at once: the lock was given back
        taken.release()
        await #expect(throws: TokenStorageError.self) { try await storage.save(.fixture(access: "after")) }
        #expect(try await storage.load() == .fixture(access: "before"))
        lock.release()
        try await storage.save(.fixture(access: "after"))
        #expect(try await storage.load() == .fixture(access: "after"))
    }
}

extension TokenStorageError {
    fileprivate var isLockTimedOut: Bool { if case .lockTimedOut = self { true } else { false } }
}
