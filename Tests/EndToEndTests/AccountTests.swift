import Foundation
import Testing
import WoteKit
import WoteKitTesting

extension EndToEnd {
    @Suite struct Accounts {
        let hooks = TestHooks()

        private func form(_ loginId: String, password: String = "wote2026pw") -> SignUpForm {
            SignUpForm(loginId: loginId, password: password, name: "김투표", email: "vote@wote.kr", phone: "010-1234-5678")
        }

        /// A client over a fresh store file, and the ID of an account just created for it: `prefix`
        /// and a unique suffix.
        private func clientWithNewAccount(_ prefix: String, clock: TestClock) async throws -> (
            wote: WoteClient, storage: FileTokenStorage, loginId: String
        ) {
            let storage = ReferenceServer.temporaryStore()
            let wote = ReferenceServer.client(storage: storage, clock: clock)
            let loginId = "\(prefix)\(ReferenceServer.uniqueSuffix())"
            #expect(try await wote.signUp(form(loginId)) == .created)
            return (wote, storage, loginId)
        }

        @Test func signUp_thenSignIn_routesToProfileSetup_thenHome() async throws {
            let (wote, storage, loginId) = try await clientWithNewAccount("id", clock: try await hooks.clock())

            let state = try await wote.login(
                .account(loginId, password: "wote2026pw"), remember: true)
            #expect(state == .profileRequired)

            try await wote.completeProfile(
                nickname: "p\(ReferenceServer.uniqueSuffix())", schoolName: "Wote High", region: .jeju, imageJPEG: nil)
            try await wote.logout(deviceToken: nil)
            let again = try await wote.login(
                .account(loginId, password: "wote2026pw"), remember: true)
            #expect(again == .signedIn)
            #expect(try await storage.load()?.profileCompleted == true)
        }

        @Test func takenID_isRefused_withTheServersMessageForThePerson() async throws {
            let (wote, _, loginId) = try await clientWithNewAccount("dup", clock: try await hooks.clock())

            let outcome = try await wote.signUp(form(loginId))

            #expect(outcome == .refused(message: "이미 사용 중인 아이디입니다."))
        }

        @Test func wrongPassword_isWrongCredentials() async throws {
            let (wote, _, loginId) = try await clientWithNewAccount("pw", clock: try await hooks.clock())

            await #expect(throws: WoteError.wrongCredentials) {
                _ = try await wote.login(
                    .account(loginId, password: "wrong0000pw"), remember: true)
            }
        }

        @Test func keepMeSignedInOff_writesNothing_andTheNextLaunchIsSignedOut() async throws {
            let clock = try await hooks.clock()
            let (wote, storage, loginId) = try await clientWithNewAccount("mem", clock: clock)

            let state = try await wote.login(
                .account(loginId, password: "wote2026pw"), remember: false)

            #expect(state == .profileRequired)
            #expect(try await storage.load() == nil)
            let next = ReferenceServer.client(storage: storage, clock: clock)
            #expect(await next.restoreSession().state == .signedOut(.noSession))
        }

        @Test func invalidField_isRefusedLocally_beforeAnyRequest() async throws {
            try await hooks.reset()
            let wote = ReferenceServer.client(clock: try await hooks.clock())

            await #expect(throws: WoteError.self) { _ = try await wote.signUp(form("x")) }

            #expect(try await hooks.counters().requests.keys.contains { $0.contains("/api/auth/signup") } == false)
        }
    }
}
