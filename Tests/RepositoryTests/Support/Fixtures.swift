import Foundation
import WoteDomain
import WoteRepository

/// Builders for wire values the tests share.
enum Fixtures {
    /// A compact JWT whose payload is `claims`, base64url-encoded without padding; the signature is
    /// junk, since the client never verifies it.
    static func jwt(_ claims: [String: Any]) -> String {
        func base64URL(_ data: Data) -> String {
            data.base64EncodedString()
                .replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let header = base64URL(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let payload = base64URL(try! JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys]))
        return "\(header).\(payload).c2lnbmF0dXJl"
    }

    static let accessExpiryMillis: Double = 1_700_003_600_000
    static let refreshExpiryMillis: Double = 1_701_209_600_000

    static func tokenPair(
        access: String = "access-token", refresh: String = "refresh-token",
        accessExpiry: Double? = accessExpiryMillis, refreshExpiry: Double? = refreshExpiryMillis
    ) -> TokenPairDTO {
        TokenPairDTO(
            accessToken: access, accessExpirationTime: accessExpiry, refreshToken: refresh,
            refreshExpirationTime: refreshExpiry)
    }

    /// §4.1: HTTP 200, a completed profile.
    static func loginSuccess(_ pair: TokenPairDTO? = tokenPair()) -> ResponseEnvelope<LoginDataDTO> {
        ResponseEnvelope(
            httpStatus: 200, status: 200, message: "SUCCESS",
            data: LoginDataDTO(consumerTypeExist: true, jwtToken: pair))
    }

    /// §4.1: HTTP 200, body 400 E009 with tokens.
    static func loginProfileRequired(_ pair: TokenPairDTO? = tokenPair()) -> ResponseEnvelope<LoginDataDTO> {
        ResponseEnvelope(
            httpStatus: 200, status: 400, divisionCode: .signUpNotCompleted, message: "Not Completed SignUp Exception",
            data: LoginDataDTO(jwtToken: pair))
    }

    static func ok<Payload>(_ data: Payload? = nil, message: String = "SUCCESS") -> ResponseEnvelope<Payload> {
        ResponseEnvelope(httpStatus: 200, status: 200, message: message, data: data)
    }

    static func failure<Payload>(
        http: Int, status: Int, code: DivisionCode?, message: String = "refused", data: Payload? = nil
    ) -> ResponseEnvelope<Payload> {
        ResponseEnvelope(httpStatus: http, status: status, divisionCode: code, message: message, data: data)
    }

    static let profile = ProfileDTO(
        nickname: "투표왕", profileImage: "https://cdn.wote.example/u/1.jpg", consumerType: "FLEXER",
        school: SchoolDTO(schoolName: "서울고등학교", schoolRegion: "서울"), canUpdateConsumerType: false)

    static let validForm = SignUpForm(
        loginId: "wote01", password: "secret123", name: "김투표", email: "a@b.kr", phone: "010-1234-5678")
}
