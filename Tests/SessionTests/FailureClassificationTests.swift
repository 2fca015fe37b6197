import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct FailureClassificationTests {
    private static let expiredSession: [(String, StubTransport.Reply, SignOutReason, WoteError)] = [
        (
            "E016 on HTTP 200", .json(200, #"{"status":401,"divisionCode":"E016","message":"Invalid refresh token"}"#),
            .sessionExpired, .sessionExpired
        ),
        (
            "E001", .json(404, #"{"status":404,"divisionCode":"E001","message":"member not found"}"#), .memberGone,
            .memberGone
        ),
        ("E018", .json(403, #"{"status":403,"divisionCode":"E018","message":"banned"}"#), .banned, .banned),
        (
            "readable 401 without a code", .json(401, #"{"status":401,"message":"Unauthorized"}"#), .sessionExpired,
            .sessionExpired
        ),
    ]

    @Test(arguments: 0..<expiredSession.count)
    func invalidRefresh_deletesTokens_signsOut_andFailsEveryWaiter(_ index: Int) async throws {
        let (_, reply, reason, error) = Self.expiredSession[index]
        let fixture = EngineFixture(accessLifetime: 60)
        try await fixture.signIn()
        let events = fixture.engine.events()
        fixture.clock.advance(by: .seconds(61))
        fixture.answerNextRefresh(with: reply)

        let results = await withTaskGroup(of: Result<Int, APIError>.self) { group in
            for _ in 0..<10 {
                group.addTask { () -> Result<Int, APIError> in
                    do throws(APIError) {
                        return .success(try await fixture.fetchProfile())
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }

        #expect(results.count == 10)
        let expected = Result<Int, APIError>.failure(.session(error))
        #expect(results.allSatisfy { $0 == expected })
        #expect(fixture.refreshCalls == 1)
        #expect(fixture.storage.session == nil)
        #expect(await fixture.engine.snapshot().state == .signedOut(reason))
        let received = await drain(events, of: fixture.engine)
        #expect(received.filter { if case .signedOut = $0 { true } else { false } } == [.signedOut(reason)])
    }

    /// A refresh answer larger than any answer WoteKit reads.
    private static let hugeRefreshBody =
        #"{"status":200,"message":""# + String(repeating: "x", count: 9 * 1024 * 1024) + #""}"#

    private static let transient: [(String, StubTransport.Reply, APIError)] = [
        // Only a readable verdict ends a session: a proxy's page on 401/403 keeps the tokens (§1).
        (
            "bare 401", .raw(401, "Unauthorized", contentType: "text/plain"),
            .session(.malformedResponse("HTTP 401: body is not JSON (content type text/plain)"))
        ),
        (
            "HTML 403", .raw(403, "<html>Forbidden</html>"),
            .session(.malformedResponse("HTTP 403: body is not JSON (content type text/html)"))
        ),
        ("empty 401", .raw(401, ""), .session(.malformedResponse("HTTP 401: empty body"))),
        (
            "HTML 502", .raw(502, "<html>Bad Gateway</html>"),
            .session(
                .serverFailure(
                    status: 502, code: nil, message: "HTTP 502: body is not JSON (content type text/html)"))
        ),
        (
            "500 envelope", .json(500, #"{"status":500,"divisionCode":"G999","message":"oops"}"#),
            .session(.serverFailure(status: 500, code: "G999", message: "oops"))
        ),
        (
            "truncated", .json(200, #"{"status":200,"message":"token renew success.","data":{"accessTo"#),
            .session(.malformedResponse("HTTP 200: body is not valid JSON (truncated or garbled)"))
        ),
        (
            "missing data", .json(200, #"{"status":200,"message":"token renew success."}"#),
            .session(.malformedResponse("HTTP 200: missing field `data`"))
        ),
        ("empty", .raw(200, "", contentType: "application/json"), .session(.malformedResponse("HTTP 200: empty body"))),
        (
            "wrong types",
            .json(200, #"{"status":200,"message":"token renew success.","data":{"accessToken":1,"refreshToken":2}}"#),
            .session(.malformedResponse("HTTP 200: field `data.accessToken` has the wrong type"))
        ),
        (
            "huge", .json(200, hugeRefreshBody),
            .session(.malformedResponse("HTTP 200: body too large (\(hugeRefreshBody.utf8.count) bytes)"))
        ),
        ("offline", .failure(.network("offline")), .network("offline")),
        ("timeout", .failure(.timeout), .timeout),
    ]

    @Test(arguments: 0..<transient.count)
    func transientRefreshFailure_keepsTokens_andTheNextRequestTriesAgain(_ index: Int) async throws {
        let (_, reply, expected) = Self.transient[index]
        let fixture = EngineFixture(accessLifetime: 60, configuration: .oneAttempt)
        let pair = try await fixture.signIn()
        let events = fixture.engine.events()
        fixture.clock.advance(by: .seconds(61))
        fixture.answerNextRefresh(with: reply)

        await #expect(throws: expected) { try await fixture.fetchProfile() }

        #expect(fixture.storage.session?.tokens == pair)
        #expect(await fixture.engine.snapshot().state == .signedIn)
        #expect(try await fixture.fetchProfile() == 200)
        #expect(fixture.refreshCalls == 2)
        let received = await drain(events, of: fixture.engine)
        #expect(received.first == .refreshFailed(expected.toDomain()))
        #expect(!received.contains { if case .signedOut = $0 { true } else { false } })
    }

    @Test func proactiveRefreshFailure_sendsTheStillValidToken() async throws {
        let fixture = EngineFixture(accessLifetime: 600, configuration: .oneAttempt)
        let pair = try await fixture.signIn()
        fixture.clock.advance(by: .seconds(590))  // inside the 30 s leeway, not expired
        fixture.answerNextRefresh(with: .failure(.network("offline")))

        #expect(try await fixture.fetchProfile() == 200)
        #expect(fixture.refreshCalls == 1)
        let sent = fixture.server.requests(path: "/api/profiles").last?.value(forHTTPHeaderField: "Authorization")
        #expect(sent == "Bearer \(pair.accessToken)")
    }

    @Test func profileGate_E009_requiresProfile_withoutRefreshOrSignOut() async throws {
        let fixture = EngineFixture()
        try await fixture.signIn(profileCompleted: true)
        let events = fixture.engine.events()
        fixture.answerNextProfileRequests(
            with: .json(400, #"{"status":400,"divisionCode":"E009","message":"Not Completed SignUp Exception"}"#))

        #expect(try await fixture.fetchProfile() == 400)

        #expect(fixture.refreshCalls == 0)
        #expect(await fixture.engine.snapshot().state == .profileRequired)
        #expect(fixture.storage.session?.profileCompleted == false)
        #expect(await drain(events, of: fixture.engine) == [.profileRequired])
    }

    @Test(arguments: [("E001", 404, SignOutReason.memberGone), ("E018", 403, .banned)])
    func protectedPath_memberGoneOrBanned_endsTheSession(_ code: String, _ status: Int, _ reason: SignOutReason)
        async throws
    {
        let fixture = EngineFixture()
        try await fixture.signIn()
        fixture.answerNextProfileRequests(
            with: .json(status, #"{"status":\#(status),"divisionCode":"\#(code)","message":"x"}"#))

        #expect(try await fixture.fetchProfile() == status)

        #expect(await fixture.engine.snapshot().state == .signedOut(reason))
        #expect(fixture.storage.session == nil)
        await #expect(throws: APIError.session(reason.errorWhenMissingForTest)) { try await fixture.fetchProfile() }
    }
}

extension SignOutReason {
    var errorWhenMissingForTest: WoteError {
        switch self {
        case .banned: .banned
        case .memberGone: .memberGone
        case .sessionExpired: .sessionExpired
        default: .notSignedIn
        }
    }
}
