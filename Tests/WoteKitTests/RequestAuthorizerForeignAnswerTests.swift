import Foundation
import Testing
import WoteKit
import WoteKitTesting
import WoteTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Security review finding 9: the stack follows a redirect the API issued, and the answer it hands
/// over comes from another origin (a CDN, an object store, an open redirect's target). That origin
/// is not the API: its 401 or its "banned" envelope must neither end the session nor cost a refresh.
@Suite struct RequestAuthorizerForeignAnswerTests {
    typealias Fixture = AppCallsTests.Fixture

    /// An answer `status` with `body`, from `url` (where the stack's redirects ended).
    static func answer(from url: String, status: Int) -> HTTPURLResponse {
        HTTPURLResponse(
            url: URL(string: url)!, statusCode: status, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json"])!
    }

    @Test(arguments: [
        (401, #"{"status":401,"divisionCode":"E018","message":"banned"}"#),
        (403, #"{"status":403,"divisionCode":"E018","message":"banned"}"#),
        (404, #"{"status":404,"divisionCode":"E001","message":"gone"}"#),
    ])
    func finding9_aVerdictFromAnotherOrigin_endsNothing(status: Int, body: String) async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()
        let request = try await authorizer.authorize(URLRequest(url: URL(string: "https://api.wote.test/api/posts")!))

        let decision = await authorizer.retryDecision(
            for: request, response: Self.answer(from: "https://cdn.example/x", status: status),
            body: Data(body.utf8), retryCount: 0)

        #expect(decision == .doNotRetry)
        #expect(await fixture.wote.currentSession.state == .signedIn)
        #expect(fixture.storage.session != nil)
    }

    @Test(arguments: [
        (Data?.none, "https://cdn.example/x"),
        (Data(#"{"status":401,"divisionCode":"E006","message":"Expired JWT"}"#.utf8), "https://cdn.example/x"),
        (Data?.none, "https://api.wote.test:8443/api/posts"),
    ])
    func finding9_aRejectionFromAnotherOrigin_isNotRetried_andRefreshesNothing(body: Data?, from url: String)
        async throws
    {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()
        let request = try await authorizer.authorize(URLRequest(url: URL(string: "https://api.wote.test/api/posts")!))

        let decision = await authorizer.retryDecision(
            for: request, response: Self.answer(from: url, status: 401), body: body, retryCount: 0)

        #expect(decision == .doNotRetry)
        #expect(fixture.refreshCount == 0)
    }

    @Test func aRejectionFromTheAPIsOwnOrigin_afterASameOriginRedirect_isStillRetried() async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()
        let request = try await authorizer.authorize(URLRequest(url: URL(string: "https://api.wote.test/api/posts")!))

        let decision = await authorizer.retryDecision(
            for: request, response: Self.answer(from: "https://api.wote.test/api/moved", status: 401),
            body: Data(#"{"status":401,"divisionCode":"E006","message":"Expired JWT"}"#.utf8), retryCount: 0)

        #expect(decision == .retry)
        #expect(fixture.refreshCount == 1)
    }
}
