import WotePresentation
import WoteUseCases

extension WoteClient {
    /// The launch screen's view model: restores the session and routes on session events.
    @MainActor public func makeLaunchViewModel() -> LaunchViewModel {
        LaunchViewModel(
            restoreSession: RestoreSessionUseCase(auth: auth), observeSession: ObserveSessionUseCase(auth: auth))
    }

    /// The login screen's view model (social codes, ID/password, "keep me signed in").
    @MainActor public func makeLoginViewModel() -> LoginViewModel {
        LoginViewModel(login: LoginUseCase(auth: auth))
    }

    /// The sign-up screen's view model.
    @MainActor public func makeSignUpViewModel() -> SignUpViewModel {
        SignUpViewModel(signUp: SignUpUseCase(accounts: accounts))
    }

    /// The profile setup screen's view model.
    @MainActor public func makeProfileSetupViewModel() -> ProfileSetupViewModel {
        ProfileSetupViewModel(
            checkNickname: CheckNicknameUseCase(profiles: profiles),
            completeProfile: CompleteProfileUseCase(profiles: profiles))
    }

    /// The home and settings screen's view model.
    @MainActor public func makeHomeViewModel() -> HomeViewModel {
        HomeViewModel(
            fetchMyProfile: FetchMyProfileUseCase(profiles: profiles), logout: LogoutUseCase(auth: auth),
            withdraw: WithdrawUseCase(auth: auth), setConsumerType: SetConsumerTypeUseCase(profiles: profiles))
    }
}
