import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession
import WoteTestSupport

/// Engines over one store stand for processes sharing one session file: every change is a
/// compare-and-swap under the store's lock, a logout always wins, no refresh token is sent twice.
@Suite(.timeLimit(.minutes(1))) struct CrossProcessStoreTests {
    @Test func refresh_afterAnotherProcessLoggedOut_signsOutHere_andSendsNoRefreshToken() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        let (refreshing, loggingOut) = try await fixture.twoProcessesPastTheAccessLifetime()

        try await loggingOut.end(reason: .loggedOut)

        await #expect(throws: APIError.session(.notSignedIn)) { try await refreshing.send(EngineFixture.profile) }
        #expect(fixture.refreshCalls == 0)
        #expect(fixture.storage.session == nil)
        #expect(await refreshing.snapshot().state == .signedOut(.endedElsewhere))
    }

    @Test func logoutInAnotherProcess_duringARefresh_leavesTheStoreSignedOut() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        let directory = try TemporaryDirectory()
        let contended = Latch()
        let (refreshing, loggingOut) = try await fixture.twoProcessesPastTheAccessLifetime(
            FileTokenStorage(fileURL: directory.store),
            FileTokenStorage(fileURL: directory.store) { Task { await contended.open() } })
        let gate = fixture.holdRefreshes()

        let request = Task { () throws(APIError) -> Int in try await refreshing.send(EngineFixture.profile).status }
        await gate.waitForArrivals()
        let logout = Task { try await loggingOut.end(reason: .loggedOut) }
        await contended.wait()  // the logout waits for the refresh's lock
        gate.open()
        _ = await request.result
        try await logout.value

        #expect(try await FileTokenStorage(fileURL: directory.store).load() == nil)
        // The refreshing process learns it at its next change of the store.
        fixture.clock.advance(by: .seconds(61))
        await #expect(throws: APIError.session(.notSignedIn)) { try await refreshing.send(EngineFixture.profile) }
        #expect(try await FileTokenStorage(fileURL: directory.store).load() == nil)
    }

    @Test func olderPairInTheStore_isNotAdopted_soNoSpentRefreshTokenIsSent() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        try await fixture.signIn()
        let stale = fixture.storage.session
        fixture.clock.advance(by: .seconds(61))
        #expect(try await fixture.engine.send(EngineFixture.profile).status == 200)
        // A stale process writes back the pair this one already rotated.
        fixture.storage.session = stale
        fixture.clock.advance(by: .seconds(61))

        #expect(try await fixture.engine.send(EngineFixture.profile).status == 200)

        let bodies = fixture.refreshBodies
        #expect(bodies.count == 2)
        #expect(Set(bodies).count == bodies.count)
        #expect(await fixture.engine.snapshot().state == .signedIn)
    }

    @Test func newerPairInTheStore_isAdopted_withoutARefreshCall() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        let (first, second) = try await fixture.twoProcessesPastTheAccessLifetime()
        #expect(try await first.send(EngineFixture.profile).status == 200)

        #expect(try await second.send(EngineFixture.profile).status == 200)

        #expect(fixture.refreshCalls == 1)
        #expect(await second.snapshot().tokens == fixture.storage.session?.tokens)
    }

    @Test func logoutInThisProcess_duringARefresh_wins() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        let held = try await fixture.requestWithHeldRefresh()

        _ = try await fixture.logOut(during: held)

        #expect(fixture.storage.session == nil)
        #expect(await fixture.engine.snapshot().state == .signedOut(.loggedOut))
    }

    @Test func storeLockHeldTooLong_failsTheChange_withAStorageError() async throws {
        let fixture = EngineFixture()
        let directory = try TemporaryDirectory()
        let holder = FileTokenStorage(fileURL: directory.store)
        let held = try await holder.lockForRefresh()
        defer { held.release() }
        let engine = fixture.makeEngine(
            storage: FileTokenStorage(fileURL: directory.store),
            configuration: SessionConfiguration(storeLockTimeout: .milliseconds(50)))

        await #expect {
            try await engine.begin(
                StoredSession(tokens: fixture.server.issuePair(), profileCompleted: true), persist: true)
        } throws: { error in
            (error as? WoteError)?.kind == .storageFailure
        }
    }
}
