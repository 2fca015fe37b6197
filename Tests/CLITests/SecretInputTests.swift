import Foundation
import Testing
import WoteTestSupport

/// Security review 2026-11-28, finding N8: the interactive front read the authorization code with
/// echo on and, with piped input, printed it back on standard output; `wote signup` took the
/// e-mail address and the phone number as arguments, which every user of the machine can read
/// while it runs. The real `wote`, as a subprocess.
@Suite(.timeLimit(.minutes(1))) struct SecretInputTests {
    static let code = "SECRETCODE-4f9e2a"

    @Test(arguments: ["1", "2"]) func interactiveLogin_neverPrintsTheCode(choice: String) async throws {
        let sandbox = try Sandbox()
        let server = try LoopbackHTTPServer { request in
            request.path.hasPrefix("/api/profiles") ? Fixtures.profile : Fixtures.login(completed: true)
        }
        defer { server.stop() }
        let result = try await sandbox.interact("\(choice)\n\(Self.code)\nq\n", server: server.baseURL)
        #expect(result.stdout.contains("Authorization code: (hidden)"), "\(result)")
        #expect(!result.stdout.contains(Self.code) && !result.stderr.contains(Self.code), "\(result)")
        // The code did reach the server: only the screen was spared it.
        #expect(server.requests.first?.body.contains(Self.code) == true)
    }

    @Test(arguments: [("--email", "secret.mail@wote.kr"), ("--phone", "010-9876-5432")])
    func signUp_contactAsAnArgument_isAUsageError_thatNeverEchoesIt(option: String, value: String) async throws {
        let sandbox = try Sandbox()
        let server = try LoopbackHTTPServer { _ in Fixtures.json(#"{"status":200,"success":true,"message":"ok"}"#) }
        defer { server.stop() }
        for arguments in [[option, value], ["\(option)=\(value)"]] {
            let result = try await sandbox.wote(
                ["signup", "--login-id", "wote01", "--name", "Kim"] + arguments, input: "password1\n",
                server: server.baseURL)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("standard input") && result.stderr.contains("--contact-file"), "\(result)")
            #expect(!result.stdout.contains(value) && !result.stderr.contains(value), "\(result)")
        }
        #expect(server.requests.isEmpty)
    }

    @Test func signUp_readsTheContactFromStandardInput() async throws {
        let sandbox = try Sandbox()
        let server = try LoopbackHTTPServer { _ in Fixtures.json(#"{"status":200,"success":true,"message":"ok"}"#) }
        defer { server.stop() }
        let result = try await sandbox.wote(
            ["signup", "--login-id", "wote01", "--name", "Kim", "--json"],
            input: "password1\nsecret.mail@wote.kr\n010-9876-5432\n", server: server.baseURL)
        #expect(result.status == 0, "\(result)")
        let body = try #require(server.requests.first?.body)
        #expect(body.contains("password1") && body.contains("secret.mail@wote.kr") && body.contains("010-9876-5432"))
    }

    @Test func signUp_readsTheContactFromAFile() async throws {
        let sandbox = try Sandbox()
        let server = try LoopbackHTTPServer { _ in Fixtures.json(#"{"status":200,"success":true,"message":"ok"}"#) }
        defer { server.stop() }
        let file = sandbox.home.appendingPathComponent("contact")
        try Data("secret.mail@wote.kr\n010-9876-5432\n".utf8).write(to: file)
        let result = try await sandbox.wote(
            ["signup", "--login-id", "wote01", "--name", "Kim", "--contact-file", file.path(percentEncoded: false)],
            input: "password1\n", server: server.baseURL)
        #expect(result.status == 0, "\(result)")
        let body = try #require(server.requests.first?.body)
        #expect(body.contains("secret.mail@wote.kr") && body.contains("010-9876-5432"))
    }

    @Test func signUp_withoutTheContactOnStandardInput_isAUsageError_andSendsNothing() async throws {
        let sandbox = try Sandbox()
        let server = try LoopbackHTTPServer { _ in Fixtures.json(#"{"status":200,"success":true,"message":"ok"}"#) }
        defer { server.stop() }
        let result = try await sandbox.wote(
            ["signup", "--login-id", "wote01", "--name", "Kim", "--json"], input: "password1\n", server: server.baseURL)
        let error = try result.expectError(status: 2, kind: "usage")
        #expect((error["message"] as? String)?.hasPrefix("e-mail") == true, "\(result)")
        #expect(server.requests.isEmpty)
    }
}
