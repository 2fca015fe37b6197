import Foundation
import Testing
import WoteKit
import WoteKitTesting

/// Every public type that holds a token, a password or an authorization code keeps it out of
/// `description`, `debugDescription` and `dump`.
@Suite struct RedactionTests {
    private static let access = "eyJ-access-SECRET-1"
    private static let refresh = "eyJ-refresh-SECRET-2"
    private static let password = "hunter2-SECRET-3"
    private static let code = "apple-code-SECRET-4"
    private static let pair = TokenPair(
        accessToken: access, refreshToken: refresh, accessTokenExpiresAt: Date(timeIntervalSince1970: 1_700_000_000),
        refreshTokenExpiresAt: nil, receivedAt: Date(timeIntervalSince1970: 1_699_999_000))

    private func expectNoToken(in value: Any, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!SecretScan.reveals(Self.access, in: value), sourceLocation: sourceLocation)
        #expect(!SecretScan.reveals(Self.refresh, in: value), sourceLocation: sourceLocation)
    }

    @Test func secretScan_findsASecret_inTextAndInDumpedBytes() {
        #expect(SecretScan.reveals("needle", in: "haystack with needle"))
        #expect(SecretScan.reveals("needle", in: Data("a needle in bytes".utf8)))
        #expect(!SecretScan.reveals("needle", in: Data("nothing here".utf8)))
    }

    @Test func tokenPair_showsItsExpiry_butNoToken() {
        expectNoToken(in: Self.pair)
        #expect(String(describing: Self.pair).contains("2023-11-14"))
    }

    @Test func storedSession_snapshot_andEvents_showNoToken() {
        let stored = StoredSession(tokens: Self.pair, profileCompleted: true)
        expectNoToken(in: stored)
        expectNoToken(in: [stored])
        expectNoToken(in: SessionSnapshot(state: .signedIn, tokens: Self.pair))
        expectNoToken(in: Optional(Self.pair) as Any)
        #expect(String(describing: stored).contains("profileCompleted: true"))
    }

    @Test func credentials_showTheirKind_butNoCodeOrPassword() {
        let credentials: [LoginCredential] = [
            .apple(authorizationCode: Self.code), .kakao(authorizationCode: Self.code),
            .password(loginId: "wote01", password: Self.password),
        ]
        for credential in credentials {
            #expect(!SecretScan.reveals(Self.code, in: credential))
            #expect(!SecretScan.reveals(Self.password, in: credential))
            #expect(!SecretScan.reveals(Self.code, in: credential))
            #expect(!SecretScan.reveals(Self.password, in: credential))
        }
        #expect(String(describing: credentials[2]).contains("wote01"))
    }

    @Test func signUpForm_showsEveryFieldButThePassword() {
        let form = SignUpForm(
            loginId: "wote01", password: Self.password, name: "홍길동", email: "a@b.kr", phone: "010-1234-5678")
        #expect(!SecretScan.reveals(Self.password, in: form))
        #expect(String(describing: form).contains("a@b.kr"))
    }

    @Test func client_afterASignIn_showsNoToken_evenWhenDumpedWhole() async throws {
        let server = StubTransport { _ in
            TokenPairFixture(
                accessToken: Self.access, refreshToken: Self.refresh, accessExpiresAt: nil, refreshExpiresAt: nil
            )
            .loginAnswer()
        }
        let wote = WoteClient(
            configuration: WoteConfiguration(
                baseURL: URL(string: "https://api.wote.test")!, storage: InMemoryTokenStorage(),
                transport: server.transport, clock: TestClock().clock))
        let state = try await wote.login(
            .account("wote01", password: Self.password), remember: true)
        #expect(state == .signedIn)
        expectNoToken(in: wote)
        expectNoToken(in: await wote.currentSession)
        #expect(!SecretScan.reveals(Self.password, in: wote))
    }
}
