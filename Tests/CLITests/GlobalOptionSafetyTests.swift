import Foundation
import Testing
import WoteTestSupport

/// Security review 2026-11-26, findings 12 and 13, still open in the review of 2026-11-28: the
/// front used its default server `http://127.0.0.1:8080` without a word (whoever binds that port
/// first gets the passwords `wote signin` sends), and took shared options from the values of a
/// command's options. The real `wote`, as a subprocess.
@Suite(.timeLimit(.minutes(1))) struct GlobalOptionSafetyTests {
    @Test func defaultServer_isNamedOnStandardError_withHowToChooseOne() async throws {
        let sandbox = try Sandbox()
        let store = ["--store", sandbox.store.path(percentEncoded: false)]
        for arguments in [["status"], ["status", "--json"], ["--json", "refresh"]] {
            let result = try await WoteProcess.run(store + arguments, home: sandbox.home)
            #expect(result.stderr.hasPrefix("wote: no server given, so using http://127.0.0.1:8080"), "\(result)")
            #expect(result.stderr.contains("--server URL") && result.stderr.contains("WOTE_SERVER"), "\(result)")
            // The warning stays off standard output, which `--json` keeps to one object.
            #expect(!result.stdout.contains("no server given"), "\(result)")
        }
    }

    @Test func chosenServer_isNotWarnedAbout() async throws {
        let sandbox = try Sandbox()
        let store = ["--store", sandbox.store.path(percentEncoded: false)]
        let byOption = try await WoteProcess.run(
            store + ["--server", Sandbox.closedServer, "status"], home: sandbox.home)
        let byEnvironment = try await WoteProcess.run(
            store + ["status"], home: sandbox.home, environment: ["WOTE_SERVER": Sandbox.closedServer])
        for result in [byOption, byEnvironment] {
            #expect(result.status == 0, "\(result)")
            #expect(!result.stderr.contains("no server given"), "\(result)")
        }
        // Help and the version talk to no server.
        let help = try await WoteProcess.run(["--help"], home: sandbox.home)
        #expect(help.status == 0 && help.stderr.isEmpty, "\(help)")
    }

    /// `-f "$FIELD"` with `FIELD='--store=…'`: before, the store switched (or the command failed
    /// with "missing value"); now it is the field, sent with the session of the store given.
    @Test func aFieldValueThatLooksLikeStore_isSentAsTheField_andTheStoreStays() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let other = sandbox.home.appendingPathComponent("other/session.json").path(percentEncoded: false)
        let server = try LoopbackHTTPServer { _ in Fixtures.json(#"{"status":200,"message":"success"}"#) }
        defer { server.stop() }
        let result = try await sandbox.wote(
            ["api", "-X", "POST", "/api/posts/1/votes", "-f", "--store=\(other)"], server: server.baseURL)
        #expect(result.status == 0, "\(result)")
        let request = try #require(server.requests.first, "nothing was sent: \(result)")
        #expect(request.headers["authorization"] == "Bearer \(Fixtures.accessToken)")
        #expect(request.body == #"{"--store":"\#(other)"}"#)
        #expect(!FileManager.default.fileExists(atPath: other))
    }
}
