import Foundation
import Testing
import WoteData
import WoteKit
import WoteKitTesting
import WoteLocked

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The diagnostics hook sees each request, refresh and session change, redacted: method and path
/// without the query, status, duration, retried or not; never a token, a password or a code.
@Suite struct DiagnosticsTests {
    private static let access1 = "eyJ-access-SECRET-1"
    private static let refresh1 = "eyJ-refresh-SECRET-2"
    private static let access2 = "eyJ-access-SECRET-3"
    private static let refresh2 = "eyJ-refresh-SECRET-4"
    private static let password = "hunter2-SECRET-5"

    private static func pair(_ access: String, _ refresh: String) -> TokenPairFixture {
        TokenPairFixture(accessToken: access, refreshToken: refresh, accessExpiresAt: nil, refreshExpiresAt: nil)
    }

    @Test func everyRequestRefreshAndSessionChange_isReported_withoutSecrets() async throws {
        let events = Locked<[DiagnosticEvent]>([])
        let server = StubTransport { request in
            let authorization = request.value(forHTTPHeaderField: "Authorization")
            switch request.url?.path {
            case "/api/auth/signin":
                return Self.pair(Self.access1, Self.refresh1).loginAnswer()
            case "/api/auth/refresh":
                return Self.pair(Self.access2, Self.refresh2).refreshAnswer
            default:
                guard authorization == "Bearer \(Self.access2)" else {
                    return .json(401, #"{"status":401,"divisionCode":"E006","message":"Expired JWT"}"#)
                }
                return .json(200, #"{"status":200,"message":"ok","data":[]}"#)
            }
        }
        var configuration = WoteConfiguration(
            baseURL: URL(string: "https://api.wote.test")!, storage: InMemoryTokenStorage(),
            transport: server.transport, clock: TestClock().clock)
        configuration.diagnostics = WoteDiagnostics { event in events.withLock { $0.append(event) } }
        let wote = WoteClient(configuration: configuration)

        _ = try await wote.login(.account("wote01", password: Self.password), remember: true)
        let posts = try await wote.fetch(
            [Int].self, .get("/api/posts", query: ["visibilityScope": "GLOBAL", "secret": Self.password]))
        #expect(posts.isEmpty)

        let seen = events.current
        let requests = seen.compactMap { if case .request(let request) = $0 { request } else { nil } }
        let feed = try #require(requests.first { $0.path == "/api/posts" })
        #expect(feed.method == "GET")
        #expect(feed.status == 200)
        #expect(feed.retried)
        #expect(feed.failure == nil)
        let refreshes = seen.compactMap { if case .refresh(let refresh) = $0 { refresh } else { nil } }
        #expect(refreshes.map(\.trigger) == [.reactive])
        #expect(refreshes.map(\.outcome) == [.renewed])
        #expect(seen.contains(.session(.signedIn)))
        #expect(seen.contains(.session(.tokensRefreshed)))
        for secret in [Self.access1, Self.refresh1, Self.access2, Self.refresh2, Self.password] {
            #expect(!SecretScan.reveals(secret, in: seen))
            #expect(!seen.map(\.description).joined(separator: "\n").contains(secret))
        }
    }

    @Test func aFailedRequest_isReportedWithItsKind() async throws {
        let events = Locked<[DiagnosticEvent]>([])
        let server = StubTransport { _ in .failure(.network("refused")) }
        var configuration = WoteConfiguration(
            baseURL: URL(string: "https://api.wote.test")!, storage: InMemoryTokenStorage(),
            transport: server.transport, clock: TestClock().clock)
        configuration.diagnostics = WoteDiagnostics { event in events.withLock { $0.append(event) } }
        let wote = WoteClient(configuration: configuration)
        _ = try await wote.beginSession(
            with: TokenPair(
                accessToken: "a", refreshToken: "r", accessTokenExpiresAt: nil, refreshTokenExpiresAt: nil,
                receivedAt: Date()))

        await #expect(throws: WoteError.networkUnavailable("refused")) {
            try await wote.perform(.delete("/api/posts/1"))
        }
        let request = try #require(
            events.current.compactMap { if case .request(let request) = $0 { request } else { nil } }.first)
        #expect(request.method == "DELETE")
        #expect(request.status == nil)
        #expect(request.failure == .networkUnavailable)
        #expect(request.description.hasPrefix("request DELETE /api/posts/1 - "))
    }

    @Test func none_isDisabled_andEveryOtherHookIsEnabled() {
        #expect(!WoteDiagnostics.none.isEnabled)
        #expect(WoteDiagnostics { _ in }.isEnabled)
        #expect(WoteDiagnostics.standardError.isEnabled)
    }
}
