import Foundation
import Testing
import WoteTestSupport

/// Issue 48's fronts: `wote withdraw --yes --apple` reads the step-up code hidden from standard
/// input (never an argument) and sends it with the withdrawal; `wote logout --everywhere` calls the
/// `[ext]` endpoint. The real `wote` against a scripted server.
@Suite(.timeLimit(.minutes(1))) struct WithdrawAndSignOutEverywhereTests {
    /// A server that accepts everything and records what it got.
    static func server(everywhere: LoopbackHTTPServer.Response = Fixtures.success) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            request.path == "/api/auth/logout/everywhere" ? everywhere : Fixtures.success
        }
    }

    @Test func withdrawApple_readsTheCodeFromStandardInput_andSendsItWithTheWithdrawal() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let server = try Self.server()
        defer { server.stop() }
        let code = "apple:stepup-\(UUID().uuidString)"

        let result = try await sandbox.wote(
            ["withdraw", "--yes", "--apple", "--json"], input: code + "\n", server: server.baseURL)

        #expect(result.status == 0, "\(result)")
        #expect(try result.json()["state"] as? String == "signedOut")
        let withdrawal = try #require(server.requests.first { $0.method == "DELETE" && $0.path == "/api/members" })
        #expect(withdrawal.body == #"{"appleAuthorizationCode":"\#(code)"}"#)
        #expect(!result.stdout.contains(code) && !result.stderr.contains(code))
        #expect(!sandbox.storeExists)
    }

    @Test(arguments: [nil, "", "  \n"])
    func withdrawApple_withoutACode_sendsNothing_andKeepsTheSession(_ input: String?) async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let server = try Self.server()
        defer { server.stop() }

        let result = try await sandbox.wote(
            ["withdraw", "--yes", "--apple", "--json"], input: input, server: server.baseURL)

        _ = try result.expectError(status: 2, kind: "usage")
        #expect(server.requests.isEmpty, "nothing is sent")
        #expect(sandbox.storeExists)
    }

    @Test func withdrawApple_withTheCodeAsAnArgument_isRefused_withoutEchoingIt() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let server = try Self.server()
        defer { server.stop() }
        let code = "apple:argv-\(UUID().uuidString)"

        let result = try await sandbox.wote(["withdraw", "--yes", "--apple", code], server: server.baseURL)

        #expect(result.status == 2, "\(result)")
        #expect(!result.stdout.contains(code) && !result.stderr.contains(code))
        #expect(server.requests.isEmpty)
    }

    @Test func logoutEverywhere_callsTheEndpoint_andEndsTheSession() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let server = try Self.server()
        defer { server.stop() }

        let result = try await sandbox.wote(["logout", "--everywhere", "--json"], server: server.baseURL)

        #expect(result.status == 0, "\(result)")
        let call = try #require(server.requests.first { $0.path == "/api/auth/logout/everywhere" })
        #expect(call.method == "POST")
        #expect(call.headers["authorization"] == "Bearer \(Fixtures.accessToken)")
        #expect(!sandbox.storeExists)
    }

    @Test func logoutEverywhere_refusedByAServerWithoutIt_keepsTheSession_exit5() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let server = try Self.server(
            everywhere: Fixtures.envelope(status: 404, code: "G011", message: "Not Found", http: 404))
        defer { server.stop() }

        let result = try await sandbox.wote(["logout", "--everywhere", "--json"], server: server.baseURL)

        #expect(result.status != 0, "\(result)")
        #expect(sandbox.storeExists)
    }
}
