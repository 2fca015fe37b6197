import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession

/// From the moment a session ends, it sends nothing more (issue 24, item 5): the requests waiting
/// for a slot or a refresh fail instead of going out with a token, and an answer that arrives after
/// the end belongs to nobody.
@Suite(.timeLimit(.minutes(1)))
struct LogoutWinsTests {
    /// Before, a request waiting for a slot waited for the requests on the wire and was then sent
    /// (or failed only once a slot came back): here it would wait for ever for the held one.
    @Test func sessionEnd_failsTheRequestsWaitingForASlot_atOnce_withoutSendingThem() async throws {
        let fixture = EngineFixture()
        let onTheWire = CallGate()
        fixture.server.inject(.hold(onTheWire), on: "/api/posts")
        var configuration = SessionConfiguration()
        configuration.maximumConcurrentRequests = 1
        let engine = fixture.makeEngine(storage: fixture.storage, configuration: configuration)
        _ = try await engine.begin(
            StoredSession(tokens: fixture.server.issuePair(), profileCompleted: true), persist: true)
        let sent = Task { () throws(APIError) -> Int in
            try await engine.send(Endpoint(method: .get, path: "/api/posts", authorization: .bearer)).status
        }
        await onTheWire.waitForArrivals()
        // Whether it is still waiting for the slot or not yet issued when the session ends, it is not
        // sent (the slot waiter's own case is `SessionStateMachineTests.slotWaitersIssuedBefore…`).
        let waiting = Task { () throws(APIError) -> Int in try await engine.send(EngineFixture.profile).status }

        try await engine.end(reason: .loggedOut)

        await #expect(throws: APIError.session(.notSignedIn)) { try await waiting.value }
        onTheWire.open()
        // The held request reached the server, but its answer came after the session ended.
        await #expect(throws: APIError.session(.notSignedIn)) { try await sent.value }
        #expect(fixture.server.requests(path: "/api/posts").count == 1)
        #expect(fixture.server.requests(path: "/api/profiles").isEmpty)
    }

    /// The issue's measurement, as a test: a refresh held at the server, a burst of requests waiting
    /// for it (for the refresh or for a slot), and a token asked for; then logout. Before, logout
    /// sent its call behind the held refresh and ended the session only afterwards, so the waiting
    /// requests went out with the new token and `accessToken()` handed one out. The session ends at
    /// once; the logout then lets the held refresh answer (issue 33) and tells the server with its pair.
    @Test func logout_duringABurstWaitingForAHeldRefresh_sendsNoWaitingRequest_handsOutNoToken()
        async throws
    {
        var configuration = SessionConfiguration()
        configuration.maximumConcurrentRequests = 4
        let fixture = EngineFixture(configuration: configuration)
        let pair = try await fixture.signIn()
        let refreshGate = fixture.holdRefreshes()
        // The server rejects the first request's token: the refresh it starts is held.
        fixture.server.expireAccessTokens()
        let engine = fixture.engine
        let first = Task { () throws(APIError) -> Int in try await engine.send(EngineFixture.profile).status }
        await refreshGate.waitForArrivals()
        let burst = (0..<19).map { _ in
            Task { () throws(APIError) -> Int in try await engine.send(EngineFixture.profile).status }
        }
        let token = Task { () throws(WoteError) -> String in try await engine.validAccessToken() }
        // The first request waits for the refresh; the burst and the token wait for it or for a slot,
        // or are not yet issued when logout ends the session: none of them is sent either way.
        let sentBeforeLogout = fixture.server.requests(path: "/api/profiles").count

        var changes = engine.events().makeAsyncIterator()
        let logout = Task { try await engine.logOut(deviceToken: "ab12") }
        while let event = await changes.next() {
            if case .signedOut = event { break }
        }
        // Ended in memory: the held refresh may answer now; its pair goes to the logout call only.
        refreshGate.open()
        try await logout.value
        for request in [first] + burst {
            await #expect(throws: APIError.session(.notSignedIn)) { try await request.value }
        }
        await #expect(throws: WoteError.notSignedIn) { try await token.value }
        await #expect(throws: WoteError.notSignedIn) { try await engine.validAccessToken() }
        await #expect(throws: WoteError.notSignedIn) { try await engine.accessToken(afterRejecting: pair.accessToken) }
        // The logout call went with the pair the held refresh brought, not the spent one.
        #expect(fixture.logoutAuthorizations == [fixture.bearer(ofPair: 2)])
        #expect(fixture.refreshCalls == 1)
        #expect(sentBeforeLogout == 1)
        #expect(fixture.server.requests(path: "/api/profiles").count == 1)
        #expect(fixture.storage.session == nil)
        #expect(await engine.snapshot() == SessionSnapshot(state: .signedOut(.loggedOut)))
    }

    /// A logout while a refresh re-reads the store under its lock (issue 33, "a logout undone"):
    /// the refresh read a newer pair of the session another process stored, and its reading landed
    /// after the logout had ended the session in memory. Before, the machine adopted that pair over
    /// the ended session (the session came back, signed in) and the logout's store write saved it;
    /// an empty store read then turned the logout into "ended elsewhere".
    @Test(arguments: [false, true])
    func logout_whileARefreshRereadsTheStore_isNotUndoneByWhatItRead(storeEmptiedElsewhere: Bool) async throws {
        let fixture = EngineFixture()
        let storage = HeldStorage()
        let engine = fixture.makeEngine(storage: storage)
        _ = try await engine.begin(
            StoredSession(tokens: fixture.server.issuePair(), profileCompleted: true), persist: true)
        // Another process refreshed (the store holds a newer pair of this very session), or logged out.
        fixture.clock.advance(by: .seconds(10))
        var newer = try #require(storage.inner.session)
        newer.tokens = fixture.server.issuePair()
        storage.inner.session = storeEmptiedElsewhere ? nil : newer
        storage.holdNext(.load)

        let refresh = Task { try await engine.refresh() }
        await storage.arrived.wait()  // the refresh's re-read has read the newer pair, held
        var changes = engine.events().makeAsyncIterator()
        let logout = Task { try await engine.logOut(deviceToken: nil) }
        while let event = await changes.next() {
            if case .signedOut = event { break }
        }
        // Ended in memory; the logout waits for the store queue the refresh holds.
        await storage.release.open()
        _ = await refresh.result
        try await logout.value

        #expect(await engine.snapshot() == SessionSnapshot(state: .signedOut(.loggedOut)))
        #expect(storage.inner.session == nil)
        await #expect(throws: WoteError.notSignedIn) { try await engine.validAccessToken() }
    }
}
