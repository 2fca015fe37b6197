import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Work that began in one generation of the session (a restore, a request's proactive refresh)
/// changes nothing in a later one.
@Suite struct GenerationTests {
    @Test func restore_overlappingASignInAndALogout_adoptsNothing() async throws {
        let fixture = EngineFixture()
        let storage = HeldStorage()
        try await storage.inner.save(StoredSession(tokens: fixture.server.issuePair(), profileCompleted: true))
        let engine = fixture.makeEngine(storage: storage)
        storage.holdNext(.load)

        // The restore has read the old session; meanwhile someone signs in and logs out again.
        let restore = Task { await engine.restore() }
        await storage.arrived.wait()
        _ = try await engine.begin(
            StoredSession(tokens: fixture.server.issuePair(), profileCompleted: true), persist: true)
        try await engine.end(reason: .loggedOut)
        await storage.release.open()
        let snapshot = await restore.value

        #expect(snapshot.state == .signedOut(.loggedOut))
        #expect(snapshot.tokens == nil)
        #expect(storage.inner.session == nil)
    }

    /// A request waiting for the old session's proactive refresh goes out with that session's
    /// token or not at all; a sign-in waiting for the store meanwhile changes nothing until stored.
    @Test func proactiveRefresh_thenANewSignIn_theRequestNeverCarriesTheNewSessionsToken() async throws {
        let fixture = EngineFixture(accessLifetime: 600)
        try await fixture.signIn()
        let first = try #require(await fixture.engine.snapshot().tokens)
        fixture.clock.advance(by: .seconds(590))  // inside the leeway, not yet expired
        let gate = fixture.holdRefreshes()

        let request = Task { () throws(APIError) -> Int in try await fixture.fetchProfile() }
        await gate.waitForArrivals()
        let next = fixture.server.issuePair()
        // The sign-in's store write waits for the refresh's turn; until it is stored, the old
        // session is current.
        let signIn = Task {
            try await fixture.engine.begin(StoredSession(tokens: next, profileCompleted: true), persist: true)
        }
        gate.open()
        _ = try await signIn.value
        _ = await request.result

        let sent = fixture.server.requests(path: "/api/profiles").map {
            $0.value(forHTTPHeaderField: "Authorization")
        }
        #expect(!sent.contains("Bearer \(next.accessToken)"))
        #expect(!sent.contains("Bearer \(first.accessToken)"))
        #expect(await fixture.engine.snapshot().tokens == next)
    }
}
