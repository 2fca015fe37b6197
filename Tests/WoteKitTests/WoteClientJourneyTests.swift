import Foundation
import Testing
import WoteKit
import WoteKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The composition root wired as an app wires it, against a scripted server.
@MainActor
@Suite struct WoteClientJourneyTests {
    nonisolated static let tokens = TokenPairFixture(
        accessToken: "acc-1", refreshToken: "ref-1", accessExpiresAt: Date(timeIntervalSince1970: 1_700_003_600),
        refreshExpiresAt: Date(timeIntervalSince1970: 1_701_000_000)
    ).wireJSON
    nonisolated static let profile =
        #"{"nickname":"투표왕","consumerType":"FLEXER","school":{"schoolName":"Wote High","schoolRegion":"서울"},"canUpdateConsumerType":true}"#

    private func makeServer() -> StubTransport {
        let completed = Locked(false)
        return StubTransport { request in
            switch (request.httpMethod, request.url?.path) {
            case ("POST", "/login/oauth2/code/apple"):
                return completed.current
                    ? .json(
                        200,
                        #"{"status":200,"message":"SUCCESS","data":{"consumerTypeExist":true,"jwtToken":\#(Self.tokens)}}"#
                    )
                    : .json(
                        200,
                        #"{"status":400,"divisionCode":"E009","message":"Not Completed SignUp Exception","data":{"jwtToken":\#(Self.tokens)}}"#
                    )
            case ("POST", "/api/profiles/isValidNickname"):
                let body = String(decoding: request.httpBody ?? Data(), as: UTF8.self)
                return body.contains("taken")
                    ? .json(200, #"{"status":409,"message":"duplicate nickname","data":{"isExist":true}}"#)
                    : .json(200, #"{"status":200,"message":"unique nickname","data":{"isExist":false}}"#)
            case ("POST", "/api/profiles"):
                completed.withLock { $0 = true }
                return .json(200, #"{"status":200,"message":"success"}"#)
            case ("GET", "/api/profiles"):
                return .json(200, #"{"status":200,"message":"SUCCESS","data":\#(Self.profile)}"#)
            case ("POST", "/api/auth/logout"):
                return .json(200, #"{"status":200,"message":"logout success."}"#)
            default:
                return .json(404, #"{"status":404,"divisionCode":"G011","message":"not found"}"#)
            }
        }
    }

    private func makeClient(_ server: StubTransport, storage: any TokenStorage, clock: TestClock) -> WoteClient {
        WoteClient(
            configuration: WoteConfiguration(
                baseURL: URL(string: "https://api.wote.test")!, storage: storage, transport: server.transport,
                clock: clock.clock))
    }

    @Test func newMember_signsInIntoProfileRequired_completesProfile_andIsSignedInAtNextLaunch() async throws {
        let server = makeServer()
        let storage = InMemoryTokenStorage()
        let clock = TestClock()
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
        server.resetRecordedRequests()
        let launch = makeClient(server, storage: storage, clock: clock).makeLaunchViewModel()
        await launch.start()
        #expect(launch.route == .home)
        #expect(server.requests.isEmpty)
        launch.stop()
    }

    @Test func logout_endsTheSession_andTheNextLaunchShowsLogin() async throws {
        let server = makeServer()
        let storage = InMemoryTokenStorage()
        let clock = TestClock()
        let wote = makeClient(server, storage: storage, clock: clock)
        _ = try await wote.login(.apple("c"), remember: true)

        try await wote.logout(deviceToken: nil)

        let logout = try #require(server.requests(path: "/api/auth/logout").first)
        #expect(logout.value(forHTTPHeaderField: "Authorization") == "Bearer acc-1")
        #expect(try await storage.load() == nil)
        let launch = makeClient(server, storage: storage, clock: clock).makeLaunchViewModel()
        await launch.start()
        #expect(launch.route == .login)
        launch.stop()
    }

    @Test func keepMeSignedInOff_leavesNothingForTheNextLaunch() async throws {
        let server = makeServer()
        let storage = InMemoryTokenStorage()
        let clock = TestClock()
        let login = makeClient(server, storage: storage, clock: clock).makeLoginViewModel()
        login.keepSignedIn = false

        await login.loginWithApple(authorizationCode: "c")

        #expect(login.outcome == .profileRequired)
        #expect(try await storage.load() == nil)
    }
}
