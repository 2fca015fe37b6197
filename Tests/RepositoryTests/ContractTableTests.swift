import Foundation
import Testing
import WoteDomain
import WoteKitTesting
import WoteRepository
import WoteWire

/// Every row of the contract's §1 table, from the bytes on the wire to the domain decision.
@Suite struct ContractTableTests {
    private let receivedAt = Date(timeIntervalSince1970: 1_700_000_000)

    private func decode<Payload: Decodable & Sendable>(
        _ type: Payload.Type, http: Int, _ body: String
    ) throws -> ResponseEnvelope<Payload> {
        try EnvelopeDecoder.decode(type, from: Data(body.utf8), httpStatus: http, contentType: "application/json")
    }

    @Test func row1_signUpNotCompletedOnLogin_http200_body400E009_withTokens_isAProfileRequiredSignIn() throws {
        // The builder's wire form is pinned to the contract field by field in TokenPairFixtureContractTests.
        let pair = TokenPairFixture(
            accessToken: "a.b.c", refreshToken: "d.e.f",
            accessExpiresAt: Date(timeIntervalSince1970: 1_700_003_600),
            refreshExpiresAt: Date(timeIntervalSince1970: 1_701_209_600), issuedAt: receivedAt)
        let envelope = try decode(LoginDataDTO.self, http: 200, pair.loginAnswerJSON(profileCompleted: false))
        #expect(envelope.domainError == .profileRequired)
        let session = try envelope.loginSession(receivedAt: receivedAt)
        #expect(session.profileCompleted == false)
        #expect(session.tokens.accessToken == "a.b.c")
        #expect(session.tokens.refreshToken == "d.e.f")
        #expect(session.tokens.accessTokenExpiresAt == Date(timeIntervalSince1970: 1_700_003_600))
    }

    @Test func row2_invalidRefreshToken_http200_body401E016_isSessionExpired() throws {
        let envelope = try decode(
            TokenPairDTO.self, http: 200, #"{"status":401,"divisionCode":"E016","message":"Invalid refresh token"}"#)
        #expect(envelope.divisionCode == .invalidRefreshToken)
        #expect(envelope.data == nil)
        #expect(envelope.domainError == .sessionExpired)
    }

    @Test func row3_nicknameTaken_http200_body409_noCode_isExistTrue_decodesWithItsData() throws {
        let envelope = try decode(
            NicknameCheckDTO.self, http: 200, #"{"status":409,"message":"duplicate nickname","data":{"isExist":true}}"#)
        #expect(envelope.status == 409)
        #expect(envelope.divisionCode == nil)
        #expect(envelope.data == NicknameCheckDTO(isExist: true))
        // Generic meaning: a refusal without code; the profile repository reads it as "taken".
        #expect(envelope.domainError == .rejected(code: nil, message: "duplicate nickname"))
    }

    @Test(arguments: ["E004", "E005", "E006", "E007"])
    func row4_jwtProblems_sameHttpAndBody401_areRejectionsWithTheCode(code: String) throws {
        let envelope = try decode(
            ProfileDTO.self, http: 401, #"{"status":401,"divisionCode":"\#(code)","message":"JWT problem"}"#)
        #expect(envelope.domainError == .rejected(code: code, message: "JWT problem"))
    }

    @Test(arguments: [
        (
            #"{"status":400,"divisionCode":"G006","message":"JSON parse error","errors":[]}"#,
            WoteError.refused(.invalidRequest, code: "G006", message: "JSON parse error")
        ),
        (
            #"{"status":404,"divisionCode":"G013","message":"validation failed","errors":[{"field":"nickname","value":"a","reason":"size"}]}"#,
            .rejected(code: "G013", message: "validation failed")
        ),
        (
            #"{"status":500,"divisionCode":"G999","message":"internal server error"}"#,
            .serverFailure(status: 500, code: "G999", message: "internal server error")
        ),
        (
            #"{"status":500,"message":"internal server error"}"#,
            .serverFailure(status: 500, code: nil, message: "internal server error")
        ),
    ])
    func row5_exceptionHandlerErrors_onHttp200_areDecidedFromTheBody(body: String, expected: WoteError) throws {
        let envelope = try decode(IgnoredPayload.self, http: 200, body)
        #expect(envelope.domainError == expected)
    }

    @Test func row5_fieldErrors_areKept() throws {
        let envelope = try decode(
            IgnoredPayload.self, http: 200,
            #"{"status":404,"divisionCode":"G013","message":"v","errors":[{"field":"nickname","value":"a","reason":"size"}]}"#
        )
        #expect(envelope.fieldErrors == [FieldErrorDTO(field: "nickname", value: "a", reason: "size")])
    }

    @Test(arguments: [
        (200, ""), (502, "<html><body>Bad Gateway</body></html>"), (200, #"{"status":200,"mess"#),
        (401, #"{"message":"no status"}"#), (500, "   "),
    ])
    func unusableBodies_areMalformed_whateverTheHttpStatus(http: Int, body: String) {
        #expect {
            _ = try decode(IgnoredPayload.self, http: http, body)
        } throws: { error in
            guard case .malformed(let malformed) = error as? APIError else { return false }
            return malformed.httpStatus == http
        }
    }

    @Test func unknownCode_stillDecodes_andSurfacesAsAGenericRejection() throws {
        let envelope = try decode(
            IgnoredPayload.self, http: 418, #"{"status":418,"divisionCode":"Z999","message":"teapot"}"#)
        #expect(envelope.divisionCode?.rawValue == "Z999")
        #expect(envelope.domainError == .rejected(code: "Z999", message: "teapot"))
    }
}
