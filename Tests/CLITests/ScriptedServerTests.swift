import Foundation
import Testing
import WoteTestSupport

/// Every failure kind and exit code against a loopback server that answers as each test scripts
/// it: refusals, HTML pages, server failures, time-outs, and the session-ending codes.
@Suite(.timeLimit(.minutes(1))) struct ScriptedServerTests {
    private func serve(_ handler: @escaping @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response?)
        throws -> (LoopbackHTTPServer, String)
    {
        let server = try LoopbackHTTPServer(handler: handler)
        return (server, server.baseURL)
    }

    /// Runs `wote arguments` in `sandbox`, with `input` on standard input, against a server
    /// answering every request with `answer` (`nil`: never).
    private func run(
        _ arguments: [String], input: String? = nil, in sandbox: Sandbox,
        answering answer: LoopbackHTTPServer.Response?
    ) async throws -> WoteProcess.Result {
        let (server, url) = try serve { _ in answer }
        defer { server.stop() }
        return try await sandbox.wote(arguments, input: input, server: url)
    }

    @Test func login_refusedWithA001_isRejected() async throws {
        let sandbox = try Sandbox()
        let result = try await run(
            ["login", "apple", "--json"], input: "bad\n", in: sandbox,
            answering: Fixtures.envelope(status: 401, code: "A001", message: "Invalid code"))
        let error = try result.expectError(status: 5, kind: "rejected")
        #expect(error["code"] as? String == "A001")
        #expect(!sandbox.storeExists)
    }

    @Test func login_answeredWithARedirectToAnHTMLPage_isRejected() async throws {
        let sandbox = try Sandbox()
        let (server, url) = try serve { request in
            request.path.hasPrefix("/login/oauth2")
                ? .init(status: 302, headers: ["Location": "/login"]) : Fixtures.html()
        }
        defer { server.stop() }
        let result = try await sandbox.wote(["login", "kakao", "--json"], input: "k\n", server: url)
        try result.expectError(status: 5, kind: "rejected")
    }

    @Test func signIn_withAWrongPassword_isRejectedWithA002() async throws {
        let sandbox = try Sandbox()
        let (server, url) = try serve { _ in
            Fixtures.envelope(status: 401, code: "A002", message: "Wrong ID or password")
        }
        defer { server.stop() }
        let result = try await sandbox.wote(["signin", "wote01", "--json"], input: "wrong-password1\n", server: url)
        let error = try result.expectError(status: 5, kind: "rejected")
        #expect(error["code"] as? String == "A002")
        #expect(!result.stdout.contains("wrong-password1") && !result.stderr.contains("wrong-password1"))
        let request = try #require(server.requests.first)
        #expect(request.path == "/api/auth/signin")
        #expect(request.body.contains("wrong-password1"))
    }

    @Test func signUp_refused_isRejectedWithTheServersMessage() async throws {
        let sandbox = try Sandbox()
        let (server, url) = try serve { _ in
            Fixtures.json(#"{"status":200,"success":false,"message":"이미 사용 중인 아이디입니다."}"#)
        }
        defer { server.stop() }
        let arguments = ["signup", "--login-id", "wote01", "--name", "Kim"]
        let input = "password1\na@b.kr\n010-1\n"
        let result = try await sandbox.wote(arguments + ["--json"], input: input, server: url)
        let error = try result.expectError(status: 5, kind: "rejected")
        #expect(error["message"] as? String == "이미 사용 중인 아이디입니다.")
        let text = try await sandbox.wote(arguments, input: input, server: url)
        #expect(text.stderr.contains("이미 사용 중인 아이디입니다."))
    }

    @Test func signUp_created_isOk() async throws {
        let sandbox = try Sandbox()
        let (server, url) = try serve { _ in Fixtures.json(#"{"status":200,"success":true,"message":"회원가입 성공"}"#) }
        defer { server.stop() }
        let result = try await sandbox.wote(
            ["signup", "--login-id", "wote01", "--name", "Kim", "--json"],
            input: "password1\na@b.kr\n010-1\nignored fourth line\n", server: url)
        #expect(result.status == 0, "\(result)")
        #expect(try result.json()["ok"] as? Bool == true)
        let body = try #require(server.requests.first?.body)
        #expect(body.contains("password1") && !body.contains("ignored"))
    }

    @Test func htmlPage_isAMalformedResponse() async throws {
        let sandbox = try Sandbox()
        let result = try await run(
            ["nickname", "check", "투표왕", "--json"], in: sandbox, answering: Fixtures.html(status: 502))
        try result.expectError(status: 7, kind: "malformedResponse")
    }

    @Test func internalError_isAServerFailure_withItsCode() async throws {
        let sandbox = try Sandbox()
        let (server, url) = try serve { _ in Fixtures.envelope(status: 500, code: "G999", message: "Internal") }
        defer { server.stop() }
        let result = try await sandbox.wote(["nickname", "check", "투표왕", "--json"], server: url)
        let error = try result.expectError(status: 7, kind: "server")
        #expect(error["code"] as? String == "G999")
    }

    @Test func noAnswer_isATimeout() async throws {
        let sandbox = try Sandbox()
        let result = try await run(
            ["nickname", "check", "투표왕", "--timeout", "0.5", "--json"], in: sandbox, answering: nil)
        try result.expectError(status: 6, kind: "timeout")
    }

    @Test func nicknameCheck_takenAndFree_areAnswers() async throws {
        let sandbox = try Sandbox()
        let (server, url) = try serve { request in
            request.body.contains("투표왕")
                ? Fixtures.json(#"{"status":409,"message":"duplicate nickname","data":{"isExist":true}}"#)
                : Fixtures.json(#"{"status":200,"message":"unique nickname","data":{"isExist":false}}"#)
        }
        defer { server.stop() }
        let taken = try await sandbox.wote(["nickname", "check", "투표왕", "--json"], server: url)
        #expect(taken.status == 0, "\(taken)")
        #expect(try taken.json()["reason"] as? String == "taken")
        #expect(try taken.json()["available"] as? Bool == false)
        let free = try await sandbox.wote(["nickname", "check", "새이름", "--json"], server: url)
        #expect(free.status == 0)
        #expect(try free.json()["available"] as? Bool == true)
        #expect(try free.json()["reason"] is NSNull)
    }

    @Test func nicknameLength_countsCharactersAfterNFC() async throws {
        let sandbox = try Sandbox()
        let (server, url) = try serve { _ in
            Fixtures.json(#"{"status":200,"message":"unique nickname","data":{"isExist":false}}"#)
        }
        defer { server.stop() }
        // Ten Hangul syllables typed as decomposed jamo: 25 scalars, 10 characters after NFC.
        let ten = String(repeating: "투표", count: 5)
        let free = try await sandbox.wote(
            ["nickname", "check", ten.decomposedStringWithCanonicalMapping, "--json"], server: url)
        #expect(free.status == 0, "\(free)")
        #expect(try free.json()["available"] as? Bool == true)
        #expect(try free.json()["nickname"] as? String == ten)
        #expect(server.requests.count == 1)
        #expect(server.requests.first?.body.contains(ten) == true, "the server is sent the NFC form")
        let eleven = (ten + "왕").decomposedStringWithCanonicalMapping
        let tooLong = try await sandbox.wote(["nickname", "check", eleven, "--json"], server: url)
        #expect(try tooLong.json()["reason"] as? String == "invalid", "\(tooLong)")
        #expect(server.requests.count == 1, "an invalid nickname is never sent")
    }

    @Test func profileShow_endsTheSession_whenTheMemberIsBannedOrGone() async throws {
        for (answer, kind, code) in [
            (Fixtures.envelope(status: 403, code: "E018", message: "Banned"), "banned", "E018"),
            (Fixtures.envelope(status: 404, code: "E001", message: "Member not found"), "memberGone", "E001"),
        ] {
            let sandbox = try Sandbox()
            try Fixtures.storeSession(at: sandbox.store)
            let result = try await run(["profile", "show", "--json"], in: sandbox, answering: answer)
            #expect(result.status == 3, "\(result)")
            #expect(try result.jsonError()["kind"] as? String == kind)
            #expect(try result.jsonError()["code"] as? String == code)
            #expect(!sandbox.storeExists, "the session ends for \(kind)")
        }
    }

    @Test func profileGate_isProfileRequired_andKeepsTheSession() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store, completed: false)
        let (server, url) = try serve { _ in
            Fixtures.envelope(status: 400, code: "E009", message: "Not Completed SignUp Exception")
        }
        defer { server.stop() }
        for command in [["withdraw", "--yes"], ["device-token", "register", "abcd"]] {
            let result = try await sandbox.wote(command + ["--json"], server: url)
            #expect(result.status == 4, "\(command): \(result)")
            #expect(try result.jsonError()["kind"] as? String == "profileRequired")
        }
        #expect(sandbox.storeExists)
    }

    @Test func profileSetup_withATakenNickname_isNicknameTaken() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store, completed: false)
        let (server, url) = try serve { _ in
            Fixtures.envelope(status: 409, code: "E013", message: "Nickname in use", http: 200)
        }
        defer { server.stop() }
        let result = try await sandbox.wote(
            ["profile", "setup", "--nickname", "투표왕", "--school-name", "서울고", "--school-region", "서울", "--json"],
            server: url)
        try result.expectError(status: 5, kind: "nicknameTaken")
        #expect(try result.jsonError()["code"] as? String == "E013")
    }

    @Test func refresh_refusedWithE016_isSessionExpired_andDeletesTheStore() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let result = try await run(
            ["refresh", "--json"], in: sandbox,
            answering: Fixtures.envelope(status: 401, code: "E016", message: "Invalid refresh token", http: 200))
        try result.expectError(status: 3, kind: "sessionExpired")
        #expect(!sandbox.storeExists)
    }

    @Test func logout_endsTheSession_evenWhenTheServerFails() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let (server, url) = try serve { _ in Fixtures.html(status: 502) }
        defer { server.stop() }
        let result = try await sandbox.wote(["logout", "--device-token", "ABCD", "--json"], server: url)
        #expect(result.status == 0, "\(result)")
        #expect(try result.json()["state"] as? String == "signedOut")
        #expect(!sandbox.storeExists)
        let request = try #require(server.requests.first)
        #expect(request.path == "/api/auth/logout")
        #expect(request.body.contains("abcd"))
    }
}
