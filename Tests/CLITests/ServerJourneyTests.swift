import Foundation
import Testing
import WoteKit

/// `wote` against a running reference server: the sign-in journey, "keep me signed in" on and off
/// across two invocations, sign-up and sign-in through standard input, and two processes sharing
/// one store after expiry. Runs only when `WOTE_CLI_E2E_SERVER` names a server (started with
/// `--test-hooks`); the end-to-end run sets it.
@Suite(
    .referenceServerIsSet,
    .timeLimit(.minutes(2)))
struct ServerJourneyTests {
    private var server: String { E2EServer.url ?? Sandbox.closedServer }

    /// A name no other run uses, within the nickname and ID rules.
    private static func unique(_ prefix: String, length: Int = 10) -> String {
        E2EServer.unique(prefix, length: length)
    }

    @Test func journey_newMember_nickname_profileSetup_profileShow() async throws {
        let sandbox = try Sandbox()
        let login = try await sandbox.wote(
            ["login", "kakao", "--json"], input: "kakao:\(Self.unique("cli-"))\n", server: server)
        #expect(login.status == 0, "\(login)")
        #expect(try login.json()["state"] as? String == "profileRequired")

        let nickname = Self.unique("n")
        let check = try await sandbox.wote(["nickname", "check", nickname, "--json"], server: server)
        #expect(try check.json()["available"] as? Bool == true, "\(check)")

        let gated = try await sandbox.wote(["profile", "show", "--json"], server: server)
        #expect(gated.status == 4, "\(gated)")

        let setup = try await sandbox.wote(
            ["profile", "setup", "--nickname", nickname, "--school-name", "서울고", "--school-region", "seoul", "--json"],
            server: server)
        #expect(setup.status == 0, "\(setup)")
        #expect(try setup.json()["state"] as? String == "signedIn")

        let taken = try await sandbox.wote(["nickname", "check", nickname, "--json"], server: server)
        #expect(try taken.json()["reason"] as? String == "taken", "\(taken)")

        let show = try await sandbox.wote(["profile", "show", "--json"], server: server)
        #expect(show.status == 0, "\(show)")
        #expect(try show.json()["nickname"] as? String == nickname)

        let type = try await sandbox.wote(["consumer-type", "set", "FLEXER", "--json"], server: server)
        #expect(type.status == 0, "\(type)")
        let status = try await sandbox.wote(["status", "--json"], server: server)
        #expect(try status.json()["state"] as? String == "signedIn")

        let logout = try await sandbox.wote(["logout", "--json"], server: server)
        #expect(logout.status == 0, "\(logout)")
        let after = try await sandbox.wote(["status", "--json"], server: server)
        #expect(try after.json()["state"] as? String == "signedOut")
    }

    @Test func keepMeSignedIn_offThenOn_acrossTwoInvocations() async throws {
        let sandbox = try Sandbox()
        let code = "apple:\(Self.unique("cli-"))"
        let off = try await sandbox.wote(
            ["login", "apple", "--no-remember", "--json"], input: code + "\n", server: server)
        #expect(off.status == 0, "\(off)")
        let afterOff = try await sandbox.wote(["status", "--json"], server: server)
        #expect(try afterOff.json()["state"] as? String == "signedOut")
        #expect(!sandbox.storeExists)

        let on = try await sandbox.wote(["login", "apple", "--json"], input: code + "\n", server: server)
        #expect(on.status == 0, "\(on)")
        let afterOn = try await sandbox.wote(["status", "--json"], server: server)
        #expect(try afterOn.json()["state"] as? String == "profileRequired")
    }

