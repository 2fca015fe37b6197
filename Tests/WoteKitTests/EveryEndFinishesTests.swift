import Foundation
import Testing
import WoteData
import WoteKit
import WoteKitTesting
import WoteLocked
import WoteTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Issue 45: every end finishes. Each test is named after the finding of the second engine review
/// (`reviews/engine-review-2026-11-28.md`) it keeps fixed, and runs through the public API only.
@Suite(.timeLimit(.minutes(1)))
struct EveryEndFinishesTests {
    /// A client of `server` over the file store at `store`, through `transport` (the server's own
    /// by default), whose store changes wait at most `lockWait` for the store's lock.
    static func client(
        of server: FakeWoteServer, store: URL, transport: HTTPTransport? = nil,
        lockWait: Duration = .milliseconds(200), onLockContention: (@Sendable () -> Void)? = nil
    ) -> WoteClient {
        var configuration = WoteConfiguration(
            baseURL: FakeWoteServer.baseURL,
            storage: FileTokenStorage(fileURL: store, onLockContention: onLockContention),
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
        let (contended, contention) = AsyncStream<Void>.makeStream()
        let app = Self.client(
            of: server, store: folder.store, lockWait: .seconds(20), onLockContention: { contention.yield() })
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
        var contentions = contended.makeAsyncIterator()
        _ = await contentions.next()  // the logout waits for the lock the widget's refresh holds
        logout.cancel()
        // The caller hears at once; the logout goes on waiting for the lock.
        _ = await logout.result
        _ = await parking.release(parking.parked[0])
        _ = try? await refresh.value

        // The app's logout still empties the store once the widget's refresh gave the lock back (a
        // restore comes after every change of the store queued before it).
        #expect(await app.restoreSession().state.isSignedOut)
        #expect(try await Self.storeHoldsASession(folder.store) == false)
        app.shutdown()
        let seen = await recorded.value
        #expect(seen.contains(.signedOut(.loggedOut)))
        #expect(!seen.contains(.restored(.signedIn)))
    }

    // MARK: - Finding 2: no holder outlasts the waiters

    /// The refresh is answered 503 with `Retry-After`: its pause is made without the store's lock,
    /// so another process may change the store meanwhile, and the pair that process stored answers
    /// the refresh without a second send of the same refresh token.
    @Test func finding2_theLostAnswerRetry_givesTheStoresLockBackForItsPause_andReadsTheStoreAgain() async throws {
        let folder = try TemporaryDirectory()
        let server = FakeWoteServer()
        let otherProcess = FileTokenStorage(fileURL: folder.store, lockTimeout: .milliseconds(100))
        let lockFreeInPause = Locked<[Bool]>([])
        let base = server.clock.clock
        let clock = WoteClock(
            now: base.now, uptime: base.uptime,
            sleep: { duration in
                // Another process, during the pause: it takes the lock and stores the pair it
                // refreshed to.
                let lock = try? await otherProcess.lockForRefresh()
                lockFreeInPause.withLock { $0.append(lock != nil) }
                if let lock {
                    server.clock.advance(by: .seconds(1))
                    if var stored = try? await otherProcess.load() {
                        stored.tokens = server.issuePair()
                        try? await otherProcess.save(stored)
                    }
                    lock.release()
                }
                await base.sleep(duration)
            })
        var configuration = WoteConfiguration(
            baseURL: FakeWoteServer.baseURL, storage: FileTokenStorage(fileURL: folder.store),
            transport: server.transport, clock: clock)
        configuration.session.storeLockTimeout = .seconds(5)
        let wote = WoteClient(configuration: configuration)
        _ = try await wote.login(.kakao("code"), remember: true)
        server.inject(.retryAfter(seconds: 4, status: 503), on: "/api/auth/refresh")

        let renewed = try await wote.refreshSession()

        #expect(lockFreeInPause.current == [true])
        #expect(server.refreshCount == 1)
        #expect(renewed.tokens == server.issuedPairs.last?.tokenPair)
    }

    // MARK: - Finding 3: the logout's own time starts with its own calls

    /// Probe B: the logout lets a refresh land that answers after 31 s; the logout call still gets
    /// its whole request time-out, and goes with the landed pair's access token.
    @Test func finding3_logoutsDeadline_startsWithItsOwnCalls_notWhileTheRefreshItLetsLandAnswers() async throws {
        let server = FakeWoteServer(rotation: .lax)
        let parking = FakeWoteServer.Parking(server)
        let wote = WoteClient(
            configuration: WoteConfiguration(
                baseURL: FakeWoteServer.baseURL, storage: InMemoryTokenStorage(), transport: parking.transport,
                clock: server.clock.clock))
        _ = try await wote.beginSession(with: server.issuePair(), profileCompleted: true, remember: true)
        let events = wote.sessionEvents()
        let recorded = Task {
            var seen: [SessionEvent] = []
            for await event in events { seen.append(event) }
            return seen
        }
        server.clock.advance(by: .seconds(3600 - 30))  // inside the refresh leeway
        let fetch = Task { try await wote.fetchMyProfile() }
        await parking.waitForArrivals(1)  // the proactive refresh
        let logout = Task { try await wote.logout() }
        while await wote.currentSession.state != .signedOut(.loggedOut) { await Task.yield() }
        server.clock.advance(by: .seconds(31))
        _ = await parking.release(parking.parked[0])
        await parking.waitForArrivals(2)  // the logout call
        let call = try #require(parking.parked.first { $0.path == "/api/auth/logout" })
        #expect(call.request.timeoutInterval >= 29)
        let landedAccessToken = try #require(server.issuedPairs.last?.accessToken)
        #expect(call.bearer == landedAccessToken)
        _ = await parking.release(call)
        try await logout.value
        _ = try? await fetch.value
        wote.shutdown()
        let seen = await recorded.value
        #expect(!seen.contains { if case .serverNotToldOfLogout = $0 { true } else { false } })
    }

    // MARK: - Finding 4: the record names who decided

    /// Probe D: the app hears the ban; the widget only follows the end. The next launch still says
    /// "banned", not "ended elsewhere".
    @Test func finding4_aProcessThatOnlyFollowsAnEnd_neverOverwritesItsRecord() async throws {
        let folder = try TemporaryDirectory()
        let server = FakeWoteServer()
        let app = Self.client(of: server, store: folder.store)
        let widget = Self.client(of: server, store: folder.store)
        _ = try await app.login(.kakao("code"), remember: true)
        #expect(await widget.restoreSession().state == .signedIn)
        server.ban(FakeWoteServer.defaultMember)
        await #expect(throws: WoteError.banned) { try await app.fetchMyProfile() }

        // The widget's next change of the store finds it empty: it follows the end.
        _ = try? await widget.refreshSession()
        #expect(await widget.currentSession.state == .signedOut(.endedElsewhere))

        let relaunched = Self.client(of: server, store: folder.store)
        _ = await relaunched.restoreSession()
        #expect(await relaunched.lastSignOut?.reason == .banned)
        #expect(await relaunched.lastSignOut?.divisionCode == "E018")
    }

    // MARK: - Finding 5: a pass that could not read the store follows nothing

    /// Another process ends the session while this process's store turn is held past its bound:
    /// the notice's pass cannot read the store, so no token of the ended session is handed out.
    @Test func finding5_aNoticePassWhoseReadFailed_handsOutNoTokenOfTheEndedSession() async throws {
        let storage = InMemoryTokenStorage()
        let server = FakeWoteServer()
        let parking = FakeWoteServer.Parking(server)
        var appConfiguration = WoteConfiguration(
            baseURL: FakeWoteServer.baseURL, storage: storage, transport: server.transport, clock: server.clock.clock)
        appConfiguration.session.storeLockTimeout = .milliseconds(200)
        let app = WoteClient(configuration: appConfiguration)
        var widgetConfiguration = WoteConfiguration(
            baseURL: FakeWoteServer.baseURL, storage: storage, transport: parking.transport, clock: server.clock.clock)
        widgetConfiguration.session.storeLockTimeout = .seconds(20)
        let widget = WoteClient(configuration: widgetConfiguration)
        _ = try await app.login(.kakao("code"), remember: true)
        #expect(await widget.restoreSession().state == .signedIn)
        let refresh = Task { try await widget.refreshSession() }
        await parking.waitForArrivals(1)  // the widget's refresh holds the store's turn

        // Another process logs out (its notice reaches the app at once: an in-memory store tells
        // its observers as it writes).
        try await storage.remove()

        await #expect(throws: WoteError.self) { try await app.accessToken() }

        _ = await parking.release(parking.parked[0])
        _ = try? await refresh.value
    }

    // MARK: - Finding 6: a cancelled request of an ended session is answered at once

    /// A request waits for a refresh; a logout lets that refresh land and ends the session; the
    /// request's task is cancelled: it hears `cancelled` before the parked refresh is released.
    @Test func finding6_aCancelledRequestOfAnEndedSession_isAnsweredAtOnce() async throws {
        let server = FakeWoteServer()
        let parking = FakeWoteServer.Parking(server)
        let wote = WoteClient(
            configuration: WoteConfiguration(
                baseURL: FakeWoteServer.baseURL, storage: InMemoryTokenStorage(), transport: parking.transport,
                clock: server.clock.clock))
        _ = try await wote.beginSession(with: server.issuePair(), profileCompleted: true, remember: true)
        server.clock.advance(by: .seconds(3600 - 30))
        let fetch = Task { try await wote.fetchMyProfile() }
        await parking.waitForArrivals(1)  // the proactive refresh, which the fetch waits for
        let logout = Task { try await wote.logout() }
        while await wote.currentSession.state != .signedOut(.loggedOut) { await Task.yield() }

        fetch.cancel()
        let outcome = await fetch.result

        #expect(parking.parked.count == 1)  // the refresh is still parked
        #expect(throws: WoteError.cancelled) { try outcome.get() }
        _ = await parking.release(parking.parked[0])
        await parking.waitForArrivals(2)
        for call in parking.parked { _ = await parking.release(call) }
        _ = try? await logout.value
    }

    // MARK: - Finding 9: mixed versions in one App Group

    /// An older WoteKit in another process signs in as another member and stores that session
    /// without an identifier. A call of this session that the server rejected is never retried with
    /// the other member's token.
    @Test func finding9_anOlderVersionsSignInAsAnotherMember_isNeverTakenForARefreshOfThisSession() async throws {
        let folder = try TemporaryDirectory()
        let server = FakeWoteServer()
        server.addMember("member-2")
        let wote = Self.client(of: server, store: folder.store)
        _ = try await wote.login(.kakao("code"), remember: true)
        let mine = try await wote.accessToken()
        server.clock.advance(by: .seconds(1))
        let theirs = server.issuePair(for: "member-2")
        try await FileTokenStorage(fileURL: folder.store).save(StoredSession(tokens: theirs, profileCompleted: true))

        let retried = try? await wote.accessToken(
            afterRejecting: mine, from: FakeWoteServer.baseURL.appending(path: "/api/posts"))

        #expect(retried != theirs.accessToken)
    }
}

extension EveryEndFinishesTests {
    // MARK: - Finding 10: opaque tokens and a clock moved back

