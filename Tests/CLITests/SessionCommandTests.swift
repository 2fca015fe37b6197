import Foundation
import Testing
import WoteKitTesting
import WoteTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `login`, `status` and `refresh`: the JSON shape, the store's permissions, "keep me signed in"
/// on and off, no network call while the access token is valid, and tokens shown only on request.
@Suite(.timeLimit(.minutes(1))) struct SessionCommandTests {
    private static func permissions(_ url: URL) -> mode_t? {
        var info = stat()
        guard lstat(url.path(percentEncoded: false), &info) == 0 else { return nil }
        return info.st_mode & 0o777
    }

    private static func isISO8601(_ value: Any?) -> Bool {
        guard let text = value as? String else { return false }
        return (try? Date.ISO8601FormatStyle().parse(text)) != nil
    }

    @Test func login_printsTheStateAndExpiries_andStoresTheSession_0600In0700() async throws {
        let sandbox = try Sandbox()
        let server = try LoopbackHTTPServer { _ in Fixtures.login(completed: false) }
        defer { server.stop() }
        let result = try await sandbox.wote(
            ["login", "kakao", "--json"], input: "kakao:alice\n", server: server.baseURL)
        #expect(result.status == 0, "\(result)")
        let json = try result.json()
        #expect(Set(json.keys) == ["state", "accessTokenExpiresAt", "refreshTokenExpiresAt"])
        #expect(json["state"] as? String == "profileRequired")
        #expect(Self.isISO8601(json["accessTokenExpiresAt"]))
        #expect(Self.isISO8601(json["refreshTokenExpiresAt"]))
        #expect(Self.permissions(sandbox.store) == 0o600)
        #expect(Self.permissions(sandbox.store.deletingLastPathComponent()) == 0o700)
        #expect(server.requests.first?.path == "/login/oauth2/code/kakao")
    }

    @Test func rememberOff_writesNothing_andReplacesTheStoredSession() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let server = try LoopbackHTTPServer { _ in Fixtures.login(completed: true) }
        defer { server.stop() }
        let url = server.baseURL
        let result = try await sandbox.wote(["login", "apple", "--no-remember"], input: "apple:bob\n", server: url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Signed in."))
        #expect(result.stdout.contains("--no-remember"))
        #expect(!sandbox.storeExists)
        let next = try await sandbox.wote(["status", "--json"], server: url)
        #expect(try next.json()["state"] as? String == "signedOut")
    }

    @Test func rememberOn_keepsTheNextInvocationSignedIn() async throws {
        let sandbox = try Sandbox()
        let server = try LoopbackHTTPServer { request in
            request.path == "/api/profiles" ? Fixtures.profile : Fixtures.login(completed: true)
        }
        defer { server.stop() }
        let url = server.baseURL
        _ = try await sandbox.wote(["login", "apple"], input: "apple:bob\n", server: url)
        let profile = try await sandbox.wote(["profile", "show", "--json"], server: url)
        #expect(profile.status == 0, "\(profile)")
        let json = try profile.json()
        #expect(json["nickname"] as? String == "투표왕")
        let school = try #require(json["school"] as? [String: Any])
        #expect(school["schoolName"] as? String == "서울고")
        #expect(school["schoolRegion"] as? String == "서울")
        #expect(json["consumerType"] is NSNull)
        #expect(json["profileImage"] is NSNull)
        #expect(server.requests.last?.headers["authorization"] == "Bearer \(Fixtures.accessToken)")
    }

    @Test func status_makesNoRequest_whileTheAccessTokenIsValid() async throws {
        let sandbox = try Sandbox()
        // Valid for only 5 more seconds: inside any refresh leeway, but not expired.
        try Fixtures.storeSession(at: sandbox.store, accessExpiresIn: 5)
        let server = try LoopbackHTTPServer { _ in Fixtures.html(status: 500) }
        defer { server.stop() }
        let result = try await sandbox.wote(["status", "--json"], server: server.baseURL)
        #expect(result.status == 0, "\(result)")
        #expect(try result.json()["state"] as? String == "signedIn")
        #expect(server.requests.isEmpty)
        #expect(result.stderr.isEmpty)
    }

    @Test func status_withAnExpiredToken_andNoNetwork_printsTheKeptState_andWarns() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store, accessExpiresIn: -60, completed: false)
        let result = try await sandbox.wote(["status", "--json"])
        #expect(result.status == 0, "\(result)")
        let json = try result.json()
        #expect(json["state"] as? String == "profileRequired")
        #expect(Self.isISO8601(json["accessTokenExpiresAt"]))
        #expect(result.stderr.contains("warning"))
        #expect(sandbox.storeExists)
    }

    @Test func status_refreshesAnExpiredToken() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store, accessExpiresIn: -60)
        let now = Date()
        let pair = TokenPairFixture(
            accessToken: "new-access", refreshToken: "new-refresh", accessExpiresAt: now.addingTimeInterval(600),
            refreshExpiresAt: now.addingTimeInterval(900))
        let server = try LoopbackHTTPServer { _ in
            Fixtures.json(pair.refreshAnswerJSON)
        }
        defer { server.stop() }
        let result = try await sandbox.wote(["status", "--json"], server: server.baseURL)
        #expect(result.status == 0, "\(result)")
        #expect(server.requests.map(\.path) == ["/api/auth/refresh"])
        let expiry = try #require(try result.json()["accessTokenExpiresAt"] as? String)
        #expect(try Date.ISO8601FormatStyle().parse(expiry) > Date())
        #expect(result.stderr.isEmpty)
    }

    @Test func status_withBothTokensExpired_isSignedOut_sessionExpired_onceTheServerSaysSo() async throws {
        let sandbox = try Sandbox()
        let server = try Fixtures.expiredSessionAndItsRefreshRefused(at: sandbox.store)
        defer { server.stop() }
        let result = try await sandbox.wote(["status"], server: server.baseURL)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Signed out"))
        #expect(result.stdout.contains("expired"))
    }

    @Test func corruptedStore_isSignedOut_withAWarning() async throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(
            at: sandbox.store.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: sandbox.store)
        let result = try await sandbox.wote(["status", "--json"])
        #expect(result.status == 0, "\(result)")
        #expect(try result.json()["state"] as? String == "signedOut")
        #expect(result.stderr.contains("could not be used"))
    }

    @Test func tokens_areNeverPrinted_withoutShowTokens() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        for arguments in [["status"], ["status", "--json"]] {
            let result = try await sandbox.wote(arguments)
            #expect(result.status == 0)
            for token in [Fixtures.accessToken, Fixtures.refreshToken] {
                #expect(!result.stdout.contains(token) && !result.stderr.contains(token))
            }
        }
        let shown = try await sandbox.wote(["status", "--json", "--show-tokens"])
        let json = try shown.json()
        #expect(json["accessToken"] as? String == Fixtures.accessToken)
        #expect(json["refreshToken"] as? String == Fixtures.refreshToken)
        let text = try await sandbox.wote(["--show-tokens", "status"])
        #expect(text.stdout.contains(Fixtures.accessToken) && text.stdout.contains(Fixtures.refreshToken))
    }
}
