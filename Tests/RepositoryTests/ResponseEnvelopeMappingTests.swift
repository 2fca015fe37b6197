import Foundation
import Testing
import WoteDomain
import WoteRepository

/// The envelope → domain decision (§1, §2): the body decides, the division code first.
@Suite struct ResponseEnvelopeMappingTests {
    private func envelope(http: Int = 200, status: Int, code: DivisionCode?, message: String = "msg")
        -> ResponseEnvelope<IgnoredPayload>
    {
        ResponseEnvelope(httpStatus: http, status: status, divisionCode: code, message: message)
    }

    // MARK: - Each class of division code

    @Test(arguments: [("G011", 404), ("G012", 404), ("G013", 404), ("G014", 404)])
    func gCodes_belowServerError_areRejections_carryingCodeAndMessage(code: String, status: Int) {
        let mapped = envelope(http: 200, status: status, code: DivisionCode(rawValue: code), message: "bad \(code)")
            .domainError
        #expect(mapped == .rejected(code: code, message: "bad \(code)"))
    }

    /// The one verdict table (issue 10/11): every code with a kind of its own, with its code and the
    /// server's message kept.
    @Test(arguments: [
        ("G001", 400, WoteError.Kind.invalidRequest), ("G002", 400, .invalidRequest), ("G003", 400, .invalidRequest),
        ("G004", 400, .invalidRequest), ("G005", 400, .invalidRequest), ("G006", 400, .invalidRequest),
        ("G007", 400, .invalidRequest), ("E008", 400, .invalidRequest), ("G010", 403, .notAllowed),
        ("E002", 404, .notFound), ("E003", 404, .notFound), ("E015", 409, .alreadyVoted),
        ("E019", 400, .consumerTypeRequired),
    ])
    func codesWithAKindOfTheirOwn_carryCodeAndMessage(code: String, status: Int, kind: WoteError.Kind) throws {
        let mapped = try #require(
            envelope(http: status, status: status, code: DivisionCode(rawValue: code), message: "said \(code)")
                .domainError)
        #expect(mapped.kind == kind)
        #expect(mapped.code == code)
        #expect(mapped.serverMessage == "said \(code)")
        #expect(mapped == .refused(kind, code: code, message: "said \(code)"))
        #expect(!mapped.message.isEmpty)
    }

    @Test func g999_isServerFailure_withBodyStatusCodeAndMessage() {
        #expect(
            envelope(http: 200, status: 500, code: .internalServerError, message: "boom").domainError
                == .serverFailure(status: 500, code: "G999", message: "boom"))
    }

    @Test func g999_withANonServerBodyStatus_isStillServerFailure() {
        #expect(
            envelope(http: 200, status: 200, code: .internalServerError, message: "boom").domainError
                == .serverFailure(status: 500, code: "G999", message: "boom"))
    }

    @Test(arguments: [
        ("E001", 404, WoteError.memberGone),
        ("E009", 400, .profileRequired),
        ("E013", 409, .nicknameTaken),
        ("E016", 401, .sessionExpired),
        ("E018", 403, .banned),
    ])
    func eCodes_withADomainMeaning_mapToTheirOwnCase(code: String, status: Int, expected: WoteError) {
        #expect(envelope(status: status, code: DivisionCode(rawValue: code)).domainError == expected)
    }

    @Test(arguments: ["E004", "E005", "E006", "E007"])
    func accessTokenCodes_stillRejectedAfterTheRetry_areRejections_keepingTheCode(code: String) {
        // The engine refreshes once and retries once; what still reaches the repository is a refusal.
        let mapped = envelope(http: 401, status: 401, code: DivisionCode(rawValue: code), message: "Expired JWT")
            .domainError
        #expect(mapped == .rejected(code: code, message: "Expired JWT"))
    }

    @Test(arguments: [("E017", 400)])
    func otherECodes_areRejections(code: String, status: Int) {
        #expect(
            envelope(status: status, code: DivisionCode(rawValue: code), message: "no").domainError
                == .rejected(code: code, message: "no"))
    }

    @Test func a001_isARejection_withItsCode() {
        #expect(
            envelope(http: 401, status: 401, code: .socialCodeRejected, message: "bad code").domainError
                == .rejected(code: "A001", message: "bad code"))
    }

    @Test func a002_isWrongCredentials() {
        #expect(envelope(http: 401, status: 401, code: .wrongCredentials).domainError == .wrongCredentials)
    }

    @Test(arguments: ["Z999", "E099", "G015", "A999"])
    func unknownCodes_areRejections_carryingTheirCode(code: String) {
        #expect(
            envelope(status: 400, code: DivisionCode(rawValue: code), message: "new rule").domainError
                == .rejected(code: code, message: "new rule"))
    }

    @Test func unknownCode_withServerErrorBodyStatus_isServerFailure_keepingTheCode() {
        #expect(
            envelope(status: 503, code: "Z999", message: "later").domainError
                == .serverFailure(status: 503, code: "Z999", message: "later"))
    }

    @Test func code_decidesBeforeStatus_e009WithAnyStatusIsProfileRequired() {
        #expect(envelope(http: 500, status: 500, code: .signUpNotCompleted).domainError == .profileRequired)
        #expect(envelope(http: 200, status: 200, code: .signUpNotCompleted).domainError == .profileRequired)
    }

    // MARK: - No code: the body status

    @Test(arguments: [200, 201, 204, 299])
    func noCode_2xxBodyStatus_isSuccess(status: Int) {
        #expect(envelope(http: 500, status: status, code: nil).domainError == nil)
    }

    @Test(arguments: [500, 502, 503, 599])
    func noCode_bodyStatusFrom500_isServerFailure(status: Int) {
        #expect(
            envelope(http: 200, status: status, code: nil, message: "down").domainError
                == .serverFailure(status: status, code: nil, message: "down"))
    }

    @Test(arguments: [100, 302, 400, 401, 404, 409, 499])
    func noCode_otherNon2xxBodyStatus_isRejection_withoutCode(status: Int) {
        #expect(
            envelope(http: 200, status: status, code: nil, message: "nope").domainError
                == .rejected(code: nil, message: "nope"))
    }

    @Test func httpStatusAlone_neverDecides() {
        #expect(envelope(http: 401, status: 200, code: nil).domainError == nil)
        #expect(envelope(http: 200, status: 401, code: .invalidRefreshToken).domainError == .sessionExpired)
    }

    // MARK: - requireSuccess / requireData

    @Test func requireData_returnsThePayload_ofASuccess() throws {
        let ok = ResponseEnvelope(httpStatus: 200, status: 200, data: NicknameCheckDTO(isExist: false))
        #expect(try ok.requireData() == NicknameCheckDTO(isExist: false))
    }

    @Test func requireData_onASuccessWithoutData_isMalformed() {
        let ok = ResponseEnvelope<NicknameCheckDTO>(httpStatus: 200, status: 200)
        #expect(throws: WoteError.malformedResponse("HTTP 200: missing field `data`")) { try ok.requireData() }
    }

    @Test func requireData_onAnErrorEnvelope_throwsItsDomainError_evenWithData() {
        let refused = ResponseEnvelope(
            httpStatus: 200, status: 409, divisionCode: .nicknameInUse, data: NicknameCheckDTO(isExist: true))
        #expect(throws: WoteError.nicknameTaken) { try refused.requireData() }
    }

    @Test func requireSuccess_passesASuccess_andThrowsAFailure() throws {
        try envelope(status: 200, code: nil).requireSuccess()
        #expect(throws: WoteError.banned) { try envelope(status: 403, code: .bannedMember).requireSuccess() }
    }
}
