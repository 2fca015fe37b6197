import Observation
import Testing
import WoteDomain
import WoteKitTesting
import WoteLocked
import WotePresentation
import WoteUseCases

/// View models that hold what the person typed never show the password when dumped or logged.
@MainActor @Suite struct ViewModelRedactionTests {
    private static let password = "hunter2-SECRET-3"

    @Test func loginViewModel_showsTheIDButNotThePassword() {
        let viewModel = LoginViewModel(login: LoginUseCase(auth: InMemoryAuthRepository()))
        viewModel.loginId = "wote01"
        viewModel.password = Self.password
        #expect(!SecretScan.reveals(Self.password, in: viewModel))
        #expect(SecretScan.renderings(of: viewModel)[2].contains("wote01"))
    }

    @Test func signUpViewModel_showsNoPassword() {
        let viewModel = SignUpViewModel(signUp: SignUpUseCase(accounts: InMemoryAccountRepository()))
        viewModel.update(.loginId, to: "wote01")
        viewModel.update(.password, to: Self.password)
        #expect(!SecretScan.reveals(Self.password, in: viewModel))
    }

    @Test func loginViewModel_password_isStillObserved() {
        let viewModel = LoginViewModel(login: LoginUseCase(auth: InMemoryAuthRepository()))
        let changed = Locked(false)
        withObservationTracking {
            _ = viewModel.password
        } onChange: {
            changed.withLock { $0 = true }
        }
        viewModel.password = Self.password
        #expect(changed.current)
        #expect(viewModel.password == Self.password)
    }
}
