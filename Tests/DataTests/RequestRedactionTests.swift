import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository
import WoteSession

/// Requests and answers carry passwords, authorization codes and tokens in their bodies and
/// headers; printing, logging or dumping one never shows them.
@Suite struct RequestRedactionTests {
    private static let secret = "SECRET-hunter2-eyJ"

    @Test func signInEndpoint_showsMethodAndPath_butNotThePasswordInItsBody() {
        let endpoint = WoteEndpoints.login(.password(loginId: "wote01", password: Self.secret))
        #expect(!SecretScan.reveals(Self.secret, in: endpoint))
        #expect(String(describing: endpoint).contains("POST /api/auth/signin"))
    }

    @Test func socialLoginEndpoint_doesNotShowTheAuthorizationCode() {
        let endpoint = WoteEndpoints.login(.apple(authorizationCode: Self.secret))
        #expect(!SecretScan.reveals(Self.secret, in: endpoint))
    }

    @Test func refreshEndpoint_doesNotShowTheRefreshToken_inItsBodyOrAHeader() {
        let inBody = SessionContract.wote.refresh.endpoint(refreshToken: Self.secret).endpoint
        let call = RefreshCall(path: "/renew", placement: .header(name: "X-Refresh", prefix: "")) { _, _ in
            .transient(.timeout)
        }
        let inHeader = call.endpoint(refreshToken: Self.secret).endpoint
        #expect(!SecretScan.reveals(Self.secret, in: inBody))
        #expect(!SecretScan.reveals(Self.secret, in: inHeader))
        #expect(String(describing: inHeader).contains("X-Refresh"))
    }

    @Test func loginAnswer_doesNotShowTheTokensInItsBodyOrHeaders() {
        let body = TokenPairFixture(
            accessToken: Self.secret, refreshToken: Self.secret, accessExpiresAt: nil, refreshExpiresAt: nil
        ).loginAnswerJSON()
        let response = HTTPResponse(
            status: 200, headers: ["content-type": "application/json", "set-cookie": "SESSION=\(Self.secret)"],
            body: Data(body.utf8))
        #expect(!SecretScan.reveals(Self.secret, in: response))
        #expect(String(describing: response).contains("200"))
    }

    @Test func stubTransport_showsNoRecordedAuthorizationOrBody() async throws {
        let harness = RecordingHarness()
        _ = try await harness.client.send(
            WoteEndpoints.login(.password(loginId: "wote01", password: Self.secret)), bearer: nil)
        _ = try await harness.client.send(WoteEndpoints.myProfile(), bearer: Self.secret)
        #expect(harness.stub.requests.count == 2)
        #expect(!SecretScan.reveals(Self.secret, in: harness.stub))
    }
}
