import Foundation
import Testing
import WoteKit
import WoteKitTesting
import WoteTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The rules of a bearer interceptor for other stacks (issue 23), each driven as Alamofire or Moya
/// would drive them: authorize an outgoing request, then decide about its failure. The server is
/// `AppCallsTests.Fixture`'s `FakeWoteServer` (it accepts only the access token it issued last and
/// rotates the pair on every refresh); the answers to the "stack's" requests are built here, as that
/// stack would hand them over.
@Suite struct RequestAuthorizerTests {
    typealias Fixture = AppCallsTests.Fixture

    static let expiredJWT = #"{"status":401,"divisionCode":"E006","message":"Expired JWT"}"#

    static func url(_ string: String) -> URL { URL(string: string)! }

    /// A request to `url` carrying `Authorization: <authorization>`, as the stack sent it.
    static func sent(_ url: String, authorization: String?) -> URLRequest {
        var request = URLRequest(url: Self.url(url))
        request.setValue(authorization, forHTTPHeaderField: "Authorization")
        return request
    }

    /// The answer `status` with `body` to `request`.
    static func answer(to request: URLRequest, status: Int = 401) -> HTTPURLResponse {
        HTTPURLResponse(
            url: request.url!, statusCode: status, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json"])!
    }

    /// Decides about `request` answered 401 E006, as on its first attempt unless said otherwise.
    static func decisionAfterExpiredJWT(
        _ authorizer: RequestAuthorizer, for request: URLRequest, retryCount: Int = 0
    ) async -> RequestAuthorizer.RetryDecision {
        await authorizer.retryDecision(
            for: request, response: answer(to: request), body: Data(expiredJWT.utf8), retryCount: retryCount)
    }

    // MARK: - Origin

    @Test func authorize_putsTheCurrentToken_onTheAPIsOrigin_whateverTheCaseOrExplicitDefaultPort() async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()

        for url in ["https://api.wote.test/api/posts", "https://API.Wote.test:443/api/posts?page=0"] {
            let request = try await authorizer.authorize(Self.sent(url, authorization: "Bearer stale-or-forged"))

            #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer \(fixture.access(1))")
            #expect(request.url == Self.url(url))
        }
    }

    @Test(arguments: [
        "http://api.wote.test/api/posts",  // another scheme
        "https://api.wote.test:8443/api/posts",  // another port
        "https://cdn.wote.test/api/posts",  // another host
        "https://api.wote.test.evil.example/api/posts",  // a host that only starts like the API's
    ])
    func authorize_leavesEveryOtherOriginAsItIs(_ url: String) async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()

        let plain = try await authorizer.authorize(Self.sent(url, authorization: nil))
        let ownHeader = try await authorizer.authorize(Self.sent(url, authorization: "Basic dXNlcjpwdw=="))

