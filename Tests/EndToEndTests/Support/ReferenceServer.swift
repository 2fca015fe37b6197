import Foundation
import Testing
import WoteKit
import WoteKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The running reference server these tests talk to, named by `WOTE_E2E_SERVER`.
enum ReferenceServer {
    static let url: URL? = ProcessInfo.processInfo.environment["WOTE_E2E_SERVER"].flatMap(URL.init(string:))
    static var isRunning: Bool { url != nil }
    static let howToRun: Comment =
        "End-to-end tests need a wote-server started with --test-hooks: run scripts/test.sh, or start one and set WOTE_E2E_SERVER=http://127.0.0.1:PORT"

    /// A short unique suffix for member names and nicknames (letters and digits only).
    static func uniqueSuffix() -> String {
        String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(8)).lowercased()
    }

    /// A client wired as an app wires it: the real URLSession transport, over loopback.
    static func client(
        storage: any TokenStorage = InMemoryTokenStorage(), clock: TestClock, timeout: Duration = .seconds(10),
        session: SessionConfiguration = SessionConfiguration()
    ) -> WoteClient {
        WoteClient(
            configuration: WoteConfiguration(
                baseURL: url!, storage: storage, transport: .live, clock: clock.clock, session: session,
                requestTimeout: timeout))
    }

    /// Whether the server accepts `accessToken` for a protected call now (a profile read).
    static func accepts(accessToken: String) async throws -> Bool {
        var request = URLRequest(url: try #require(url).appendingPathComponent("api/profiles"))
        request.setValue("Bearer \(accessToken)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        let body = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (response as? HTTPURLResponse)?.statusCode == 200 && body?["status"] as? Int == 200
    }

    /// The division code (or `status` when there is none) the server answers a refresh with
    /// `refreshToken`, sent by hand, outside any client.
    static func refreshByHand(_ refreshToken: String) async throws -> String {
        var request = URLRequest(url: try #require(url).appendingPathComponent("api/auth/refresh"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(["refreshToken": refreshToken])
        let (data, _) = try await URLSession(configuration: .ephemeral).data(for: request)
        let body = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return body?["divisionCode"] as? String ?? "status \(body?["status"] as? Int ?? 0)"
    }

    /// A fresh temporary session file.
    static func temporaryStore() -> FileTokenStorage {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wote-e2e-\(uniqueSuffix())")
        return FileTokenStorage(fileURL: directory.appendingPathComponent("session.json"))
    }
}

/// The server's `/__test` hooks: counters, faults, run-time config and clock.
struct TestHooks {
    struct Counters: Decodable {
        var refreshCalls: Int
        var refreshRejected: Int
        var supersededAccessTokenRequests: Int
        var expiredAccessTokenRequests: Int
        var authorizationOnRefresh: Int
        var redirectTargetRequests: Int
        var redirectTargetAuthorizationSeen: Int
        var requests: [String: Int]
        /// Requests per Authorization value, keyed by a hash prefix (never the value).
        var requestsPerAuthorization: [String: Int]?
    }

    struct Fault: Encodable {
        var method: String
        var path: String
        var kind: String
        var status: Int?
        var delayMs: Int?
        var times: Int? = 1
    }

    let base: URL
    private let session = URLSession(configuration: .ephemeral)

    /// The hooks' secret, given to the server at start (scripts/test.sh exports it).
    static let secret = ProcessInfo.processInfo.environment["WOTE_TEST_HOOKS_SECRET"] ?? ""

    init(base: URL = ReferenceServer.url!) {
        self.base = base
    }

    @discardableResult
    private func call(_ method: String, _ path: String, body: Data? = nil) async throws -> Data {
        var request = URLRequest(url: base.appendingPathComponent(path))
        request.httpMethod = method
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(Self.secret, forHTTPHeaderField: "X-Wote-Test-Secret")
        let (data, response) = try await session.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw HookFailure(path: path, body: String(decoding: data, as: UTF8.self))
        }
        return data
    }

    func counters() async throws -> Counters {
        try JSONDecoder().decode(Counters.self, from: try await call("GET", "__test/counters"))
    }

    func reset() async throws {
        try await call("POST", "__test/reset")
    }

    func inject(_ fault: Fault) async throws {
        try await call("POST", "__test/faults", body: try JSONEncoder().encode(fault))
    }

    func clearFaults() async throws {
        try await call("DELETE", "__test/faults")
    }

    func setStrictRotation(_ strict: Bool) async throws {
        try await call("POST", "__test/config", body: Data(#"{"strictRotation":\#(strict)}"#.utf8))
    }

    /// Sets how the server treats a superseded refresh token (`lax`, `strict` or `grace`, with the
    /// grace window in seconds), Docs/ServerModes.md; ``reset()`` restores the launch settings.
    func setRefreshReuse(_ mode: String, graceSeconds: Int = 30) async throws {
        try await call(
            "POST", "__test/config", body: Data(#"{"refreshReuse":"\#(mode)","reuseGrace":\#(graceSeconds)}"#.utf8))
    }

    /// Sets the lifetimes of the tokens issued from now on, in seconds (``reset()`` restores them).
    func setTokenLifetimes(access: Int, refresh: Int) async throws {
        try await call("POST", "__test/config", body: Data(#"{"accessTTL":\#(access),"refreshTTL":\#(refresh)}"#.utf8))
    }

    /// Bans the member with `nickname`: its access tokens then answer 403 E018.
    func ban(nickname: String) async throws {
        try await call("POST", "__test/ban", body: try JSONEncoder().encode(["nickname": nickname]))
    }

    /// The server's clock, as a test clock that a test advances together with the server's.
    func clock() async throws -> TestClock {
        struct Now: Decodable { var nowMs: Double }
        let now = try JSONDecoder().decode(Now.self, from: try await call("GET", "__test/clock"))
        return TestClock(now: Date(timeIntervalSince1970: now.nowMs / 1000))
    }

    /// `false` puts the server in its real-server mode: the `[ext]` items of Docs/API.md are off.
    func setExtensions(_ on: Bool) async throws {
        try await call("POST", "__test/config", body: Data(#"{"extensions":\#(on)}"#.utf8))
    }

    /// Unlinks a member by nickname, as the provider's unlink notice would: its sessions end (X002).
    func unlink(nickname: String) async throws {
        try await call("POST", "__test/unlink", body: try JSONEncoder().encode(["nickname": nickname]))
    }

    /// One revocation the server's Apple stand-in recorded.
    struct AppleRevocation: Decodable, Equatable {
        var member: String
        var authorizationCode: String
        var exchangedRefreshToken: String
        var revokedToken: String
        var tokenTypeHint: String
    }

    /// Every revocation the server's Apple stand-in recorded since the last reset with members.
    func appleRevocations() async throws -> [AppleRevocation] {
        struct Record: Decodable { var revocations: [AppleRevocation] }
        return try JSONDecoder().decode(Record.self, from: try await call("GET", "__test/apple-revocations"))
            .revocations
    }

    /// Moves the server's clock and `clock` forward together.
    func advance(_ clock: TestClock, by seconds: Int) async throws {
        try await call("POST", "__test/clock", body: Data(#"{"advanceSeconds":\#(seconds)}"#.utf8))
        clock.advance(by: .seconds(seconds))
    }
}

struct HookFailure: Error, CustomStringConvertible {
    var path: String
    var body: String
    var description: String { "test hook \(path) failed: \(body)" }
}

/// A member signed in with a completed profile, ready for authenticated requests.
struct SignedInMember {
    let client: WoteClient
    let storage: any TokenStorage
    let clock: TestClock
    let nickname: String

    static func make(
        hooks: TestHooks, storage: any TokenStorage = InMemoryTokenStorage(), timeout: Duration = .seconds(10),
        session: SessionConfiguration = SessionConfiguration()
    ) async throws -> SignedInMember {
        let clock = try await hooks.clock()
        let client = ReferenceServer.client(storage: storage, clock: clock, timeout: timeout, session: session)
        let suffix = ReferenceServer.uniqueSuffix()
        _ = try await client.login(
            .kakao("kakao:member-\(suffix)"), remember: true)
        let nickname = "m\(suffix)"
        try await client.completeProfile(
            nickname: nickname, schoolName: "Wote High", region: .seoul, imageJPEG: nil)
        return SignedInMember(client: client, storage: storage, clock: clock, nickname: nickname)
    }
}
