import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository
import WoteSession

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every contract endpoint, sent through the remote data source and the HTTP client: method, URL,
/// headers and the exact body bytes.
@Suite struct WoteEndpointsTests {
    private let loginReply = TokenPairFixture(
        accessToken: "a", refreshToken: "r", accessExpiresAt: nil, refreshExpiresAt: nil
    ).loginAnswer()

    /// Apple and Kakao codes are POSTed as a form, percent-encoded, with the provider as `state`,
    /// and without any Authorization header.
    @Test(arguments: [
        (
            LoginCredential.apple(authorizationCode: "a+b&c=d 한글/~._-*"), "/login/oauth2/code/apple",
            "code=a%2Bb%26c%3Dd%20%ED%95%9C%EA%B8%80%2F~._-%2A&state=APPLE"
        ),
        (
            LoginCredential.kakao(authorizationCode: "카카오=code"), "/login/oauth2/code/kakao",
            "code=%EC%B9%B4%EC%B9%B4%EC%98%A4%3Dcode&state=KAKAO"
        ),
    ])
    func socialLogin_postsForm_withPercentEncodedCode_andNoAuthorization(
        _ credential: LoginCredential, path: String, form: String
    ) async throws {
        let harness = RecordingHarness(reply: loginReply)
        _ = try await harness.dataSource.login(credential)
        try harness.expectOnlyRequest(
            "POST", path, headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"],
            body: form)
    }

