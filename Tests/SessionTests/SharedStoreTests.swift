import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository
import WoteSession

/// Two engines over one store stand for two processes sharing one session file.
@Suite struct SharedStoreTests {
    @Test func secondProcess_adoptsThePairTheFirstObtained_insteadOfRefreshingAgain() async throws {
        let clock = TestClock()
        let server = FakeWoteServer(clock: clock, accessLifetime: .seconds(60))
        let storage = TestTokenStorage()
        func engine() -> SessionEngine {
            SessionEngine(
                client: HTTPClient(baseURL: EngineFixture.baseURL, transport: server.transport),
                storage: storage, clock: clock.clock, configuration: .init())
        }
        storage.session = StoredSession(tokens: server.issuePair(), profileCompleted: true)
        let first = engine()
        let second = engine()
        _ = await first.restore()
        _ = await second.restore()
        clock.advance(by: .seconds(61))

        #expect(try await first.send(EngineFixture.profile).status == 200)
        #expect(try await second.send(EngineFixture.profile).status == 200)

        #expect(server.refreshCount == 1)
        let firstTokens = await first.snapshot().tokens
        #expect(firstTokens == storage.session?.tokens)
        #expect(await second.snapshot().tokens == firstTokens)
    }

    @Test func twoProcessesOnOneFile_needingARefreshTogether_makeOneRefreshCall_andShareTheNewPair() async throws {
        let clock = TestClock()
        let server = FakeWoteServer(clock: clock, accessLifetime: .seconds(60))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wote-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("session.json")
        try await FileTokenStorage(fileURL: file).save(
            StoredSession(tokens: server.issuePair(), profileCompleted: true))
        // Two stores over one file, each with its own descriptors: to flock they are two processes.
        func process() -> SessionEngine {
            SessionEngine(
                client: HTTPClient(baseURL: EngineFixture.baseURL, transport: server.transport),
                storage: FileTokenStorage(fileURL: file), clock: clock.clock, configuration: .init())
        }
        let first = process()
        let second = process()
        _ = await first.restore()
        _ = await second.restore()
        clock.advance(by: .seconds(61))

        async let a = first.send(EngineFixture.profile).status
        async let b = second.send(EngineFixture.profile).status
        let statuses = try await [a, b]

        #expect(statuses == [200, 200])
        #expect(server.refreshCount == 1)
        let stored = try await FileTokenStorage(fileURL: file).load()
        #expect(await first.snapshot().tokens == stored?.tokens)
        #expect(await second.snapshot().tokens == stored?.tokens)
    }
}
