import Testing
import WoteDomain
import WoteKitTesting
import WotePresentation
import WoteUseCases

@MainActor @Suite struct HomeViewModelTests {
    private let user = User(nickname: "투표왕", school: School(name: "Wote High", region: .seoul))
    private let auth = InMemoryAuthRepository()
    private let profiles: InMemoryProfileRepository

    init() async throws {
        profiles = InMemoryProfileRepository(profile: user, auth: auth)
        _ = try await auth.signIn(with: .apple(authorizationCode: "c"), remember: true)
    }

    private func makeViewModel() -> HomeViewModel {
        HomeViewModel(
            fetchMyProfile: FetchMyProfileUseCase(profiles: profiles), logout: LogoutUseCase(auth: auth),
            withdraw: WithdrawUseCase(auth: auth), setConsumerType: SetConsumerTypeUseCase(profiles: profiles))
    }

    // MARK: Profile

    @Test func load_showsProfile_andIsBusyMeanwhile() async {
        let gate = CallGate()
        profiles.holdCalls(at: gate)
        let viewModel = makeViewModel()

        await gate.expectBusy(viewModel) {
            await viewModel.load()
        } whileHeld: {
            #expect(viewModel.user == nil)
        }
        #expect(viewModel.user == user)
        #expect(viewModel.errorMessage == nil)
    }

    @Test func load_showsError_whenProfileCannotBeFetched() async {
        profiles.fail(.fetchMyProfile, with: .timeout)
        let viewModel = makeViewModel()

        await viewModel.load()

        #expect(viewModel.user == nil)
        #expect(viewModel.errorMessage == WoteError.timeout.message)
        #expect(viewModel.isBusy == false)
    }

    @Test func setConsumerType_showsNewType() async {
        let viewModel = makeViewModel()
        await viewModel.load()

        await viewModel.setConsumerType(.trendsetter)

        #expect(viewModel.user?.consumerType == .trendsetter)
        #expect(profiles.consumerTypeUpdates == [.trendsetter])
    }

    @Test func setConsumerType_showsError_andKeepsOldType_whenServerRefuses() async {
        profiles.fail(.setConsumerType, with: .rejected(code: "G013", message: "validation failed"))
        let viewModel = makeViewModel()
        await viewModel.load()

        await viewModel.setConsumerType(.trendsetter)

        #expect(viewModel.user?.consumerType == nil)
        #expect(viewModel.errorMessage == "validation failed")
    }

    // MARK: Logout

    @Test func logout_endsSession_andUnregistersDeviceToken() async throws {
        let viewModel = makeViewModel()
        await viewModel.load()

        await viewModel.logout(deviceToken: try DeviceToken(hex: "beef"))

        #expect(viewModel.isSignedOut)
        #expect(viewModel.user == nil)
        #expect(viewModel.errorMessage == nil)
        #expect(auth.signOutCalls == ["beef"])
        #expect(auth.session.state == .signedOut(.loggedOut))
    }

    /// The two ways out of the home screen.
    enum Leaving: Sendable {
        case logout, withdrawal
    }

    /// Logging out when the stored tokens cannot be deleted, and withdrawing when the server cannot
    /// be reached, end the session all the same and say what went wrong.
    @Test(arguments: [
        (Leaving.logout, WoteError.storageFailure("read-only"), SignOutReason.loggedOut),
        (Leaving.withdrawal, WoteError.networkUnavailable("offline"), SignOutReason.withdrawn),
    ])
    func leaving_endsSession_andExplains_whenItsStepFails(
        _ leaving: Leaving, failure: WoteError, reason: SignOutReason
    ) async {
        switch leaving {
        case .logout: auth.failSignOut(with: failure)
        case .withdrawal: auth.failWithdraw(with: failure)
        }
        let viewModel = makeViewModel()

        switch leaving {
        case .logout:
            await viewModel.logout()
        case .withdrawal:
            viewModel.requestWithdrawal()
            await viewModel.confirmWithdrawal()
        }

        #expect(viewModel.isSignedOut)
        #expect(viewModel.errorMessage == failure.message)
        #expect(auth.session.state == .signedOut(reason))
    }

    @Test func logout_isNotHeldBack_byProfileLoadInFlight_andLateProfileIsDropped() async {
        let gate = CallGate()
        profiles.holdCalls(at: gate)
        let viewModel = makeViewModel()
        await gate.hold {
            await viewModel.load()
        } whileHeld: {
            await viewModel.logout()
            #expect(viewModel.isSignedOut)
            #expect(auth.session.state == .signedOut(.loggedOut))
        }
        #expect(viewModel.user == nil)
    }

    // MARK: Withdraw

    @Test func confirmWithdrawal_sendsNothing_withoutRequest() async {
        let viewModel = makeViewModel()

        await viewModel.confirmWithdrawal()

        #expect(auth.withdrawCount == 0)
        #expect(viewModel.isSignedOut == false)
    }

    @Test func cancelWithdrawal_dropsTheRequest() async {
        let viewModel = makeViewModel()
        viewModel.requestWithdrawal()
        #expect(viewModel.isConfirmingWithdrawal)

        viewModel.cancelWithdrawal()
        await viewModel.confirmWithdrawal()

        #expect(viewModel.isConfirmingWithdrawal == false)
        #expect(auth.withdrawCount == 0)
        #expect(auth.session.state == .signedIn)
    }

    @Test func withdraw_afterConfirmation_endsSession() async {
        let viewModel = makeViewModel()
        await viewModel.load()

        viewModel.requestWithdrawal()
        await viewModel.confirmWithdrawal()

        #expect(auth.withdrawCount == 1)
        #expect(viewModel.isSignedOut)
        #expect(viewModel.user == nil)
        #expect(viewModel.isConfirmingWithdrawal == false)
        #expect(auth.session.state == .signedOut(.withdrawn))
    }

    @Test func withdraw_keepsSession_andExplains_whenProfileIsRequired() async throws {
        let auth = InMemoryAuthRepository(defaultSignInResult: .success(.profileRequired))
        _ = try await auth.signIn(with: .kakao(authorizationCode: "c"), remember: true)
        let viewModel = HomeViewModel(
            fetchMyProfile: FetchMyProfileUseCase(profiles: profiles), logout: LogoutUseCase(auth: auth),
            withdraw: WithdrawUseCase(auth: auth), setConsumerType: SetConsumerTypeUseCase(profiles: profiles))

        viewModel.requestWithdrawal()
        await viewModel.confirmWithdrawal()

        #expect(viewModel.isSignedOut == false)
        #expect(viewModel.errorMessage == "Please complete your profile first.")
        #expect(auth.session.state == .profileRequired)
    }

    @Test func isBusy_isTrueWhileWithdrawalIsInFlight() async {
        let gate = CallGate()
        auth.holdCalls(at: gate)
        let viewModel = makeViewModel()
        viewModel.requestWithdrawal()

        await gate.expectBusy(viewModel) {
            await viewModel.confirmWithdrawal()
        } whileHeld: {
            #expect(viewModel.isSignedOut == false)
        }
        #expect(viewModel.isSignedOut)
    }
}
