import Foundation
import Testing
import WoteKit
import WoteKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What TestingYourApp.md tells a stub to script for Wote's refresh and logout: the same test as
/// the article's, so the article's requests and answers are the ones WoteKit really sends and reads.
@Suite struct StubbedRefreshAndLogoutTests {
    struct Post: Decodable, Sendable, Equatable {
        var postId: Int64
        var title: String
    }

    @Test func expiredAccessToken_isRefreshedFirst_andLogoutSendsTheDeviceToken() async throws {
        let clock = TestClock(now: Date(timeIntervalSince1970: 1_700_000_000))
        let stub = StubTransport { request in
            switch request.url?.path {
            case "/api/auth/refresh":
                TokenPairFixture(
                    accessToken: "access-2", refreshToken: "refresh-2",
                    accessExpiresAt: clock.now.addingTimeInterval(7200),
                    refreshExpiresAt: clock.now.addingTimeInterval(14 * 86_400)
                ).refreshAnswer
            case "/api/auth/logout":
                .json(200, #"{"status":200,"message":"logout success."}"#)
            case "/api/posts":
                .json(200, #"{"status":200,"message":"SUCCESS","data":[{"postId":1,"title":"에어팟 맥스 살까?"}]}"#)
            default:
                .json(404, #"{"status":404,"message":"Not Found"}"#)
            }
        }
        let wote = WoteClient(
            configuration: WoteConfiguration(
                baseURL: URL(string: "https://api.wote.test")!, storage: InMemoryTokenStorage(),
                transport: stub.transport, clock: clock.clock))
        try await wote.beginSession(
            with: TokenPair(
                accessToken: "access-1", refreshToken: "refresh-1",
                accessTokenExpiresAt: clock.now.addingTimeInterval(3600),
                refreshTokenExpiresAt: clock.now.addingTimeInterval(86_400), receivedAt: clock.now))

        clock.advance(by: .seconds(3600))
        let feed = try await wote.fetch([Post].self, .get("/api/posts"))

        #expect(feed == [Post(postId: 1, title: "에어팟 맥스 살까?")])
        let refresh = try #require(stub.requests(path: "/api/auth/refresh").first)
        #expect(refresh.httpMethod == "POST")
        #expect(refresh.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(refresh.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(
            try JSONDecoder().decode([String: String].self, from: refresh.httpBody ?? Data()) == [
                "refreshToken": "refresh-1"
            ])
        #expect(stub.requests(path: "/api/posts").last?.value(forHTTPHeaderField: "Authorization") == "Bearer access-2")

        try await wote.logout(deviceToken: DeviceToken(hex: "00ff"))

        let logout = try #require(stub.requests(path: "/api/auth/logout").first)
        #expect(logout.httpMethod == "POST")
        #expect(logout.value(forHTTPHeaderField: "Authorization") == "Bearer access-2")
        #expect(
            try JSONDecoder().decode([String: String].self, from: logout.httpBody ?? Data()) == [
                "deviceToken": "00ff", "refreshToken": "refresh-2",
            ])
    }
}
