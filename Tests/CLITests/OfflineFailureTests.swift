import Foundation
import Testing

/// Failures `wote` reports without any server: nobody signed in, no network, an unreadable store,
/// a nickname that breaks the rule.
@Suite(.timeLimit(.minutes(1))) struct OfflineFailureTests {
    @Test func commandsNeedingASession_failNotSignedIn_withAnEmptyStore() async throws {
        let sandbox = try Sandbox()
        let commands: [[String]] = [
            ["profile", "show"], ["refresh"], ["withdraw", "--yes"], ["consumer-type", "set", "FLEXER"],
            ["device-token", "register", "abcd"],
        ]
        for command in commands {
            let result = try await sandbox.wote(command + ["--json"])
            #expect(result.status == 3, "\(command): \(result)")
            #expect(try result.jsonError()["kind"] as? String == "notSignedIn", "\(command)")
        }
        #expect(!sandbox.storeExists)
    }

    @Test func notSignedIn_asText_goesToStandardError() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.wote(["profile", "show"])
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "wote: Please sign in first.\n")
    }

    @Test func logout_withNobodySignedIn_succeeds() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.wote(["logout", "--json"])
        #expect(result.status == 0, "\(result)")
        let json = try result.json()
        #expect(json["ok"] as? Bool == true)
        #expect(json["state"] as? String == "signedOut")
    }

    @Test func login_againstAClosedPort_isANetworkFailure_andStoresNothing() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.wote(["login", "kakao", "--json"], input: "kakao:alice\n")
        let error = try result.expectError(status: 6, kind: "network")
        #expect(error["code"] is NSNull)
        #expect((error["message"] as? String)?.isEmpty == false)
        #expect(!sandbox.storeExists)
    }

    @Test func nicknameCheck_againstAClosedPort_isANetworkFailure() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.wote(["nickname", "check", "투표왕"])
        #expect(result.status == 6, "\(result)")
        #expect(result.stderr.contains("Cannot reach the server"))
    }

    @Test func nicknameBreakingTheRule_isAnAnswer_withoutAnyRequest() async throws {
        let sandbox = try Sandbox()
        for name in ["a", "with space", "eleven char", "투표왕!", "abcdefghijk"] {
            let result = try await sandbox.wote(["nickname", "check", name, "--json"])
            #expect(result.status == 0, "\(name): \(result)")
            let json = try result.json()
            #expect(json["available"] as? Bool == false)
            #expect(json["reason"] as? String == "invalid")
            #expect(json["nickname"] as? String == name)
        }
    }

    @Test func profileSetup_withAnInvalidNickname_isInvalidNickname() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.wote(
            ["profile", "setup", "--nickname", "x", "--school-name", "서울고", "--school-region", "서울", "--json"])
        try result.expectError(status: 5, kind: "invalidNickname")
    }

    @Test func profileSetup_withAnImageThatIsNotAJPEG_isAUsageError() async throws {
        let sandbox = try Sandbox()
        let image = sandbox.home.appendingPathComponent("me.png")
        try Data("not a jpeg".utf8).write(to: image)
        let result = try await sandbox.wote(
            [
                "profile", "setup", "--nickname", "투표왕", "--school-name", "서울고", "--school-region", "서울",
                "--image", image.path(percentEncoded: false), "--json",
            ])
        #expect(result.status == 2, "\(result)")
        #expect((try result.jsonError()["message"] as? String)?.hasPrefix("--image") == true)
    }

    @Test func unreadableStore_isAStorageFailure() async throws {
        let sandbox = try Sandbox()
        // A folder where the store file should be: it exists but cannot be read as a file.
        try FileManager.default.createDirectory(at: sandbox.store, withIntermediateDirectories: true)
        for command in [["status"], ["profile", "show"], ["logout"]] {
            let result = try await sandbox.wote(command + ["--json"])
            #expect(result.status == 8, "\(command): \(result)")
            #expect(try result.jsonError()["kind"] as? String == "storage")
        }
        var isDirectory: ObjCBool = false
        #expect(
            FileManager.default.fileExists(atPath: sandbox.store.path(percentEncoded: false), isDirectory: &isDirectory)
        )
        #expect(isDirectory.boolValue)
    }

    @Test func storeUnderAFile_isAStorageFailure() async throws {
        let sandbox = try Sandbox()
        let file = sandbox.home.appendingPathComponent("plain")
        try Data().write(to: file)
        let result = try await WoteProcess.run(
            [
                "status", "--store", file.appendingPathComponent("session.json").path(percentEncoded: false),
                "--server", Sandbox.closedServer,
            ],
            home: sandbox.home)
        #expect(result.status == 8, "\(result)")
        #expect(result.stderr.contains("could not be saved or read"))
    }

    @Test func environment_choosesTheStore() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store, completed: false)
        let result = try await WoteProcess.run(
            ["status", "--json"], home: sandbox.home,
            environment: ["WOTE_STORE": sandbox.store.path(percentEncoded: false), "WOTE_SERVER": Sandbox.closedServer])
        #expect(result.status == 0, "\(result)")
        #expect(try result.json()["state"] as? String == "profileRequired")
    }

    @Test func defaultStore_livesUnderTheStateHome() async throws {
        let sandbox = try Sandbox()
        let stateHome = sandbox.home.appendingPathComponent("state-home")
        try Fixtures.storeSession(at: stateHome.appendingPathComponent("wote/session.json"))
        let result = try await WoteProcess.run(
            ["status", "--json", "--server", Sandbox.closedServer], home: sandbox.home,
            environment: ["XDG_STATE_HOME": stateHome.path(percentEncoded: false)])
        #expect(try result.json()["state"] as? String == "signedIn", "\(result)")
    }

    @Test func demo_withoutAServer_stopsWithANetworkFailure_andRemovesItsTemporaryStore() async throws {
        let sandbox = try Sandbox()
        let temporary = sandbox.home.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
        let result = try await WoteProcess.run(
            ["demo", "--server", Sandbox.closedServer], home: sandbox.home,
            environment: ["TMPDIR": temporary.path(percentEncoded: false)])
        #expect(result.status == 6, "\(result)")
        #expect(result.stdout.contains("1. A new member signs in with Kakao"))
        #expect(result.stderr.contains("Is the reference server running?"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path(percentEncoded: false)).isEmpty)
    }
}
