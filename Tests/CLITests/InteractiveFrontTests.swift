import Foundation
import Testing
import WoteTestSupport

/// The interactive front driven through piped standard input: screens, choices, loading and error
/// lines, the "session expired" notice, and a clean exit at the end of input.
@Suite(.timeLimit(.minutes(1))) struct InteractiveFrontTests {
    @Test func endOfInput_quitsCleanly_fromTheLoginScreen() async throws {
        let sandbox = try Sandbox()
        for arguments in [[], ["interactive"]] {
            let result = try await sandbox.wote(arguments, input: "")
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("── Sign in ──"))
            #expect(result.stdout.hasSuffix("Bye.\n"))
        }
    }

    @Test func quitChoice_andAnUnknownChoice() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.interact("9\nq\nnever read\n")
        #expect(result.stdout.contains("Please choose one of the listed options."))
        #expect(result.stdout.components(separatedBy: "── Sign in ──").count == 3)
    }

    @Test func keepMeSignedIn_toggles() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.interact("5\n")
        #expect(result.stdout.contains("Keep me signed in: on (change)"))
        #expect(result.stdout.contains("Keep me signed in: off (change)"))
    }

    @Test func loginFailure_showsLoadingThenTheError_andStaysOnLogin() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.interact("2\nkakao:alice\n")
        let lines = result.stdout.components(separatedBy: "\n")
        let loading = try #require(lines.firstIndex(of: "… signing in"))
        let error = try #require(lines.firstIndex { $0.hasPrefix("! Cannot reach the server") })
        #expect(loading < error)
        #expect(result.stdout.components(separatedBy: "── Sign in ──").count == 3)
        #expect(!sandbox.storeExists)
    }

    @Test func expiredSession_saysSoAndShowsLogin() async throws {
        let sandbox = try Sandbox()
        let server = try Fixtures.expiredSessionAndItsRefreshRefused(at: sandbox.store)
        defer { server.stop() }
        let result = try await sandbox.interact("", server: server.baseURL)
        #expect(result.stdout.contains("! Your session has expired. Please sign in again."))
        #expect(result.stdout.contains("── Sign in ──"))
    }

    @Test func signUpForm_asksAgainUntilAFieldIsRight() async throws {
        let sandbox = try Sandbox()
        let server = try LoopbackHTTPServer { _ in Fixtures.json(#"{"status":200,"success":true,"message":"회원가입 성공"}"#)
        }
        defer { server.stop() }
        let input = "4\nab\nwote01\nshort\npassword1\nKim\nnot-an-email\na@b.kr\n010-1234\n"
        let result = try await sandbox.interact(input, server: server.baseURL)
        #expect(result.stdout.contains("! The ID must be 4 to 20 characters long."))
        #expect(result.stdout.contains("! The password must be 8 to 64 characters long."))
        #expect(result.stdout.contains("! Enter an e-mail address like name@example.com."))
        #expect(result.stdout.contains("✓ Your account was created."))
        #expect(!result.stdout.contains("password1"), "the password is shown as (hidden)")
        #expect(server.requests.count == 1)
    }

    @Test func login_routesToProfileSetup_andRememberOffStoresNothing() async throws {
        let sandbox = try Sandbox()
        let server = try LoopbackHTTPServer { _ in Fixtures.login(completed: false) }
        defer { server.stop() }
        let result = try await sandbox.interact("5\n2\nkakao:alice\n", server: server.baseURL)
        #expect(result.stdout.contains("✓ Signed in. Your profile is not completed yet."))
        #expect(result.stdout.contains("── Complete your profile ──"))
        #expect(!sandbox.storeExists)
    }

    @Test func profileSetup_checksTheNickname_andSubmitLeadsHome() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store, completed: false)
        let server = try LoopbackHTTPServer { request in
            switch (request.method, request.path) {
            case ("POST", "/api/profiles/isValidNickname"):
                request.body.contains("투표왕")
                    ? Fixtures.json(#"{"status":409,"message":"duplicate nickname","data":{"isExist":true}}"#)
                    : Fixtures.json(#"{"status":200,"message":"unique nickname","data":{"isExist":false}}"#)
            case ("POST", "/api/profiles"): Fixtures.json(#"{"status":200,"message":"success"}"#)
            case ("GET", "/api/profiles"): Fixtures.profile
            default: Fixtures.html(status: 404)
            }
        }
        defer { server.stop() }
        let input = "5\n1\nx\n1\n투표왕\n1\n새이름\n2\n서울고\n3\n1\n5\n"
        let result = try await sandbox.interact(input, server: server.baseURL)
        let output = result.stdout
        #expect(output.contains("! Choose a nickname that is available first (choice 1)."))
        #expect(output.contains("! A nickname needs at least 2 characters."))
        #expect(output.contains("! That nickname is already taken."))
        #expect(output.contains("✓ This nickname is available."))
        #expect(output.contains("✓ Profile completed."))
        #expect(output.contains("── Home ──"))
        #expect(output.contains("Nickname       투표왕"))
        #expect(server.requests.filter { $0.path == "/api/profiles/isValidNickname" }.count == 2)
    }

    /// Stores a session in `sandbox` and starts a server that answers the profile, and every other
    /// request with success.
    private static func signedInWithAProfile(_ sandbox: Sandbox) throws -> LoopbackHTTPServer {
        try Fixtures.storeSession(at: sandbox.store)
        return try LoopbackHTTPServer { request in
            request.path == "/api/profiles" ? Fixtures.profile : Fixtures.success
        }
    }

    @Test func home_logout_returnsToLogin() async throws {
        let sandbox = try Sandbox()
        let server = try Self.signedInWithAProfile(sandbox)
        defer { server.stop() }
        let result = try await sandbox.interact("3\n", server: server.baseURL)
        let home = try #require(result.stdout.range(of: "── Home ──"))
        let loggedOut = try #require(result.stdout.range(of: "✓ Logged out."))
        let login = try #require(
            result.stdout.range(of: "── Sign in ──", range: loggedOut.upperBound..<result.stdout.endIndex))
        #expect(home.lowerBound < loggedOut.lowerBound && loggedOut.lowerBound < login.lowerBound)
        #expect(!sandbox.storeExists)
    }

    @Test func home_whenTheServerEndsTheSession_saysSessionExpired() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let server = try LoopbackHTTPServer { request in
            request.path == "/api/auth/refresh"
                ? Fixtures.envelope(status: 401, code: "E016", message: "Invalid refresh token", http: 200)
                : Fixtures.envelope(status: 401, code: "E006", message: "Expired JWT")
        }
        defer { server.stop() }
        let result = try await sandbox.interact("", server: server.baseURL)
        #expect(result.stdout.contains("… loading your profile"))
        #expect(result.stdout.contains("! Your session has expired. Please sign in again."))
        #expect(result.stdout.contains("── Sign in ──"))
        #expect(!sandbox.storeExists)
    }

    @Test func home_withdrawal_needsYes() async throws {
        let sandbox = try Sandbox()
        let server = try Self.signedInWithAProfile(sandbox)
        defer { server.stop() }
        let result = try await sandbox.interact("4\nno\n4\nyes\n", server: server.baseURL)
        #expect(result.stdout.contains("✓ Your account was kept."))
        #expect(result.stdout.contains("✓ Your account was deleted."))
        #expect(server.requests.filter { $0.method == "DELETE" && $0.path == "/api/members" }.count == 1)
        #expect(!sandbox.storeExists)
    }

    @Test func unreadableStore_offersToTryAgain() async throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(at: sandbox.store, withIntermediateDirectories: true)
        let result = try await sandbox.interact("1\n")
        #expect(result.stdout.components(separatedBy: "── Session store unavailable ──").count == 3)
    }
}
