import Testing
import WoteData
import WoteDomain

@Suite struct InMemoryTokenStorageTests {
    @Test func startsWithTheGivenSession_andReplacesIt() async throws {
        let storage = InMemoryTokenStorage(session: .fixture(access: "first"))
        #expect(try await storage.load() == .fixture(access: "first"))
        try await storage.save(.fixture(access: "second"))
        #expect(try await storage.load() == .fixture(access: "second"))
    }

    @Test func remove_forgetsTheSession_andSucceedsWhenEmpty() async throws {
        let storage = InMemoryTokenStorage(session: .fixture())
        try await storage.remove()
        #expect(try await storage.load() == nil)
        try await storage.remove()
        #expect(try await storage.load() == nil)
    }

    @Test func separateInstances_shareNothing() async throws {
        let first = InMemoryTokenStorage()
        let second = InMemoryTokenStorage()
        try await first.save(.fixture())
        #expect(try await second.load() == nil)
    }
}
