import Foundation
import Testing
import WoteKit
import WoteKitTesting

extension EndToEnd {
    @Suite struct Journey {
        let hooks = TestHooks()

        @Test func newMember_profile_silentRefresh_logout_restore() async throws {
            try await hooks.reset()
            let clock = try await hooks.clock()
            let storage = ReferenceServer.temporaryStore()
            let wote = ReferenceServer.client(storage: storage, clock: clock)
            let suffix = ReferenceServer.uniqueSuffix()

            // A rival takes a nickname first.
            let rival = ReferenceServer.client(clock: clock)
            _ = try await rival.login(
                .kakao("kakao:rival-\(suffix)"), remember: false)
            let taken = "r\(suffix)"
            try await rival.completeProfile(
                nickname: taken, schoolName: "Rival High", region: .busan, imageJPEG: nil)

            // New member: E009 is a successful sign-in into "profile required", tokens stored.
            let state = try await wote.login(
                .apple("apple:new-\(suffix)"), remember: true)
            #expect(state == .profileRequired)
            #expect(try await storage.load()?.profileCompleted == false)

            #expect(try await wote.checkNickname(taken) == .taken)
            let mine = "n\(suffix)"
            #expect(try await wote.checkNickname(mine) == .available(try Nickname(validating: mine)))
            #expect(try await wote.checkNickname("no way!") == .invalid(.containsWhitespace))

            try await wote.completeProfile(
                nickname: mine, schoolName: "Wote High", region: .seoul, imageJPEG: Data([0xFF, 0xD8, 0xFF, 0xD9]))
            #expect(await wote.currentSession.state == .signedIn)
            let user = try await wote.fetchMyProfile()
            #expect(user.nickname == mine)
            #expect(user.school == School(name: "Wote High", region: .seoul))
            #expect(user.profileImageURL != nil)

            // The access token expires; the next request refreshes silently, before sending.
            let before = try await hooks.counters()
            try await hooks.advance(clock, by: 31 * 60)
            #expect(try await wote.fetchMyProfile().nickname == mine)
            let after = try await hooks.counters()
            #expect(after.refreshCalls == before.refreshCalls + 1)
            #expect(after.refreshRejected == before.refreshRejected)
            #expect(after.expiredAccessTokenRequests == before.expiredAccessTokenRequests)
            #expect(after.authorizationOnRefresh == 0)

            try await wote.logout(deviceToken: nil)
            #expect(try await storage.load() == nil)
            let relaunch = ReferenceServer.client(storage: storage, clock: clock)
            #expect(await relaunch.restoreSession().state == .signedOut(.noSession))
        }

        @Test func secondLaunch_restoresWithoutNetwork_andRefreshesWhenOnlyTheRefreshTokenIsValid() async throws {
            try await hooks.reset()
            let storage = ReferenceServer.temporaryStore()
            let member = try await SignedInMember.make(hooks: hooks, storage: storage)
            let before = try await hooks.counters()

            let launch = ReferenceServer.client(storage: storage, clock: member.clock)
            #expect(await launch.restoreSession().state == .signedIn)
            #expect(try await hooks.counters().requests == before.requests)

            try await hooks.advance(member.clock, by: 31 * 60)
            let later = ReferenceServer.client(storage: storage, clock: member.clock)
            let restored = await later.restoreSession()
            #expect(restored.state == .signedIn)
            #expect(restored.warning == nil)
            #expect(try await hooks.counters().refreshCalls == before.refreshCalls + 1)
        }

        @Test func serverSideExpiry_isHealedByOneReactiveRefresh() async throws {
            try await hooks.reset()
            let member = try await SignedInMember.make(hooks: hooks)
            let before = try await hooks.counters()
            // Only the server's clock moves: the client believes its token, the server says E006.
            let serverOnly = TestClock()
            try await hooks.advance(serverOnly, by: 31 * 60)

            #expect(try await member.client.fetchMyProfile().nickname == member.nickname)

            let after = try await hooks.counters()
            #expect(after.refreshCalls == before.refreshCalls + 1)
            #expect(after.expiredAccessTokenRequests == before.expiredAccessTokenRequests + 1)
        }

        @Test func withdrawal_rejectsEveryToken_andEmptiesTheStore() async throws {
            try await hooks.reset()
            let storage = ReferenceServer.temporaryStore()
            let member = try await SignedInMember.make(hooks: hooks, storage: storage)
            let stored = try #require(try await storage.load())

            try await member.client.withdraw()

            #expect(try await storage.load() == nil)
            #expect(await member.client.currentSession.state == .signedOut(.withdrawn))
            // The old tokens, replayed from another device, are refused: access and refresh alike.
            let replay = ReferenceServer.client(storage: InMemoryTokenStorage(session: stored), clock: member.clock)
            _ = await replay.restoreSession()
            await #expect(throws: WoteError.memberGone) { try await replay.fetchMyProfile() }
            let replayRefresh = ReferenceServer.client(
                storage: InMemoryTokenStorage(session: stored), clock: member.clock)
            _ = await replayRefresh.restoreSession()
            await #expect(throws: WoteError.sessionExpired) { try await replayRefresh.refreshSession() }
        }

        @Test func profileGate_keepsTheSession_andWithdrawalIsRefused() async throws {
            try await hooks.reset()
            let clock = try await hooks.clock()
            let storage = ReferenceServer.temporaryStore()
            let wote = ReferenceServer.client(storage: storage, clock: clock)
            _ = try await wote.login(

                .apple("apple:gate-\(ReferenceServer.uniqueSuffix())"),
                remember: true)

            await #expect(throws: WoteError.profileRequired) { try await wote.registerDeviceToken(hex: "abcd") }
            await #expect(throws: WoteError.profileRequired) { try await wote.withdraw() }
            #expect(await wote.currentSession.state == .profileRequired)
            #expect(try await storage.load() != nil)
            #expect(try await hooks.counters().refreshCalls == 0)
        }

        @Test func rejectedLoginCode_isRejectedA001() async throws {
            let wote = ReferenceServer.client(clock: try await hooks.clock())
            await #expect(throws: WoteError.self) {
                _ = try await wote.login(
                    .apple("not-a-test-code"), remember: true)
            }
            do {
                _ = try await wote.login(
                    .apple("kakao:wrong-provider"), remember: true)
                Issue.record("a code of the wrong provider was accepted")
            } catch {
                #expect(error.kind == .rejected, "expected rejected, got \(error)")
                #expect(error.code == "A001")
            }
        }
    }
}
