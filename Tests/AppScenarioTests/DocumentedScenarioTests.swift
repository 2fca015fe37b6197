// TestingYourApp.md's tests of FakeWoteServer and of each WoteScenario, exactly as the page shows
// them (its snippet check compiles them there; they run here). Keep the two in step.
import Foundation
import Testing
import WoteKit
import WoteKitTesting

@MainActor @Test func home_showsTheProfile_afterTheAccessTokenExpired() async throws {
    let clock = TestClock()
    let server = FakeWoteServer(clock: clock)
    let wote = WoteClient(
        configuration: WoteConfiguration(
            baseURL: FakeWoteServer.baseURL, storage: InMemoryTokenStorage(), transport: server.transport,
            clock: clock.clock))
    _ = try await wote.login(.kakao("any-code"), remember: true)
    clock.advance(by: .seconds(3600))

    let home = wote.makeHomeViewModel()
    await home.load()

    #expect(home.user == FakeWoteServer.sampleProfile)
    #expect(server.refreshCount == 1)
    #expect(server.log.last?.path == "/api/profiles")
}

@MainActor @Test func aStormOf401sAfterWake_costsOneRefresh() async throws {
    let scenario = try await WoteScenario.unauthorizedStormAfterWake()
    let screens = [scenario.wote.makeHomeViewModel(), scenario.wote.makeHomeViewModel()]

    await withTaskGroup(of: Void.self) { group in
        for home in screens { group.addTask { await home.load() } }
    }

    #expect(screens.allSatisfy { $0.user != nil })
    #expect(scenario.server.refreshCount == 1)
}

@MainActor @Test func aLostRefreshAnswer_isSentAgain_andLoads() async throws {
    let scenario = try await WoteScenario.lostRefreshAnswer()
    let home = scenario.wote.makeHomeViewModel()

    await home.load()

    #expect(home.errorMessage == nil)
    #expect(home.user != nil)
}

@MainActor @Test func aLockedKeychainAtLaunch_offersToTryAgain() async throws {
    let scenario = try await WoteScenario.lockedKeychainAtLaunch()
    let launch = scenario.wote.makeLaunchViewModel()

    await launch.start()
    #expect(launch.route != .home && launch.route != .login)
    scenario.storage.failLoads(with: nil)  // the device was unlocked
    await launch.start()

    #expect(launch.route == .home)
}

@MainActor @Test func theServerAskingToRetryLater_keepsTheSession() async throws {
    let scenario = try await WoteScenario.serverAsksToRetryLater()
    let home = scenario.wote.makeHomeViewModel()

    await home.load()
    #expect(home.errorMessage != nil)
    #expect(await scenario.wote.currentSession.state == .signedIn)
    await home.load()

    #expect(home.user != nil)
}

@MainActor @Test func anotherProcessLoggingOut_signsThisOneOut() async throws {
    let scenario = try await WoteScenario.anotherProcessLoggedOut()

    await scenario.wote.makeHomeViewModel().load()

    #expect(await scenario.wote.currentSession.state == .signedOut(.endedElsewhere))
}

@MainActor @Test func aDeviceClockOffByADay_doesNotRefreshEveryCall() async throws {
    let scenario = try await WoteScenario.deviceClockOffByADay()
    let home = scenario.wote.makeHomeViewModel()

    await home.load()

    #expect(home.user != nil)
    #expect(scenario.server.refreshCount == 0)
}

@MainActor @Test func aBannedMember_isSignedOut_asBanned() async throws {
    let scenario = try await WoteScenario.bannedMember()
    let home = scenario.wote.makeHomeViewModel()

    await home.load()

    #expect(home.errorMessage != nil)
    #expect(await scenario.wote.currentSession.state == .signedOut(.banned))
}

@MainActor @Test func anAccountSwitch_neverSendsTheFirstMembersCallsWithTheSecondsToken() async throws {
    let scenario = try await WoteScenario.accountSwitchWithRequestsInFlight(path: "/api/posts")
    let wote = scenario.wote
    let first = try await wote.accessToken()
    let call = Task { try await wote.response(for: .get("/api/posts")).status }
    await scenario.gate?.waitForArrivals()

    await wote.makeHomeViewModel().logout()
    let login = wote.makeLoginViewModel()
    await login.loginWithKakao(authorizationCode: WoteScenario.secondMemberKakaoCode)
    scenario.gate?.open()

    #expect((try? await call.value) != 200)
    #expect(login.outcome == .signedIn)
    #expect(scenario.server.log.filter { $0.path == "/api/posts" }.allSatisfy { $0.bearer == first })
}

@MainActor @Test func aWithdrawalOnAnotherDevice_isSignedOut_asMemberGone() async throws {
    let scenario = try await WoteScenario.withdrawnOnAnotherDevice()
    let home = scenario.wote.makeHomeViewModel()

    await home.load()

    #expect(await scenario.wote.currentSession.state == .signedOut(.memberGone))
}
