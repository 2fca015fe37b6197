import Foundation
import Testing
import WoteDomain
import WoteKitTesting
import WoteRepository
import WoteWire

/// §4.1 / §4.13: what a login answer means, and what is handed to the session.
@Suite struct AuthRepositorySignInTests {
    let clock = TestClock(now: Date(timeIntervalSince1970: 1_700_000_000))
    let session = FakeSessionDataSource()
    let credential = LoginCredential.apple(authorizationCode: "apple-code")

    private func repository(_ remote: FakeRemoteDataSource) -> WoteAuthRepository {
        WoteAuthRepository(remote: remote, session: session, clock: clock.clock)
    }

    private func expectedTokens(_ dto: TokenPairDTO = Fixtures.tokenPair()) -> TokenPair {
        TokenPair(
            accessToken: dto.accessToken, refreshToken: dto.refreshToken,
            accessTokenExpiresAt: dto.accessExpirationTime.map { Date(timeIntervalSince1970: $0 / 1000) },
            refreshTokenExpiresAt: dto.refreshExpirationTime.map { Date(timeIntervalSince1970: $0 / 1000) },
            receivedAt: clock.now)
    }

    /// Expects signing in to fail as the malformed answer `problem` when the server answers
    /// `answer`, with nothing handed to the session.
    private func expectMalformed(
        answered answer: Result<ResponseEnvelope<LoginDataDTO>, APIError>, _ problem: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let remote = FakeRemoteDataSource { $0.login = answer }
        await #expect(throws: WoteError.malformedResponse(problem), sourceLocation: sourceLocation) {
            try await repository(remote).signIn(with: credential, remember: true)
        }
        #expect(session.begins.isEmpty, sourceLocation: sourceLocation)
    }

    @Test(arguments: [true, false])
    func success_withTokens_beginsACompletedSession_passingRemember(remember: Bool) async throws {
        let remote = FakeRemoteDataSource { $0.login = .success(Fixtures.loginSuccess()) }
        let state = try await repository(remote).signIn(with: credential, remember: remember)
        #expect(state == .signedIn)
        #expect(remote.calls == [.login(credential)])
        #expect(
            session.begins
                == [.init(session: StoredSession(tokens: expectedTokens(), profileCompleted: true), persist: remember)])
    }

    @Test(arguments: [true, false])
    func e009_withTokens_isASuccessfulSignIn_intoProfileRequired_withTokensStored(remember: Bool) async throws {
        let remote = FakeRemoteDataSource { $0.login = .success(Fixtures.loginProfileRequired()) }
        let state = try await repository(remote).signIn(with: credential, remember: remember)
        #expect(state == .profileRequired)
        #expect(
            session.begins
                == [.init(session: StoredSession(tokens: expectedTokens(), profileCompleted: false), persist: remember)]
        )
        #expect(session.currentState == .profileRequired)
    }

    @Test func passwordCredential_isSentAsIs_andSignsInAlike() async throws {
        let password = LoginCredential.password(loginId: "wote01", password: "secret123")
        let remote = FakeRemoteDataSource { $0.login = .success(Fixtures.loginProfileRequired()) }
        #expect(try await repository(remote).signIn(with: password, remember: false) == .profileRequired)
        #expect(remote.calls == [.login(password)])
    }

    @Test func tokensWithoutServerExpiry_takeTheJWTExp_andTheClockStartsTheirLifetime() async throws {
        let access = Fixtures.jwt(["sub": "7", "type": "access", "exp": 1_700_001_800])
        let refresh = Fixtures.jwt(["sub": "7", "type": "refresh", "exp": 1_701_000_000])
        let remote = FakeRemoteDataSource {
            $0.login = .success(
                Fixtures.loginSuccess(
                    Fixtures.tokenPair(access: access, refresh: refresh, accessExpiry: nil, refreshExpiry: nil)))
        }
        _ = try await repository(remote).signIn(with: credential, remember: true)
        let tokens = try #require(session.begins.first?.session.tokens)
        #expect(tokens.accessTokenExpiresAt == Date(timeIntervalSince1970: 1_700_001_800))
        #expect(tokens.refreshTokenExpiresAt == Date(timeIntervalSince1970: 1_701_000_000))
        #expect(tokens.accessTokenIssuedAt == clock.now)
    }

    @Test func successWithoutJwtToken_isMalformed_andNothingIsStored() async {
        await expectMalformed(answered: .success(Fixtures.loginSuccess(nil)), "HTTP 200: missing field `data.jwtToken`")
    }

    @Test func successWithoutData_isMalformed() async {
        await expectMalformed(answered: .success(Fixtures.ok(nil)), "HTTP 200: missing field `data.jwtToken`")
    }

    @Test func e009WithoutJwtToken_isMalformed_andNothingIsStored() async {
        await expectMalformed(
            answered: .success(Fixtures.loginProfileRequired(nil)), "HTTP 200: missing field `data.jwtToken`")
    }

    @Test func emptyAccessToken_isMalformed_andNothingIsStored() async {
        await expectMalformed(
            answered: .success(Fixtures.loginSuccess(Fixtures.tokenPair(access: ""))),
            "HTTP 200: missing field `accessToken`")
    }

    @Test func a001_isARejection_withTheCodeAndMessage() async {
        let remote = FakeRemoteDataSource {
            $0.login = .success(
                Fixtures.failure(http: 401, status: 401, code: .socialCodeRejected, message: "invalid code"))
        }
        await #expect(throws: WoteError.rejected(code: "A001", message: "invalid code")) {
            try await repository(remote).signIn(with: credential, remember: true)
        }
        #expect(session.begins.isEmpty)
    }

    @Test func a002_isWrongCredentials() async {
        let remote = FakeRemoteDataSource {
            $0.login = .success(Fixtures.failure(http: 401, status: 401, code: .wrongCredentials, message: "bad"))
        }
        await #expect(throws: WoteError.wrongCredentials) {
            try await repository(remote).signIn(
                with: .password(loginId: "wote01", password: "wrong123"), remember: true)
        }
        #expect(session.begins.isEmpty)
    }

    @Test func a002_evenWithTokensInData_storesNothing() async {
        let remote = FakeRemoteDataSource {
            $0.login = .success(
                Fixtures.failure(
                    http: 401, status: 401, code: .wrongCredentials, data: LoginDataDTO(jwtToken: Fixtures.tokenPair()))
            )
        }
        await #expect(throws: WoteError.wrongCredentials) {
            try await repository(remote).signIn(with: credential, remember: true)
        }
        #expect(session.begins.isEmpty)
    }

    @Test(arguments: [
        (DivisionCode.bannedMember, 403, WoteError.banned),
        (.memberNotFound, 404, .memberGone),
        (.internalServerError, 500, .serverFailure(status: 500, code: "G999", message: "refused")),
        ("Z999", 400, .rejected(code: "Z999", message: "refused")),
    ])
    func otherCodes_takeTheGenericMapping(code: DivisionCode, status: Int, expected: WoteError) async {
        let remote = FakeRemoteDataSource {
            $0.login = .success(Fixtures.failure(http: 200, status: status, code: code))
        }
        await #expect(throws: expected) { try await repository(remote).signIn(with: credential, remember: true) }
        #expect(session.begins.isEmpty)
    }

    @Test(arguments: [
        MalformedResponse(httpStatus: 200, problem: .notJSON(contentType: "text/html")),
        MalformedResponse(httpStatus: 302, problem: .unexpectedRedirect),
        MalformedResponse(httpStatus: 302, problem: .emptyBody),
        MalformedResponse(httpStatus: 401, problem: .notJSON(contentType: "text/html")),
    ])
    func loginRefusedWithARedirectOrAPage_isARejection(malformed: MalformedResponse) async {
        let remote = FakeRemoteDataSource { $0.login = .failure(.malformed(malformed)) }
        await #expect(throws: WoteError.rejected(code: nil, message: "The sign-in was refused by the server.")) {
            try await repository(remote).signIn(with: credential, remember: true)
        }
        #expect(session.begins.isEmpty)
    }

    @Test func htmlPageFrom500Up_staysMalformed() async {
        let malformed = MalformedResponse(httpStatus: 502, problem: .notJSON(contentType: "text/html"))
        let remote = FakeRemoteDataSource { $0.login = .failure(.malformed(malformed)) }
        await #expect(throws: WoteError.malformedResponse("HTTP 502: body is not JSON (content type text/html)")) {
            try await repository(remote).signIn(with: credential, remember: true)
        }
    }

    @Test(arguments: [
        (APIError.network("offline"), WoteError.networkUnavailable("offline")),
        (.timeout, .timeout),
        (.cancelled, .cancelled),
        (
            .malformed(MalformedResponse(httpStatus: 200, problem: .invalidJSON)),
            .malformedResponse("HTTP 200: body is not valid JSON (truncated or garbled)")
        ),
    ])
    func transportFailures_mapAndStoreNothing(error: APIError, expected: WoteError) async {
        let remote = FakeRemoteDataSource { $0.login = .failure(error) }
        await #expect(throws: expected) { try await repository(remote).signIn(with: credential, remember: true) }
        #expect(session.begins.isEmpty)
    }
}
