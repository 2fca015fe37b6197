import Foundation
import Testing
import WoteTestSupport

/// Security review 2026-11-26, finding 6: `wote login apple|kakao CODE` put the one-time code in
/// the process's arguments, which every user of the machine can read (`ps`, `/proc/PID/cmdline`)
/// while the login runs, and redeem first. The real `wote` against a scripted server that looks
/// for the code in every process's arguments while it answers the login.
@Suite(.timeLimit(.minutes(1))) struct LoginCodeTests {
    /// What the scripted server saw while it answered the login.
    final class Sightings: @unchecked Sendable {
        private let lock = NSLock()
        private var inArguments = false
        private var received = false

        func record(inArguments found: Bool, received code: Bool) {
            lock.lock()
            defer { lock.unlock() }
            inArguments = inArguments || found
            received = received || code
        }

        var codeWasInSomeProcessArguments: Bool { lock.withLock { inArguments } }
        var codeReachedTheServer: Bool { lock.withLock { received } }
    }

    /// Whether `code` is in the arguments of any process this user can see (Linux's `/proc`).
    static func isInSomeProcessArguments(_ code: String) -> Bool {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return folders.contains { folder in
            guard folder.allSatisfy(\.isNumber),
                let arguments = FileManager.default.contents(atPath: "/proc/\(folder)/cmdline")
            else { return false }
            return String(decoding: arguments, as: UTF8.self).contains(code)
        }
    }

    /// A server that answers a login as a member without a profile, noting whether `code` is in
    /// some process's arguments at that moment and whether the request carried it. The code's
    /// part after `provider:` is looked for, since the request may percent-encode the `:`.
    static func server(watchingFor code: String, sightings: Sightings) throws -> LoopbackHTTPServer {
        let unique = String(code.drop { $0 != ":" }.dropFirst())
        return try LoopbackHTTPServer { request in
            sightings.record(
                inArguments: isInSomeProcessArguments(unique),
                received: request.path.contains(unique) || request.body.contains(unique))
            return Fixtures.login(completed: false)
        }
    }

    static var hasProc: Bool { FileManager.default.fileExists(atPath: "/proc/self/cmdline") }

    @Test func loginCodeOnTheCommandLine_isRefused() async throws {
        let sandbox = try Sandbox()
        let code = "kakao:argv-\(UUID().uuidString)"
        let sightings = Sightings()
        let server = try Self.server(watchingFor: code, sightings: sightings)
        defer { server.stop() }
        let result = try await sandbox.wote(["login", "kakao", code, "--json"], server: server.baseURL)
        let error = try result.expectError(status: 2, kind: "usage")
        #expect((error["message"] as? String)?.contains("authorization code is read from standard input") == true)
        #expect(!result.stdout.contains(code) && !result.stderr.contains(code))
        #expect(server.requests.isEmpty, "nothing is sent")
        #expect(!sightings.codeWasInSomeProcessArguments)
        #expect(!sandbox.storeExists)
        let text = try await sandbox.wote(["login", "apple", code], server: server.baseURL)
        #expect(text.status == 2, "\(text)")
        #expect(text.stderr.contains("standard input") && !text.stderr.contains(code))
    }

    @Test(.enabled(if: hasProc)) func loginCodeFromStandardInput_isInNoProcessArguments() async throws {
        let sandbox = try Sandbox()
        let code = "kakao:stdin-\(UUID().uuidString)"
        let sightings = Sightings()
        let server = try Self.server(watchingFor: code, sightings: sightings)
        defer { server.stop() }
        let result = try await sandbox.wote(["login", "kakao", "--json"], input: code + "\n", server: server.baseURL)
        #expect(result.status == 0, "\(result)")
        #expect(try result.json()["state"] as? String == "profileRequired")
        #expect(sightings.codeReachedTheServer)
        #expect(!sightings.codeWasInSomeProcessArguments)
        #expect(!result.stdout.contains(code) && !result.stderr.contains(code))
    }

    @Test func loginCodeFromACodeFile_signsIn() async throws {
        let sandbox = try Sandbox()
        let code = "apple:file-\(UUID().uuidString)"
        let file = sandbox.home.appendingPathComponent("code.txt")
        try Data("  \(code)  \nsecond line\n".utf8).write(to: file)
        let sightings = Sightings()
        let server = try Self.server(watchingFor: code, sightings: sightings)
        defer { server.stop() }
        let result = try await sandbox.wote(
            ["login", "apple", "--code-file", file.path(percentEncoded: false), "--json"], server: server.baseURL)
        #expect(result.status == 0, "\(result)")
        #expect(sightings.codeReachedTheServer)
        #expect(!sightings.codeWasInSomeProcessArguments)
    }

    @Test(arguments: [nil, "", "   \n"])
    func loginWithoutACode_isAUsageError_andSendsNothing(_ input: String?) async throws {
        let sandbox = try Sandbox()
        let server = try LoopbackHTTPServer { _ in Fixtures.login(completed: false) }
        defer { server.stop() }
        let result = try await sandbox.wote(["login", "kakao", "--json"], input: input, server: server.baseURL)
        let error = try result.expectError(status: 2, kind: "usage")
        #expect((error["message"] as? String)?.contains("authorization code") == true, "\(result)")
        #expect(server.requests.isEmpty)
        let missing = try await sandbox.wote(
            ["login", "kakao", "--code-file", sandbox.home.appendingPathComponent("none").path(percentEncoded: false)],
            server: server.baseURL)
        #expect(missing.status == 2 && missing.stderr.contains("--code-file"), "\(missing)")
    }
}
