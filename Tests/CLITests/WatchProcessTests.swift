import Foundation
import Testing
import WoteKit
import WoteTestSupport

/// Issue 31 with real processes: `wote watch` in one process hears a `wote logout` run in another
/// on the same store, as it happens (inotify on the store's folder, then a read of the store).
@Suite(.timeLimit(.minutes(1))) struct WatchProcessTests {
    /// A running `wote`, its standard output read line by line as it comes.
    final class Running: @unchecked Sendable {
        let process: Process
        let lines: AsyncStream<String>

        init(_ arguments: [String], home: URL) throws {
            let executable = try #require(WoteProcess.executable, "the wote executable was not found")
            process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.environment = [
                "HOME": home.path(percentEncoded: false), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
            ]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            let (lines, continuation) = AsyncStream.makeStream(of: String.self)
            self.lines = lines
            let reader = output.fileHandleForReading
            try process.run()
            Thread.detachNewThread {
                var pending = Data()
                while true {
                    let chunk = reader.availableData
                    if chunk.isEmpty { break }
                    pending.append(chunk)
                    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        continuation.yield(String(decoding: pending[..<newline], as: UTF8.self))
                        pending.removeSubrange(...newline)
                    }
                }
                continuation.finish()
            }
        }

        func stop() {
            if process.isRunning { process.terminate() }
        }
    }

    @Test func watch_hearsALogoutInAnotherProcess() async throws {
        let directory = try TemporaryDirectory()
        let store = directory.url.appending(path: "wote/session.json")
        try Fixtures.storeSession(at: store)
        // The logout's server call finds nobody listening: the local session ends all the same.
        let common = ["--store", store.path(percentEncoded: false), "--server", Sandbox.closedServer]
        let watcher = try Running(common + ["watch", "--events", "1"], home: directory.url)
        defer { watcher.stop() }
        var lines = watcher.lines.makeAsyncIterator()
        let watching = await lines.next()
        #expect(watching?.hasPrefix("watching: signedIn") == true, "\(watching ?? "no line")")

        let logout = try await WoteProcess.run(common + ["logout"], home: directory.url)
        #expect(logout.status == 0, "\(logout)")

        #expect(await lines.next() == "signedOut(endedElsewhere)")
        #expect(await lines.next() == nil)
        watcher.process.waitUntilExit()
        #expect(watcher.process.terminationStatus == 0)
    }
}
