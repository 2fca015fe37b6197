import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct LifecycleTests {
    @Test func refreshLandingAfterLogout_storesNothing_andChangesNothing() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        let held = try await fixture.requestWithHeldRefresh()

        let result = try await fixture.logOut(during: held)

        #expect(throws: APIError.session(.notSignedIn)) { try result.get() }
        #expect(fixture.storage.session == nil)
        #expect(await fixture.engine.snapshot() == SessionSnapshot(state: .signedOut(.loggedOut)))
        #expect(await drain(held.events, of: fixture.engine) == [.signedOut(.loggedOut)])
    }

    /// Write, then switch: a sign-in during a refresh waits for the store the refresh holds; the
    /// refresh lands for the old session (its request goes out with the old session's new token),
    /// then the new session is stored and becomes current.
    @Test func aSignInDuringARefresh_waitsForIt_andEndsWithTheNewSession() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        let held = try await fixture.requestWithHeldRefresh()
        let second = fixture.server.issuePair()
        let signIn = Task {
            try await fixture.engine.begin(StoredSession(tokens: second, profileCompleted: false), persist: true)
        }
        held.gate.open()
        _ = try await signIn.value
        let sent = fixture.server.requests(path: "/api/profiles").map {
            $0.value(forHTTPHeaderField: "Authorization")
        }

        #expect(!sent.contains("Bearer \(second.accessToken)"))
        #expect(await fixture.engine.snapshot().tokens == second)
        #expect(fixture.storage.session?.tokens == second)
        #expect(fixture.storage.session?.profileCompleted == false)
        #expect(await fixture.engine.snapshot().state == .profileRequired)
        _ = await held.request.result
    }

    @Test(arguments: [true, false])
    func refreshWriteHeld_aSignInWritesAfterIt_andTheNewLoginStays(_ remember: Bool) async throws {
        let (fixture, storage, engine) = try await Self.engineWithExpiredAccessToken(persist: true)
        storage.holdNext(.write)

        // The refresh succeeds; writing its pair is held while someone else signs in.
        let request = Task { () throws(APIError) -> Int in try await engine.send(EngineFixture.profile).status }
        await storage.arrived.wait()
        let newLogin = StoredSession(tokens: fixture.server.issuePair(), profileCompleted: false)
        // Writes are serialised: the sign-in writes after the refresh, and only then changes memory.
        let signIn = Task { try await engine.begin(newLogin, persist: remember) }
        await storage.release.open()
        _ = try await signIn.value
        _ = await request.result

        #expect(storage.inner.session?.tokens == (remember ? newLogin.tokens : nil))
        #expect(await engine.snapshot().tokens == newLogin.tokens)
    }

    /// The request that meets a dead refresh token hears "session expired" only once the store is
    /// empty: a process that ends on that answer (the terminal front's `wote refresh`) must not leave
    /// the dead session on disk. Before, ending the session in memory woke the request at once and
    /// the store was emptied after, so the removal here was still held when the answer came.
    @Test(arguments: [true, false])
    func deadRefreshToken_theRequestHearsOfIt_onlyOnceTheStoreIsEmpty(_ remember: Bool) async throws {
        let (fixture, storage, engine) = try await Self.engineWithExpiredAccessToken(persist: remember)
        fixture.answerNextRefresh(with: .json(200, #"{"status":401,"divisionCode":"E016","message":"expired"}"#))
        storage.holdNext(.write)
        let storeWhenAnswered = Locked<[StoredSession?]>([])

        let request = Task { () -> Result<Int, APIError> in
            let result: Result<Int, APIError>
            do throws(APIError) {
                result = .success(try await engine.send(EngineFixture.profile).status)
            } catch {
                result = .failure(error)
            }
            storeWhenAnswered.withLock { $0.append(storage.inner.session) }
            return result
        }
        await storage.arrived.wait()
        let answeredWhileHeld = storeWhenAnswered.current.count
        await storage.release.open()
        let result = await request.value

        #expect(answeredWhileHeld == 0)
        #expect(storeWhenAnswered.current == [nil])
        #expect(throws: APIError.session(.sessionExpired)) { try result.get() }
        #expect(await engine.snapshot().state == .signedOut(.sessionExpired))
    }

    @Test func signInWriteLandingAfterAnotherSignIn_leavesTheLaterOneInTheStore() async throws {
        let storage = HeldStorage()
        let fixture = EngineFixture()
        let engine = fixture.makeEngine(storage: storage)
        let first = StoredSession(tokens: fixture.server.issuePair(), profileCompleted: true)
        let second = StoredSession(tokens: fixture.server.issuePair(), profileCompleted: false)
        storage.holdNext(.write)

        let firstSignIn = Task { try await engine.begin(first, persist: true) }
        await storage.arrived.wait()
        let secondSignIn = Task { try await engine.begin(second, persist: true) }
        await storage.release.open()
        _ = try await firstSignIn.value
        #expect(try await secondSignIn.value == .profileRequired)

        #expect(storage.inner.session?.tokens == second.tokens)
        #expect(await engine.snapshot().tokens == second.tokens)
    }

    @Test func logoutRemovalLandingAfterANewSignIn_leavesTheNewSignInInTheStore() async throws {
        let storage = HeldStorage()
        let fixture = EngineFixture()
        let engine = fixture.makeEngine(storage: storage)
        _ = try await engine.begin(
            StoredSession(tokens: fixture.server.issuePair(), profileCompleted: true), persist: true)
        let next = StoredSession(tokens: fixture.server.issuePair(), profileCompleted: true)
        storage.holdNext(.write)

        let logout = Task { try await engine.end(reason: .loggedOut) }
        await storage.arrived.wait()
        let signIn = Task { try await engine.begin(next, persist: true) }
        await storage.release.open()
        try await logout.value
        _ = try await signIn.value

        #expect(storage.inner.session?.tokens == next.tokens)
        #expect(await engine.snapshot().state == .signedIn)
    }

    @Test func leeway_neverExceedsHalfTheLifetime_forShortLivedTokens() async throws {
        let fixture = EngineFixture(accessLifetime: 10)
        try await fixture.signIn()

        fixture.clock.advance(by: .seconds(4))  // 6 s left, leeway is min(30, 5) = 5
        _ = try await fixture.fetchProfile()
        #expect(fixture.refreshCalls == 0)

        fixture.clock.advance(by: .seconds(2))  // 4 s left
        _ = try await fixture.fetchProfile()
        #expect(fixture.refreshCalls == 1)
    }

    @Test func leeway_refreshesLongLivedTokens_30SecondsBeforeExpiry() async throws {
        let fixture = EngineFixture(accessLifetime: 3_600)
        try await fixture.signIn()

        fixture.clock.advance(by: .seconds(3_600 - 31))
        _ = try await fixture.fetchProfile()
        #expect(fixture.refreshCalls == 0)

        fixture.clock.advance(by: .seconds(2))
        _ = try await fixture.fetchProfile()
        #expect(fixture.refreshCalls == 1)
    }

    @Test func leeway_isConfigurable() async throws {
        let fixture = EngineFixture(
            accessLifetime: 3_600, configuration: SessionConfiguration(refreshLeeway: .seconds(120)))
        try await fixture.signIn()

        fixture.clock.advance(by: .seconds(3_600 - 121))
        _ = try await fixture.fetchProfile()
        #expect(fixture.refreshCalls == 0)

        fixture.clock.advance(by: .seconds(2))  // 119 s left: inside 120 s, far outside the default 30 s
        _ = try await fixture.fetchProfile()
        #expect(fixture.refreshCalls == 1)
    }

    @Test func rememberOff_keepsTheSessionInMemory_andReplacesTheStoredOne() async throws {
        let stored = StoredSession(tokens: .sample, profileCompleted: true)
        let fixture = EngineFixture(accessLifetime: 60, storage: TestTokenStorage(session: stored))

        try await fixture.signIn(persist: false)
        fixture.clock.advance(by: .seconds(61))
        _ = try await fixture.fetchProfile()

        #expect(fixture.storage.session == nil)
        #expect(fixture.storage.saveCount == 0)
        #expect(fixture.refreshCalls == 1)
        #expect(await fixture.engine.snapshot().isPersistent == false)
    }

    @Test func signIn_whoseStoreFails_keepsThePreviousSession() async throws {
        let fixture = EngineFixture()
        let first = try await fixture.signIn()
        fixture.storage.failWrites(with: .unavailable("disk full"))

        await #expect(throws: WoteError.storageFailure("disk full")) { try await fixture.signIn() }

        #expect(await fixture.engine.snapshot().tokens == first)
    }

    @Test func everySubscriber_seesEveryEvent() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        let first = fixture.engine.events()
        let second = fixture.engine.events()

        try await fixture.signIn(profileCompleted: false)
        try await fixture.markProfileCompleted()
        fixture.clock.advance(by: .seconds(61))
        _ = try await fixture.fetchProfile()
        try await fixture.engine.end(reason: .loggedOut)
        try await fixture.engine.end(reason: .loggedOut)

        let expected: [SessionEvent] = [.profileRequired, .signedIn, .tokensRefreshed, .signedOut(.loggedOut)]
        #expect(await drain(first, of: fixture.engine) == expected)
        #expect(await drain(second, of: fixture.engine) == expected)
    }

    @Test func markProfileCompleted_persistsTheNewState() async throws {
        let fixture = EngineFixture()
        try await fixture.signIn(profileCompleted: false)

        try await fixture.markProfileCompleted()

        #expect(fixture.storage.session?.profileCompleted == true)
        #expect(await fixture.engine.snapshot().state == .signedIn)
    }

    @Test func requestWithoutSession_failsNotSignedIn_withoutNetwork() async {
        let fixture = EngineFixture()
        await #expect(throws: APIError.session(.notSignedIn)) { try await fixture.fetchProfile() }
        #expect(fixture.server.log.isEmpty)
    }

    /// A signed-in engine over a ``HeldStorage``, its access token (60-s lifetime) just expired.
    private static func engineWithExpiredAccessToken(
        persist: Bool
    ) async throws -> (EngineFixture, HeldStorage, SessionEngine) {
        let fixture = EngineFixture(accessLifetime: 60)
        let storage = HeldStorage()
        let engine = fixture.makeEngine(storage: storage)
        _ = try await engine.begin(
            StoredSession(tokens: fixture.server.issuePair(), profileCompleted: true), persist: persist)
        fixture.clock.advance(by: .seconds(61))
        return (fixture, storage, engine)
    }
}