    @Test func signUp_thenSignIn_withThePasswordOnStandardInput() async throws {
        let sandbox = try Sandbox()
        let loginId = Self.unique("id", length: 12)
        let fields = ["--login-id", loginId, "--name", "김투표"]
        let input = "secret123\nvote@wote.kr\n010-1234-5678\n"
        let created = try await sandbox.wote(["signup"] + fields + ["--json"], input: input, server: server)
        #expect(created.status == 0, "\(created)")
        let again = try await sandbox.wote(["signup"] + fields + ["--json"], input: input, server: server)
        try again.expectError(status: 5, kind: "rejected")
        #expect((try again.jsonError()["message"] as? String)?.isEmpty == false)

        let wrong = try await sandbox.wote(["signin", loginId, "--json"], input: "secret999\n", server: server)
        #expect(wrong.status == 5, "\(wrong)")
        #expect(try wrong.jsonError()["code"] as? String == "A002")

        let off = try await sandbox.wote(
            ["signin", loginId, "--no-remember", "--json"], input: "secret123\n", server: server)
        #expect(try off.json()["state"] as? String == "profileRequired", "\(off)")
        #expect(try await sandbox.wote(["status", "--json"], server: server).json()["state"] as? String == "signedOut")

        let on = try await sandbox.wote(["signin", loginId, "--json"], input: "secret123\n", server: server)
        #expect(try on.json()["state"] as? String == "profileRequired", "\(on)")
        #expect(
            try await sandbox.wote(["status", "--json"], server: server).json()["state"] as? String == "profileRequired"
        )
    }

    @Test func twoProcesses_onOneStore_afterExpiry_bothSucceed() async throws {
        let sandbox = try Sandbox()
        let login = try await sandbox.wote(
            ["login", "kakao"], input: "kakao:\(Self.unique("cli-"))\n", server: server)
        #expect(login.status == 0, "\(login)")
        let nickname = Self.unique("p")
        let setup = try await sandbox.wote(
            ["profile", "setup", "--nickname", nickname, "--school-name", "부산고", "--school-region", "부산"],
            server: server)
        #expect(setup.status == 0, "\(setup)")
        // Age the stored access token past its expiry, so both launches below must refresh first.
        let stored = try JSONDecoder().decode(StoredSession.self, from: Data(contentsOf: sandbox.store))
        let aged = StoredSession(
            tokens: TokenPair(
                accessToken: stored.tokens.accessToken, refreshToken: stored.tokens.refreshToken,
                accessTokenExpiresAt: Date().addingTimeInterval(-1),
                refreshTokenExpiresAt: stored.tokens.refreshTokenExpiresAt,
                accessTokenIssuedAt: stored.tokens.accessTokenIssuedAt),
            profileCompleted: true)
        try JSONEncoder().encode(aged).write(to: sandbox.store)

        let arguments = [
            "--store", sandbox.store.path(percentEncoded: false), "--server", server, "profile", "show", "--json",
        ]
        let home = sandbox.home
        async let first = WoteProcess.run(arguments, home: home)
        async let second = WoteProcess.run(arguments, home: home)
        let results = try await [first, second]
        for result in results {
            #expect(result.status == 0, "\(result)")
            #expect(try result.json()["nickname"] as? String == nickname)
        }
        let status = try await sandbox.wote(["status", "--json"], server: server)
        #expect(try status.json()["state"] as? String == "signedIn", "\(status)")
        let renewed = try JSONDecoder().decode(StoredSession.self, from: Data(contentsOf: sandbox.store))
        #expect(renewed.tokens.refreshToken != stored.tokens.refreshToken)
    }

    @Test func interactive_signsInAndCompletesTheProfile() async throws {
        let sandbox = try Sandbox()
        let nickname = Self.unique("i")
        let input = "2\nkakao:\(Self.unique("cli-"))\n1\n\(nickname)\n2\n서울고\n3\nseoul\n5\n"
        let result = try await sandbox.interact(input, server: server)
        #expect(result.stdout.contains("── Complete your profile ──"))
        #expect(result.stdout.contains("── Home ──"))
        #expect(result.stdout.contains("Nickname       \(nickname)"))
        let status = try await sandbox.wote(["status", "--json"], server: server)
        #expect(try status.json()["state"] as? String == "signedIn")
    }
}

extension ServerJourneyTests {
    @Test func demo_runsTheWholeTour() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.wote(["demo"], server: server)
        #expect(result.status == 0, "\(result)")
        for step in [
            "1. A new member", "3. Our member checks nicknames", "6. Token expiry", "7. The feed", "9. The next launch",
        ] {
            #expect(result.stdout.contains(step), "\(step)")
        }
        #expect(result.stdout.contains("is taken"))
        #expect(result.stdout.contains("is available"))
        #expect(result.stdout.contains("Server refresh count: "))
        #expect(result.stdout.contains("→ Signed out."))
        #expect(!sandbox.storeExists, "the demo used --store, and logged out at the end")
    }
}

/// The reference server the end-to-end run points `WOTE_CLI_E2E_SERVER` at, if any.
enum E2EServer {
    static let url = ProcessInfo.processInfo.environment["WOTE_CLI_E2E_SERVER"].flatMap { $0.isEmpty ? nil : $0 }

    /// A name no other run uses, within the nickname and ID rules: `prefix` and random letters and digits.
    static func unique(_ prefix: String, length: Int = 10) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return prefix + String((0..<(length - prefix.count)).map { _ in letters.randomElement()! })
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a suite only when `WOTE_CLI_E2E_SERVER` names a running reference server.
    static var referenceServerIsSet: Self {
        .enabled(
            if: E2EServer.url != nil,
            "set WOTE_CLI_E2E_SERVER to the base URL of a running wote-server to run the CLI journeys")
    }
}
