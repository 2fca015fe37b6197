import Foundation
import Testing
import WoteKit
import WoteKitTesting
import WoteTestSupport

/// Issue 45: every end finishes. Each test is named after the finding of the second engine review
/// (`reviews/engine-review-2026-11-28.md`) it keeps fixed, and runs through the public API only.
@Suite(.timeLimit(.minutes(1)))
struct EveryEndFinishesTests {
    /// A client of `server` over the file store at `store`, through `transport` (the server's own
    /// by default), whose store changes wait at most `lockWait` for the store's lock.
    static func client(
        of server: FakeWoteServer, store: URL, transport: HTTPTransport? = nil,
        lockWait: Duration = .milliseconds(200)
    ) -> WoteClient {
        var configuration = WoteConfiguration(
            baseURL: FakeWoteServer.baseURL, storage: FileTokenStorage(fileURL: store),
            transport: transport ?? server.transport, clock: server.clock.clock)
        configuration.session.storeLockTimeout = lockWait
        return WoteClient(configuration: configuration)
    }

    /// Whether the file store at `store` holds a session.
    static func storeHoldsASession(_ store: URL) async throws -> Bool {
        try await FileTokenStorage(fileURL: store).load() != nil
    }

    // MARK: - Finding 1: an end whose store step never ran owes the removal

    /// Probe A: another store holds the lock past the logout's wait. The logout throws, and the
    /// session it ended never comes back: not through `restoreSession()`, not at relaunch.
    @Test func finding1_logoutWhoseLockWaitTimesOut_owesTheRemoval_andTheSessionNeverComesBack() async throws {
        let folder = try TemporaryDirectory()
        let server = FakeWoteServer()
        let wote = Self.client(of: server, store: folder.store)
        _ = try await wote.login(.kakao("code"), remember: true)
        let held = try await FileTokenStorage(fileURL: folder.store).lockForRefresh()

        await #expect(throws: WoteError.self) { try await wote.logout() }
        #expect(await wote.currentSession.state == .signedOut(.loggedOut))
        held.release()

        // The restore makes the owed removal instead of adopting the session.
        #expect(await wote.restoreSession().state.isSignedOut)
        #expect(try await Self.storeHoldsASession(folder.store) == false)
        let relaunched = Self.client(of: server, store: folder.store)
        #expect(await relaunched.restoreSession().state.isSignedOut)
    }

    /// The debt outlives the process: the client that could not remove its ended session stops
    /// before any later change of the store, and the next launch removes the session instead of
    /// restoring it.
    @Test func finding1_anOwedRemoval_outlivesTheProcess_andTheNextLaunchMakesIt() async throws {
        let folder = try TemporaryDirectory()
        let server = FakeWoteServer()
        let wote = Self.client(of: server, store: folder.store)
        _ = try await wote.login(.kakao("code"), remember: true)
        let held = try await FileTokenStorage(fileURL: folder.store).lockForRefresh()
        await #expect(throws: WoteError.self) { try await wote.logout() }
        // The process stops here: what the next launch finds is the store and the record as they
        // are now (copied while the lock is still held, so nothing of this process changes them).
        let next = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: next.store.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        for suffix in ["", ".signout"] {
            try FileManager.default.copyItem(
                at: URL(filePath: folder.store.path(percentEncoded: false) + suffix),
                to: URL(filePath: next.store.path(percentEncoded: false) + suffix))
        }
        wote.shutdown()
        held.release()
        #expect(try await Self.storeHoldsASession(next.store))

        let relaunched = Self.client(of: server, store: next.store)
        let restored = await relaunched.restoreSession()

        #expect(restored.state.isSignedOut)
        #expect(try await Self.storeHoldsASession(next.store) == false)
        #expect(await relaunched.lastSignOut?.reason == .loggedOut)
    }

    /// Probe A2: the logout's task is cancelled while another client's parked refresh holds the
    /// store's lock. The logout's store step still runs once the lock is free, and the ended session
    /// is never announced as restored.
    @Test func finding1_logoutCancelledWhileAnotherClientsRefreshHoldsTheLock_stillRemovesTheSession() async throws {
        let folder = try TemporaryDirectory()
        let server = FakeWoteServer()
        let parking = FakeWoteServer.Parking(server)
        let app = Self.client(of: server, store: folder.store, lockWait: .seconds(20))
        let widget = Self.client(of: server, store: folder.store, transport: parking.transport, lockWait: .seconds(20))
        _ = try await app.login(.kakao("code"), remember: true)
        #expect(await widget.restoreSession().state == .signedIn)
        let events = app.sessionEvents()
        let recorded = Task {
            var seen: [SessionEvent] = []
            for await event in events { seen.append(event) }
            return seen
        }

        let refresh = Task { try await widget.refreshSession() }
        await parking.waitForArrivals(1)  // the widget's refresh holds the store's lock
        let logout = Task { try await app.logout() }
        while await app.currentSession.state != .signedOut(.loggedOut) { await Task.yield() }
        logout.cancel()
        _ = await parking.release(parking.parked[0])
        _ = try? await refresh.value
        _ = await logout.result

        // The app's logout still empties the store once the widget's refresh gave the lock back (a
        // restore comes after every change of the store queued before it).
        #expect(await app.restoreSession().state.isSignedOut)
        #expect(try await Self.storeHoldsASession(folder.store) == false)
        app.shutdown()
        let seen = await recorded.value
        #expect(seen.contains(.signedOut(.loggedOut)))
        #expect(!seen.contains(.restored(.signedIn)))
    }
}

extension AuthenticationState {
    /// Whether nobody is signed in, for whatever reason.
    var isSignedOut: Bool {
        if case .signedOut = self { return true }
        return false
    }
}
