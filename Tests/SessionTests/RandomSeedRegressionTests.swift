import Foundation
import Testing
import WoteKit
import WoteKitTesting
import WoteLocked

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Engine bugs the randomized test (`RandomizedSessionTests`) found in long runs, each shrunk to one
/// deterministic test through the public API and named after the failure.
@Suite struct RandomSeedRegressionTests {
    /// Seed 287 (300 steps), step 291: "SessionModel says signedIn, the engine profileRequired".
    /// A request answered "profile required" changes the profile state; its store step re-reads the
    /// store and adopts a newer pair another process wrote there (announcing `signedIn`, its stored
    /// state), then sets "profile required" on it again without an event.
    @Test func profileRequiredOverAPairAdoptedFromTheStore_isAnnounced() async throws {
        let clock = TestClock()
        let storage = TestTokenStorage()
        let stub = StubTransport { request in
            guard request.url?.path == "/api/posts" else { return .json(200, #"{"status":200,"message":"SUCCESS"}"#) }
            return .json(400, #"{"status":400,"divisionCode":"E009","message":"Not Completed SignUp Exception"}"#)
        }
        let wote = WoteClient(
            configuration: WoteConfiguration(
                baseURL: KnownEngineIssueTests.baseURL, storage: storage, transport: stub.transport,
                clock: clock.clock))
        try await wote.beginSession(with: KnownEngineIssueTests.pair("1", at: clock.now))
        clock.advance(by: .seconds(1))
        // Another process refreshed: a newer pair, profile completed.
        let newer = TokenPair(
            accessToken: "a-2", refreshToken: "r-2", accessTokenExpiresAt: clock.now.addingTimeInterval(600),
            refreshTokenExpiresAt: clock.now.addingTimeInterval(86_400), receivedAt: clock.now)
        // (The same session: a refresh keeps its identifier.)
        var refreshed = try #require(storage.session)
        refreshed.tokens = newer
        refreshed.profileCompleted = true
        storage.session = refreshed
        let events = wote.sessionEvents()

        _ = try? await wote.response(for: APIRequest(.get, "/api/posts"))

        let engine = await wote.currentSession.state
        let told = await KnownEngineIssueTests.lastToldState(events, of: wote)
        #expect(engine == .profileRequired)
        #expect(told == engine)
    }
}

extension RandomSeedRegressionTests {
    /// Seeds 40 (150 steps), 97 and 165 (300 steps): "client N spent refresh token r.. twice (its
    /// rotation had been answered)". A refresh rotated the pair but the store refused the new one,
    /// so it still holds the spent pair; the next refresh's dead verdict ends the session, and its
    /// removal leaves the store alone (it holds an older pair than the one refused). A restore then
    /// adopted that spent pair and sent its refresh token again.
    @Test func aRestoreAfterADeadVerdict_neverAdoptsAPairThisClientAlreadyRotated() async throws {
        let clock = TestClock()
        let storage = TestTokenStorage()
        let now = clock.now
        let spent = Locked<[String]>([])
        let (wote, _) = KnownEngineIssueTests.client(storage: storage, clock: clock) { token in
            spent.withLock { $0.append(token) }
            guard token == "r-1" else {
                return .json(200, #"{"status":401,"divisionCode":"E016","message":"Invalid refresh token"}"#)
            }
            return KnownEngineIssueTests.renewed("2", at: now)
        }
        try await wote.beginSession(with: KnownEngineIssueTests.pair("1", at: now, accessExpired: true))
        storage.failWrites(with: .unavailable("device locked"))
        _ = try await wote.refreshSession()
        await #expect(throws: WoteError.sessionExpired) { _ = try await wote.refreshSession() }
        storage.failWrites(with: nil)
        #expect(storage.session?.tokens.refreshToken == "r-1")

        let restored = await wote.restoreSession()

        #expect(spent.current == ["r-1", "r-2"])
        #expect(restored.state == .signedOut(.sessionExpired))
        #expect(storage.session == nil)
    }
}
