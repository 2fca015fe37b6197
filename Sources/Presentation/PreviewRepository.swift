import Foundation
import WoteDomain

/// The repositories behind the view models' preview factories: no network, no store. Every call
/// answers at once as a signed-in member's server would, so a preview stays on its state until the
/// person in the canvas taps something.
final class PreviewRepository: AuthRepository, ProfileRepository, AccountRepository {
    /// The member's profile in previews: "투표왕", a school in Seoul, consumer type FLEXER.
    static let user = User(
        nickname: "투표왕", school: School(name: "Wote High", region: .seoul), consumerType: .flexer)

    private let state: AuthenticationState

    init(state: AuthenticationState = .signedIn) {
        self.state = state
    }

    func signIn(with credential: LoginCredential, remember: Bool) async throws(WoteError) -> AuthenticationState {
        .signedIn
    }

    func signOut(deviceToken: String?) async throws(WoteError) {}

    func withdraw() async throws(WoteError) {}

    func withdraw(stepUp: WithdrawalStepUp) async throws(WoteError) {}

    func signOutEverywhere() async throws(WoteError) {}

    func restoreSession() async -> SessionSnapshot { SessionSnapshot(state: state, isPersistent: false) }

    func refreshSession() async throws(WoteError) -> SessionSnapshot {
        SessionSnapshot(state: state, isPersistent: false)
    }

    func currentSession() async -> SessionSnapshot { SessionSnapshot(state: state, isPersistent: false) }

    /// A stream that says nothing and never ends: a preview's state changes only when it is told to.
    func sessionEvents() -> AsyncStream<SessionEvent> { AsyncStream { _ in } }

    func isNicknameAvailable(_ nickname: Nickname) async throws(WoteError) -> Bool { true }

    func completeProfile(_ draft: ProfileDraft) async throws(WoteError) {}

    func fetchMyProfile() async throws(WoteError) -> User { Self.user }

    func setConsumerType(_ consumerType: ConsumerType) async throws(WoteError) {}

    func signUp(_ form: SignUpForm) async throws(WoteError) -> SignUpOutcome { .created }
}
