import Testing
import WoteKitTesting
import WoteRepository

/// Wire types that carry a token or a password never show it when printed, logged or dumped.
@Suite struct WireRedactionTests {
    private static let access = "eyJ-access-SECRET-1"
    private static let refresh = "eyJ-refresh-SECRET-2"
    private static let password = "hunter2-SECRET-3"
    private static let pair = TokenPairDTO(
        accessToken: access, accessExpirationTime: 1_700_000_000_000, refreshToken: refresh,
        refreshExpirationTime: nil)

    @Test func tokenPair_showsNoToken_butItsExpirations() {
        #expect(!SecretScan.reveals(Self.access, in: Self.pair))
        #expect(!SecretScan.reveals(Self.refresh, in: Self.pair))
        #expect(String(describing: Self.pair).contains("1700000000000"))
    }

    @Test func loginAnswer_showsNoToken_atAnyDepth() {
        let envelope = ResponseEnvelope(
            httpStatus: 200, status: 400, divisionCode: .signUpNotCompleted, message: "Not Completed SignUp Exception",
            data: LoginDataDTO(jwtToken: Self.pair))
        for value in [envelope.data as Any, envelope] {
            #expect(!SecretScan.reveals(Self.access, in: value))
            #expect(!SecretScan.reveals(Self.refresh, in: value))
        }
        #expect(String(describing: envelope).contains("E009"))
    }

    @Test func refreshAnswer_showsNoToken() {
        let envelope = ResponseEnvelope(httpStatus: 200, status: 200, message: "token renew success.", data: Self.pair)
        #expect(!SecretScan.reveals(Self.access, in: envelope))
        #expect(!SecretScan.reveals(Self.refresh, in: envelope))
    }

    @Test func signInBody_showsTheIDButNotThePassword() {
        let body = SignInRequestDTO(loginId: "wote01", password: Self.password)
        #expect(!SecretScan.reveals(Self.password, in: body))
        #expect(String(describing: body).contains("wote01"))
    }

    @Test func signUpBody_showsEveryFieldButThePassword() {
        let body = SignUpRequestDTO(
            loginId: "wote01", password: Self.password, name: "홍길동", email: "a@b.kr", phone: "010-1234-5678")
        #expect(!SecretScan.reveals(Self.password, in: body))
        #expect(String(describing: body).contains("a@b.kr"))
    }
}
