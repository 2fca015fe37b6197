import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository
import WoteSession
import WoteTestSupport

/// Issue 31: a change one engine makes to a shared store reaches every other engine on it as it
/// happens (a notice, then a read of the store), not at that engine's next use of the store. Two
/// engines in one process stand for two processes; the file store's notices are inotify's, the same
/// a second process hears (`SharedStoreProcessTests` runs `wote watch` in a process of its own).
@Suite(.timeLimit(.minutes(1))) struct LiveStoreTests {
    let clock = TestClock()
    let server: FakeWoteServer

    init() {
        server = FakeWoteServer(clock: clock)
    }

    func engine(on storage: any TokenStorage) -> SessionEngine {
        let client = HTTPClient(baseURL: EngineFixture.baseURL, transport: server.transport)
        return SessionEngine(
            client: client, storage: storage, clock: clock.clock, configuration: SessionConfiguration())
    }

    /// The first event of `events` that `matches`, skipping the others.
    func first(
        _ events: AsyncStream<SessionEvent>, where matches: (SessionEvent) -> Bool
    ) async -> SessionEvent? {
        for await event in events where matches(event) { return event }
        return nil
    }

    func logoutInOneEngineEndsTheOther(on storage: any TokenStorage) async throws {
        let app = engine(on: storage)
        let widget = engine(on: storage)
        _ = try await app.begin(StoredSession(tokens: server.issuePair(), profileCompleted: true), persist: true)
        #expect(await widget.restore().state == .signedIn)
        let events = widget.events()
        try await app.logOut(deviceToken: nil)
        let ended = await first(events) { if case .signedOut = $0 { true } else { false } }
        #expect(ended == .signedOut(.endedElsewhere))
        #expect(await widget.snapshot().state == .signedOut(.endedElsewhere))
        #expect(await widget.snapshot().tokens == nil)
    }

    @Test func aLogoutInOneEngine_reachesTheOther_inMemoryStore() async throws {
        try await logoutInOneEngineEndsTheOther(on: InMemoryTokenStorage())
    }

    #if canImport(Glibc)
    @Test func aLogoutInOneEngine_reachesTheOther_fileStore() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appending(path: "session.json")
        // Two instances, as two processes have.
        try await logoutInOneEngineEndsTheOther(on: FileTokenStorage(fileURL: url))
    }
    #endif

    /// A store whose notices the test sends (``announce()``), and whose next load it can hold.
    final class AnnouncedStorage: StoreNoticing {
        let inner = InMemoryTokenStorage()
        let storeNotices: any StoreNotices = InProcessStoreNotices()
        let held = HeldStorage()

        func announce() { storeNotices.post() }
        func load() async throws(TokenStorageError) -> StoredSession? {
            let stored = try await inner.load()
            _ = try await held.load()  // waits there when the test holds the next load
            return stored
        }
        func save(_ session: StoredSession) async throws(TokenStorageError) { try await inner.save(session) }
        func remove() async throws(TokenStorageError) { try await inner.remove() }
        func lockForRefresh() async throws(TokenStorageError) -> TokenStorageLock { .none }
        func lock(waitingAtMost limit: Duration) async throws(TokenStorageError) -> TokenStorageLock { .none }
    }

    /// Model/session.pml, P_NOTICE: from the moment the notice of another engine's logout arrives
    /// until the store was read again, no token is handed out; then the session has ended here too.
    @Test func afterANotice_noTokenIsHandedOut_untilTheStoreWasReadAgain() async throws {
        let storage = AnnouncedStorage()
        let app = engine(on: storage)
        let widget = engine(on: storage)
        _ = try await app.begin(StoredSession(tokens: server.issuePair(), profileCompleted: true), persist: true)
        #expect(await widget.restore().state == .signedIn)
        #expect(widget.tokenWithoutWaiting() != nil)
        try await app.logOut(deviceToken: nil)
        #expect(widget.tokenWithoutWaiting() != nil)  // nothing heard yet: the logout is unknown here

        storage.held.holdNext(.load)
        storage.announce()
        await storage.held.arrived.wait()  // the widget's read of the store is under way, held

        #expect(widget.tokenWithoutWaiting() == nil)
        let token = Task { try await widget.validAccessToken() }
        await storage.held.release.open()
        await #expect(throws: WoteError.notSignedIn) { try await token.value }
        #expect(await widget.snapshot().state == .signedOut(.endedElsewhere))
    }

    @Test func aSignInInOneEngine_signsTheOtherIn() async throws {
        let storage = InMemoryTokenStorage()
        let app = engine(on: storage)
        let widget = engine(on: storage)
        #expect(await widget.restore().state == .signedOut(.noSession))
        let events = widget.events()
        let pair = server.issuePair()
        _ = try await app.begin(StoredSession(tokens: pair, profileCompleted: true), persist: true)
        let signedIn = await first(events) { $0 == .restored(.signedIn) }
        #expect(signedIn == .restored(.signedIn))
        #expect(await widget.snapshot().tokens == pair)
    }

    @Test func aRefreshInOneEngine_handsTheOtherTheNewPair() async throws {
        let storage = InMemoryTokenStorage()
        let app = engine(on: storage)
        let widget = engine(on: storage)
        let first = server.issuePair()
        _ = try await app.begin(StoredSession(tokens: first, profileCompleted: true), persist: true)
        _ = await widget.restore()
        let events = widget.events()
        // A pair issued later than the first (a store's pair is newer by its issue time).
        clock.advance(by: .seconds(1))
        let renewed = try await app.refresh()
        let heard = await self.first(events) { $0 == .tokensRefreshed }
        #expect(heard == .tokensRefreshed)
        #expect(await widget.snapshot().tokens == renewed.tokens)
        #expect(renewed.tokens != first)
    }
}
