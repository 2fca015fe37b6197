import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession

@Suite struct RestoreTests {
    private func stored(_ fixture: EngineFixture, profileCompleted: Bool = true) -> StoredSession {
        StoredSession(tokens: fixture.server.issuePair(), profileCompleted: profileCompleted)
    }

    @Test(arguments: [true, false])
    func validAccessToken_restoresWithoutAnyNetworkCall(_ profileCompleted: Bool) async {
        let fixture = EngineFixture(accessLifetime: 600)
        fixture.storage.session = stored(fixture, profileCompleted: profileCompleted)
        let events = fixture.engine.events()
        fixture.clock.advance(by: .seconds(590))  // inside the leeway: still no call at launch

        let snapshot = await fixture.engine.restore()

        #expect(snapshot.state == (profileCompleted ? .signedIn : .profileRequired))
        #expect(fixture.server.log.isEmpty)
        #expect(await drain(events, of: fixture.engine) == [.restored(snapshot.state)])
    }

    @Test func expiredAccessToken_withValidRefreshToken_refreshesOnce() async {
        let fixture = EngineFixture(accessLifetime: 60)
        let session = stored(fixture)
        fixture.storage.session = session
        fixture.clock.advance(by: .seconds(61))

        let snapshot = await fixture.engine.restore()

        #expect(snapshot.state == .signedIn)
        #expect(snapshot.warning == nil)
        #expect(fixture.refreshCalls == 1)
        #expect(snapshot.tokens != session.tokens)
        #expect(fixture.storage.session?.tokens == snapshot.tokens)
    }

    @Test func expiredAccessToken_refreshOffline_keepsTheStateWithAWarning() async {
        let fixture = EngineFixture(accessLifetime: 60, configuration: .oneAttempt)
        let session = stored(fixture)
        fixture.storage.session = session
        fixture.clock.advance(by: .seconds(61))
        fixture.answerNextRefresh(with: .failure(.network("offline")))

        let snapshot = await fixture.engine.restore()

        #expect(snapshot.state == .signedIn)
        #expect(snapshot.warning == .networkUnavailable("offline"))
        #expect(fixture.storage.session?.tokens == session.tokens)
        #expect(fixture.storage.session?.refreshSentAt == fixture.clock.now)
    }

    @Test func bothTokensExpiredOnTheDeviceClock_stillAsksTheServer_whichKeepsTheSession() async {
        let fixture = EngineFixture(accessLifetime: 60, refreshLifetime: 3_600)
        fixture.storage.session = stored(fixture)
        fixture.clock.advance(by: .seconds(7_200))  // the device clock says both are long dead
        // The server's clock is only 61 s on: for it, the refresh token is alive.
        fixture.server.setServerTimeOffset(.seconds(61 - 7_200))

        let snapshot = await fixture.engine.restore()

        #expect(fixture.refreshCalls == 1)
        #expect(snapshot.state == .signedIn)
        #expect(fixture.storage.session?.tokens == snapshot.tokens)
    }

    @Test func bothTokensExpired_andTheServerAgrees_signsOut_andClearsTheStore() async {
        let fixture = EngineFixture(accessLifetime: 60, refreshLifetime: 3_600)
        fixture.storage.session = stored(fixture)
        fixture.clock.advance(by: .seconds(7_200))  // the server's clock too: it refuses the refresh token (E016)

        let snapshot = await fixture.engine.restore()

        #expect(fixture.refreshCalls == 1)
        #expect(snapshot.state == .signedOut(.sessionExpired))
        #expect(fixture.storage.session == nil)
    }

    @Test func refreshTokenJustPastExpiry_withinSkewTolerance_isStillTried() async {
        let fixture = EngineFixture(accessLifetime: 60, refreshLifetime: 3_600)
        fixture.storage.session = stored(fixture)
        fixture.clock.advance(by: .seconds(3_605))  // 5 s past expiry, tolerance 10 s

        _ = await fixture.engine.restore()

        #expect(fixture.refreshCalls == 1)
    }

    @Test func unreadableStore_isItsOwnState_andIsNeverWiped() async {
        let fixture = EngineFixture()
        let session = stored(fixture)
        fixture.storage.session = session
        fixture.storage.failLoads(with: .unavailable("keychain locked"))

        let snapshot = await fixture.engine.restore()

        #expect(snapshot.state == .storageUnavailable(reason: "keychain locked"))
        #expect(fixture.storage.session == session)
        #expect(fixture.storage.removeCount == 0)
        await #expect(throws: APIError.session(.storageFailure("keychain locked"))) { try await fixture.fetchProfile() }
    }

    @Test func garbageInTheStore_isReported_andTreatedAsSignedOut() async {
        let fixture = EngineFixture()
        fixture.storage.failLoads(with: .corrupted("not JSON"))

        let snapshot = await fixture.engine.restore()

        #expect(snapshot.state == .signedOut(.storedSessionCorrupted("not JSON")))
        #expect(fixture.server.log.isEmpty)
    }

    @Test func emptyStore_isSignedOutWithNoSession() async {
        let fixture = EngineFixture()
        #expect(await fixture.engine.restore().state == .signedOut(.noSession))
    }

    @Test func restoredRefreshToken_thatServerRejects_signsOut() async {
        let fixture = EngineFixture(accessLifetime: 60)
        fixture.storage.session = StoredSession(
            tokens: TokenPair(
                accessToken: "old", refreshToken: "unknown", accessTokenExpiresAt: fixture.clock.now,
                refreshTokenExpiresAt: nil, receivedAt: fixture.clock.now.addingTimeInterval(-60)),
            profileCompleted: true)

        let snapshot = await fixture.engine.restore()

        #expect(snapshot.state == .signedOut(.sessionExpired))
        #expect(fixture.storage.session == nil)
    }

    @Test func restoreWrite_landingAfterASignIn_leavesTheSignInInTheStore() async throws {
        let storage = HeldStorage()
        let fixture = EngineFixture(accessLifetime: 60, refreshLifetime: 120)
        try await storage.inner.save(StoredSession(tokens: fixture.server.issuePair(), profileCompleted: true))
        fixture.clock.advance(by: .seconds(3_600))
        // The server's clock is only 61 s on: it renews the pair, which the restore then writes.
        fixture.server.setServerTimeOffset(.seconds(61 - 3_600))
        let engine = fixture.makeEngine(storage: storage)
        storage.holdNext(.write)

        let restore = Task { await engine.restore() }
        await storage.arrived.wait()
        let signedIn = StoredSession(tokens: fixture.server.issuePair(), profileCompleted: true)
        let signIn = Task { try await engine.begin(signedIn, persist: true) }
        await storage.release.open()
        _ = await restore.value
        _ = try await signIn.value

        #expect(storage.inner.session?.tokens == signedIn.tokens)
    }
}
