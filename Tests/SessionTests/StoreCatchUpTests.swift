import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository
import WoteSession

/// A refreshed pair the store refused (a locked Keychain, a full disk) is written again by a later
/// request: otherwise the store keeps the spent refresh token and a relaunch signs the person out.
@Suite struct StoreCatchUpTests {
    /// Signs in, lets the access token near its expiry with the store refusing writes, and sends
    /// one request: the proactive refresh renews the pair in memory but cannot store it.
    private func refreshWhileTheStoreRefuses() async throws -> (EngineFixture, spent: TokenPair, renewed: String) {
        let fixture = EngineFixture(accessLifetime: 600)
        let first = try await fixture.signIn()
        fixture.storage.failWrites(with: .unavailable("device locked"))
        fixture.clock.advance(by: .seconds(590))
        #expect(try await fixture.fetchProfile() == 200)
        let renewed = try await fixture.engine.validAccessToken()
        #expect(renewed != first.accessToken)
        #expect(fixture.storage.session?.tokens.refreshToken == first.refreshToken)
        return (fixture, first, renewed)
    }

    @Test func aRefreshedPairTheStoreRefused_isWrittenByALaterRequest_onceTheStoreWorksAgain() async throws {
        let (fixture, spent, renewed) = try await refreshWhileTheStoreRefuses()
        fixture.storage.failWrites(with: nil)

        fixture.clock.advance(by: SessionEngine.storeCatchUpInterval)
        #expect(try await fixture.fetchProfile() == 200)

        #expect(fixture.storage.session?.tokens.accessToken == renewed)
        #expect(fixture.storage.session?.tokens.refreshToken != spent.refreshToken)
        // A relaunch now restores the renewed pair instead of spending the old refresh token.
        let relaunched = SessionEngine(
            client: HTTPClient(baseURL: EngineFixture.baseURL, transport: fixture.server.transport),
            storage: fixture.storage, clock: fixture.clock.clock, configuration: SessionConfiguration())
        #expect(await relaunched.restore().state == .signedIn)
        #expect(try await relaunched.validAccessToken() == renewed)
        #expect(fixture.refreshCalls == 1)
    }

    @Test func aStoreStillBehind_isLeftAloneUntilTheIntervalHasPassed() async throws {
        let (fixture, spent, _) = try await refreshWhileTheStoreRefuses()
        fixture.storage.failWrites(with: nil)

        fixture.clock.advance(by: SessionEngine.storeCatchUpInterval - .seconds(1))
        #expect(try await fixture.fetchProfile() == 200)

        #expect(fixture.storage.session?.tokens.refreshToken == spent.refreshToken)
    }

    @Test func aLogoutInAnotherProcess_whileTheStoreWasBehind_winsOverTheRewrite() async throws {
        let (fixture, _, _) = try await refreshWhileTheStoreRefuses()
        fixture.storage.failWrites(with: nil)
        try await fixture.storage.remove()  // another process signed out

        fixture.clock.advance(by: SessionEngine.storeCatchUpInterval)
        await #expect(throws: APIError.self) { try await fixture.fetchProfile() }

        #expect(fixture.storage.session == nil)
        #expect(await fixture.engine.snapshot().state == .signedOut(.endedElsewhere))
    }
}
