import Foundation
import Testing
import WoteKit
import WoteKitTesting

/// Which session an end removes from a shared store (issue 33, `StoredSession.sessionID`), when the
/// end has no session in memory: the removal a logout left owed is the logged-out session's,
/// whichever client on the store makes it; with none owed, a logout removes what the store holds,
/// as it did before sessions had identities. An identifier left over from an earlier end decides
/// nothing.
@Suite(.timeLimit(.minutes(1))) struct OwedRemovalIdentityTests {
    let clock = TestClock()
    let server: FakeWoteServer

    init() {
        server = FakeWoteServer(clock: clock)
    }

    func client(_ storage: any TokenStorage) -> WoteClient {
        WoteClient(
            configuration: WoteConfiguration(
                baseURL: FakeWoteServer.baseURL, storage: storage, transport: server.transport, clock: clock.clock))
    }

    /// Two clients of one process on one store share the removal a logout left owed; the one that
    /// makes it had ended another session earlier. That session's identifier must not settle the
    /// debt: the logged-out session stays out of the store and is never restored.
    @Test func aRemovalOwedByOneClient_isMadeByAnother_whateverSessionThatOneEndedBefore() async throws {
        let storage = TestTokenStorage()
        let here = client(storage)
        let there = client(storage)
        // `there` has ended a session of its own before.
        _ = try await there.login(.kakao("x-code"), remember: true)
        try await there.logout()
        _ = try await here.login(.kakao("a-code"), remember: true)
        // The store refuses the logout's removal: it is owed.
        storage.failWrites(with: .unavailable("locked"))
        await #expect(throws: WoteError.self) { try await here.logout() }
        storage.failWrites(with: nil)

        let restored = await there.restoreSession()

        #expect(restored.state == .signedOut(.noSession))
        #expect(storage.session == nil)
    }

    /// A logout while the store could not be read removes the stored session (`logOut`'s contract),
    /// even when this client ended another session earlier.
    @Test func aLogoutWhileTheStoreWasUnreadable_removesTheStoredSession_afterAnEarlierEndHere() async throws {
        let storage = TestTokenStorage()
        let here = client(storage)
        let there = client(storage)
        _ = try await here.login(.kakao("a-code"), remember: true)
        try await here.logout()
        storage.failLoads(with: .unavailable("locked"))
        let unreadable = await here.restoreSession().state
        #expect(unreadable.isStorageUnavailable)
        _ = try await there.login(.kakao("b-code"), remember: true)
        storage.failLoads(with: nil)

        try await here.logout()

        #expect(await here.currentSession.state == .signedOut(.loggedOut))
        #expect(storage.session == nil)
    }
}

extension AuthenticationState {
    fileprivate var isStorageUnavailable: Bool {
        if case .storageUnavailable = self { return true }
        return false
    }
}
