import Foundation
import Testing
import WoteKit
import WoteKitTesting
import WoteTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 30, item 1, against the reference server: the server rotates the pair and drops the
/// answer (`dropAnswer`); the client sends the same refresh token again.
extension EndToEnd {
    @Suite struct LostAnswer {
        let hooks = TestHooks()

        func dropNextRefreshAnswer() async throws {
            try await hooks.inject(TestHooks.Fault(method: "POST", path: "/api/auth/refresh", kind: "dropAnswer"))
        }

        @Test func graceServer_droppedRefreshAnswer_theSessionSurvivesWithOneNewPair() async throws {
            try await hooks.reset()
            let store = ReferenceServer.temporaryStore()
            let member = try await SignedInMember.make(hooks: hooks, storage: store)
            try await hooks.setRefreshReuse("grace")
            let before = try await hooks.counters()
            let spent = try #require(try await store.load())
            try await dropNextRefreshAnswer()

            let renewed = try await member.client.refreshSession()

            let after = try await hooks.counters()
            #expect(renewed.state == .signedIn)
            // The lost send rotated; the same token sent again got a pair back. (Over the Linux
            // URLSession transport the send right after the dropped connection can stall past the
            // time-out, and a third send then gets the pair: at most the configured 3 sends.)
            #expect((2...3).contains(after.refreshCalls - before.refreshCalls))
            let stored = try #require(try await store.load())
            #expect(stored.tokens.refreshToken != spent.tokens.refreshToken)
            #expect(stored.refreshSentAt == nil)
            // The one new pair is the session's current one: it works and refreshes normally.
            _ = try await member.client.fetchMyProfile()
            #expect(try await member.client.refreshSession().state == .signedIn)
            try await hooks.reset()
        }

        @Test func strictServer_droppedRefreshAnswer_theRecordSaysRefreshAnswerLost() async throws {
            try await hooks.reset()
            let store = ReferenceServer.temporaryStore()
            let member = try await SignedInMember.make(hooks: hooks, storage: store)
            try await hooks.setRefreshReuse("strict")
            try await dropNextRefreshAnswer()

            await #expect(throws: WoteError.sessionExpired) { try await member.client.refreshSession() }

            #expect(await member.client.currentSession.state == .signedOut(.refreshAnswerLost))
            let record = try #require(await member.client.lastSignOut)
            #expect(record.reason == .refreshAnswerLost)
            #expect(record.call == .refresh)
            #expect(record.divisionCode == "E016")
            #expect(try await store.load() == nil)
            try await hooks.reset()
        }
    }
}

/// Issue 30, item 1, for the terminal front: a `wote refresh` killed after the server rotated (the
/// server holds its answer, `holdAnswer`), then a relaunch on the same store.
extension EndToEnd {
    @Suite(.enabled(if: WoteExecutable.url != nil, "the wote executable was not built"))
    struct KilledMidRefresh {
        let hooks = TestHooks()

        /// Signs a member in on a store file, sets the server's reuse mode, then starts `wote
        /// refresh` on that store and kills it (SIGKILL) once the server has rotated the pair, while
        /// the server holds its answer (5 s).
        /// Returns the store, the pair the killed process spent, and the server's count of refused
        /// refreshes before its send.
        func killAfterTheRotation(mode: String) async throws -> (FileTokenStorage, StoredSession, Int) {
            try await hooks.reset()
            let store = ReferenceServer.temporaryStore()
            _ = try await SignedInMember.make(hooks: hooks, storage: store)
            let rejected = try await hooks.counters().refreshRejected
            try await hooks.setRefreshReuse(mode)
            let spent = try #require(try await store.load())
            try await hooks.inject(
                TestHooks.Fault(method: "POST", path: "/api/auth/refresh", kind: "holdAnswer", delayMs: 5_000))
            let killed = try WoteRun(["refresh"], store: store)
            // The server has rotated once the spent pair's access token is refused (E006).
            var rotated = false
            for _ in 0..<500 where !rotated {
                rotated = try await !ReferenceServer.accepts(accessToken: spent.tokens.accessToken)
                if !rotated { try await Task.sleep(for: .milliseconds(20)) }
            }
            try #require(rotated, "the server did not rotate the pair within 10 s")
            killed.killNow()
            // The store still holds the spent pair, with the record of its send.
            let left = try #require(try await store.load())
            #expect(left.tokens.refreshToken == spent.tokens.refreshToken)
            #expect(left.refreshSentAt != nil)
            try await hooks.clearFaults()
            return (store, spent, rejected)
        }

        @Test func graceServer_aProcessKilledMidRefresh_theNextLaunchKeepsTheSession() async throws {
            let (store, spent, rejectedBefore) = try await killAfterTheRotation(mode: "grace")

            let relaunch = try await WoteRun(["refresh"], store: store).finished()
            #expect(relaunch.status == 0, "\(relaunch)")
            let renewed = try #require(try await store.load())
            #expect(renewed.tokens.refreshToken != spent.tokens.refreshToken)
            #expect(renewed.refreshSentAt == nil)
            // The relaunch's send of the same token was answered with the pair, not refused: one
            // rotation, the one whose answer the killed process never got.
            #expect(try await hooks.counters().refreshRejected == rejectedBefore)
            #expect(try await ReferenceServer.accepts(accessToken: renewed.tokens.accessToken))
            try await hooks.reset()
        }

        @Test func strictServer_aProcessKilledMidRefresh_statusWhySaysTheAnswerWasLost() async throws {
            let (store, _, _) = try await killAfterTheRotation(mode: "strict")

            let relaunch = try await WoteRun(["refresh"], store: store).finished()
            #expect(relaunch.status != 0, "\(relaunch)")
            let why = try await WoteRun(["status", "--why"], store: store).finished()
            #expect(why.stdout.contains("refreshAnswerLost (E016)"), "\(why)")
            #expect(try await store.load() == nil)
            try await hooks.reset()
        }
    }
}

/// `wote` on a store file against the end-to-end server, as a subprocess.
struct WoteRun {
    /// How a finished run ended and what it printed.
    struct Result: CustomStringConvertible {
        var status: Int32
        var stdout: String
        var description: String { "exit \(status): \(stdout)" }
    }

    let process = Process()
    let output = Pipe()

    /// Starts `wote --store <store> --server <end-to-end server> <arguments>`.
    init(_ arguments: [String], store: FileTokenStorage) throws {
        let executable = try #require(WoteExecutable.url)
        let server = try #require(ReferenceServer.url)
        process.executableURL = executable
        process.arguments =
            ["--store", store.fileURL.path(percentEncoded: false), "--server", server.absoluteString] + arguments
        process.environment = [
            "HOME": store.fileURL.deletingLastPathComponent().path(percentEncoded: false), "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8",
        ]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// Kills the process at once (SIGKILL: no handler, no clean-up), and waits for it to end.
    func killNow() {
        _ = kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Waits for the process to end.
    func finished() async throws -> Result {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self))
    }
}
