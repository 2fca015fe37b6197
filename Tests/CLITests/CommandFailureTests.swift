import Foundation
import Testing
import WoteCLI
import WoteKit

/// Every WoteKit error has a kind, an exit code and a message a person understands.
@Suite struct CommandFailureTests {
    @Test func everyWoteError_mapsToItsKindAndExitCode() {
        let cases: [(WoteError, FailureKind, Int32, String?)] = [
            (.notSignedIn, .notSignedIn, 3, nil),
            (.sessionExpired, .sessionExpired, 3, nil),
            (WoteError.banned.noting(code: "E018"), .banned, 3, "E018"),
            (WoteError.memberGone.noting(code: "E001"), .memberGone, 3, "E001"),
            (WoteError.profileRequired.noting(code: "E009"), .profileRequired, 4, "E009"),
            (WoteError.nicknameTaken.noting(code: "E013"), .nicknameTaken, 5, "E013"),
            (.invalidNickname(.tooShort(minimum: 2)), .invalidNickname, 5, nil),
            (.invalidField(.email, reason: "bad"), .usage, 2, nil),
            (.invalidArgument(name: "device token", reason: "bad"), .usage, 2, nil),
            (WoteError.wrongCredentials.noting(code: "A002"), .rejected, 5, "A002"),
            (.rejected(code: "A001", message: "no"), .rejected, 5, "A001"),
            (.rejected(code: nil, message: "이미 사용 중인 아이디입니다."), .rejected, 5, nil),
            (.serverFailure(status: 500, code: "G999", message: "boom"), .server, 7, "G999"),
            (.tooManyRefreshes, .server, 7, nil),
            (.networkUnavailable("refused"), .network, 6, nil),
            (.timeout, .timeout, 6, nil),
            (.malformedResponse("not JSON"), .malformedResponse, 7, nil),
            (.storageFailure("read-only"), .storage, 8, nil),
            (.cancelled, .cancelled, 130, nil),
            (.refused(.consumerTypeRequired, code: "E019", message: "no type"), .profileRequired, 4, "E019"),
            (.rejected(code: "E015", message: "voted"), .rejected, 5, "E015"),
        ]
        for (error, kind, exitCode, code) in cases {
            let failure = CommandFailure(error)
            #expect(failure.kind == kind, "\(error)")
            #expect(failure.kind.exitCode == exitCode, "\(error)")
            #expect(failure.code == code, "\(error)")
            #expect(!failure.message.isEmpty, "\(error)")
        }
    }

    @Test func refusal_keepsTheServersMessage_andFieldErrorsNameTheField() {
        #expect(CommandFailure(.rejected(code: nil, message: "이미 사용 중인 아이디입니다.")).message == "이미 사용 중인 아이디입니다.")
        #expect(CommandFailure(.invalidField(.phone, reason: "digits")).message.hasPrefix("phone"))
    }

    @Test func jsonShape_isKindMessageCode() {
        // The server's code comes with its answer (E013 on HTTP 409).
        let json = CommandFailure(WoteError.nicknameTaken.noting(code: "E013")).json.text
        #expect(
            json == #"{"error":{"kind":"nicknameTaken","message":"That nickname is already taken.","code":"E013"}}"#)
        #expect(CommandFailure.usage("x").json.text == #"{"error":{"kind":"usage","message":"x","code":null}}"#)
    }

    @Test func jsonStrings_areEscaped() {
        let value = JSONValue.object([("a", .string("quote \" backslash \\ line\nend \u{1}")), ("b", .null)])
        #expect(value.text == #"{"a":"quote \" backslash \\ line\nend \u0001","b":null}"#)
    }

    @Test func jsonStrings_keepValidUTF8_andRefuseInvalidUTF8() {
        let valid = Data(#"{"a":"한글 é 🎉 \n"}"#.utf8)
        #expect(JSONValue.parse(valid)?["a"]?.stringValue == "한글 é 🎉 \n")
        // A lone continuation byte, an overlong "/", a UTF-16 surrogate, a truncated sequence.
        for invalid: [UInt8] in [[0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82]] {
            #expect(JSONValue.parse(Data(#"{"a":""#.utf8 + invalid + #""}"#.utf8)) == nil)
            #expect(JSONValue.parse(Data(#"["x"#.utf8 + invalid + #"\ny"]"#.utf8)) == nil)
        }
    }
}
