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
    /// A scripted Wote server: it accepts the access token it issued last, rotates the pair on a
    /// refresh, and can hold the refresh, fail it for a passing reason, or end every session.
    final class ScriptedWote: Sendable {
        enum RefreshMode { case renew, serverDown, sessionOver }
        struct State {
            var generation = 1
            var validAccess: String? = ScriptedWote.access(1)
            var refreshMode = RefreshMode.renew
            var refreshGate: CallGate?
        }

        let state = Locked(State())
        let stub: StubTransport

        static func access(_ generation: Int) -> String { "acc-SECRET-\(generation)-5c1e9b7a3f" }
        static func refresh(_ generation: Int) -> String { "ref-SECRET-\(generation)-8d2f6a4c0e" }
        static let profile =
            #"{"nickname":"투표왕","consumerType":"FLEXER","school":{"schoolName":"Wote High","schoolRegion":"서울"},"canUpdateConsumerType":true}"#

        init() {
            let state = self.state
            stub = StubTransport { request in await Self.answer(request, state) }
        }

        private static func pair(_ generation: Int) -> String {
            #"{"accessToken":"\#(access(generation))","accessExpirationTime":1700003600000,"refreshToken":"\#(refresh(generation))","refreshExpirationTime":1701000000000}"#
        }

        private static func answer(_ request: URLRequest, _ state: Locked<State>) async -> StubTransport.Reply {
            switch (request.httpMethod ?? "", request.url?.path ?? "") {
            case ("POST", "/login/oauth2/code/kakao"):
                let generation = state.withLock { state in
                    state.generation += 1
                    state.validAccess = access(state.generation)
                    return state.generation
                }
                return .json(
                    200,
                    #"{"status":200,"message":"SUCCESS","data":{"consumerTypeExist":true,"jwtToken":\#(pair(generation))}}"#
                )
            case ("POST", "/api/auth/refresh"):
                if let gate = state.current.refreshGate { await gate.pass() }
                let body = String(decoding: request.httpBody ?? Data(), as: UTF8.self)
                return state.withLock { state in
                    switch state.refreshMode {
                    case .serverDown:
                        return .json(503, #"{"status":503,"divisionCode":"G999","message":"maintenance"}"#)
                    case .sessionOver:
                        return .json(200, #"{"status":401,"divisionCode":"E016","message":"Invalid Refresh Token"}"#)
                    case .renew:
                        guard body.contains(refresh(state.generation)) else {
                            return .json(
                                200, #"{"status":401,"divisionCode":"E016","message":"Invalid Refresh Token"}"#)
                        }
                        state.generation += 1
                        state.validAccess = access(state.generation)
                        return .json(
                            200, #"{"status":200,"message":"token renew success.","data":\#(pair(state.generation))}"#)
                    }
                }
            default:
                return state.withLock { state in
                    let authorization = request.value(forHTTPHeaderField: "Authorization")
                    if let authorization, authorization != "Bearer \(state.validAccess ?? "-")" {
                        return .json(401, #"{"status":401,"divisionCode":"E006","message":"Expired JWT"}"#)
                    }
                    if request.url?.path == "/api/profiles" {
                        return .json(200, #"{"status":200,"message":"SUCCESS","data":\#(Self.profile)}"#)
                    }
                    return .json(200, #"{"status":200,"message":"success"}"#)
                }
            }
        }
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
        let server = ScriptedWote()
        let wote = WoteClient(
            configuration: WoteConfiguration(
                baseURL: URL(string: "https://api.wote.test")!, storage: InMemoryTokenStorage(),
                transport: server.stub.transport, clock: TestClock().clock))
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
        server.state.withLock { $0.refreshGate = gate }
        let refreshing = Task { try await wote.refreshSession() }
        await gate.waitForArrivals()
        await watch.until { $0.isRefreshing }
        gate.open()
        _ = try await refreshing.value
        await watch.until { !$0.isRefreshing }
        #expect(session.refreshFailure == nil)
        #expect(session.state == .signedIn)

        // A passing failure: reported, the session goes on.
        server.state.withLock { $0.refreshMode = .serverDown }
        await #expect(throws: WoteError.self) { try await wote.refreshSession() }
        await watch.until { $0.refreshFailure?.kind == .serverFailure && !$0.isRefreshing }
        #expect(session.state == .signedIn)
        #expect(session.profile != nil)

        // The server ended the session; the app's own call finds out.
        server.state.withLock { state in
            state.refreshMode = .sessionOver
            state.validAccess = nil
        }
        await #expect(throws: WoteError.sessionExpired) { try await wote.fetchMyProfile() }
        await watch.until { $0.state == .signedOut(.sessionExpired) }
        #expect(session.lastSignOutReason == .sessionExpired)
        #expect(session.profile == nil)
        #expect(session.refreshFailure == nil)
        #expect(!session.isRefreshing)

        // Signed in again by an app call; logout through the home screen.
        server.state.withLock { $0.refreshMode = .renew }
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
        let server = ScriptedWote()
        let wote = WoteClient(
            configuration: WoteConfiguration(
                baseURL: URL(string: "https://api.wote.test")!, storage: InMemoryTokenStorage(),
                transport: server.stub.transport, clock: TestClock().clock))
        defer { wote.shutdown() }
        _ = await wote.restoreSession()
        _ = try await wote.login(.kakao("code"), remember: false)

        let watch = Watch(wote.session)
        await watch.until { $0.state == .signedIn }
        #expect(wote.session.lastSignOutReason == nil)
    }

    @Test func sessionModel_followsALogoutInAnotherProcess_noticedAtTheNextCall() async throws {
        let server = ScriptedWote()
        let storage = InMemoryTokenStorage()
        func client() -> WoteClient {
            WoteClient(
                configuration: WoteConfiguration(
                    baseURL: URL(string: "https://api.wote.test")!, storage: storage,
                    transport: server.stub.transport, clock: TestClock().clock))
        }
        let app = client()
        let other = client()
        defer {
            app.shutdown()
            other.shutdown()
        }
        #expect(try await app.login(.kakao("code"), remember: true) == .signedIn)
        let watch = Watch(app.session)
        await watch.until { $0.state == .signedIn }

        // The other process restores the same session and logs out; the server forgets the token.
        #expect(await other.restoreSession().state == .signedIn)
        try await other.logout()
        server.state.withLock { $0.validAccess = nil }

        await #expect(throws: WoteError.self) { try await app.fetchMyProfile() }
        await watch.until { $0.state == .signedOut(.loggedOut) }
        #expect(app.session.lastSignOutReason == .loggedOut)
    }
}
