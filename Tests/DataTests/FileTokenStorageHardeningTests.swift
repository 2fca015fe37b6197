import Foundation
import Testing
import WoteData
import WoteDomain
import WoteTestSupport

/// The file store refuses symbolic links and directories others may write to, and its lock wait
/// is bounded and cancellable.
@Suite(.timeLimit(.minutes(1))) struct FileTokenStorageHardeningTests {
    let directory: TemporaryDirectory
    let fileURL: URL

    init() throws {
        directory = try TemporaryDirectory()
        fileURL = directory.url.appending(path: "session.json")
    }

    @Test func storeThatIsASymbolicLink_isRefused_andItsTargetIsNotRead() async throws {
        let target = directory.url.appending(path: "elsewhere.json")
        try await FileTokenStorage(fileURL: target).save(.fixture())
        try FileManager.default.createSymbolicLink(at: fileURL, withDestinationURL: target)

        await #expect(
            throws: TokenStorageError.unavailable(
                "the token file \(fileURL.path(percentEncoded: false)) is a symbolic link; refusing to follow it")
        ) { try await FileTokenStorage(fileURL: fileURL).load() }
    }

    @Test func lockFileThatIsASymbolicLink_isRefused() async throws {
        let target = directory.url.appending(path: "elsewhere.lock")
        #expect(FileManager.default.createFile(atPath: target.path(percentEncoded: false), contents: Data()))
        try FileManager.default.createSymbolicLink(
            at: fileURL.appendingPathExtension("lock"), withDestinationURL: target)

        await #expect {
            try await FileTokenStorage(fileURL: fileURL).lockForRefresh()
        } throws: { error in
            (error as? TokenStorageError)?.isUnavailable == true
        }
    }

    @Test(arguments: [0o777, 0o770, 0o707, 0o1777])
    func directoryOthersMayWriteTo_isRefused_namingIt(_ mode: Int) async throws {
        let shared = directory.url.appending(path: "shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
        try setPermissions(mode, of: shared)
        let storage = FileTokenStorage(fileURL: shared.appending(path: "session.json"))

        for attempt in 0..<2 {
            do {
                if attempt == 0 { try await storage.save(.fixture()) } else { _ = try await storage.load() }
                Issue.record("a store in a mode \(String(mode, radix: 8)) directory was used")
            } catch {
                #expect(error.isUnavailable)
                #expect(error.reason.contains(shared.path(percentEncoded: false)))
            }
        }
    }

    @Test func lockHeldByAnotherInstance_failsAfterTheConfiguredWait() async throws {
        let held = try await FileTokenStorage(fileURL: fileURL).lockForRefresh()
        defer { held.release() }

        await #expect {
            try await FileTokenStorage(fileURL: fileURL).lock(waitingAtMost: .milliseconds(50))
        } throws: { error in
            if case .lockTimedOut = error as? TokenStorageError { true } else { false }
        }
    }

    @Test func lockWait_endsWhenTheCallerIsCancelled() async throws {
        let held = try await FileTokenStorage(fileURL: fileURL).lockForRefresh()
        defer { held.release() }
        let (contended, sink) = AsyncStream<Void>.makeStream()
        let waiting = FileTokenStorage(fileURL: fileURL, onLockContention: { sink.yield() })

        let wait = Task { try await waiting.lock(waitingAtMost: .seconds(3_600)) }
        var iterator = contended.makeAsyncIterator()
        _ = await iterator.next()
        wait.cancel()

        await #expect {
            try await wait.value
        } throws: { error in
            if case .lockTimedOut = error as? TokenStorageError { true } else { false }
        }
    }
}
