import Testing
import WoteDomain
import WoteKitTesting
import WoteLocked
import WotePresentation
import WoteUseCases

/// Issue 48: withdrawal with the provider's step-up as one call a screen binds to.
@MainActor @Suite struct HomeViewModelWithdrawalStepUpTests {
    private let auth = InMemoryAuthRepository()
    private let profiles: InMemoryProfileRepository

    init() async throws {
        profiles = InMemoryProfileRepository(
            profile: User(nickname: "투표왕", school: School(name: "Wote High", region: .seoul)), auth: auth)
        _ = try await auth.signIn(with: .apple(authorizationCode: "c"), remember: true)
    }

    private func makeViewModel() -> HomeViewModel {
        HomeViewModel(
            fetchMyProfile: FetchMyProfileUseCase(profiles: profiles), logout: LogoutUseCase(auth: auth),
            withdraw: WithdrawUseCase(auth: auth), setConsumerType: SetConsumerTypeUseCase(profiles: profiles))
    }

    /// A provider whose step-up is scripted, and which counts its unlinks.
    struct Provider: LoginProvider {
        var stepUp: Result<WithdrawalStepUp, WoteError>
        var unlinks = Locked(0)

        func credential() async throws(WoteError) -> LoginCredential { .kakao(authorizationCode: "k") }
        func withdrawalStepUp() async throws(WoteError) -> WithdrawalStepUp { try stepUp.get() }
        func unlinkAfterWithdrawal() async throws(WoteError) { unlinks.withLock { $0 += 1 } }
    }

    @Test func confirmWithdrawalWith_anAppleCode_sendsItAsTheStepUp_andEndsTheSession() async {
        let viewModel = makeViewModel()
        viewModel.requestWithdrawal()

        await viewModel.confirmWithdrawal(with: LoginCredential.apple("fresh-code"))

        #expect(auth.withdrawalStepUps == [.appleAuthorizationCode("fresh-code")])
        #expect(viewModel.isSignedOut)
        #expect(viewModel.errorMessage == nil)
        #expect(auth.session.state == .signedOut(.withdrawn))
    }

    @Test func confirmWithdrawalWith_aStepUpThePersonBacksOutOf_changesNothing_andShowsNoError() async {
        let viewModel = makeViewModel()
        let provider = Provider(stepUp: .failure(.cancelled))
        viewModel.requestWithdrawal()

        await viewModel.confirmWithdrawal(with: provider)

        #expect(auth.withdrawCount == 0)
        #expect(provider.unlinks.current == 0)
        #expect(!viewModel.isSignedOut)
        #expect(viewModel.errorMessage == nil)
        #expect(auth.session.state == .signedIn)
    }

    @Test func confirmWithdrawalWith_aKakaoAdapter_unlinksOnce_afterTheAccountIsDeleted() async {
        let viewModel = makeViewModel()
        let provider = Provider(stepUp: .success(.notNeeded))
        viewModel.requestWithdrawal()

        await viewModel.confirmWithdrawal(with: provider)

        #expect(auth.withdrawalStepUps == [.notNeeded])
        #expect(provider.unlinks.current == 1)
        #expect(viewModel.isSignedOut)
    }

    @Test func confirmWithdrawalWith_withoutARequest_doesNothing() async {
        let viewModel = makeViewModel()
        let provider = Provider(stepUp: .success(.notNeeded))

        await viewModel.confirmWithdrawal(with: provider)

        #expect(auth.withdrawCount == 0)
        #expect(provider.unlinks.current == 0)
    }

    @Test func stepUp_neverShowsTheCode() {
        let stepUp = WithdrawalStepUp.appleAuthorizationCode("SECRET-code-123")
        #expect(!"\(stepUp)".contains("SECRET"))
        #expect(!String(reflecting: stepUp).contains("SECRET"))
        var dumped = ""
        dump(stepUp, to: &dumped)
        #expect(!dumped.contains("SECRET"))
    }
}
