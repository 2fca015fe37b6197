import Foundation
import Testing
import WoteKit
import WoteKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Issue 33 through the public API, as an app with another networking stack meets it: a request
/// authorized under one member's session is never retried as another member.
@Suite struct SessionIdentityTests {
    typealias Fixture = AppCallsTests.Fixture

    /// A's request, rejected after A logged out and B signed in, is not retried with B's token.
    @Test func asTokenAnsweredWithBs_afterLogoutAndSignIn_theStackDoesNotRetryAsB() async throws {
        let fixture = try await Fixture.signedIn()
        let authorizer = fixture.wote.requestAuthorizer()
        let asRequest = try await authorizer.authorize(URLRequest(url: AppCallsTests.postsURL))
        try await fixture.wote.logout()
        let b = fixture.server.issuePair(for: "member-B")
        #expect(try await fixture.wote.beginSession(with: b, profileCompleted: true, remember: true) == .signedIn)

        let decision = await RequestAuthorizerTests.decisionAfterExpiredJWT(authorizer, for: asRequest)

        #expect(decision == .fail(.notSignedIn))
        await #expect(throws: WoteError.notSignedIn) {
            try await fixture.wote.accessToken(afterRejecting: fixture.access(1), from: AppCallsTests.postsURL)
        }
    }
}
