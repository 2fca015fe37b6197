import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKit
import WoteKitTesting

/// Issue 30, item 3: a store locked at launch (errSecInteractionNotAllowed before the first unlock)
/// is `storageUnavailable`, no sign-out; when protected data becomes available the session is
/// restored again, without the app asking.
@Suite(.timeLimit(.minutes(1)))
struct ProtectedDataNoticesTests {
    @Test func lockedStoreAtLaunch_isUnavailable_thenSignedInWithTheStoredPair_whenProtectedDataBecomesAvailable()
        async throws
    {
        let server = FakeWoteServer()
        let pair = server.issuePair()
        let storage = TestTokenStorage(session: StoredSession(tokens: pair, profileCompleted: true))
        storage.failLoads(with: .unavailable("the Keychain is locked until the device is unlocked"))
        let (available, becameAvailable) = AsyncStream.makeStream(of: Void.self)
        var session = SessionConfiguration()
        session.protectedDataNotices = ProtectedDataNotices { available }
        let wote = WoteClient(
            configuration: WoteConfiguration(
                baseURL: FakeWoteServer.baseURL, storage: storage, transport: server.transport,
                clock: server.clock.clock, session: session))
        defer { wote.shutdown() }

        guard case .storageUnavailable = await wote.restoreSession().state else {
            Issue.record("the locked store was not storageUnavailable")
            return
        }
        #expect(await wote.lastSignOut == nil)
        #expect(storage.removeCount == 0)

        let events = wote.sessionEvents()
        storage.failLoads(with: nil)
        becameAvailable.yield()
        for await event in events {
            if case .restored(.signedIn) = event { break }
        }
        #expect(await wote.currentSession.state == .signedIn)
        #expect(await wote.currentSession.tokens == pair)
        #expect(await wote.lastSignOut == nil)
    }
}
