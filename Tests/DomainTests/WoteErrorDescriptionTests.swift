import Foundation
import Testing
import WoteDomain

/// `print(error)` is one line a log or a test failure can show: kind, code, sentence; the debug form
/// adds the cause; no form ever shows a token.
@Suite struct WoteErrorDescriptionTests {
    static let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiIsImV4cCI6MTcwMDAwMDAwMH0.c2lnbmF0dXJlMTIzNDU2"
    static let opaque = "3f9a1c0b7e5d42a8b6c1d0e9f8a7b6c5d4e3f2a1"
    static let shortBearer = "tok3n-x"

    /// One error of every kind, each carrying a token wherever a text of its own can go.
    static let everyKind: [WoteError] = {
        let leak = "refresh \(opaque) and \(jwt)\nwith Authorization: Bearer \(shortBearer)"
        return [
            .notSignedIn, .sessionExpired, .profileRequired, .nicknameTaken, .wrongCredentials,
            .banned.noting(code: "E018"), .memberGone, .appleCredentialRevoked, .timeout, .tooManyRefreshes,
            .cancelled, .invalidNickname(.tooLong(maximum: 10)),
            .invalidField(.password, reason: "Use 8 or more characters, not \(jwt)."),
            .invalidArgument(name: "device token \(opaque)", reason: leak),
            .rejected(code: "G013", message: leak), .refused(.consumerTypeRequired, code: "E019", message: leak),
            .refused(.notFound, code: "E002", message: leak), .refused(.alreadyVoted, code: "E015", message: leak),
            .refused(.notAllowed, code: "G010", message: leak), .refused(.invalidRequest, code: "G001", message: leak),
            .serverFailure(status: 503, code: "G999", message: leak), .networkUnavailable(leak),
            .malformedResponse("body {\"accessToken\":\"\(jwt)\",\"refreshToken\":\"\(opaque)\"}"),
            .storageFailure(leak), .foreignOrigin("https://evil.example/?token=\(opaque)"),
        ]
    }()

    @Test func everyKind_isCovered() {
        #expect(Set(Self.everyKind.map(\.kind)).count == 25)
    }

    @Test(arguments: everyKind)
    func description_isOneLine_withKindCodeAndMessage(error: WoteError) {
        let line = "\(error)"
        #expect(!line.contains("\n"))
        #expect(line.hasPrefix("WoteError.\(error.kind.rawValue)"))
        if let code = error.code { #expect(line.contains("(\(code))")) }
        #expect(String(describing: error) == line)
        #expect(!String(reflecting: error).contains("\n"))
    }

    @Test(arguments: everyKind)
    func noDescription_showsAToken(error: WoteError) {
        var dumped = ""
        dump(error, to: &dumped)
        for text in [error.description, error.debugDescription, String(reflecting: error), dumped, "\(error)"] {
            #expect(!text.contains(Self.jwt), "\(text)")
            #expect(!text.contains(Self.opaque), "\(text)")
            #expect(!text.contains(Self.shortBearer), "\(text)")
        }
    }

    @Test func description_readsAsKindCodeAndSentence() {
        let error = WoteError.refused(.alreadyVoted, code: "E015", message: "이미 투표했습니다")
        #expect(error.description == "WoteError.alreadyVoted (E015): \(error.message)")
        #expect(WoteError.sessionExpired.description == "WoteError.sessionExpired: \(WoteError.sessionExpired.message)")
    }

    @Test func debugDescription_addsStatusServerMessageAndCause() {
        let failure = WoteError.serverFailure(status: 503, code: "G999", message: "maintenance")
        #expect(failure.debugDescription == "\(failure.description) [status 503; server said \"maintenance\"]")
        let offline = WoteError.networkUnavailable("connection refused (61)")
        #expect(offline.debugDescription == "\(offline.description) [cause: connection refused (61)]")
    }

    @Test func localizedDescription_staysTheMessage() {
        let error = WoteError.rejected(code: "E017", message: "학교 이름을 확인해 주세요")
        #expect(error.localizedDescription == error.message)
        #expect((error as any Error).localizedDescription == "학교 이름을 확인해 주세요")
    }

    @Test func redaction_keepsWordsPathsAndCodes() {
        let text = "GET /api/auth/reissue on api.wote.example answered E015 after 1200ms"
        #expect(LogRedactionProbe.redacting(text) == text)
    }
}

/// What ``WoteError`` does to a text it did not write, seen through an error's debug form.
enum LogRedactionProbe {
    static func redacting(_ text: String) -> String {
        let error = WoteError.networkUnavailable(text)
        let prefix = "\(error.description) [cause: "
        return String(error.debugDescription.dropFirst(prefix.count).dropLast())
    }
}