    /// With opaque tokens WoteKit dates a pair by the device's time it arrived. The person moves the
    /// device's clock back an hour; the widget then refreshes, and its newer pair carries the earlier
    /// date. The app, whose token the server no longer takes, still adopts that pair from the store
    /// instead of sending its own spent refresh token (which a strict server answers by ending
    /// the whole session).
    @Test func finding10_aNewerOpaquePairDatedByAClockMovedBack_isAdoptedByTheOtherProcess() async throws {
        let folder = try TemporaryDirectory()
        let server = FakeWoteServer(rotation: .strict, tokens: .opaque)
        let app = Self.client(of: server, store: folder.store)
        let widget = Self.client(of: server, store: folder.store)
        _ = try await app.login(.kakao("code"), remember: true)
        let first = try await app.accessToken()
        #expect(first.hasPrefix("opaque-"))
        #expect(await widget.restoreSession().state == .signedIn)

        // The device's clock goes back an hour; the server's does not.
        let now = server.clock.now
        server.setServerTimeOffset(.seconds(3600))
        server.clock.setWallClock(to: now.addingTimeInterval(-3600))
        _ = try await widget.refreshSession()
        let second = try await widget.accessToken()
        #expect(second != first)

        // The app's token is refused: it takes the widget's newer pair from the store.
        let retried = try await app.accessToken(
            afterRejecting: first, from: FakeWoteServer.baseURL.appending(path: "/api/posts"))
        #expect(retried == second)
        #expect(server.refreshCount == 1)
        #expect(await app.currentSession.state == .signedIn)
        _ = try await app.fetchMyProfile()
    }
}

extension AuthenticationState {
    /// Whether nobody is signed in, for whatever reason.
    var isSignedOut: Bool {
        if case .signedOut = self { return true }
        return false
    }
}
