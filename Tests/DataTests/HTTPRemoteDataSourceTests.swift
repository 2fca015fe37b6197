import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository

/// Answers decoded by the remote data source: usable envelopes come back whatever their codes;
/// every unusable body becomes a typed ``APIError``.
@Suite struct HTTPRemoteDataSourceTests {
    @Test func login_returnsE009Envelope_withTokens_onHTTP200() async throws {
        let harness = RecordingHarness(
            reply: TokenPairFixture(
                accessToken: "acc", refreshToken: "ref", accessExpiresAt: Date(timeIntervalSince1970: 1_700_000_000),
                refreshExpiresAt: nil
            ).loginAnswer(profileCompleted: false))
        let envelope = try await harness.dataSource.login(.apple(authorizationCode: "code"))
        #expect(envelope.httpStatus == 200)
        #expect(envelope.status == 400)
        #expect(envelope.divisionCode == .signUpNotCompleted)
        #expect(
            envelope.data?.jwtToken
                == TokenPairDTO(
                    accessToken: "acc", accessExpirationTime: 1_700_000_000_000, refreshToken: "ref",
                    refreshExpirationTime: nil))
    }

    @Test func login_returnsRejection_withItsCode_onHTTP401() async throws {
        let harness = RecordingHarness(reply: .json(401, #"{"status":401,"divisionCode":"A002","message":"wrong"}"#))
        let envelope = try await harness.dataSource.login(.password(loginId: "id", password: "pw"))
        #expect(envelope.httpStatus == 401)
        #expect(envelope.divisionCode == .wrongCredentials)
        #expect(envelope.message == "wrong")
        #expect(envelope.data == nil)
    }

    @Test func nicknameCheck_returnsTaken_fromBodyStatus409_onHTTP200() async throws {
        let harness = RecordingHarness(
            reply: .json(200, #"{"status":409,"message":"duplicate nickname","data":{"isExist":true}}"#))
        let envelope = try await harness.dataSource.checkNickname(NicknameRequestDTO(nickname: "taken"))
        #expect(envelope.status == 409)
        #expect(envelope.divisionCode == nil)
        #expect(envelope.data == NicknameCheckDTO(isExist: true))
    }

    @Test func myProfile_decodesProfile_withOptionalFieldsMissing() async throws {
        let harness = RecordingHarness(
            reply: .json(
                200,
                #"{"status":200,"message":"SUCCESS","data":{"nickname":"투표왕","school":{"schoolName":"서울고","schoolRegion":"서울"},"canUpdateConsumerType":true}}"#
            ))
        let envelope = try await harness.dataSource.fetchMyProfile()
        #expect(
            envelope.data
                == ProfileDTO(
                    nickname: "투표왕", school: SchoolDTO(schoolName: "서울고", schoolRegion: "서울"),
                    canUpdateConsumerType: true))
    }

    @Test func withdrawal_returnsProfileGateEnvelope_onHTTP400() async throws {
        let harness = RecordingHarness(reply: .json(400, #"{"status":400,"divisionCode":"E009","message":"gate"}"#))
        let envelope = try await harness.dataSource.withdraw()
        #expect(envelope.httpStatus == 400)
        #expect(envelope.divisionCode == .signUpNotCompleted)
    }

    @Test func signUp_returnsOlderEnvelope_withHTTPStatus() async throws {
        let created = RecordingHarness(reply: .json(200, #"{"status":200,"success":true,"message":"회원가입 성공"}"#))
        #expect(
            try await created.dataSource.signUp(Self.signUpRequest)
                == SignUpResponseDTO(httpStatus: 200, status: 200, success: true, message: "회원가입 성공"))

        let refused = RecordingHarness(reply: .json(200, #"{"status":200,"success":false,"message":"이미 사용 중인 ID"}"#))
        #expect(
            try await refused.dataSource.signUp(Self.signUpRequest)
                == SignUpResponseDTO(httpStatus: 200, status: 200, success: false, message: "이미 사용 중인 ID"))

        let badRequest = RecordingHarness(reply: .json(400, #"{"status":400,"success":false,"message":"bad"}"#))
        #expect(
            try await badRequest.dataSource.signUp(Self.signUpRequest)
                == SignUpResponseDTO(httpStatus: 400, status: 400, success: false, message: "bad"))
    }

    @Test func signUp_serverFailureWithHTMLPage_isMalformed_withItsStatus() async throws {
        let harness = RecordingHarness(reply: .raw(500, "<html><body>Internal Server Error</body></html>"))
        await #expect(
            throws: APIError.malformed(MalformedResponse(httpStatus: 500, problem: .notJSON(contentType: "text/html")))
        ) {
            try await harness.dataSource.signUp(Self.signUpRequest)
        }
    }

    @Test func signUp_envelopeWithoutSuccessField_isMalformed() async throws {
        let harness = RecordingHarness(reply: .json(200, #"{"status":200,"message":"SUCCESS"}"#))
        await #expect(throws: APIError.malformed(MalformedResponse(httpStatus: 200, problem: .missingField("success"))))
        {
            try await harness.dataSource.signUp(Self.signUpRequest)
        }
    }

    @Test(arguments: DataSourceCall.allCases, MalformedBody.common)
    func unusableBody_becomesTypedMalformedError_onEveryEndpoint(
        _ call: DataSourceCall, _ body: MalformedBody
    ) async throws {
        let harness = RecordingHarness(reply: body.reply)
        await #expect(throws: APIError.malformed(MalformedResponse(httpStatus: body.status, problem: body.problem))) {
            try await call.perform(on: harness.dataSource)
        }
    }

    @Test(arguments: [DataSourceCall.login, .checkNickname, .fetchMyProfile])
    func successWithoutData_isMalformed_whenTheEndpointReturnsAPayload(_ call: DataSourceCall) async throws {
        let harness = RecordingHarness(reply: .json(200, #"{"status":200,"message":"SUCCESS"}"#))
        await #expect(throws: APIError.malformed(MalformedResponse(httpStatus: 200, problem: .missingField("data")))) {
            try await call.perform(on: harness.dataSource)
        }
    }

    @Test(arguments: [DataSourceCall.setUpProfile, .setConsumerType, .registerDeviceToken, .withdraw])
    func successWithoutData_isUsable_whenTheEndpointReturnsNoPayload(_ call: DataSourceCall) async throws {
        let harness = RecordingHarness(reply: .json(200, #"{"status":200,"message":"logout success."}"#))
        try await call.perform(on: harness.dataSource)
        #expect(harness.stub.requests.count == 1)
    }

    @Test func profileWithWrongFieldType_isMalformed_namingTheField() async throws {
        let harness = RecordingHarness(
            reply: .json(
                200,
                #"{"status":200,"message":"SUCCESS","data":{"nickname":5,"school":{"schoolName":"s","schoolRegion":"r"}}}"#
            ))
        await #expect(
            throws: APIError.malformed(MalformedResponse(httpStatus: 200, problem: .wrongType(field: "data.nickname")))
        ) {
            try await harness.dataSource.fetchMyProfile()
        }
    }

    @Test func transportFailure_reachesTheCaller_asItsAPIError() async throws {
        let harness = RecordingHarness { _ in .failure(.timeout) }
        await #expect(throws: APIError.timeout) {
            try await harness.dataSource.login(.kakao(authorizationCode: "c"))
        }
    }

    static let signUpRequest = SignUpRequestDTO(
        loginId: "wote01", password: "secret123", name: "n", email: "a@b.kr", phone: "010-1234-5678")
}

/// One remote data source method, called with fixed arguments.
enum DataSourceCall: CaseIterable, Sendable {
    case login, signUp, checkNickname, setUpProfile, fetchMyProfile, setConsumerType, registerDeviceToken, withdraw

    func perform(on dataSource: HTTPRemoteDataSource) async throws(APIError) {
        switch self {
        case .login: _ = try await dataSource.login(.apple(authorizationCode: "c"))
        case .signUp: _ = try await dataSource.signUp(HTTPRemoteDataSourceTests.signUpRequest)
        case .checkNickname: _ = try await dataSource.checkNickname(NicknameRequestDTO(nickname: "n"))
        case .setUpProfile: _ = try await dataSource.setUpProfile(WoteEndpointsTests.profileRequest, imageJPEG: nil)
        case .fetchMyProfile: _ = try await dataSource.fetchMyProfile()
        case .setConsumerType: _ = try await dataSource.setConsumerType(ConsumerTypeRequestDTO(consumerType: "FLEXER"))
        case .registerDeviceToken:
            _ = try await dataSource.registerDeviceToken(DeviceTokenRequestDTO(deviceToken: "ab"))
        case .withdraw: _ = try await dataSource.withdraw()
        }
    }
}

/// A body that is not a usable answer, with the problem it must be reported as.
struct MalformedBody: Sendable, CustomTestStringConvertible {
    var name: String
    var reply: StubTransport.Reply
    var status: Int
    var problem: MalformedResponse.Problem

    var testDescription: String { name }

    static let common: [MalformedBody] = [
        MalformedBody(
            name: "empty", reply: .raw(200, "", contentType: "application/json"), status: 200, problem: .emptyBody),
        MalformedBody(
            name: "whitespace only", reply: .raw(200, " \n\t ", contentType: "application/json"), status: 200,
            problem: .emptyBody),
        MalformedBody(
            name: "HTML 502", reply: .raw(502, "<html><head><title>502 Bad Gateway</title></head></html>"), status: 502,
            problem: .notJSON(contentType: "text/html")),
        MalformedBody(
            name: "plain text", reply: .raw(200, "OK", contentType: "text/plain"), status: 200,
            problem: .notJSON(contentType: "text/plain")),
        MalformedBody(
            name: "truncated JSON", reply: .json(200, #"{"status":200,"success":true,"message":"SUCC"#), status: 200,
            problem: .invalidJSON),
        MalformedBody(
            name: "status of the wrong type", reply: .json(200, #"{"status":"200","success":true,"message":"x"}"#),
            status: 200, problem: .wrongType(field: "status")),
        MalformedBody(
            name: "status missing", reply: .json(200, #"{"success":true,"message":"x"}"#), status: 200,
            problem: .missingField("status")),
        MalformedBody(name: "array", reply: .json(200, #"[{"status":200}]"#), status: 200, problem: .notAnObject),
        MalformedBody(name: "string", reply: .json(200, #""SUCCESS""#), status: 200, problem: .notAnObject),
        MalformedBody(name: "number", reply: .json(200, "200"), status: 200, problem: .notAnObject),
        MalformedBody(
            name: "huge", reply: .json(200, hugeBody), status: 200, problem: .tooLarge(bytes: hugeBody.utf8.count)),
    ]

    /// A valid envelope, larger than any answer WoteKit reads.
    static let hugeBody = #"{"status":200,"message":""# + String(repeating: "x", count: 9 * 1024 * 1024) + #""}"#
}
