import Foundation
import Testing
import WoteKit
import WoteKitTesting
import WoteTestSupport

/// Issue 31 with real processes: `wote watch` in one process hears a `wote logout` run in another
/// on the same store, as it happens (inotify on the store's folder, then a read of the store), in its
/// event stream and its SessionModel; and a follower `wote` asks a leader `wote` for a new pair.
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
        // --model: each event is followed by the state of the watcher's SessionModel.
        let watcher = try Running(common + ["watch", "--events", "1", "--model"], home: directory.url)
        defer { watcher.stop() }
        var lines = watcher.lines.makeAsyncIterator()
        let watching = await lines.next()
        #expect(watching?.hasPrefix("watching: signedIn") == true, "\(watching ?? "no line")")

        let logout = try await WoteProcess.run(common + ["logout"], home: directory.url)
        #expect(logout.status == 0, "\(logout)")

        #expect(await lines.next() == "signedOut(endedElsewhere)")
        #expect(await lines.next() == "model: signedOut(endedElsewhere)")
        #expect(await lines.next() == nil)
        watcher.process.waitUntilExit()
        #expect(watcher.process.terminationStatus == 0)
    }

    /// What the scripted server saw: each refresh call's body, and the token each profile call bore.
    final class ServerLog: @unchecked Sendable {
        private let lock = NSLock()
        private var refreshTokens: [String] = []
        private var profileBearers: [String] = []

        func record(_ request: LoopbackHTTPServer.Request) {
            lock.withLock {
                if request.path.hasPrefix("/api/auth/refresh") {
                    refreshTokens.append(request.body)
                } else if request.path.hasPrefix("/api/profiles") {
                    profileBearers.append(request.headers["authorization"] ?? "")
                }
            }
        }

        var refreshes: [String] { lock.withLock { refreshTokens } }
        var profiles: [String] { lock.withLock { profileBearers } }
    }

    /// Issue 31, item 2, with two processes: a leader (`wote watch`) and a follower
    /// (`WOTE_ROLE=follower wote profile show`) hold one pair whose access token is due in both. The
    /// follower asks, the leader refreshes, the follower adopts its pair: one refresh call. The
    /// follower waits 30 s before it would refresh itself, and it is done long before: the one call
    /// is the leader's.
    @Test func aFollowerAndALeaderDueTogether_makeOneRefreshCall_theLeaders() async throws {
        let directory = try TemporaryDirectory()
        let store = directory.url.appending(path: "wote/session.json")
        // Valid for 10 s more, so neither restore refreshes, but within the 30 s leeway: due in both.
        try Fixtures.storeSession(at: store, accessExpiresIn: 10)
        let log = ServerLog()
        let renewed = TokenPairFixture(
            accessToken: "access-token-RENEWED", refreshToken: "refresh-token-RENEWED",
            accessExpiresAt: Date().addingTimeInterval(1800), refreshExpiresAt: Date().addingTimeInterval(86_400))
        let server = try LoopbackHTTPServer { request in
            log.record(request)
            if request.path.hasPrefix("/api/auth/refresh") {
                return Fixtures.json(#"{"status":200,"message":"token renew success.","data":\#(renewed.wireJSON)}"#)
            }
            return request.path.hasPrefix("/api/profiles") ? Fixtures.profile : Fixtures.success
        }
        defer { server.stop() }
        let common = ["--store", store.path(percentEncoded: false), "--server", server.baseURL]
        // No --events limit: the leader prints refreshStarted first and must live through its refresh.
        let leader = try Running(common + ["watch"], home: directory.url)
        defer { leader.stop() }
        var lines = leader.lines.makeAsyncIterator()
        let watching = await lines.next()
        #expect(watching?.hasPrefix("watching: signedIn") == true, "\(watching ?? "no line")")

        let started = ContinuousClock.now
        let follower = try await WoteProcess.run(
            common + ["profile", "show"], home: directory.url,
            environment: ["WOTE_ROLE": "follower", "WOTE_FOLLOWER_WAIT": "30"])
        let took = ContinuousClock.now - started

        #expect(follower.status == 0, "\(follower)")
        #expect(took < .seconds(30), "the follower refreshed itself after its wait")
        #expect(log.refreshes.count == 1)
        #expect(log.refreshes.allSatisfy { $0.contains(Fixtures.refreshToken) })
        #expect(log.profiles == ["Bearer access-token-RENEWED"])
        var heard: [String] = []
        while let line = await lines.next() {
            heard.append(line)
            // refreshEnded ends the leader's own refresh; a tokensRefreshed first is an adoption.
            if line == "refreshEnded" || heard == ["tokensRefreshed"] { break }
        }
        // The leader's own refresh: started, renewed, ended (an adoption prints tokensRefreshed alone).
        #expect(heard == ["refreshStarted", "tokensRefreshed", "refreshEnded"])
    }
}
