import Foundation
import Testing

/// Wrong command lines fail with exit code 2 before any request, naming the argument.
@Suite(.timeLimit(.minutes(1))) struct UsageErrorTests {
    @Test func usageError_isExit2_withTheArgumentNamedOnStandardError() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.wote([
            "profile", "setup", "--nickname", "n1", "--school-name", "S", "--school-region", "Mars",
        ])
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--school-region"))
        #expect(result.stderr.contains("Mars"))
    }

    @Test func usageError_withJSON_isTheErrorObject() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.wote(["consumer-type", "set", "SPENDER", "--json"])
        #expect(result.status == 2, "\(result)")
        let error = try result.jsonError()
        #expect(error["kind"] as? String == "usage")
        #expect((error["message"] as? String)?.contains("TYPE") == true)
        #expect(error["code"] is NSNull)
    }

    @Test func withdraw_withoutYes_refusesAndKeepsTheSession() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let result = try await sandbox.wote(["withdraw", "--json"])
        #expect(result.status == 2, "\(result)")
        #expect((try result.jsonError()["message"] as? String)?.contains("--yes") == true)
        #expect(sandbox.storeExists)
    }

    @Test func unknownCommand_andBadDeviceToken_areUsageErrors() async throws {
        let sandbox = try Sandbox()
        let unknown = try await sandbox.wote(["fly"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("'fly'"))
        let token = try await sandbox.wote(["device-token", "register", "not-hex", "--json"])
        #expect(token.status == 2)
        #expect((try token.jsonError()["message"] as? String)?.contains("HEX") == true)
    }

    @Test func signUp_withAFieldBreakingItsRule_isAUsageErrorNamingTheField() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.wote(
            ["signup", "--login-id", "wote01", "--name", "Kim", "--email", "no-at-sign", "--phone", "010", "--json"],
            input: "password1\n")
        #expect(result.status == 2, "\(result)")
        #expect((try result.jsonError()["message"] as? String)?.hasPrefix("--email") == true)
    }

    @Test func signUp_withAWeakPassword_isAUsageErrorNamingThePassword() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.wote(
            ["signup", "--login-id", "wote01", "--name", "Kim", "--email", "a@b.kr", "--phone", "010", "--json"],
            input: "short\n")
        #expect(result.status == 2, "\(result)")
        #expect((try result.jsonError()["message"] as? String)?.hasPrefix("password") == true)
    }

    @Test func signInAndSignUp_withoutAPasswordOnStandardInput_areUsageErrors() async throws {
        let sandbox = try Sandbox()
        let signIn = try await sandbox.wote(["signin", "wote01", "--json"])
        #expect(signIn.status == 2, "\(signIn)")
        #expect((try signIn.jsonError()["message"] as? String)?.contains("standard input") == true)
        let signUp = try await sandbox.wote(
            ["signup", "--login-id", "wote01", "--name", "Kim", "--email", "a@b.kr", "--phone", "010"], input: "")
        #expect(signUp.status == 2, "\(signUp)")
        #expect(signUp.stderr.contains("standard input"))
    }

    @Test func password_isNeverAcceptedAsAnArgument() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.wote(["signin", "wote01", "--password", "secret123"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--password"))
        #expect(!result.stderr.contains("secret123"))
    }
}
