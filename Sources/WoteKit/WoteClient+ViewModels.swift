import WotePresentation
import WoteUseCases

extension WoteClient {
    /// The launch screen's view model: restores the session and routes on session events.
    @MainActor public func makeLaunchViewModel() -> LaunchViewModel {
        LaunchViewModel(restoreSession: restoreSession, observeSession: observeSession)
    }

    /// The login screen's view model (social codes, ID/password, "keep me signed in").
    @MainActor public func makeLoginViewModel() -> LoginViewModel {
        LoginViewModel(login: login)
    }

    /// The sign-up screen's view model.
    @MainActor public func makeSignUpViewModel() -> SignUpViewModel {
        SignUpViewModel(signUp: signUp)
    }

    /// The profile setup screen's view model.
    @MainActor public func makeProfileSetupViewModel() -> ProfileSetupViewModel {
        ProfileSetupViewModel(checkNickname: checkNickname, completeProfile: completeProfile)
    }

    /// The home and settings screen's view model.
    @MainActor public func makeHomeViewModel() -> HomeViewModel {
        HomeViewModel(
            fetchMyProfile: fetchMyProfile, logout: logout, withdraw: withdraw, setConsumerType: setConsumerType)
    }
}