    @Test func passwordSignIn_postsSortedJSON_withoutEscapedSlashes_andNoAuthorization() async throws {
        let harness = RecordingHarness(reply: loginReply)
        _ = try await harness.dataSource.login(.password(loginId: "wote01", password: #"pa/ss"wörd1"#))
        try harness.expectOnlyRequest(
            "POST", "/api/auth/signin", headers: ["Content-Type": "application/json", "Accept": "application/json"],
            body: #"{"loginId":"wote01","password":"pa/ss\"wörd1"}"#)
    }

    @Test func signUp_postsSortedJSON_andNoAuthorization() async throws {
        let harness = RecordingHarness(reply: .json(200, #"{"status":200,"success":true,"message":"회원가입 성공"}"#))
        _ = try await harness.dataSource.signUp(
            SignUpRequestDTO(
                loginId: "wote01", password: "secret123", name: "홍길동", email: "a@b.kr", phone: "010-1234-5678"))
        let request = try harness.onlyRequest()
        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "https://api.wote.test/api/auth/signup")
        #expect(request.allHTTPHeaderFields == ["Content-Type": "application/json", "Accept": "application/json"])
        #expect(
            request.bodyText
                == #"{"email":"a@b.kr","loginId":"wote01","name":"홍길동","password":"secret123","phone":"010-1234-5678"}"#
        )
    }

    @Test func refresh_postsRefreshToken_andNeverCarriesAuthorization_evenWhenABearerIsOffered() async throws {
        let harness = RecordingHarness()
        let (endpoint, bearer) = SessionContract.wote.refresh.endpoint(refreshToken: "eyJ.refresh/token")
        #expect(endpoint.authorization == .none)
        #expect(bearer == nil)
        _ = try await harness.client.send(endpoint, bearer: "expired-access-token")
        try harness.expectOnlyRequest(
            "POST", "/api/auth/refresh", headers: ["Content-Type": "application/json", "Accept": "application/json"],
            body: #"{"refreshToken":"eyJ.refresh/token"}"#)
    }

    @Test func refresh_withTheTokenInAHeader_sendsItThere_withoutBodyOrBearer() async throws {
        let harness = RecordingHarness()
        let call = RefreshCall(
            method: "put", path: "/auth/renew", placement: .header(name: "X-Refresh-Token", prefix: "Token ")
        ) { _, _ in .transient(.timeout) }
        let (endpoint, bearer) = call.endpoint(refreshToken: "r-1")
        #expect(bearer == nil)
        _ = try await harness.client.send(endpoint, bearer: bearer)
        try harness.expectOnlyRequest(
            "PUT", "/auth/renew", headers: ["X-Refresh-Token": "Token r-1", "Accept": "application/json"], body: nil)
    }

    @Test func refresh_withTheTokenAsBearer_sendsTheRefreshTokenNotTheAccessToken() async throws {
        let harness = RecordingHarness()
        let call = RefreshCall(path: "/users/reissue", placement: .bearer) { _, _ in .transient(.timeout) }
        let (endpoint, bearer) = call.endpoint(refreshToken: "r-1")
        _ = try await harness.client.send(endpoint, bearer: bearer)
        let request = try harness.onlyRequest()
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer r-1")
        #expect(request.httpBody == nil)
    }

    @Test func refresh_withAnotherJSONField_namesItSo() async throws {
        let harness = RecordingHarness()
        let call = RefreshCall(path: "/token", placement: .jsonBody(field: "refresh_token")) { _, _ in
            .transient(.timeout)
        }
        _ = try await harness.client.send(call.endpoint(refreshToken: "r/1").endpoint, bearer: nil)
        #expect(try harness.onlyRequest().bodyText == #"{"refresh_token":"r/1"}"#)
    }

    @Test func nicknameCheck_postsNickname_andNoAuthorization() async throws {
        let harness = RecordingHarness(
            reply: .json(200, #"{"status":200,"message":"unique nickname","data":{"isExist":false}}"#))
        _ = try await harness.dataSource.checkNickname(NicknameRequestDTO(nickname: "투표왕"))
        try harness.expectOnlyRequest(
            "POST", "/api/profiles/isValidNickname",
            headers: ["Content-Type": "application/json", "Accept": "application/json"], body: #"{"nickname":"투표왕"}"#)
    }

    @Test func logout_postsDeviceToken_emptyWhenThereIsNone() async throws {
        let harness = RecordingHarness()
        let call = try #require(SessionContract.wote.logout)
        for deviceToken in [nil, "0a1b2c"] {
            let (endpoint, bearer) = call.endpoint(accessToken: "a", refreshToken: "r", deviceToken: deviceToken)
            _ = try await harness.client.send(endpoint, bearer: bearer)
        }
        let requests = harness.stub.requests
        try #require(requests.count == 2)
        #expect(requests.allSatisfy { $0.httpMethod == "POST" })
        #expect(requests.allSatisfy { $0.url?.absoluteString == "https://api.wote.test/api/auth/logout" })
        #expect(requests.allSatisfy { $0.value(forHTTPHeaderField: "Content-Type") == "application/json" })
        #expect(requests.allSatisfy { $0.value(forHTTPHeaderField: "Authorization") == "Bearer a" })
        // The refresh token too: issue 48's `[ext]` field, which the real server ignores.
        #expect(
            requests.map(\.bodyText) == [
                #"{"deviceToken":"","refreshToken":"r"}"#, #"{"deviceToken":"0a1b2c","refreshToken":"r"}"#,
            ])
    }

    @Test func profileSetup_postsMultipart_withJSONPartOnly_whenThereIsNoImage() async throws {
        let harness = RecordingHarness()
        _ = try await harness.dataSource.setUpProfile(Self.profileRequest, imageJPEG: nil)
        let request = try harness.onlyRequest()
        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "https://api.wote.test/api/profiles")
        #expect(
            request.value(forHTTPHeaderField: "Content-Type")
                == "multipart/form-data; boundary=\(RecordingHarness.boundary)")
        let expected =
            "--\(RecordingHarness.boundary)\r\n"
            + "Content-Disposition: form-data; name=\"profileRequest\"\r\n"
            + "Content-Type: application/json\r\n\r\n"
            + #"{"nickname":"투표왕","school":{"schoolName":"서울고등학교","schoolRegion":"서울"}}"# + "\r\n"
            + "--\(RecordingHarness.boundary)--\r\n"
        #expect(request.httpBody == Data(expected.utf8))
    }

    @Test func profileSetup_postsMultipart_withJPEGPart_whenThereIsAnImage() async throws {
        let harness = RecordingHarness()
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x0D, 0x0A, 0x2D, 0x2D, 0x00, 0xFF, 0xD9])
        _ = try await harness.dataSource.setUpProfile(Self.profileRequest, imageJPEG: jpeg)
        let request = try harness.onlyRequest()
        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "https://api.wote.test/api/profiles")
        var expected = Data(
            ("--\(RecordingHarness.boundary)\r\n"
                + "Content-Disposition: form-data; name=\"profileRequest\"\r\n"
                + "Content-Type: application/json\r\n\r\n"
                + #"{"nickname":"투표왕","school":{"schoolName":"서울고등학교","schoolRegion":"서울"}}"# + "\r\n"
                + "--\(RecordingHarness.boundary)\r\n"
                + "Content-Disposition: form-data; name=\"imageFile\"; filename=\"profile.jpg\"\r\n"
                + "Content-Type: image/jpeg\r\n\r\n").utf8)
        expected.append(jpeg)
        expected.append(contentsOf: Array("\r\n--\(RecordingHarness.boundary)--\r\n".utf8))
        #expect(request.httpBody == expected)
    }

    @Test func myProfile_getsWithoutBody() async throws {
        let harness = RecordingHarness(
            reply: .json(
                200,
                #"{"status":200,"message":"SUCCESS","data":{"nickname":"n","school":{"schoolName":"s","schoolRegion":"서울"}}}"#
            ))
        _ = try await harness.dataSource.fetchMyProfile()
        try harness.expectOnlyRequest("GET", "/api/profiles", headers: ["Accept": "application/json"], body: nil)
    }

    /// The consumer type is PUT as JSON, the withdrawal a DELETE without body or content type, the
    /// device token POSTed as JSON.
    @Test(arguments: PlainCall.all)
    func callWithoutData_sendsItsRequest(_ call: PlainCall) async throws {
        let harness = RecordingHarness()
        try await call.send(harness.dataSource)
        try harness.expectOnlyRequest(call.method, call.path, headers: call.headers, body: call.body)
    }

    @Test(arguments: AuthorizedCase.all)
    func bearer_isAttached_exactlyToTheAuthenticatedEndpoints(_ authorizedCase: AuthorizedCase) async throws {
        let harness = RecordingHarness()
        #expect(authorizedCase.endpoint.authorization == (authorizedCase.carriesBearer ? .bearer : .none))
        _ = try await harness.client.send(authorizedCase.endpoint, bearer: "access-token")
        let request = try harness.onlyRequest()
        let expected: String? = authorizedCase.carriesBearer ? "Bearer access-token" : nil
        #expect(request.value(forHTTPHeaderField: "Authorization") == expected)
    }

    static let profileRequest = ProfileRequestDTO(
        nickname: "투표왕", school: SchoolDTO(schoolName: "서울고등학교", schoolRegion: "서울"))
}

/// An endpoint and whether the contract sends it with the access token.
/// A data-source call whose answer carries no data, and the request it must send.
struct PlainCall: Sendable, CustomTestStringConvertible {
    static let json = ["Content-Type": "application/json", "Accept": "application/json"]

