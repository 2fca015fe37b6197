import Testing
@testable import WoteServerCore

@Suite struct ParsingTests {
    @Test func multipart_readsPartsWithNamesTypesAndBinaryBodies() throws {
        let image: [UInt8] = [0xFF, 0xD8, 0x0D, 0x0A, 0x2D, 0x2D, 0x00]
        let body = MultipartBody.encode(
            [
                .init(name: "profileRequest", contentType: "application/json", body: Array(#"{"a":1}"#.utf8)),
                .init(name: "imageFile", filename: "a \"b\".jpg", contentType: "image/jpeg", body: image),
            ],
            boundary: "xYz"
        )
        let boundary = try MultipartParser.boundary(contentType: #"multipart/form-data; boundary="xYz""#)
        let parts = try MultipartParser.parse(Array("preamble\r\n".utf8) + body, boundary: boundary)
        #expect(parts.map(\.name) == ["profileRequest", "imageFile"])
        #expect(parts[0].contentType == "application/json")
        #expect(parts[1].filename == #"a "b".jpg"#)
        #expect(parts[1].body == image)
    }

    @Test(arguments: [
        "",
        "--xYz--\r\n",
        "--xYz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end",
        "--xYz\r\nContent-Type: text/plain\r\n\r\nx\r\n--xYz--",
        "--xYz\r\nContent-Disposition: form-data\r\n\r\nx\r\n--xYz--",
        "--xYz\r\nContent-Disposition: form-data; name=\"a\"\r\n",
    ])
    func multipart_refusesMalformedBodies(text: String) {
        #expect(throws: MultipartError.self) { try MultipartParser.parse(Array(text.utf8), boundary: "xYz") }
    }

    @Test func multipart_needsAFormDataContentTypeWithABoundary() {
        #expect(throws: MultipartError.missingBoundary) { try MultipartParser.boundary(contentType: "application/json") }
        #expect(throws: MultipartError.missingBoundary) { try MultipartParser.boundary(contentType: "multipart/form-data") }
    }

    @Test func durations_acceptUnitsAndPlainSeconds() {
        #expect(DurationParser.milliseconds(from: "500ms") == 500)
        #expect(DurationParser.milliseconds(from: "5s") == 5_000)
        #expect(DurationParser.milliseconds(from: "10m") == 600_000)
        #expect(DurationParser.milliseconds(from: "1h") == 3_600_000)
        #expect(DurationParser.milliseconds(from: "14d") == 1_209_600_000)
        #expect(DurationParser.milliseconds(from: "90") == 90_000)
        #expect(DurationParser.milliseconds(from: "1.5") == 1_500)
        #expect(DurationParser.milliseconds(from: "-5s") == nil)
        #expect(DurationParser.milliseconds(from: "soon") == nil)
        #expect(DurationParser.milliseconds(from: "0") == nil)
    }

    @Test func options_parseEveryFlag_andNameTheWrongOne() throws {
        let command = try ServerOptions.parse([
            "--port", "0", "--host=::1", "--access-ttl", "5s", "--refresh-ttl", "1h", "--strict-rotation", "--test-hooks",
            "--redirect-port", "9000", "--no-access-log", "--real-server",
        ], environment: [ServerOptions.testHooksSecretVariable: TestServer.hookSecret])
        guard case .run(let options) = command else { Issue.record("expected run"); return }
        #expect(options.port == 0 && options.host == "::1" && options.redirectPort == 9000)
        #expect(options.testHooksSecret == TestServer.hookSecret && !options.extensions)
        #expect(options.accessTTLMilliseconds == 5_000 && options.refreshTTLMilliseconds == 3_600_000)
        #expect(options.strictRotation && options.testHooks && !options.accessLog)
        #expect(try ServerOptions.parse(["--help"]) == .help)
        #expect(throws: OptionsError(description: "--port: 'x' is not a port from 0 to 65535")) {
            try ServerOptions.parse(["--port", "x"])
        }
        #expect(throws: OptionsError.self) { try ServerOptions.parse(["--verbose"]) }
    }

    @Test func nicknames_countCharactersAfterNFC() {
        #expect(NicknameRule.normalized("\u{1100}\u{1161}\u{11A8}가") == "각가")
        #expect(NicknameRule.normalized("abc123") == "abc123")
        #expect(NicknameRule.normalized("가") == nil)
        #expect(NicknameRule.normalized("a_b") == nil)
        #expect(NicknameRule.normalized("12345678901") == nil)
    }

    @Test func jwt_roundTrips_andReportsEachFault() throws {
        let codec = JWTCodec(secret: Array("secret".utf8))
        let claims = TokenClaims(sub: "1", type: "access", iat: 1, exp: 2, jti: "j")
        let token = codec.sign(claims)
        #expect(try codec.verify(token).get() == claims)
        #expect(JWTCodec(secret: Array("other".utf8)).verify(token) == .failure(.badSignature))
        #expect(codec.verify("abc") == .failure(.malformed))
        let unsigned = Base64URL.encode(Array(#"{"alg":"none"}"#.utf8)) + "." + token.split(separator: ".")[1] + "."
        #expect(codec.verify(unsigned) == .failure(.unsupported))
        #expect(codec.verify(codec.sign(payload: Array(#"{"sub":"1"}"#.utf8))) == .failure(.emptyClaims))
        #expect(codec.verify(codec.sign(payload: Array("[1]".utf8))) == .failure(.malformed))
    }

    @Test func pbkdf2_matchesTheRFC7914TestVector() {
        let derived = PasswordHash.derive("passwd", salt: Array("salt".utf8), iterations: 1)
        let hex = derived.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        #expect(hex == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc")
    }
}
