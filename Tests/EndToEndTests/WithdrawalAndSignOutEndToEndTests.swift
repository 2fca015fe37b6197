import Foundation
import Testing
import WoteKit
import WoteKitTesting
import WoteLocked

extension EndToEnd {
    /// Issue 48 against the reference server: a withdrawal that leaves nothing at the provider, a
    /// logout that kills the refresh token, sign out everywhere, and an unlink reported by the server.
    @Suite(.serialized) struct WithdrawalAndSignOut {
        let hooks = TestHooks()

        /// The app's Kakao adapter: signs in with a code and counts its unlinks.
        struct KakaoAdapter: LoginProvider {
            let code: String
            let unlinks: Locked<Int>

            func credential() async throws(WoteError) -> LoginCredential { .kakao(authorizationCode: code) }

            func unlinkAfterWithdrawal() async throws(WoteError) { unlinks.withLock { $0 += 1 } }
        }

        /// A provider whose step-up the person backs out of.
        struct BackedOut: LoginProvider {
            func credential() async throws(WoteError) -> LoginCredential { throw .cancelled }

            func withdrawalStepUp() async throws(WoteError) -> WithdrawalStepUp { throw .cancelled }
        }

        /// A client on its own store, signed in with `provider` and a completed profile.
        private func signedIn(_ provider: some LoginProvider, nickname: String, clock: TestClock) async throws -> (
            WoteClient, InMemoryTokenStorage
        ) {
            let storage = InMemoryTokenStorage()
            let wote = ReferenceServer.client(storage: storage, clock: clock)
            _ = try await wote.login(provider, remember: true)
            if await wote.currentSession.state == .profileRequired {
                try await wote.completeProfile(
                    nickname: nickname, schoolName: "Wote High", region: .seoul, imageJPEG: nil)
            }
            return (wote, storage)
        }

        @Test func appleWithdrawal_withAStepUpCode_makesTheServerRevokeThatCodesExchange() async throws {
            try await hooks.reset()
            let clock = try await hooks.clock()
            let name = "leaver\(ReferenceServer.uniqueSuffix())"
            let (wote, _) = try await signedIn(
                LoginCredential.apple("apple:\(name)"), nickname: "a\(name.suffix(8))", clock: clock)
            let before = try await hooks.appleRevocations().filter { $0.member == name }

            try await wote.withdraw(confirmingWith: .apple("apple:\(name)"))

            let after = try await hooks.appleRevocations().filter { $0.member == name }
            #expect(before.isEmpty)
            #expect(after.count == 1)
            #expect(after.first?.authorizationCode == "apple:\(name)")
            #expect(after.first?.revokedToken == after.first?.exchangedRefreshToken)
            #expect(after.first?.tokenTypeHint == "refresh_token")
            #expect(await wote.currentSession.state == .signedOut(.withdrawn))
        }

        @Test func kakaoWithdrawal_callsTheAdaptersUnlinkOnce() async throws {
            try await hooks.reset()
            let clock = try await hooks.clock()
            let suffix = ReferenceServer.uniqueSuffix()
            let unlinks = Locked(0)
            let kakao = KakaoAdapter(code: "kakao:unlink-\(suffix)", unlinks: unlinks)
            let (wote, storage) = try await signedIn(kakao, nickname: "k\(suffix)", clock: clock)
            let access = try #require(try await storage.load()).tokens.accessToken

            try await wote.withdraw(confirmingWith: kakao)

            #expect(unlinks.current == 1)
            #expect(await wote.currentSession.state == .signedOut(.withdrawn))
            #expect(try await ReferenceServer.accepts(accessToken: access) == false)
        }

        @Test func withdrawalCancelledAtTheStepUp_keepsTheAccountAndTheSession() async throws {
            try await hooks.reset()
            let clock = try await hooks.clock()
            let name = "stayer\(ReferenceServer.uniqueSuffix())"
            let (wote, storage) = try await signedIn(
                LoginCredential.apple("apple:\(name)"), nickname: "s\(name.suffix(8))", clock: clock)

            await #expect(throws: WoteError.cancelled) { try await wote.withdraw(confirmingWith: BackedOut()) }

            #expect(await wote.currentSession.state == .signedIn)
            let access = try #require(try await storage.load()).tokens.accessToken
            #expect(try await ReferenceServer.accepts(accessToken: access))
            #expect(try await wote.fetchMyProfile().nickname == "s\(name.suffix(8))")
            #expect(try await hooks.appleRevocations().filter { $0.member == name }.isEmpty)
        }

