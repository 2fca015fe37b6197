import Foundation
import Testing
import WoteDomain
import WoteRepository
import WoteWire

/// Whatever arrives, the decoder returns an envelope or a typed error saying what was wrong.
@Suite struct EnvelopeDecoderTests {
    private func decode<Payload: Decodable & Sendable>(
        _ type: Payload.Type, _ body: String, http: Int = 200, contentType: String? = "application/json"
    ) throws(APIError) -> ResponseEnvelope<Payload> {
        try EnvelopeDecoder.decode(type, from: Data(body.utf8), httpStatus: http, contentType: contentType)
    }

    private func malformed(_ http: Int, _ problem: MalformedResponse.Problem) -> APIError {
        .malformed(MalformedResponse(httpStatus: http, problem: problem))
    }

    @Test func success_decodesStatusMessageAndData() throws {
        let envelope = try decode(
            NicknameCheckDTO.self, #"{"status":200,"message":"unique nickname","data":{"isExist":false}}"#)
        #expect(envelope.httpStatus == 200)
        #expect(envelope.status == 200)
        #expect(envelope.divisionCode == nil)
        #expect(envelope.message == "unique nickname")
        #expect(envelope.data == NicknameCheckDTO(isExist: false))
        #expect(envelope.isSuccess)
    }

    @Test(arguments: ["", " \n\t\r "])
    func emptyBody_isEmptyBody(body: String) {
        #expect(throws: malformed(204, .emptyBody)) { try decode(IgnoredPayload.self, body, http: 204) }
    }

    @Test func htmlPage_isNotJSON_withItsContentType() {
        #expect(throws: malformed(502, .notJSON(contentType: "text/html"))) {
            try decode(
                IgnoredPayload.self, "<!DOCTYPE html><html>502 Bad Gateway</html>", http: 502, contentType: "text/html")
        }
    }

