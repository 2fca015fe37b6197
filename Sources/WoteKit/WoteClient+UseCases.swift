import WoteDomain
import WoteUseCases

extension WoteClient {
    /// Signs in with a provider's credential (Apple, Kakao, or ID and password).
    public var login: LoginUseCase { LoginUseCase(auth: auth) }
    /// Logs out; the local session always ends.
    public var logout: LogoutUseCase { LogoutUseCase(auth: auth) }
    /// Deletes the account.
    public var withdraw: WithdrawUseCase { WithdrawUseCase(auth: auth) }
    /// Restores the stored session at launch.
    public var restoreSession: RestoreSessionUseCase { RestoreSessionUseCase(auth: auth) }
    /// Renews the tokens now.
    public var refreshSession: RefreshSessionUseCase { RefreshSessionUseCase(auth: auth) }
    /// The session as it stands, without any network call.
    public var currentSession: CurrentSessionUseCase { CurrentSessionUseCase(auth: auth) }
    /// Session events as a stream.
    public var observeSession: ObserveSessionUseCase { ObserveSessionUseCase(auth: auth) }
    /// Checks a nickname: the local rule first, then the server.
    public var checkNickname: CheckNicknameUseCase { CheckNicknameUseCase(profiles: profiles) }
    /// Completes the profile.
    public var completeProfile: CompleteProfileUseCase { CompleteProfileUseCase(profiles: profiles) }
    /// Fetches the member's profile.
    public var fetchMyProfile: FetchMyProfileUseCase { FetchMyProfileUseCase(profiles: profiles) }
    /// Sets the consumer type.
    public var setConsumerType: SetConsumerTypeUseCase { SetConsumerTypeUseCase(profiles: profiles) }
    /// Registers the push device token.
    public var registerDeviceToken: RegisterDeviceTokenUseCase { RegisterDeviceTokenUseCase(devices: devices) }
    /// Creates an ID/password account.
    public var signUp: SignUpUseCase { SignUpUseCase(accounts: accounts) }
}
