import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository
import WoteSession
import WoteTestSupport

/// Issue 12 item 1, 4 and 5, one guarantee per test: each fails when its piece of the store's
/// compare-and-swap (or of its bounded lock wait) is taken out.
@Suite struct StoreChangeTests {
    static let behindTheGate = Endpoint(method: .get, path: "/api/members", authorization: .bearer)

    private func engine(
        _ server: FakeWoteServer, _ clock: TestClock, _ storage: any TokenStorage,
        configuration: SessionConfiguration = .init(), timeout: Duration = .seconds(30)
    ) -> SessionEngine {
        SessionEngine(
            client: HTTPClient(baseURL: EngineFixture.baseURL, transport: server.transport, timeout: timeout),
            storage: storage, clock: clock.clock, configuration: configuration)
    }

    @Test func profileChange_afterAnotherProcessLoggedOut_writesNothingBack() async throws {
        let clock = TestClock()
        let server = FakeWoteServer(clock: clock)
        let storage = TestTokenStorage()
        let app = engine(server, clock, storage)
        let widget = engine(server, clock, storage)
        _ = try await app.begin(StoredSession(tokens: server.issuePair(), profileCompleted: false), persist: true)
        _ = await widget.restore()
        try await widget.end(reason: .loggedOut)

        // The server accepts the still-valid token behind the profile gate: a profile-state change.
        #expect(try await app.send(Self.behindTheGate).status == 200)

        #expect(storage.session == nil)
        #expect(await app.snapshot().state == .signedOut(.endedElsewhere))
    }

    @Test func logoutInAnotherProcess_isNeverUndone_byARefreshThatWasRunning() async throws {
        let clock = TestClock()
        let server = FakeWoteServer(clock: clock, accessLifetime: .seconds(60))
        let directory = try TemporaryDirectory()
        let (progress, report) = AsyncStream<Void>.makeStream()
        let refreshing = engine(server, clock, FileTokenStorage(fileURL: directory.store))
        let loggingOut = engine(
            server, clock, FileTokenStorage(fileURL: directory.store) { report.yield() })
        _ = try await refreshing.begin(
            StoredSession(tokens: server.issuePair(), profileCompleted: true), persist: true)
        _ = await loggingOut.restore()
        clock.advance(by: .seconds(61))
        let gate = CallGate()
        server.inject(.hold(gate), on: "/api/auth/refresh", times: nil)

        let request = Task { () throws(APIError) -> Int in try await refreshing.send(EngineFixture.profile).status }
        await gate.waitForArrivals()
        let logout = Task {
            defer { report.yield() }
            try await loggingOut.end(reason: .loggedOut)
        }
        // Whichever comes first: the logout waits for the refresh's lock, or it has already written.
        var iterator = progress.makeAsyncIterator()
        _ = await iterator.next()
        gate.open()
        _ = await request.result
        try await logout.value

        #expect(try await FileTokenStorage(fileURL: directory.store).load() == nil)
    }

    @Test func storeLockWait_isTheConfiguredBound() async throws {
        let clock = TestClock()
        let storage = LockRecordingStorage()
        let server = FakeWoteServer(clock: clock)
        let bounded = engine(
            server, clock, storage, configuration: SessionConfiguration(storeLockTimeout: .milliseconds(250)))

        _ = try await bounded.begin(StoredSession(tokens: server.issuePair(), profileCompleted: true), persist: true)

        #expect(storage.lockWaits == [.milliseconds(250)])
    }

    @Test func storeLockWait_byDefault_isTheRequestTimeoutPlusFiveSeconds() async throws {
        let clock = TestClock()
        let storage = LockRecordingStorage()
        let server = FakeWoteServer(clock: clock)
        let engine = engine(server, clock, storage, timeout: .seconds(7))

        _ = try await engine.begin(StoredSession(tokens: server.issuePair(), profileCompleted: true), persist: true)

        #expect(storage.lockWaits == [.seconds(12)])
    }

    @Test func markProfileCompleted_whoseStoreWriteFails_throws_andKeepsTheServersAnswer() async throws {
        let fixture = EngineFixture()
        try await fixture.signIn(profileCompleted: false)
        fixture.storage.failWrites(with: .unavailable("disk full"))

        await #expect(throws: WoteError.storageFailure("disk full")) { try await fixture.markProfileCompleted() }

        #expect(await fixture.engine.snapshot().state == .signedIn)
        #expect(fixture.storage.session?.profileCompleted == false)
    }
}
