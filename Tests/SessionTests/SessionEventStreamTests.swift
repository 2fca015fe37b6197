import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting
import WoteSession

/// A stream starts with the session's state once it is known, so no app needs to subscribe before
/// restoring; a refresh is announced when it starts and when it is over.
@Suite struct SessionEventStreamTests {
    /// The events `stream` received until the engine's streams were ended.
    private func everything(_ stream: AsyncStream<SessionEvent>, of engine: SessionEngine) async -> [SessionEvent] {
        await drain(stream, of: engine, keeping: { _ in true })
    }

    /// A profile announced for a session checks that session under the lock that orders every
    /// event: an event whose condition no longer holds is not sent, and leaves no state behind.
    @Test func aConditionalEvent_isSentOnlyWhileItsConditionHolds() async {
        let broadcaster = SessionEventBroadcaster()
        let early = broadcaster.stream()
        #expect(broadcaster.send(.tokensRefreshed, while: { true }))
        #expect(!broadcaster.send(.signedIn, while: { false }))
        let late = broadcaster.stream()
        broadcaster.send(.signedOut(.loggedOut))
        broadcaster.finishAll()
        var sent: [SessionEvent] = []
        for await event in early { sent.append(event) }
        var seenLate: [SessionEvent] = []
        for await event in late { seenLate.append(event) }
        #expect(sent == [.tokensRefreshed, .signedOut(.loggedOut)])
        // The state event not sent set no state: the late stream starts with none.
        #expect(seenLate == [.signedOut(.loggedOut)])
    }

    @Test func beforeTheRestore_aStreamStartsWithTheRestoredState() async {
        let fixture = EngineFixture()
        let early = fixture.engine.events()
        _ = await fixture.engine.restore()
        #expect(await everything(early, of: fixture.engine) == [.restored(.signedOut(.noSession))])
    }

    @Test func afterTheRestore_aStreamStartsWithTheStateAsItStands() async throws {
        let fixture = EngineFixture()
        _ = await fixture.engine.restore()
        let restored = fixture.engine.events()
        try await fixture.signIn(profileCompleted: false)
        let signedIn = fixture.engine.events()
        try await fixture.engine.end(reason: .loggedOut)
        let signedOut = fixture.engine.events()

        #expect(
            await everything(restored, of: fixture.engine) == [
                .initialState(.signedOut(.noSession)), .profileRequired, .signedOut(.loggedOut),
            ])
        #expect(
            await everything(signedIn, of: fixture.engine) == [.initialState(.profileRequired), .signedOut(.loggedOut)])
        #expect(await everything(signedOut, of: fixture.engine) == [.initialState(.signedOut(.loggedOut))])
    }

    @Test func aRefresh_isAnnouncedWhenItStarts_andWhenItIsOver() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        try await fixture.signIn()
        let events = fixture.engine.events()
        fixture.clock.advance(by: .seconds(61))
        #expect(try await fixture.fetchProfile() == 200)

        #expect(
            await everything(events, of: fixture.engine) == [
                .initialState(.signedIn), .refreshStarted, .tokensRefreshed, .refreshEnded,
            ])
    }

    @Test func aRefreshOvertakenByLogout_endsBeforeTheSignOut() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        let held = try await fixture.requestWithHeldRefresh()
        _ = try await fixture.logOut(during: held)

        #expect(
            await everything(held.events, of: fixture.engine) == [
                .initialState(.signedIn), .refreshStarted, .refreshEnded, .signedOut(.loggedOut),
            ])
    }
}
