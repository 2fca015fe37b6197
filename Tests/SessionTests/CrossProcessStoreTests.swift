import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository
import WoteTestSupport

/// Engines over one store stand for processes sharing one session file: every change is a
/// compare-and-swap under the store's lock, a logout always wins, no refresh token is sent twice.
@Suite struct CrossProcessStoreTests {
    private func engine(_ backend: FakeWoteBackend, _ clock: TestClock, _ storage: any TokenStorage) -> SessionEngine {
        SessionEngine(
            client: HTTPClient(baseURL: EngineFixture.baseURL, transport: backend.stub.transport),
            storage: storage, clock: clock.clock, configuration: .init())
    }

    @Test func refresh_afterAnotherProcessLoggedOut_signsOutHere_andSendsNoRefreshToken() async throws {
        let clock = TestClock()
        let backend = FakeWoteBackend(clock: clock, accessLifetime: 60)
        let storage = TestTokenStorage()
        let refreshing = engine(backend, clock, storage)
        let loggingOut = engine(backend, clock, storage)
        _ = try await refreshing.begin(
            StoredSession(tokens: backend.issuePair(), profileCompleted: true), persist: true)
        _ = await loggingOut.restore()
        clock.advance(by: .seconds(61))

        try await loggingOut.end(reason: .loggedOut)

        await #expect(throws: APIError.session(.notSignedIn)) { try await refreshing.send(EngineFixture.profile) }
        #expect(backend.refreshCalls == 0)
        #expect(storage.session == nil)
        #expect(await refreshing.snapshot().state == .signedOut(.loggedOut))
    }

    @Test func logoutInAnotherProcess_duringARefresh_leavesTheStoreSignedOut() async throws {
        let clock = TestClock()
        let backend = FakeWoteBackend(clock: clock, accessLifetime: 60)
        let directory = try TemporaryDirectory()
        let contended = Latch()
        let refreshing = engine(backend, clock, FileTokenStorage(fileURL: directory.store))
        let loggingOut = engine(
            backend, clock, FileTokenStorage(fileURL: directory.store) { Task { await contended.open() } })
        _ = try await refreshing.begin(
            StoredSession(tokens: backend.issuePair(), profileCompleted: true), persist: true)
        _ = await loggingOut.restore()
        clock.advance(by: .seconds(61))
        let gate = Latch()
        backend.refreshGate.withLock { $0 = gate }

        let request = Task { () throws(APIError) -> Int in try await refreshing.send(EngineFixture.profile).status }
        await backend.refreshArrived.wait()
        let logout = Task { try await loggingOut.end(reason: .loggedOut) }
        await contended.wait()  // the logout waits for the refresh's lock
        await gate.open()
        _ = await request.result
        try await logout.value

        #expect(try await FileTokenStorage(fileURL: directory.store).load() == nil)
        // The refreshing process learns it at its next change of the store.
        clock.advance(by: .seconds(61))
        await #expect(throws: APIError.session(.notSignedIn)) { try await refreshing.send(EngineFixture.profile) }
        #expect(try await FileTokenStorage(fileURL: directory.store).load() == nil)
    }

    @Test func olderPairInTheStore_isNotAdopted_soNoSpentRefreshTokenIsSent() async throws {
        let clock = TestClock()
        let backend = FakeWoteBackend(clock: clock, accessLifetime: 60)
        let storage = TestTokenStorage()
        let process = engine(backend, clock, storage)
        _ = try await process.begin(StoredSession(tokens: backend.issuePair(), profileCompleted: true), persist: true)
        let stale = storage.session
        clock.advance(by: .seconds(61))
        #expect(try await process.send(EngineFixture.profile).status == 200)
        // A stale process writes back the pair this one already rotated.
        storage.session = stale
        clock.advance(by: .seconds(61))

        #expect(try await process.send(EngineFixture.profile).status == 200)

        let bodies = backend.state.current.refreshBodies
        #expect(bodies.count == 2)
        #expect(Set(bodies).count == bodies.count)
        #expect(await process.snapshot().state == .signedIn)
    }

    @Test func newerPairInTheStore_isAdopted_withoutARefreshCall() async throws {
        let clock = TestClock()
        let backend = FakeWoteBackend(clock: clock, accessLifetime: 60)
        let storage = TestTokenStorage()
        let first = engine(backend, clock, storage)
        let second = engine(backend, clock, storage)
        _ = try await first.begin(StoredSession(tokens: backend.issuePair(), profileCompleted: true), persist: true)
        _ = await second.restore()
        clock.advance(by: .seconds(61))
        #expect(try await first.send(EngineFixture.profile).status == 200)

        #expect(try await second.send(EngineFixture.profile).status == 200)

        #expect(backend.refreshCalls == 1)
        #expect(await second.snapshot().tokens == storage.session?.tokens)
    }

    @Test func logoutInThisProcess_duringARefresh_wins() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        try await fixture.signIn()
        fixture.clock.advance(by: .seconds(61))
        let gate = Latch()
        fixture.backend.refreshGate.withLock { $0 = gate }

        let request = Task { () throws(APIError) -> Int in try await fixture.fetchProfile() }
        await fixture.backend.refreshArrived.wait()
        var changes = fixture.engine.events().makeAsyncIterator()
        let logout = Task { try await fixture.engine.end(reason: .loggedOut) }
        _ = await changes.next()
        await gate.open()
        _ = await request.result
        try await logout.value

        #expect(fixture.storage.session == nil)
        #expect(await fixture.engine.snapshot().state == .signedOut(.loggedOut))
    }

    @Test func storeLockHeldTooLong_failsTheChange_withAStorageError() async throws {
        let fixture = EngineFixture()
        let directory = try TemporaryDirectory()
        let holder = FileTokenStorage(fileURL: directory.store)
        let held = try await holder.lockForRefresh()
        defer { held.release() }
        let engine = SessionEngine(
            client: HTTPClient(baseURL: EngineFixture.baseURL, transport: fixture.backend.stub.transport),
            storage: FileTokenStorage(fileURL: directory.store), clock: fixture.clock.clock,
            configuration: SessionConfiguration(storeLockTimeout: .milliseconds(50)))

        await #expect {
            try await engine.begin(
                StoredSession(tokens: fixture.backend.issuePair(), profileCompleted: true), persist: true)
        } throws: { error in
            (error as? WoteError)?.kind == .storageFailure
        }
    }
}
