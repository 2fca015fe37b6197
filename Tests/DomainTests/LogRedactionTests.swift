import Foundation
import Testing
import WoteDomain

/// Security review 2026-11-26, finding 8: a server that echoes a credential in its message had it
/// shown by `error.message` and `localizedDescription` (what apps log), and the redaction let
/// short, letter-only, digit-only, percent-encoded and `Bearer`-with-a-tab tokens through. Every
/// shape the review lists is masked; ordinary Korean and English messages read as they were.
@Suite struct LogRedactionTests {
    /// The shapes the review's port of the redaction let through, each with the secret planted.
    static let plantedTokens: [(text: String, secret: String)] = [
        ("refresh token AbCdEf1234567890xyz is dead", "AbCdEf1234567890xyz"),  // 19 characters
        ("refresh token QWERTYUIOPasdfghjklZXCVBNMqwertyuiopASDF is dead", "QWERTYUIOPasdfghjklZXCVBNMqwertyuiopASDF"),
        ("refresh token qwertyuiopasdfghjklzxcvbnmqwertyuiop is dead", "qwertyuiopasdfghjklzxcvbnm"),
        ("code 12345678901234567890123456789012 rejected", "12345678901234567890123456789012"),
        ("Authorization: Bearer\tabc", "abc"),
        ("Authorization: Bearer  \t abc", "abc"),
        ("Bearer:abcdefgh", "abcdefgh"),
        ("bearer=abcdefgh", "abcdefgh"),
        ("t=eyJhbGciOi%2BJIUzI1NiJ9%3D", "eyJhbGciOi"),
        ("t=eyJhbGciOi%2bJIUzI1NiJ9%3d", "JIUzI1NiJ9"),
        ("session 9f86d081884c7d65 expired", "9f86d081884c7d65"),
        ("bad token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig", "eyJ"),
        ("id 3f9a1c0b-7e5d-42a8-b6c1-d0e9f8a7b6c5 unknown", "3f9a1c0b"),
        ("push ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12", "ab12cd34ef56"),
        ("expected token=abc", "abc"),
        (#"{"refreshToken":"r1x"}"#, "r1x"),
        (#"{"access_token": "a2y"}"#, "a2y"),
        ("password=hunter2 was wrong", "hunter2"),
        ("GET /api/posts?access_token=zz9 refused", "zz9"),
        ("redirect to /cb?code=x&sig=Zm9vYmFyYmF6cXV4", "Zm9vYmFyYmF6cXV4"),
        ("key/AbCdEfGhIjKlMnOp+QrS", "AbCdEfGhIjKlMnOp"),
    ]

    @Test(arguments: plantedTokens.indices)
    func redaction_masksEveryTokenShapeTheReviewLists(_ index: Int) {
        let (text, secret) = Self.plantedTokens[index]
        let redacted = LogRedaction.redacting(text)
        #expect(!redacted.contains(secret), "\(text) → \(redacted)")
        #expect(redacted.contains(LogRedaction.mask), "\(text) → \(redacted)")
    }

    /// Messages a person must still be able to read: nothing in them is masked.
    static let readableMessages = [
        "이미 사용 중인 아이디입니다.",
        "학교 이름을 확인해 주세요 (서울고등학교, 최대 20자)",
        "이미 투표한 게시글입니다. 다시 시도해 주세요: 2026-11-26T12:00:00Z",
        "That nickname is already taken.",
        "Your token has expired; please sign in again.",
        "password: use 8 or more characters, including a digit",
        "Authorization header missing",
        "GET /api/auth/reissue on api.wote.example answered E015 after 1200ms",
        "No static resource api/posts/12345/votes/summary.",
        "See https://docs.wote.example/errors/E015 and /login/oauth2/code/kakao for details",
        "internationalization failed for CONSUMER_TYPE_REQUIRED in URLSessionDataTask.resume",
        "accessTokenExpiresAt is missing in WoteError.rejected at LogRedaction.swift:42",
        "phone 010-1234-5678, order 1700000000000, sha256 and base64 over HTTP/2 via ipv6",
        "100% sure, 50%OFF, %zz and a lone % sign",
        "plain http:// to another host: use https://, or set WoteConfiguration.allowsInsecureHTTP",
    ]

    @Test(arguments: readableMessages)
    func redaction_keepsOrdinaryMessagesReadable(_ message: String) {
        #expect(LogRedaction.redacting(message) == message)
    }

    @Test func serverMessageEchoingAToken_isMaskedInMessageAndLocalizedDescription() {
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig"
        let errors: [WoteError] = [
            .rejected(code: nil, message: "bad token \(jwt)"),
            .rejected(code: "A001", message: "Invalid code AbCdEf1234567890xyz"),
            .refused(WoteError.Kind(rawValue: "appDefined"), code: "X1", message: "bad token \(jwt)"),
            .invalidField(.password, reason: "not \(jwt)"),
            .invalidArgument(name: "token", reason: "Bearer\t\(jwt)"),
        ]
        for error in errors {
            for text in [error.message, error.localizedDescription, (error as any Error).localizedDescription] {
                #expect(!text.contains("eyJ") && !text.contains("AbCdEf1234567890xyz"), "\(text)")
            }
        }
        #expect(errors[0].message == "bad token \(LogRedaction.mask)")
        // The server's own text stays available, as it came, to an app that asks for it.
        #expect(errors[0].serverMessage == "bad token \(jwt)")
    }

    @Test func serverMessage_readsAsItCame_whenItHoldsNoToken() {
        let korean = WoteError.rejected(code: "E017", message: "학교 이름을 확인해 주세요")
        #expect(korean.message == "학교 이름을 확인해 주세요")
        #expect(korean.localizedDescription == "학교 이름을 확인해 주세요")
        let english = WoteError.rejected(code: "G013", message: "Title must be 255 characters or fewer.")
        #expect(english.message == "Title must be 255 characters or fewer.")
    }
}
