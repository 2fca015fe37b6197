import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession
import WoteTestSupport

/// A refresh whose background time runs out (iOS is about to suspend the app) gives the store's
/// lock back at once and writes nothing without it: the store keeps the pair it had, memory keeps
/// the renewed one, and a later request writes it under a fresh lock.
@Suite(.timeLimit(.minutes(1))) struct BackgroundTimeRefreshTests {
    @Test func backgroundTimeRunningOutDuringARefresh_freesTheLock_andTheStoreIsWrittenByALaterCall() async throws {
        let directory = try TemporaryDirectory()
        let fileURL = directory.url.appending(path: "session.json")
        let background = FakeBackgroundExecution()
        let storage = FileTokenStorage(fileURL: fileURL, backgroundExecution: background.execution)
        let otherProcess = FileTokenStorage(fileURL: fileURL, backgroundExecution: .none)
        let fixture = EngineFixture(accessLifetime: 60)
        let engine = fixture.makeEngine(storage: storage)
        let first = fixture.server.issuePair()
        _ = try await engine.begin(StoredSession(tokens: first, profileCompleted: true), persist: true)
        fixture.clock.advance(by: .seconds(61))
        let gate = fixture.holdRefreshes()
        let events = engine.events()
        let request = Task { () throws(APIError) -> Int in try await engine.send(EngineFixture.profile).status }
        await gate.waitForArrivals()

        // The refresh holds the store's lock, inside one activity.
        #expect(background.running == 1)
        await #expect(throws: TokenStorageError.self) { try await otherProcess.lock(waitingAtMost: .zero) }

        #expect(background.expireAll() == 1)
        // Given back at once, while the refresh call is still out.
        let taken = try await otherProcess.lock(waitingAtMost: .zero)
        taken.release()

        gate.open()
        #expect(try await request.value == 200)
        let renewed = try await engine.validAccessToken()
        #expect(renewed != first.accessToken)
        // Nothing was written without the lock: the store holds the pair it had.
        #expect(try await storage.load()?.tokens.refreshToken == first.refreshToken)
        #expect(background.running == 0)
        #expect(background.endedTwice == 0)

        // The next call after the catch-up interval writes the renewed pair under a fresh lock.
        let renewedEngine = fixture.makeEngine(storage: storage)
        fixture.clock.advance(by: SessionEngine.storeCatchUpInterval)
        #expect(try await engine.send(EngineFixture.profile).status == 200)
        #expect(try await storage.load()?.tokens.accessToken == renewed)
        #expect(await renewedEngine.restore().state == .signedIn)
        #expect(fixture.refreshCalls == 1)
        // Subscribers heard that the store lagged.
        let received = await drain(events, of: engine)
        #expect(
            received.contains { event in
                guard case .refreshFailed(let error) = event else { return false }
                return error.kind == .storageFailure && error.detail?.contains("background time") == true
            })
    }
}
