import Foundation
import Observation
import Testing
import WoteKit
import WoteKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client's observable session follows every change, whoever made it: view models, the app's
/// own calls, the server ending the session. Observed as SwiftUI would, with `withObservationTracking`.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct SessionModelTests {
    /// A client of `server`, with its own in-memory store unless given one.
    static func client(of server: FakeWoteServer, storage: InMemoryTokenStorage = InMemoryTokenStorage()) -> WoteClient
    {
        WoteClient(
            configuration: WoteConfiguration(
                baseURL: FakeWoteServer.baseURL, storage: storage, transport: server.transport,
                clock: server.clock.clock))
    }

    /// Wakes a test whenever an observed property of the model changes, through
    /// `withObservationTracking`, as SwiftUI is woken.
    @MainActor final class Watch {
        let model: SessionModel
        private(set) var changes = 0
        private var waiter: CheckedContinuation<Void, Never>?

        init(_ model: SessionModel) {
            self.model = model
            track()
        }

        private func track() {
            withObservationTracking {
                _ = (model.state, model.lastSignOutReason, model.isRefreshing, model.refreshFailure, model.profile)
            } onChange: { [weak self] in
                Task { @MainActor in self?.changed() }
            }
        }

        private func changed() {
            changes += 1
            track()
            let woken = waiter
            waiter = nil
            woken?.resume()
        }

        /// Returns once `condition` holds, checking it again after every change.
        func until(_ condition: (SessionModel) -> Bool) async {
            while !condition(model) {
                await withCheckedContinuation { waiter = $0 }
            }
        }
    }

    @Test func sessionModel_followsSignIn_refresh_passingFailure_serverEnd_logout_andWithdrawal() async throws {
        let server = FakeWoteServer()
        let wote = Self.client(of: server)
        defer { wote.shutdown() }
        let session = wote.session
        #expect(wote.session === session)
        let watch = Watch(session)
        #expect(session.state == nil)

        _ = await wote.restoreSession()
        await watch.until { $0.state == .signedOut(.noSession) }
        #expect(session.lastSignOutReason == nil)

        // Sign-in through the login screen's view model, the profile through the home screen's.
        let login = wote.makeLoginViewModel()
        await login.loginWithKakao(authorizationCode: "kakao-code")
        await watch.until { $0.state == .signedIn }
        let home = wote.makeHomeViewModel()
        await home.load()
        await watch.until { $0.profile?.nickname == "투표왕" }

        // A refresh, held on the wire: under way until the server answers.
        let gate = CallGate()
        server.inject(.hold(gate), on: "/api/auth/refresh")
        let refreshing = Task { try await wote.refreshSession() }
        await gate.waitForArrivals()
        await watch.until { $0.isRefreshing }
        gate.open()
        _ = try await refreshing.value
        await watch.until { !$0.isRefreshing }
        #expect(session.refreshFailure == nil)
        #expect(session.state == .signedIn)

        // A passing failure: reported, the session goes on.
        server.inject(.serverError(status: 503), on: "/api/auth/refresh")
        await #expect(throws: WoteError.self) { try await wote.refreshSession() }
        await watch.until { $0.refreshFailure?.kind == .serverFailure && !$0.isRefreshing }
        #expect(session.state == .signedIn)
        #expect(session.profile != nil)

        // The server ended the session; the app's own call finds out.
        server.expireSessions()
        await #expect(throws: WoteError.sessionExpired) { try await wote.fetchMyProfile() }
        await watch.until { $0.state == .signedOut(.sessionExpired) }
        #expect(session.lastSignOutReason == .sessionExpired)
        #expect(session.profile == nil)
        #expect(session.refreshFailure == nil)
        #expect(!session.isRefreshing)

        // Signed in again by an app call; logout through the home screen.
        #expect(try await wote.login(.kakao("again"), remember: true) == .signedIn)
        await watch.until { $0.state == .signedIn }
        #expect(session.lastSignOutReason == .sessionExpired)
        await home.logout()
        await watch.until { $0.state == .signedOut(.loggedOut) }
        #expect(session.lastSignOutReason == .loggedOut)

        // Signed in once more; withdrawal through the home screen.
        await login.loginWithKakao(authorizationCode: "kakao-code-2")
        await watch.until { $0.state == .signedIn }
        home.requestWithdrawal()
        await home.confirmWithdrawal()
        await watch.until { $0.state == .signedOut(.withdrawn) }
        #expect(session.lastSignOutReason == .withdrawn)
        #expect(watch.changes >= 12)
    }

    @Test func sessionModel_madeAfterTheRestore_startsFromTheStateAsItStands() async throws {
        let server = FakeWoteServer()
        let wote = Self.client(of: server)
        defer { wote.shutdown() }
        _ = await wote.restoreSession()
        _ = try await wote.login(.kakao("code"), remember: false)

        let watch = Watch(wote.session)
        await watch.until { $0.state == .signedIn }
        #expect(wote.session.lastSignOutReason == nil)
    }

    @Test func sessionModel_followsALogoutInAnotherProcess_asEndedElsewhere() async throws {
        let server = FakeWoteServer()
        let storage = InMemoryTokenStorage()
        let app = Self.client(of: server, storage: storage)
        let other = Self.client(of: server, storage: storage)
        defer {
            app.shutdown()
            other.shutdown()
        }
        #expect(try await app.login(.kakao("code"), remember: true) == .signedIn)
        let watch = Watch(app.session)
        await watch.until { $0.state == .signedIn }

        // The other process restores the same session and logs out; the server ends the token.
        #expect(await other.restoreSession().state == .signedIn)
        try await other.logout()

        await #expect(throws: WoteError.self) { try await app.fetchMyProfile() }
        await watch.until { $0.state == .signedOut(.endedElsewhere) }
        #expect(app.session.lastSignOutReason == .endedElsewhere)
    }
}
