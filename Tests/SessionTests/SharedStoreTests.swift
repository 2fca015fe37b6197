import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository

/// Two engines over one store stand for two processes sharing one session file.
@Suite struct SharedStoreTests {
    @Test func secondProcess_adoptsThePairTheFirstObtained_insteadOfRefreshingAgain() async throws {
        let clock = TestClock()
        let backend = FakeWoteBackend(clock: clock, accessLifetime: 60)
        let storage = TestTokenStorage()
        func engine() -> SessionEngine {
            SessionEngine(
                client: HTTPClient(baseURL: EngineFixture.baseURL, transport: backend.stub.transport),
                storage: storage, clock: clock.clock, configuration: .init())
        }
        storage.session = StoredSession(tokens: backend.issuePair(), profileCompleted: true)
        let first = engine()
        let second = engine()
        _ = await first.restore()
        _ = await second.restore()
        clock.advance(by: .seconds(61))

        #expect(try await first.send(EngineFixture.profile).status == 200)
        #expect(try await second.send(EngineFixture.profile).status == 200)

        #expect(backend.refreshCalls == 1)
        let firstTokens = await first.snapshot().tokens
        #expect(firstTokens == storage.session?.tokens)
        #expect(await second.snapshot().tokens == firstTokens)
    }
}
