import Foundation
import Testing
import WoteKit
import WoteKitTesting
import WoteLocked
import WoteTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Another stack's answer is read through the contract once (issue 33, item 9), the profile gate
/// included: the gate asks that reading, not the answer.
@Suite struct RequestAuthorizerOneReadingTests {
    @Test func successBehindTheProfileGate_isReadOnce_andMarksTheProfileCompleted() async throws {
        let readings = Locked(0)
        let fixture = AppCallsTests.Fixture(
            session: SessionConfiguration(contract: .countingReadings(of: .wote, in: readings)))
        let pair = fixture.server.issuePair()
        #expect(try await fixture.wote.beginSession(with: pair, profileCompleted: false) == .profileRequired)
        let authorizer = fixture.wote.requestAuthorizer()
        let request = try await authorizer.authorize(
            RequestAuthorizerTests.sent("https://api.wote.test/api/posts", authorization: nil))
        let success = Data(#"{"status":200,"message":"SUCCESS","data":[]}"#.utf8)

        let decision = await authorizer.retryDecision(
            for: request, response: RequestAuthorizerTests.answer(to: request, status: 200), body: success,
            retryCount: 0)

        #expect(decision == .doNotRetry)
        #expect(await fixture.wote.currentSession.state == .signedIn)
        #expect(readings.current == 1)
    }
}
