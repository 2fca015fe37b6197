import Foundation
import Testing
import WoteKit
import WoteKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The composition root wired as an app wires it, against `FakeWoteServer`.
@MainActor
@Suite struct WoteClientJourneyTests {
    /// A server whose default member has no profile yet, beside a member whose nickname is "taken".
    private func makeServer() -> FakeWoteServer {
        let server = FakeWoteServer()
        server.addMember(FakeWoteServer.defaultMember, profile: nil)
        server.addMember("other", profile: User(nickname: "taken", school: School(name: "Other High", region: .busan)))
        return server
    }

    private func makeClient(_ server: FakeWoteServer, storage: any TokenStorage, clock: TestClock) -> WoteClient {
        WoteClient(
            configuration: WoteConfiguration(
                baseURL: FakeWoteServer.baseURL, storage: storage, transport: server.transport, clock: clock.clock))
    }

    @Test func newMember_signsInIntoProfileRequired_completesProfile_andIsSignedInAtNextLaunch() async throws {
        let server = makeServer()
        let storage = InMemoryTokenStorage()
        let clock = server.clock
        let wote = makeClient(server, storage: storage, clock: clock)

        let state = try await wote.login(
            .apple("c0de"), remember: true)
        #expect(state == .profileRequired)
        #expect(try await storage.load()?.profileCompleted == false)

        #expect(try await wote.checkNickname("taken") == .taken)
        #expect(try await wote.checkNickname("투표왕") == .available(try Nickname(validating: "투표왕")))
        try await wote.completeProfile(nickname: "투표왕", schoolName: "Wote High", region: .seoul, imageJPEG: nil)
        #expect(await wote.currentSession.state == .signedIn)
        let user = try await wote.fetchMyProfile()
        #expect(user.nickname == "투표왕")
        #expect(user.school == School(name: "Wote High", region: .seoul))

        // The next launch: a new client over the same store, no network needed.
        server.clearLog()
        let launch = makeClient(server, storage: storage, clock: clock).makeLaunchViewModel()
        await launch.start()
        #expect(launch.route == .home)
        #expect(server.log.isEmpty)
        launch.cancel()
    }

    @Test func logout_endsTheSession_andTheNextLaunchShowsLogin() async throws {
        let server = makeServer()
        let storage = InMemoryTokenStorage()
        let clock = server.clock
        let wote = makeClient(server, storage: storage, clock: clock)
        _ = try await wote.login(.apple("c"), remember: true)

        try await wote.logout(deviceToken: nil)

        let logout = try #require(server.requests(path: "/api/auth/logout").first)
        #expect(logout.value(forHTTPHeaderField: "Authorization") == "Bearer \(server.issuedPairs[0].accessToken)")
        #expect(try await storage.load() == nil)
        let launch = makeClient(server, storage: storage, clock: clock).makeLaunchViewModel()
        await launch.start()
        #expect(launch.route == .login)
        launch.cancel()
    }

    @Test func keepMeSignedInOff_leavesNothingForTheNextLaunch() async throws {
        let server = makeServer()
        let storage = InMemoryTokenStorage()
        let clock = server.clock
        let login = makeClient(server, storage: storage, clock: clock).makeLoginViewModel()
        login.keepSignedIn = false

        await login.loginWithApple(authorizationCode: "c")

        #expect(login.outcome == .profileRequired)
        #expect(try await storage.load() == nil)
    }
}