        @Test func afterLogout_theOldRefreshTokenSentByHand_isRefused() async throws {
            try await hooks.reset()
            let clock = try await hooks.clock()
            let suffix = ReferenceServer.uniqueSuffix()
            let (wote, storage) = try await signedIn(
                LoginCredential.kakao("kakao:out-\(suffix)"), nickname: "o\(suffix)", clock: clock)
            let refresh = try #require(try await storage.load()).tokens.refreshToken

            try await wote.logout()

            #expect(try await ReferenceServer.refreshByHand(refresh) == "E016")
        }

        @Test func logout_againstTheRealServerMode_stillSucceeds_andTheRefreshTokenLivesThere() async throws {
            try await hooks.reset()
            try await hooks.setExtensions(false)
            let clock = try await hooks.clock()
            let suffix = ReferenceServer.uniqueSuffix()
            let (wote, storage) = try await signedIn(
                LoginCredential.kakao("kakao:real-\(suffix)"), nickname: "r\(suffix)", clock: clock)
            let refresh = try #require(try await storage.load()).tokens.refreshToken

            try await wote.logout()

            let state = await wote.currentSession.state
            #expect(state == .signedOut(.loggedOut))
            #expect(try await storage.load() == nil)
            // The server was told, and accepted: it ignored the unknown field.
            let counters = try await hooks.counters()
            #expect(counters.requests["POST /api/auth/logout 200"] == 1)
            // As on the real server, the refresh token outlives the logout there.
            #expect(try await ReferenceServer.refreshByHand(refresh) == "status 200")
            try await hooks.reset()
        }

        @Test func logoutEverywhere_onOneDevice_endsTheOthersNextCall_withItsOwnReasonAndRecord() async throws {
            try await hooks.reset()
            let clock = try await hooks.clock()
            let suffix = ReferenceServer.uniqueSuffix()
            let code = LoginCredential.kakao("kakao:everywhere-\(suffix)")
            let (phone, _) = try await signedIn(code, nickname: "e\(suffix)", clock: clock)
            let (tablet, tabletStore) = try await signedIn(code, nickname: "e\(suffix)", clock: clock)

            try await phone.logoutEverywhere()

            #expect(await phone.currentSession.state == .signedOut(.loggedOut))
            await #expect(throws: WoteError.sessionExpired) { _ = try await tablet.fetchMyProfile() }
            #expect(await tablet.currentSession.state == .signedOut(.signedOutEverywhere))
            #expect(try await tabletStore.load() == nil)
            let record = try #require(await tablet.lastSignOut)
            #expect(record.reason == .signedOutEverywhere)
            #expect(record.divisionCode == "X001")
        }

        @Test func logoutEverywhere_againstTheRealServerMode_isRefused_andKeepsTheSession() async throws {
            try await hooks.reset()
            try await hooks.setExtensions(false)
            let clock = try await hooks.clock()
            let suffix = ReferenceServer.uniqueSuffix()
            let (wote, _) = try await signedIn(
                LoginCredential.kakao("kakao:noext-\(suffix)"), nickname: "n\(suffix)", clock: clock)

            await #expect(throws: WoteError.self) { try await wote.logoutEverywhere() }

            #expect(await wote.currentSession.state == .signedIn)
            try await hooks.reset()
        }

        @Test func anUnlinkTheServerReports_endsTheSession_withItsOwnReasonAndRecord() async throws {
            try await hooks.reset()
            let clock = try await hooks.clock()
            let suffix = ReferenceServer.uniqueSuffix()
            let (wote, _) = try await signedIn(
                LoginCredential.kakao("kakao:unlinked-\(suffix)"), nickname: "u\(suffix)", clock: clock)

            try await hooks.unlink(nickname: "u\(suffix)")

            await #expect(throws: WoteError.sessionExpired) { _ = try await wote.fetchMyProfile() }
            #expect(await wote.currentSession.state == .signedOut(.providerUnlinked))
            let record = try #require(await wote.lastSignOut)
            #expect(record.reason == .providerUnlinked)
            #expect(record.divisionCode == "X002")
        }
    }
}
