import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository
import WoteSession

/// A stored session belongs to the origin that issued it: another origin's client neither sends
/// it nor deletes it.
@Suite struct OriginTests {
    static let otherOrigin = "http://127.0.0.1:8080"

    private func foreignSession(_ fixture: EngineFixture) -> StoredSession {
        StoredSession(tokens: fixture.server.issuePair(), profileCompleted: true, origin: Self.otherOrigin)
    }

    @Test func signIn_recordsTheOrigin_withTheDefaultPortFilledIn() async throws {
        let fixture = EngineFixture()
        try await fixture.signIn()
        #expect(fixture.storage.session?.origin == "https://api.wote.test:443")
    }

    @Test func anotherOriginsStoredSession_isSignedOutHere_withoutNetwork_andIsKept() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        let foreign = foreignSession(fixture)
        fixture.storage.session = foreign
        fixture.clock.advance(by: .seconds(61))

        let snapshot = await fixture.engine.restore()

        #expect(snapshot.state == .signedOut(.noSession))
        #expect(fixture.server.log.isEmpty)
        await #expect(throws: APIError.session(.notSignedIn)) { try await fixture.fetchProfile() }
        #expect(fixture.server.log.isEmpty)
        #expect(fixture.storage.session == foreign)
    }

    @Test func logoutOnAnotherOrigin_leavesThatOriginsSessionInTheStore() async throws {
        let fixture = EngineFixture()
        let foreign = foreignSession(fixture)
        fixture.storage.session = foreign
        _ = await fixture.engine.restore()

        try await fixture.engine.end(reason: .loggedOut)

        #expect(fixture.storage.session == foreign)
    }

    @Test func sessionStoredWithoutAnOrigin_isAdoptedByTheConfiguredOrigin() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        fixture.storage.session = StoredSession(tokens: fixture.server.issuePair(), profileCompleted: true)
        fixture.clock.advance(by: .seconds(61))

        let snapshot = await fixture.engine.restore()

        #expect(snapshot.state == .signedIn)
        #expect(fixture.refreshCalls == 1)
        #expect(fixture.storage.session?.origin == "https://api.wote.test:443")
    }

    @Test func signInOnAnotherOrigin_overAStoredSession_leavesThisSessionInMemoryOnly() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        try await fixture.signIn()
        let foreign = foreignSession(fixture)
        fixture.storage.session = foreign  // another client, another origin, same store
        fixture.clock.advance(by: .seconds(61))

        #expect(try await fixture.fetchProfile() == 200)

        #expect(fixture.storage.session == foreign)
        #expect(await fixture.engine.snapshot().isPersistent == false)
    }

    @Test func wipeStoredSession_removesAnyOriginsSession_beforeRestore() async throws {
        let fixture = EngineFixture()
        fixture.storage.session = foreignSession(fixture)

        try await fixture.engine.wipeStoredSession()

        #expect(fixture.storage.session == nil)
        #expect(await fixture.engine.restore().state == .signedOut(.noSession))
    }
}
