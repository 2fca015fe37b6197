import Foundation
import Testing
import WoteKit
import WoteKitTesting

/// `WoteClient.wipeStoredSession()`: the first launch after a reinstall removes whatever session
/// an earlier install left, whichever server issued it, with no network call.
@Suite struct WipeStoredSessionTests {
    @Test func wipeBeforeRestore_removesAnEarlierInstallsSession_ofAnyOrigin_withoutNetwork() async throws {
        let left = StoredSession(
            tokens: TokenPair(
                accessToken: "earlier-access", refreshToken: "earlier-refresh",
                accessTokenExpiresAt: Date.now.addingTimeInterval(3_600), refreshTokenExpiresAt: nil,
                receivedAt: .now),
            profileCompleted: true, origin: "https://staging.wote.example:443")
        let storage = TestTokenStorage(session: left)
        let stub = StubTransport { _ in .failure(.network("no network in this test")) }
        let wote = WoteClient(
            configuration: WoteConfiguration(
                baseURL: URL(string: "https://api.wote.example")!, storage: storage, transport: stub.transport))

        try await wote.wipeStoredSession()

        #expect(storage.session == nil)
        #expect(await wote.restoreSession().state == .signedOut(.noSession))
        #expect(stub.requests.isEmpty)
    }
}