        #expect(plain.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(ownHeader.value(forHTTPHeaderField: "Authorization") == "Basic dXNlcjpwdw==")
        #expect(!authorizer.authorizes(plain))
    }

    @Test func anotherOriginsRejection_isNotRetried_andNeverRefreshes() async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()
        // An app that put WoteKit's token on another origin by hand, as AuthenticationInterceptor does.
        let foreign = Self.sent("https://cdn.wote.test/api/posts", authorization: "Bearer \(fixture.access(1))")

        let decision = await Self.decisionAfterExpiredJWT(authorizer, for: foreign)
        let reported = try await woteError {
            _ = try await fixture.wote.accessToken(afterRejecting: fixture.access(1), from: foreign.url!)
        }

        #expect(decision == .doNotRetry)
        #expect(reported?.kind == .foreignOrigin)
        #expect(fixture.refreshCount == 0)
        #expect(try await fixture.wote.accessToken() == fixture.access(1))
    }

    @Test func aRedirectLeavingTheAPIsOrigin_losesTheToken_oneStayingKeepsIt() async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()
        let original = try await authorizer.authorize(Self.sent("https://api.wote.test/api/img", authorization: nil))
        let bearer = "Bearer \(fixture.access(1))"

        let away = authorizer.followingRedirect(
            to: Self.sent("https://api.wote.test:8443/img", authorization: bearer), from: original)
        let home = authorizer.followingRedirect(
            to: Self.sent("https://api.wote.test/api/img2", authorization: bearer), from: original)
        let appsOwn = authorizer.followingRedirect(
            to: Self.sent("https://cdn2.wote.test/a", authorization: "Basic dXNlcjpwdw=="),
            from: Self.sent("https://cdn.wote.test/a", authorization: "Basic dXNlcjpwdw=="))

        #expect(away.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(away.url == Self.url("https://api.wote.test:8443/img"))
        #expect(home.value(forHTTPHeaderField: "Authorization") == bearer)
        #expect(appsOwn.value(forHTTPHeaderField: "Authorization") == "Basic dXNlcjpwdw==")
    }

    // MARK: - Refresh path

    @Test func theRefreshCall_neverGetsTheToken_andItsAnswerNeverRefreshes() async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()
        let refreshCall = Self.sent("https://api.wote.test/api/auth/refresh", authorization: nil)

        let authorized = try await authorizer.authorize(refreshCall)
        let carried = Self.sent(
            "https://api.wote.test/api/auth/refresh?x=1", authorization: "Bearer \(fixture.access(1))")
        let decision = await Self.decisionAfterExpiredJWT(authorizer, for: carried)

        #expect(authorized.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(!authorizer.authorizes(refreshCall))
        #expect(decision == .doNotRetry)
        #expect(fixture.refreshCount == 0)
    }

    @Test func theRefreshPath_isFoundBelowTheBaseURLsPath_andFromTheContract() async throws {
        let fixture = Fixture(baseURL: Self.url("https://api.wote.test/v2/"))
        let authorizer = fixture.wote.requestAuthorizer()

        #expect(!authorizer.authorizes(Self.sent("https://api.wote.test/v2/api/auth/refresh", authorization: nil)))
        #expect(authorizer.authorizes(Self.sent("https://api.wote.test/api/auth/refresh", authorization: nil)))
        #expect(authorizer.authorizes(Self.sent("https://api.wote.test/v2/api/auth/refreshed", authorization: nil)))
    }

    // MARK: - Retry

    @Test func aBurstOfRejections_costsOneRefresh_andEveryRetryCarriesTheNewToken() async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()
        let first = try await authorizer.authorize(Self.sent("https://api.wote.test/api/posts", authorization: nil))

        let decisions = await withTaskGroup(of: RequestAuthorizer.RetryDecision.self) { group in
            for _ in 0..<10 { group.addTask { await Self.decisionAfterExpiredJWT(authorizer, for: first) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let retried = try await authorizer.authorize(Self.sent("https://api.wote.test/api/posts", authorization: nil))

        #expect(decisions == Array(repeating: .retry, count: 10))
        #expect(fixture.refreshCount == 1)
        #expect(retried.value(forHTTPHeaderField: "Authorization") == "Bearer \(fixture.access(2))")
    }

    @Test func aRequestIsRetriedOnce_aSecondRejectionStandsWithoutARefresh() async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()
        let retried = Self.sent("https://api.wote.test/api/posts", authorization: "Bearer \(fixture.access(1))")

        let decision = await Self.decisionAfterExpiredJWT(authorizer, for: retried, retryCount: 1)

        #expect(decision == .doNotRetry)
        #expect(fixture.refreshCount == 0)
    }

    @Test(arguments: [nil, "Basic dXNlcjpwdw==", "Bearer ", "Token not-a-bearer-7f3a"])
    func aRejectionOfARequestWithoutABearer_isNotRetried(_ authorization: String?) async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()
        let request = Self.sent("https://api.wote.test/api/posts", authorization: authorization)

        let decision = await Self.decisionAfterExpiredJWT(authorizer, for: request)

        #expect(decision == .doNotRetry)
        #expect(fixture.refreshCount == 0)
    }

    @Test func theContractReadsTheBody_aWrongPasswordIsNotARejectedToken() async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()
        let request = try await authorizer.authorize(Self.sent("https://api.wote.test/api/posts", authorization: nil))
        let wrongPassword = Data(#"{"status":401,"divisionCode":"A002","message":"wrong"}"#.utf8)

        let withBody = await authorizer.retryDecision(
            for: request, response: Self.answer(to: request), body: wrongPassword, retryCount: 0)
        let notFound = await authorizer.retryDecision(
            for: request, response: Self.answer(to: request, status: 404), body: nil, retryCount: 0)
        let noAnswer = await authorizer.retryDecision(for: request, response: nil, body: nil, retryCount: 0)

        #expect(withBody == .doNotRetry)
        #expect(notFound == .doNotRetry)
        #expect(noAnswer == .doNotRetry)
        #expect(fixture.refreshCount == 0)
    }

    @Test func withoutTheBody_anHTTP401IsARejection() async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()
        let request = try await authorizer.authorize(Self.sent("https://api.wote.test/api/file", authorization: nil))

        let decision = await authorizer.retryDecision(
            for: request, response: Self.answer(to: request), body: nil, retryCount: 0)

        #expect(decision == .retry)
        #expect(fixture.refreshCount == 1)
    }

    // MARK: - Dead session

    @Test func aDeadRefreshToken_failsSessionExpired_endsTheSession_andNothingIsSentWithoutAToken() async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()
        let request = try await authorizer.authorize(Self.sent("https://api.wote.test/api/posts", authorization: nil))
        fixture.server.expireSessions()  // the server no longer knows the refresh token

        let decision = await Self.decisionAfterExpiredJWT(authorizer, for: request)
        let next = try await woteError {
            _ = try await authorizer.authorize(Self.sent("https://api.wote.test/api/posts", authorization: nil))
        }

        #expect(decision == .fail(.sessionExpired))
        #expect(next == .sessionExpired)
        #expect(await fixture.wote.currentSession.state == .signedOut(.sessionExpired))
    }

    /// Before, an E018 or E001 answer to another stack's call was handed back as any answer: the
    /// member stayed signed in, and every later call went out with the dead session's token.
    @Test(arguments: [
        ("E018", 403, WoteError.banned, SignOutReason.banned), ("E001", 404, .memberGone, .memberGone),
    ])
    func anAnswerThatEndsTheSession_endsIt_emptiesTheStore_andFailsTheRequest(
        code: String, status: Int, error: WoteError, reason: SignOutReason
    ) async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()
        let request = try await authorizer.authorize(Self.sent("https://api.wote.test/api/posts", authorization: nil))
        let verdict = Data(#"{"status":\#(status),"divisionCode":"\#(code)","message":"gone"}"#.utf8)

        let decision = await authorizer.retryDecision(
            for: request, response: Self.answer(to: request, status: status), body: verdict, retryCount: 0)
        let next = try await woteError {
            _ = try await authorizer.authorize(Self.sent("https://api.wote.test/api/posts", authorization: nil))
        }

        #expect(decision == .fail(error))
        #expect(await fixture.wote.currentSession.state == .signedOut(reason))
        #expect(fixture.storage.session == nil)
        #expect(next == error)
        #expect(fixture.refreshCount == 0)
    }

    /// The profile gate holds for other stacks as for WoteKit's own calls: an E009 answer ("profile
    /// required") to another stack's call makes the session wait for its profile, with no refresh and
    /// no retry. Before, the authorizer ignored it: the state stayed signed in.
    @Test func aProfileRequiredAnswer_makesTheSessionWaitForItsProfile_withoutRefreshOrRetry() async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()
        let request = try await authorizer.authorize(Self.sent("https://api.wote.test/api/posts", authorization: nil))
        let required = Data(#"{"status":400,"divisionCode":"E009","message":"Not Completed SignUp Exception"}"#.utf8)

        let decision = await authorizer.retryDecision(
            for: request, response: Self.answer(to: request, status: 400), body: required, retryCount: 0)

        #expect(decision == .doNotRetry)
        #expect(await fixture.wote.currentSession.state == .profileRequired)
        #expect(fixture.refreshCount == 0)
    }

    /// The verdict on a call sent with a token a refresh has since replaced ends nothing: it may be an
    /// earlier session's answer, and the next call, with the new token, hears the verdict anew.
    @Test func aVerdictOnAReplacedToken_failsTheRequest_butEndsNothing() async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()
        let old = try await authorizer.authorize(Self.sent("https://api.wote.test/api/posts", authorization: nil))
        #expect(await Self.decisionAfterExpiredJWT(authorizer, for: old) == .retry)
        let banned = Data(#"{"status":403,"divisionCode":"E018","message":"banned"}"#.utf8)

        let decision = await authorizer.retryDecision(
            for: old, response: Self.answer(to: old, status: 403), body: banned, retryCount: 0)

        #expect(decision == .fail(.banned))
        #expect(await fixture.wote.currentSession.state == .signedIn)
        #expect(fixture.storage.session?.tokens.accessToken == fixture.access(2))
    }

    @Test func nobodySignedIn_failsNotSignedIn_forTheAPI_butOtherOriginsStillGo() async throws {
        let fixture = Fixture()
        let authorizer = fixture.wote.requestAuthorizer()

        let error = try await woteError {
            _ = try await authorizer.authorize(Self.sent("https://api.wote.test/api/posts", authorization: nil))
        }
        let elsewhere = try await authorizer.authorize(Self.sent("https://cdn.wote.test/a.png", authorization: nil))

        #expect(error == .notSignedIn)
        #expect(elsewhere.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func aServerThatKeepsRejectingFreshTokens_failsTooManyRefreshes_insteadOfLooping() async throws {
        let fixture = Fixture(session: SessionConfiguration(maximumRefreshesPerWindow: 2))
        try await fixture.signIn()
        let wote = fixture.wote
        let authorizer = wote.requestAuthorizer()

        // Each new request is rejected with the token it was given: a misbehaving server.
        var decisions: [RequestAuthorizer.RetryDecision] = []
        for _ in 0..<3 {
            let request = try await authorizer.authorize(
                Self.sent("https://api.wote.test/api/posts", authorization: nil))
            decisions.append(await Self.decisionAfterExpiredJWT(authorizer, for: request))
        }

        #expect(decisions == [.retry, .retry, .fail(.tooManyRefreshes)])
        #expect(fixture.refreshCount == 2)
    }

    // MARK: - Logout during a retry

    @Test func logoutWhileTheRetrysRefreshIsInFlight_failsTheRetryNotSignedIn() async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()
        let request = try await authorizer.authorize(Self.sent("https://api.wote.test/api/posts", authorization: nil))
        let refreshGate = CallGate()
        fixture.server.inject(.hold(refreshGate), on: "/api/auth/refresh")
        // Alamofire's queue between the retry decision and the new attempt's adaptation.
        let resend = CallGate()

        let retry = Task {
            switch await Self.decisionAfterExpiredJWT(authorizer, for: request) {
            case .retry:
                await resend.pass()
                do throws(WoteError) {
                    _ = try await authorizer.authorize(
                        Self.sent("https://api.wote.test/api/posts", authorization: nil))
                    return WoteError?.none
                } catch {
                    return error
                }
            case .doNotRetry: return WoteError?.none
            case .fail(let error): return error
            }
        }
        await refreshGate.waitForArrivals()
        var events = fixture.wote.sessionEvents().makeAsyncIterator()
        let logout = Task { try await fixture.wote.logout() }
        // The logout has ended the session while the refresh is still held; only then may it answer.
        while let event = await events.next() {
            if case .signedOut = event { break }
        }
        refreshGate.open()
        try await logout.value
        resend.open()
        let outcome = await retry.value

        #expect(outcome == .notSignedIn)
        #expect(await fixture.wote.currentSession.state == .signedOut(.loggedOut))
        // No refresh count here: logout does not wait for the held refresh, and may renew the pair
        // once itself to tell the server with a live token (issue 24, items 3 and 5).
    }

    @Test func aRejectedRetry_afterLogoutEndedTheSessionMeanwhile_failsNotSignedIn() async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()
        let retried = try await authorizer.authorize(Self.sent("https://api.wote.test/api/posts", authorization: nil))

        try await fixture.wote.logout()  // the server ends the token the retry carried
        let decision = await Self.decisionAfterExpiredJWT(authorizer, for: retried, retryCount: 1)

        #expect(decision == .fail(.notSignedIn))
        #expect(fixture.refreshCount == 0)
    }

    @Test func logoutBetweenTheDecisionAndTheRetry_failsTheRetryNotSignedIn() async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()
        let request = try await authorizer.authorize(Self.sent("https://api.wote.test/api/posts", authorization: nil))

        let decision = await Self.decisionAfterExpiredJWT(authorizer, for: request)
        try await fixture.wote.logout()
        let retried = try await woteError {
            _ = try await authorizer.authorize(Self.sent("https://api.wote.test/api/posts", authorization: nil))
        }

        #expect(decision == .retry)
        #expect(retried == .notSignedIn)
    }
}
