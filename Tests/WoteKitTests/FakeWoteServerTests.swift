import Foundation
import Testing
import WoteKit
import WoteKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `FakeWoteServer` speaks the contract: driven by a real `WoteClient` where a client's behaviour
/// is the point, and by raw requests where the server's own rules are (rotation, faults).
@Suite(.timeLimit(.minutes(1))) struct FakeWoteServerTests {
    struct Fixture {
        let clock = TestClock()
        let server: FakeWoteServer
        let storage = InMemoryTokenStorage()
        let wote: WoteClient

        init(rotation: FakeWoteServer.Rotation = .strict) {
            server = FakeWoteServer(clock: clock, rotation: rotation)
            wote = WoteClient(
                configuration: WoteConfiguration(
                    baseURL: FakeWoteServer.baseURL, storage: storage, transport: server.transport,
                    clock: clock.clock))
        }
    }

    /// A raw answer: HTTP status, body status, division code, the body as JSON, the headers.
    struct Raw {
        var http: Int
        var json: [String: Any]
        var headers: [AnyHashable: Any]
        var status: Int? { json["status"] as? Int }
        var code: String? { json["divisionCode"] as? String }
        var data: [String: Any]? { json["data"] as? [String: Any] }
    }

    /// Sends one request straight to the server's transport, as a client would.
    static func send(
        _ server: FakeWoteServer, _ method: String, _ path: String, json: [String: String]? = nil,
        form: String? = nil, bearer: String? = nil
    ) async throws -> Raw {
        var request = URLRequest(url: FakeWoteServer.baseURL.appendingPathComponent(path))
        request.httpMethod = method
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let form { request.httpBody = Data(form.utf8) }
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        let (body, response) = try await server.transport.send(request)
        let http = try #require(response as? HTTPURLResponse)
        let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        return Raw(http: http.statusCode, json: object, headers: http.allHeaderFields)
    }

    static func refresh(_ server: FakeWoteServer, _ token: String) async throws -> Raw {
        try await send(server, "POST", "/api/auth/refresh", json: ["refreshToken": token])
    }

    // MARK: - Sign-in and the profile

    @Test func kakaoSignIn_signsInTheDefaultMember_andTheProfileIsServed() async throws {
        let fixture = Fixture()

        #expect(try await fixture.wote.login(.kakao("code"), remember: true) == .signedIn)
        let profile = try await fixture.wote.fetchMyProfile()

        #expect(profile == FakeWoteServer.sampleProfile)
        #expect(fixture.server.log.map(\.path) == ["/login/oauth2/code/kakao", "/api/profiles"])
        #expect(fixture.server.log.last?.bearer == fixture.server.issuedPairs.last?.accessToken)
    }

    @Test func aMemberWithoutAProfile_signsInIntoProfileRequired_andIsGatedUntilTheProfileIsSet() async throws {
        let fixture = Fixture()
        fixture.server.addMember("new", profile: nil)
        fixture.server.route(.apple(authorizationCode: "apple-code"), to: "new")

        #expect(try await fixture.wote.login(.apple("apple-code"), remember: true) == .profileRequired)
        let token = try #require(fixture.server.issuedPairs.last?.accessToken)
        let gated = try await Self.send(fixture.server, "POST", "/api/notifications/tokens", bearer: token)
        try await fixture.wote.completeProfile(nickname: "새내기", schoolName: "Wote High", region: .busan)
        let after = try await Self.send(fixture.server, "POST", "/api/notifications/tokens", bearer: token)

        #expect(gated.http == 400 && gated.code == "E009")
        #expect(after.http == 200 && after.code == nil)
        #expect(fixture.server.profile(of: "new")?.nickname == "새내기")
        #expect(await fixture.wote.currentSession.state == .signedIn)
    }

    @Test func passwordSignIn_checksTheIDAndPassword() async throws {
        let fixture = Fixture()
        fixture.server.addMember("m2", loginId: "wote01", password: "pass1234")

        let wrong = try await woteError {
            _ = try await fixture.wote.login(.account("wote01", password: "x"), remember: true)
        }
        let right = try await fixture.wote.login(.account("wote01", password: "pass1234"), remember: true)

        #expect(wrong?.code == "A002")
        #expect(right == .signedIn)
    }

    @Test func aRejectedSocialCode_isA001() async throws {
        let fixture = Fixture()
        fixture.server.rejectAuthorizationCode("bad")

        let answer = try await Self.send(
            fixture.server, "POST", "/login/oauth2/code/kakao", form: "code=bad&state=KAKAO")

        #expect(answer.http == 401 && answer.code == "A001")
    }

    // MARK: - Rotation

    @Test func refresh_rotatesThePair_andTheOldAccessTokenIsRejected() async throws {
        let server = FakeWoteServer()
        let first = server.issuePair()

        let renewed = try await Self.refresh(server, first.refreshToken)
        let old = try await Self.send(server, "GET", "/api/profiles", bearer: first.accessToken)
        let new = try await Self.send(server, "GET", "/api/profiles", bearer: server.issuedPairs[1].accessToken)

        #expect(renewed.http == 200 && renewed.data?["accessToken"] as? String == server.issuedPairs[1].accessToken)
        #expect(old.http == 401 && old.code == "E006")
        #expect(new.http == 200)
    }

    @Test func strict_aReplacedRefreshToken_isE016_andRevokesTheWholeSession() async throws {
        let server = FakeWoteServer(rotation: .strict)
        let first = server.issuePair()
        _ = try await Self.refresh(server, first.refreshToken)
        let second = server.issuedPairs[1]

        let replay = try await Self.refresh(server, first.refreshToken)
        let current = try await Self.refresh(server, second.refreshToken)
        let access = try await Self.send(server, "GET", "/api/profiles", bearer: second.accessToken)

        #expect(replay.http == 200 && replay.status == 401 && replay.code == "E016")
        #expect(current.code == "E016")
        #expect(access.code == "E006")
    }

    @Test func lax_aReplacedRefreshToken_rotatesAgain() async throws {
        let server = FakeWoteServer(rotation: .lax)
        let first = server.issuePair()
        _ = try await Self.refresh(server, first.refreshToken)

        let replay = try await Self.refresh(server, first.refreshToken)

        #expect(replay.status == 200)
        #expect(replay.data?["accessToken"] as? String == server.issuedPairs[2].accessToken)
    }

    @Test func grace_aReplacedRefreshToken_getsTheCurrentPairWithinTheWindow_andE016After() async throws {
        let clock = TestClock()
        let server = FakeWoteServer(clock: clock, rotation: .grace(.seconds(30)))
        let first = server.issuePair()
        _ = try await Self.refresh(server, first.refreshToken)

        let within = try await Self.refresh(server, first.refreshToken)
        clock.advance(by: .seconds(31))
        let after = try await Self.refresh(server, first.refreshToken)

        #expect(within.data?["accessToken"] as? String == server.issuedPairs[1].accessToken)
        #expect(server.issuedPairs.count == 2)
        #expect(after.code == "E016")
    }

    @Test func theRefreshTokenExpiresWithTheClock() async throws {
        let clock = TestClock()
        let server = FakeWoteServer(clock: clock, refreshLifetime: .seconds(600))
        let pair = server.issuePair()

        clock.advance(by: .seconds(600))
        let answer = try await Self.refresh(server, pair.refreshToken)

        #expect(answer.code == "E016")
    }

    @Test func expiredAccessToken_theClientRefreshesOnce_withoutAuthorization() async throws {
        let fixture = Fixture()
        _ = try await fixture.wote.login(.kakao("code"), remember: true)

        fixture.clock.advance(by: .seconds(3600))
        _ = try await fixture.wote.fetchMyProfile()

        #expect(fixture.server.refreshCount == 1)
        let refresh = try #require(fixture.server.log.first { $0.path == "/api/auth/refresh" })
        #expect(refresh.bearer == nil)
        #expect(fixture.server.log.last?.outcome == .answered(status: 200, divisionCode: nil))
    }

    // MARK: - Faults

    @Test func loseAnswer_theServerRotated_butTheClientNeverHeard() async throws {
        let fixture = Fixture()
        let pair = fixture.server.issuePair()
        try await fixture.wote.beginSession(with: pair)
        // Every send of it: WoteKit sends the same refresh token again while answers are lost.
        fixture.server.inject(.loseAnswer, on: "/api/auth/refresh", times: nil)

        await #expect(throws: WoteError.self) { try await fixture.wote.refreshSession() }

        // The first send rotated; the strict server refused the superseded token sent again.
        #expect(fixture.server.issuedPairs.count == 2)
        #expect(fixture.server.refreshCount == 3)
        #expect(fixture.server.log.last?.outcome == .noAnswer)
        #expect(await fixture.wote.currentSession.tokens?.accessToken == pair.accessToken)
    }

    @Test func faults_answerAsInjected_thenTheServerAnswersAgain() async throws {
        let server = FakeWoteServer()
        server.inject(.serverError(status: 503), on: "/api/x")
        server.inject(.htmlPage(status: 502), on: "/api/x")
        server.inject(.retryAfter(seconds: 120, status: 503), on: "/api/x")
        server.inject(.drop, on: "/api/x")

        let failure = try await Self.send(server, "GET", "/api/x")
        let page = try await Self.send(server, "GET", "/api/x")
        let later = try await Self.send(server, "GET", "/api/x")
        await #expect(throws: TransportError.self) { _ = try await Self.send(server, "GET", "/api/x") }
        let normal = try await Self.send(server, "GET", "/api/x")

        #expect(failure.http == 503 && failure.code == "G999")
        #expect(page.http == 502 && page.json.isEmpty)
        #expect(later.http == 503 && later.headers["Retry-After"] as? String == "120")
        #expect(normal.http == 200)
        #expect(server.log.map(\.outcome).last == .answered(status: 200, divisionCode: nil))
        #expect(server.log.dropLast().last?.outcome == .noAnswer)
    }

    @Test func hold_keepsTheRequestUntilTheGateOpens_andAFaultForEveryRequestStays() async throws {
        let server = FakeWoteServer()
        let gate = CallGate()
        server.inject(.hold(gate), on: "/api/x", times: nil)

        async let first = Self.send(server, "GET", "/api/x")
        async let second = Self.send(server, "GET", "/api/x")
        await gate.waitForArrivals(2)
        #expect(server.log.isEmpty)
        gate.open()

        #expect(try await [first.http, second.http] == [200, 200])
        server.removeFaults()
        #expect(try await Self.send(server, "GET", "/api/x").http == 200)
    }

    @Test func answer_isSentInsteadOfTheServersOwn_withTheServersDate_andNothingIsDone() async throws {
        let clock = TestClock()
        let server = FakeWoteServer(clock: clock)
        let pair = server.issuePair()
        let chosen = TokenPairFixture(
            accessToken: "opaque-2", refreshToken: "opaque-refresh-2", accessExpiresAt: nil, refreshExpiresAt: nil)
        server.inject(.answer(chosen.refreshAnswer), on: "/api/auth/refresh")
        server.inject(.answer(.failure(.network("offline"))), on: "/api/auth/refresh")

        let scripted = try await Self.refresh(server, pair.refreshToken)
        await #expect(throws: TransportError.self) { _ = try await Self.refresh(server, pair.refreshToken) }
        let normal = try await Self.refresh(server, pair.refreshToken)

        #expect(scripted.http == 200 && scripted.data?["accessToken"] as? String == "opaque-2")
        #expect(scripted.headers["Date"] as? String != nil)
        // The scripted answers did not rotate: the pair's refresh token is still the current one.
        #expect(normal.status == 200 && normal.data?["accessToken"] as? String != pair.accessToken)
        #expect(server.issuedPairs.count == 2)
        #expect(server.log.map(\.outcome)[1] == .noAnswer)
    }

    // MARK: - The server ends sessions

    @Test(arguments: [
        (true, WoteError.banned, SignOutReason.banned), (false, .memberGone, .memberGone),
    ])
    func banOrDeletion_endsTheSessionAtTheNextCall(banned: Bool, error: WoteError, reason: SignOutReason)
        async throws
    {
        let fixture = Fixture()
        _ = try await fixture.wote.login(.kakao("code"), remember: true)
        if banned {
            fixture.server.ban(FakeWoteServer.defaultMember)
        } else {
            fixture.server.deleteMember(FakeWoteServer.defaultMember)
        }

        let thrown = try await woteError { _ = try await fixture.wote.fetchMyProfile() }

        #expect(thrown == error)
        #expect(await fixture.wote.currentSession.state == .signedOut(reason))
    }

    @Test func expireSessions_theNextRefreshIsE016_andTheSessionEnds() async throws {
        let fixture = Fixture()
        _ = try await fixture.wote.login(.kakao("code"), remember: true)
        fixture.server.expireSessions()

        let thrown = try await woteError { _ = try await fixture.wote.fetchMyProfile() }

        #expect(thrown == .sessionExpired)
        #expect(
            fixture.server.log.map(\.outcome).suffix(2) == [
                .answered(status: 401, divisionCode: "E006"), .answered(status: 200, divisionCode: "E016"),
            ])
    }

    @Test func logout_endsTheAccessTokenOnly_andRecordsTheDeviceToken() async throws {
        let fixture = Fixture()
        _ = try await fixture.wote.login(.kakao("code"), remember: true)
        let pair = try #require(fixture.server.issuedPairs.last)

        try await fixture.wote.logout(deviceToken: DeviceToken(hex: "00ff"))
        let access = try await Self.send(fixture.server, "GET", "/api/profiles", bearer: pair.accessToken)
        let refresh = try await Self.refresh(fixture.server, pair.refreshToken)

        #expect(fixture.server.loggedOutDeviceTokens == ["00ff"])
        #expect(access.code == "E006")
        #expect(refresh.status == 200)  // §4.3: logout does not revoke the refresh token
    }

    @Test func withdrawal_deletesTheMember() async throws {
        let fixture = Fixture()
        _ = try await fixture.wote.login(.kakao("code"), remember: true)

        try await fixture.wote.withdraw()

        #expect(!fixture.server.isMember(FakeWoteServer.defaultMember))
        #expect(await fixture.wote.currentSession.state == .signedOut(.withdrawn))
    }

    // MARK: - App calls, time and redaction

    @Test func appCalls_goToTheHandler_withTheMember_afterTheTokenIsChecked() async throws {
        let fixture = Fixture()
        fixture.server.handleAppCalls { call in
            .json(200, #"{"status":200,"message":"SUCCESS","data":"\#(call.member ?? "-") \#(call.path)"}"#)
        }
        _ = try await fixture.wote.login(.kakao("code"), remember: true)

        let answer = try await fixture.wote.fetch(String.self, .get("/api/posts"))

        #expect(answer == "member-1 /api/posts")
    }

    @Test func theServerClock_canBeOffTheDevicesClock_andItsDateHeaderSaysSo() async throws {
        let clock = TestClock(now: Date(timeIntervalSince1970: 1_700_000_000))
        let server = FakeWoteServer(clock: clock)
        server.setServerTimeOffset(.seconds(-86_400))

        let answer = try await Self.send(server, "GET", "/api/x")
        let pair = server.issuePair()

        #expect(answer.headers["Date"] as? String == "Mon, 13 Nov 2023 22:13:20 GMT")
        #expect(pair.accessTokenIssuedAt == Date(timeIntervalSince1970: 1_700_000_000 - 86_400))
    }

    @Test func noTokenOrPassword_inTheServersOrItsLogsDescriptions() async throws {
        let fixture = Fixture()
        fixture.server.addMember("m2", loginId: "wote01", password: "hunter2-secret")
        _ = try await fixture.wote.login(.account("wote01", password: "hunter2-secret"), remember: true)
        let pair = try #require(fixture.server.issuedPairs.last)

        for value in [fixture.server as Any, fixture.server.log as Any, pair as Any] {
            #expect(!SecretScan.reveals(pair.accessToken, in: value))
            #expect(!SecretScan.reveals(pair.refreshToken, in: value))
            #expect(!SecretScan.reveals("hunter2-secret", in: value))
        }
    }

    // MARK: - The token-pair fixture

    @Test func tokenPairFixture_isReadByWoteKit_asItsOwnWireForm() async throws {
        let clock = TestClock()
        let second = TokenPairFixture(number: 2, issuedAt: clock.now, accessLifetime: .seconds(7200))
        let stub = StubTransport { request in
            request.url?.path == "/api/auth/refresh"
                ? second.refreshAnswer : .json(200, #"{"status":200,"message":"OK"}"#)
        }
        let wote = WoteClient(
            configuration: WoteConfiguration(
                baseURL: FakeWoteServer.baseURL, storage: InMemoryTokenStorage(), transport: stub.transport,
                clock: clock.clock))
        try await wote.beginSession(with: TokenPairFixture(number: 1, issuedAt: clock.now).tokenPair)

        let renewed = try await wote.refreshSession()

        #expect(renewed.tokens == second.tokenPair)
        #expect(second.tokenPair.accessTokenExpiresAt == clock.now.addingTimeInterval(7200))
        #expect(second.wireJSON.contains(#""accessExpirationTime":"#))
        #expect(
            TokenPairFixture(number: 1, sendsExpirationTimes: false).tokenPair.accessTokenExpiresAt
                == Date(timeIntervalSince1970: 1_700_003_600))
    }
}

/// The `WoteError` `body` throws, or `nil`.
private func woteError(_ body: () async throws -> Void) async throws -> WoteError? {
    do {
        try await body()
        return nil
    } catch let error as WoteError {
        return error
    }
}