    var name: String
    var send: @Sendable (HTTPRemoteDataSource) async throws -> Void
    var method: String
    var path: String
    var headers: [String: String]
    var body: String?

    var testDescription: String { name }

    static let all: [PlainCall] = [
        PlainCall(
            name: "consumer type",
            send: { _ = try await $0.setConsumerType(ConsumerTypeRequestDTO(consumerType: "ECO_WARRIOR")) },
            method: "PUT", path: "/api/profiles/consumerType", headers: json, body: #"{"consumerType":"ECO_WARRIOR"}"#),
        PlainCall(
            name: "withdrawal", send: { _ = try await $0.withdraw() }, method: "DELETE", path: "/api/members",
            headers: ["Accept": "application/json"], body: nil),
        PlainCall(
            name: "device token",
            send: { _ = try await $0.registerDeviceToken(DeviceTokenRequestDTO(deviceToken: "abcdef0123")) },
            method: "POST", path: "/api/notifications/tokens", headers: json, body: #"{"deviceToken":"abcdef0123"}"#),
    ]
}

struct AuthorizedCase: Sendable, CustomTestStringConvertible {
    var name: String
    var endpoint: Endpoint
    var carriesBearer: Bool

    var testDescription: String { name }

    static let all: [AuthorizedCase] = [
        AuthorizedCase(
            name: "apple login", endpoint: WoteEndpoints.appleLogin(authorizationCode: "c"), carriesBearer: false),
        AuthorizedCase(
            name: "kakao login", endpoint: WoteEndpoints.kakaoLogin(authorizationCode: "c"), carriesBearer: false),
        AuthorizedCase(
            name: "sign-in", endpoint: WoteEndpoints.signIn(SignInRequestDTO(loginId: "i", password: "p")),
            carriesBearer: false),
        AuthorizedCase(
            name: "sign-up",
            endpoint: WoteEndpoints.signUp(
                SignUpRequestDTO(loginId: "i", password: "p", name: "n", email: "e", phone: "p")),
            carriesBearer: false),
        AuthorizedCase(
            name: "refresh", endpoint: SessionContract.wote.refresh.endpoint(refreshToken: "r").endpoint,
            carriesBearer: false),
        AuthorizedCase(
            name: "nickname check", endpoint: WoteEndpoints.checkNickname(NicknameRequestDTO(nickname: "n")),
            carriesBearer: false),
        AuthorizedCase(
            name: "logout",
            endpoint: SessionContract.wote.logout!.endpoint(
                accessToken: "a", refreshToken: "r", deviceToken: nil
            ).endpoint,
            carriesBearer: true),
        AuthorizedCase(
            name: "profile setup",
            endpoint: WoteEndpoints.setUpProfile(WoteEndpointsTests.profileRequest, imageJPEG: nil, boundary: "b"),
            carriesBearer: true),
        AuthorizedCase(name: "my profile", endpoint: WoteEndpoints.myProfile(), carriesBearer: true),
        AuthorizedCase(
            name: "consumer type",
            endpoint: WoteEndpoints.setConsumerType(ConsumerTypeRequestDTO(consumerType: "FLEXER")), carriesBearer: true
        ),
        AuthorizedCase(name: "withdrawal", endpoint: WoteEndpoints.withdraw(), carriesBearer: true),
        AuthorizedCase(
            name: "device token",
            endpoint: WoteEndpoints.registerDeviceToken(DeviceTokenRequestDTO(deviceToken: "ab")), carriesBearer: true),
    ]
}