    @Test func plainText_isNotJSON() {
        #expect(throws: malformed(200, .notJSON(contentType: nil))) {
            try decode(IgnoredPayload.self, "OK", contentType: nil)
        }
    }

    @Test(arguments: [#"{"status":200,"message":"SUCC"#, #"{"status":200,"#, "{", #"{"status":200}}"#])
    func truncatedOrGarbledJSON_isInvalidJSON(body: String) {
        #expect(throws: malformed(200, .invalidJSON)) { try decode(IgnoredPayload.self, body) }
    }

    @Test(arguments: ["[1,2,3]", #""status""#, "42", "-1"])
    func nonObjectTopLevel_isNotAnObject(body: String) {
        #expect(throws: malformed(200, .notAnObject)) { try decode(IgnoredPayload.self, body) }
    }

    @Test func statusAsString_isWrongTypeOfStatus() {
        #expect(throws: malformed(200, .wrongType(field: "status"))) {
            try decode(IgnoredPayload.self, #"{"status":"200","message":"SUCCESS"}"#)
        }
    }

    @Test func missingStatus_isMissingStatus() {
        #expect(throws: malformed(200, .missingField("status"))) {
            try decode(IgnoredPayload.self, #"{"message":"SUCCESS","data":{}}"#)
        }
    }

    @Test func codeOfTheWrongType_isWrongType() {
        #expect(throws: malformed(200, .wrongType(field: "divisionCode"))) {
            try decode(IgnoredPayload.self, #"{"status":400,"divisionCode":9,"message":"x"}"#)
        }
    }

    @Test func successWithADataFieldOfTheWrongType_isWrongTypeNamingTheField() {
        #expect(throws: malformed(200, .wrongType(field: "data.isExist"))) {
            try decode(NicknameCheckDTO.self, #"{"status":200,"message":"ok","data":{"isExist":"no"}}"#)
        }
        #expect(throws: malformed(200, .wrongType(field: "data"))) {
            try decode(NicknameCheckDTO.self, #"{"status":200,"message":"ok","data":"yes"}"#)
        }
    }

    @Test func successWithARequiredDataFieldMissing_isMissingThatField() {
        #expect(throws: malformed(200, .missingField("data.school"))) {
            try decode(ProfileDTO.self, #"{"status":200,"message":"ok","data":{"nickname":"투표왕"}}"#)
        }
    }

    @Test func successWithoutData_decodes_andRequireDataSaysDataIsMissing() throws {
        let envelope = try decode(ProfileDTO.self, #"{"status":200,"message":"SUCCESS"}"#)
        #expect(envelope.isSuccess)
        #expect(envelope.data == nil)
        #expect(throws: WoteError.malformedResponse("HTTP 200: missing field `data`")) { try envelope.requireData() }
    }

    @Test func hugeBody_isRefusedUnread_asTooLarge() {
        let size = EnvelopeDecoder.maximumBodySize + 1
        var body = Data(#"{"status":200,"message":""#.utf8)
        body.append(Data(repeating: UInt8(ascii: "a"), count: size - body.count - 2))
        body.append(Data(#""}"#.utf8))
        #expect(body.count == size)
        #expect(throws: malformed(200, .tooLarge(bytes: size))) {
            try EnvelopeDecoder.decode(IgnoredPayload.self, from: body, httpStatus: 200)
        }
    }

    @Test func errorEnvelopeWithDifferentlyShapedData_keepsItsCodeAndMessage() throws {
        let envelope = try decode(
            ProfileDTO.self, #"{"status":400,"divisionCode":"G013","message":"validation failed","data":[1,2]}"#)
        #expect(envelope.divisionCode == .validationFailed)
        #expect(envelope.message == "validation failed")
        #expect(envelope.data == nil)
        #expect(envelope.domainError == .rejected(code: "G013", message: "validation failed"))
    }

    @Test func differentlyShapedFieldErrors_doNotMakeAReadableErrorMalformed() throws {
        let envelope = try decode(
            IgnoredPayload.self, #"{"status":400,"divisionCode":"G001","message":"bad","errors":"oops","reason":7}"#)
        #expect(envelope.divisionCode == .badRequest)
        #expect(envelope.fieldErrors.isEmpty)
        #expect(envelope.reason == nil)
    }

    @Test func missingMessage_isEmpty() throws {
        let envelope = try decode(IgnoredPayload.self, #"{"status":401,"divisionCode":"E006"}"#)
        #expect(envelope.message == "")
        #expect(envelope.domainError == .rejected(code: "E006", message: ""))
    }

    @Test func ignoredPayload_acceptsAnyData() throws {
        for data in [#"{"a":1}"#, "[1]", #""x""#, "3", "null", "true"] {
            let envelope = try decode(IgnoredPayload.self, #"{"status":200,"message":"ok","data":\#(data)}"#)
            #expect(envelope.isSuccess)
        }
    }

    @Test func unknownExtraFields_areIgnored() throws {
        let envelope = try decode(
            NicknameCheckDTO.self, #"{"status":200,"message":"ok","timestamp":"2024","data":{"isExist":false,"x":1}}"#)
        #expect(envelope.data == NicknameCheckDTO(isExist: false))
    }

    // MARK: - The older sign-up envelope (§4.12)

    @Test func signUpEnvelope_decodesPlain() throws {
        let response = try EnvelopeDecoder.decodePlain(
            SignUpResponseDTO.self, from: Data(#"{"status":200,"success":false,"message":"이미 있는 아이디"}"#.utf8),
            httpStatus: 200)
        #expect(response.status == 200)
        #expect(response.success == false)
        #expect(response.message == "이미 있는 아이디")
    }

    @Test func signUpEnvelope_withoutSuccess_isMissingSuccess() {
        #expect(throws: malformed(500, .missingField("success"))) {
            try EnvelopeDecoder.decodePlain(
                SignUpResponseDTO.self,
                from: Data(#"{"timestamp":"2024-01-01","status":500,"error":"Internal Server Error"}"#.utf8),
                httpStatus: 500)
        }
    }

    @Test func signUpEnvelope_html_isNotJSON() {
        #expect(throws: malformed(500, .notJSON(contentType: "text/html"))) {
            try EnvelopeDecoder.decodePlain(
                SignUpResponseDTO.self, from: Data("<html>error</html>".utf8), httpStatus: 500, contentType: "text/html"
            )
        }
    }
}
