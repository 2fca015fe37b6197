import Testing
import WoteDomain
import WoteKitTesting
import WotePresentation
import WoteUseCases

@MainActor @Suite(.timeLimit(.minutes(1))) struct LoginViewModelTests {
    private let auth = InMemoryAuthRepository()

    private func makeViewModel() -> LoginViewModel {
        LoginViewModel(login: LoginUseCase(auth: auth))
    }

    @Test func keepSignedIn_isOnByDefault() {
        #expect(makeViewModel().keepSignedIn)
    }

    @Test(arguments: [true, false])
    func loginWithPassword_passesCheckbox_asRemember(_ keepSignedIn: Bool) async {
        let viewModel = makeViewModel()
        viewModel.loginId = "wote01"
        viewModel.password = "secret123"
        viewModel.keepSignedIn = keepSignedIn

        await viewModel.loginWithPassword()

        #expect(
            auth.signInCalls == [
                .init(credential: .password(loginId: "wote01", password: "secret123"), remember: keepSignedIn)
            ])
        #expect(auth.session.isPersistent == keepSignedIn)
        #expect(auth.storedState == (keepSignedIn ? .signedIn : nil))
        #expect(viewModel.outcome == .signedIn)
    }

    @Test func loginWithPassword_setsOutcome_andClearsPassword() async {
        let viewModel = makeViewModel()
        viewModel.loginId = " wote01 "
        viewModel.password = "secret123"

        await viewModel.loginWithPassword()

        #expect(viewModel.outcome == .signedIn)
        #expect(viewModel.password.isEmpty)
        #expect(viewModel.errorMessage == nil)
        #expect(auth.signInCalls.map(\.credential) == [.password(loginId: "wote01", password: "secret123")])
    }

    @Test func loginWithPassword_showsMessage_andKeepsFields_whenCredentialsAreWrong() async {
        let credential = LoginCredential.password(loginId: "wote01", password: "wrong123")
        auth.setSignInResult(.failure(.wrongCredentials), for: credential)
        let viewModel = makeViewModel()
        viewModel.loginId = "wote01"
        viewModel.password = "wrong123"

        await viewModel.loginWithPassword()

        #expect(viewModel.errorMessage == "The ID or password is wrong.")
        #expect(viewModel.outcome == nil)
        #expect(viewModel.password == "wrong123")
        #expect(viewModel.isBusy == false)

        viewModel.dismissError()
        #expect(viewModel.errorMessage == nil)
    }

    @Test func loginWithPassword_asksForBothFields_withoutRequest_whenOneIsEmpty() async {
        let viewModel = makeViewModel()
        viewModel.loginId = "wote01"
        #expect(viewModel.canSubmitPassword == false)

        await viewModel.loginWithPassword()

        #expect(viewModel.errorMessage == "Enter your ID and password.")
        #expect(auth.signInCalls.isEmpty)
    }

    @Test func isBusy_isTrueWhileSignInIsInFlight_andSecondTapIsIgnored() async {
        let gate = CallGate()
        auth.holdCalls(at: gate)
        let viewModel = makeViewModel()
        viewModel.loginId = "wote01"
        viewModel.password = "secret123"
        #expect(viewModel.canSubmitPassword)

        await gate.expectBusy(viewModel) {
            await viewModel.loginWithPassword()
        } whileHeld: {
            #expect(viewModel.canSubmitPassword == false)
            await viewModel.loginWithApple(authorizationCode: "second tap")
            #expect(auth.signInCalls.count == 1)
        }
        #expect(viewModel.outcome == .signedIn)
    }

    @Test func cancel_stopsTheSignInUnderWay_withoutAnError() async {
        let gate = CallGate()
        let viewModel = makeViewModel()
        let login = Task { await viewModel.login(with: SheetLeftOpenProvider(gate: gate)) }
        await gate.waitForArrivals()
        gate.open()
        #expect(viewModel.isBusy)

        viewModel.cancel()
        await login.value

        #expect(viewModel.isBusy == false)
        #expect(viewModel.errorMessage == nil)
        #expect(viewModel.outcome == nil)
        #expect(auth.signInCalls.isEmpty)
    }

    @Test func loginWithApple_sendsAppleCode() async {
        let viewModel = makeViewModel()

        await viewModel.loginWithApple(authorizationCode: "apple-code")

        #expect(auth.signInCalls == [.init(credential: .apple(authorizationCode: "apple-code"), remember: true)])
        #expect(viewModel.outcome == .signedIn)
    }

    @Test func loginWithKakao_endsInProfileRequired_asASuccess_whenProfileIsNotCompleted() async {
        auth.setSignInResult(.success(.profileRequired), for: .kakao(authorizationCode: "kakao-code"))
        let viewModel = makeViewModel()
        viewModel.keepSignedIn = false

        await viewModel.loginWithKakao(authorizationCode: "kakao-code")

        #expect(viewModel.outcome == .profileRequired)
        #expect(viewModel.errorMessage == nil)
        #expect(auth.signInCalls == [.init(credential: .kakao(authorizationCode: "kakao-code"), remember: false)])
    }

    @Test func login_showsNoError_whenPersonBacksOutOfProvider() async {
        let viewModel = makeViewModel()

        await viewModel.login(with: ScriptedLoginProvider.cancelling)

        #expect(viewModel.errorMessage == nil)
        #expect(viewModel.outcome == nil)
        #expect(viewModel.isBusy == false)
        #expect(auth.signInCalls.isEmpty)
    }

    @Test func login_showsServerMessage_whenServerRejects() async {
        let provider = ScriptedLoginProvider([.failure(.rejected(code: "A001", message: "Invalid authorization code"))])
        let viewModel = makeViewModel()

        await viewModel.login(with: provider)

        #expect(viewModel.errorMessage == "Invalid authorization code")
        #expect(viewModel.outcome == nil)
    }

    @Test func login_clearsPreviousError_whenTriedAgain() async {
        let viewModel = makeViewModel()
        await viewModel.login(with: ScriptedLoginProvider([.failure(.timeout)]))
        #expect(viewModel.errorMessage == WoteError.timeout.message)

        await viewModel.loginWithApple(authorizationCode: "code")

        #expect(viewModel.errorMessage == nil)
        #expect(viewModel.outcome == .signedIn)
    }
}
