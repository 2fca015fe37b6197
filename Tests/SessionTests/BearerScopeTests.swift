import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct BearerScopeTests {
    @Test func bearer_isAttached_toAuthenticatedEndpoints_only() async throws {
        let fixture = EngineFixture()
        let pair = try await fixture.signIn()

        _ = try await fixture.engine.send(Endpoint(method: .get, path: "/api/profiles", authorization: .bearer))
        _ = try await fixture.engine.send(
            Endpoint(method: .post, path: "/login/oauth2/code/apple", body: Data("code=x".utf8), authorization: .none))

        let requests = fixture.server.log.map(\.request)
        #expect(requests[0].value(forHTTPHeaderField: "Authorization") == "Bearer \(pair.accessToken)")
        #expect(requests[1].value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func refreshCall_neverCarriesAuthorization_evenWithAnExpiredAccessToken() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        let pair = try await fixture.signIn()
        fixture.clock.advance(by: .seconds(120))

        #expect(try await fixture.fetchProfile() == 200)

        #expect(fixture.refreshCalls == 1)
        let refreshes = fixture.server.requests(path: EngineFixture.refreshPath)
        #expect(refreshes.allSatisfy { $0.value(forHTTPHeaderField: "Authorization") == nil })
        #expect(fixture.refreshBodies == [#"{"refreshToken":"\#(pair.refreshToken)"}"#])
    }

    @Test func redirectToAnotherHost_whenOptedIn_receivesNoAuthorization() async throws {
        let stub = StubTransport { request in
            if request.url?.host == "api.wote.test" {
                return .response(status: 307, headers: ["Location": "https://elsewhere.test/collect"], body: Data())
            }
            return .json(200, #"{"status":200,"message":"SUCCESS"}"#)
        }
        let engine = SessionEngine(
            client: HTTPClient(baseURL: EngineFixture.baseURL, transport: stub.transport),
            storage: TestTokenStorage(), clock: TestClock().clock, configuration: .init())
        _ = try await engine.begin(StoredSession(tokens: .sample, profileCompleted: true), persist: false)
        var optedIn = EngineFixture.profile
        optedIn.followsRedirectsToOtherOrigins = true

        let response = try await engine.send(optedIn)

        #expect(response.status == 200)
        #expect(stub.requests.count == 2)
        #expect(stub.requests[0].value(forHTTPHeaderField: "Authorization") != nil)
        #expect(stub.requests[1].url?.host == "elsewhere.test")
        #expect(stub.requests[1].value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func redirectWithinTheOrigin_keepsAuthorization_butAnotherPortDoesNot() async throws {
        let stub = StubTransport { request in
            switch (request.url?.port, request.url?.path) {
            case (nil, "/api/profiles"):
                return .response(status: 302, headers: ["Location": "/api/profiles/v2"], body: Data())
            case (nil, "/api/profiles/v2"):
                return .response(status: 307, headers: ["Location": "https://api.wote.test:8443/x"], body: Data())
            default:
                return .json(200, #"{"status":200,"message":"SUCCESS"}"#)
            }
        }
        let engine = SessionEngine(
            client: HTTPClient(baseURL: EngineFixture.baseURL, transport: stub.transport),
            storage: TestTokenStorage(), clock: TestClock().clock, configuration: .init())
        _ = try await engine.begin(StoredSession(tokens: .sample, profileCompleted: true), persist: false)
        var optedIn = EngineFixture.profile
        optedIn.followsRedirectsToOtherOrigins = true

        _ = try await engine.send(optedIn)

        let headers = stub.requests.map { $0.value(forHTTPHeaderField: "Authorization") }
        #expect(headers.count == 3)
        #expect(headers[0] != nil)
        #expect(headers[1] == headers[0])
        #expect(headers[2] == nil)
    }

    @Test func bearer_isNotSent_whenTheBaseURLsOriginDiffersFromTheRequest() async throws {
        // An absolute URL in a path must not smuggle the token to another host.
        let stub = StubTransport { _ in .json(200, #"{"status":200,"message":"SUCCESS"}"#) }
        let engine = SessionEngine(
            client: HTTPClient(baseURL: EngineFixture.baseURL, transport: stub.transport),
            storage: TestTokenStorage(), clock: TestClock().clock, configuration: .init())
        _ = try await engine.begin(StoredSession(tokens: .sample, profileCompleted: true), persist: false)

        _ = try await engine.send(Endpoint(method: .get, path: "@evil.test/x", authorization: .bearer))

        let request = try #require(stub.requests.first)
        if request.url?.host != "api.wote.test" {
            #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
        } else {
            #expect(request.value(forHTTPHeaderField: "Authorization") != nil)
        }
    }
}

extension TokenPair {
    /// A pair valid for an hour from the test clock's default start.
    static let sample = TokenPair(
        accessToken: "sample-access", refreshToken: "sample-refresh",
        accessTokenExpiresAt: Date(timeIntervalSince1970: 1_700_003_600),
        refreshTokenExpiresAt: Date(timeIntervalSince1970: 1_700_086_400),
        receivedAt: Date(timeIntervalSince1970: 1_700_000_000))
}
