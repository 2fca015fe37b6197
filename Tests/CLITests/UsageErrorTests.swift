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
        let error = try result.expectError(status: 2, kind: "usage")
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

    /// A field breaking its rule (the e-mail, the password read from standard input) is a usage
    /// error whose message starts with the field's name.
    @Test(arguments: [
        (email: "no-at-sign", password: "password1", named: "e-mail"),
        (email: "a@b.kr", password: "short", named: "password"),
    ])
    func signUp_withAFieldBreakingItsRule_isAUsageErrorNamingTheField(
        email: String, password: String, named field: String
    ) async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.wote(
            ["signup", "--login-id", "wote01", "--name", "Kim", "--json"], input: "\(password)\n\(email)\n010\n")
        let error = try result.expectError(status: 2, kind: "usage")
        #expect((error["message"] as? String)?.hasPrefix(field) == true)
    }

    @Test func signInAndSignUp_withoutAPasswordOnStandardInput_areUsageErrors() async throws {
        let sandbox = try Sandbox()
        let signIn = try await sandbox.wote(["signin", "wote01", "--json"])
        #expect(signIn.status == 2, "\(signIn)")
        #expect((try signIn.jsonError()["message"] as? String)?.contains("standard input") == true)
        let signUp = try await sandbox.wote(
            ["signup", "--login-id", "wote01", "--name", "Kim"], input: "")
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
