import Foundation
import Testing
import WoteKit
import WoteKitTesting

/// Each of `WoteScenario`'s hostile conditions, driven through WoteKit's view models as an app's
/// own test would (this target sees WoteKit and WoteKitTesting only), checking what each
/// scenario's documentation says the app should see.
@MainActor @Suite(.timeLimit(.minutes(1))) struct ScenarioTests {
    @Test func unauthorizedStormAfterWake_everyScreenLoads_afterOneRefresh() async throws {
        let scenario = try await WoteScenario.unauthorizedStormAfterWake()
        let screens = (0..<12).map { _ in scenario.wote.makeHomeViewModel() }

        await withTaskGroup(of: Void.self) { group in
            for home in screens { group.addTask { await home.load() } }
        }

        #expect(screens.allSatisfy { $0.user == FakeWoteServer.sampleProfile && $0.errorMessage == nil })
        #expect(scenario.server.refreshCount == 1)
        #expect(await scenario.wote.currentSession.state == .signedIn)
    }

    @Test func lostRefreshAnswer_onTheRealServer_theTokenIsSentAgain_andTheScreenLoads() async throws {
        let scenario = try await WoteScenario.lostRefreshAnswer()
        let home = scenario.wote.makeHomeViewModel()

        await home.load()

        #expect(home.errorMessage == nil)
        #expect(scenario.server.refreshCount == 2)
        #expect(home.user == FakeWoteServer.sampleProfile)
        #expect(await scenario.wote.currentSession.state == .signedIn)
    }

    @Test func lostRefreshAnswer_onAStrictServer_endsTheSession_asRefreshAnswerLost() async throws {
        let scenario = try await WoteScenario.lostRefreshAnswer(rotation: .strict)
        let home = scenario.wote.makeHomeViewModel()

        await home.load()

        #expect(home.user == nil)
        #expect(await scenario.wote.currentSession.state == .signedOut(.refreshAnswerLost))
    }

    @Test func lockedKeychainAtLaunch_routesToStorageUnavailable_thenHomeOnceUnlocked() async throws {
        let scenario = try await WoteScenario.lockedKeychainAtLaunch()
        let launch = scenario.wote.makeLaunchViewModel()

        await launch.start()
        let locked = launch.route
        scenario.storage.failLoads(with: nil)
        await launch.start()

        guard case .storageUnavailable = locked else {
            Issue.record("route \(locked), not storageUnavailable")
            return
        }
        #expect(scenario.storage.session != nil)
        #expect(launch.route == .home)
        launch.cancel()
    }

    @Test func serverAsksToRetryLater_theScreenShowsAnError_keepsTheSession_andLoadsNextTime() async throws {
        let scenario = try await WoteScenario.serverAsksToRetryLater()
        let home = scenario.wote.makeHomeViewModel()
        let events = scenario.wote.sessionEvents()

        await home.load()
        let failure = await Self.refreshFailure(in: events)
        #expect(home.errorMessage != nil)
        #expect(await scenario.wote.currentSession.state == .signedIn)
        await home.load()

        #expect(failure?.kind == .serverFailure)
        #expect(home.user == FakeWoteServer.sampleProfile)
    }

    @Test func anotherProcessLoggedOut_theNextCallEndsTheSession_asEndedElsewhere() async throws {
        let scenario = try await WoteScenario.anotherProcessLoggedOut()
        let home = scenario.wote.makeHomeViewModel()

        await home.load()

        #expect(home.user == nil)
        #expect(await scenario.wote.currentSession.state == .signedOut(.endedElsewhere))
        #expect(scenario.storage.session == nil)
    }

    @Test func deviceClockOffByADay_callsSucceed_withoutARefresh() async throws {
        let scenario = try await WoteScenario.deviceClockOffByADay()
        let home = scenario.wote.makeHomeViewModel()

        await home.load()
        await home.load()

        #expect(home.user == FakeWoteServer.sampleProfile)
        #expect(scenario.server.refreshCount == 0)
    }

    @Test func bannedMember_theNextCallEndsTheSession_asBanned() async throws {
        let scenario = try await WoteScenario.bannedMember()
        let home = scenario.wote.makeHomeViewModel()

        await home.load()

        #expect(home.errorMessage != nil)
        #expect(await scenario.wote.currentSession.state == .signedOut(.banned))
        #expect(scenario.storage.session == nil)
    }

    @Test func accountSwitchWithRequestsInFlight_theFirstMembersCallsNeverUseTheSecondMembersToken() async throws {
        let scenario = try await WoteScenario.accountSwitchWithRequestsInFlight(path: "/api/posts")
        let gate = try #require(scenario.gate)
        let wote = scenario.wote
        let firstToken = try await wote.accessToken()
        let calls = (0..<3).map { _ in
            Task { try await wote.response(for: .get("/api/posts")).status }
        }
        await gate.waitForArrivals(3)

        let home = wote.makeHomeViewModel()
        await home.logout()
        let login = wote.makeLoginViewModel()
        await login.loginWithKakao(authorizationCode: WoteScenario.secondMemberKakaoCode)
        gate.open()
        var outcomes: [Int?] = []
        for call in calls { outcomes.append(try? await call.value) }

        #expect(login.outcome == .signedIn)
        #expect(outcomes.allSatisfy { $0 != 200 })
        #expect(scenario.server.log.filter { $0.path == "/api/posts" }.allSatisfy { $0.bearer == firstToken })
        #expect(await wote.currentSession.state == .signedIn)
        #expect(scenario.storage.session?.tokens.accessToken == scenario.server.issuedPairs.last?.accessToken)
    }

    @Test func withdrawnOnAnotherDevice_theNextCallEndsTheSession_asMemberGone() async throws {
        let scenario = try await WoteScenario.withdrawnOnAnotherDevice()
        let home = scenario.wote.makeHomeViewModel()

        await home.load()

        #expect(home.errorMessage != nil)
        #expect(await scenario.wote.currentSession.state == .signedOut(.memberGone))
        #expect(scenario.storage.session == nil)
    }

    /// The first passing refresh failure among the session's events.
    nonisolated private static func refreshFailure(in events: AsyncStream<SessionEvent>) async -> WoteError? {
        for await event in events {
            if case .refreshFailed(let error) = event { return error }
        }
        return nil
    }
}
