import Testing
import WoteDomain
import WoteKitTesting
import WotePresentation
import WoteUseCases

@MainActor @Suite struct SignUpViewModelTests {
    private let accounts = InMemoryAccountRepository(existingLoginIds: ["taken01"])

    private func makeViewModel() -> SignUpViewModel {
        SignUpViewModel(signUp: SignUpUseCase(accounts: accounts))
    }

    private func fillValidForm(_ viewModel: SignUpViewModel, loginId: String = "wote01") {
        viewModel.update(.loginId, to: loginId)
        viewModel.update(.password, to: "secret123")
        viewModel.update(.name, to: "Kim Wote")
        viewModel.update(.email, to: "a@b.kr")
        viewModel.update(.phone, to: "010-1234-5678")
    }

    @Test func fieldMessages_areEmpty_beforeAnythingIsTyped() {
        let viewModel = makeViewModel()

        #expect(viewModel.fieldMessages.isEmpty)
        #expect(viewModel.canSubmit == false)
    }

    @Test func fieldMessages_followTheIdAsThePersonTypes_andShowOnlyTouchedFields() {
        let viewModel = makeViewModel()

        viewModel.update(.loginId, to: "w")
        #expect(viewModel.fieldMessages == [.loginId: "The ID must be 4 to 20 characters long."])
        viewModel.update(.loginId, to: "wot_")
        #expect(viewModel.fieldMessages == [.loginId: "The ID can only use letters and digits."])
        viewModel.update(.loginId, to: "wote01")
        #expect(viewModel.fieldMessages.isEmpty)
        #expect(viewModel.value(of: .loginId) == "wote01")
    }

    @Test func fieldMessages_followThePasswordAsThePersonTypes() {
        let viewModel = makeViewModel()

        viewModel.update(.password, to: "abc")
        #expect(viewModel.fieldMessages[.password] == "The password must be 8 to 64 characters long.")
        viewModel.update(.password, to: "abcdefgh")
        #expect(viewModel.fieldMessages[.password] == "The password needs at least one letter and one digit.")
        viewModel.update(.password, to: "abcdefg1")
        #expect(viewModel.fieldMessages[.password] == nil)
    }

    @Test func fieldMessages_nameEachBrokenField() {
        let viewModel = makeViewModel()

        viewModel.update(.name, to: " ")
        viewModel.update(.email, to: "ab.kr")
        viewModel.update(.phone, to: "010 1234")

        #expect(
            viewModel.fieldMessages == [
                .name: "Enter your name.",
                .email: "Enter an e-mail address like name@example.com.",
                .phone: "The phone number can only use digits and dashes.",
            ])
    }

    @Test func canSubmit_onlyOnceEveryFieldFollowsItsRule() {
        let viewModel = makeViewModel()
        fillValidForm(viewModel)
        #expect(viewModel.canSubmit)

        viewModel.update(.email, to: "no-at-sign")
        #expect(viewModel.canSubmit == false)
    }

    @Test func submit_showsEveryMessage_andSendsNothing_whenFieldsAreWrong() async {
        let viewModel = makeViewModel()
        viewModel.update(.loginId, to: "wote01")

        await viewModel.submit()

        #expect(Set(viewModel.fieldMessages.keys) == [.password, .name, .email, .phone])
        #expect(accounts.signUpForms.isEmpty)
        #expect(viewModel.isCompleted == false)
    }

    @Test func submit_setsDidSignUp_whenAccountIsCreated() async {
        let viewModel = makeViewModel()
        fillValidForm(viewModel)

        await viewModel.submit()

        #expect(viewModel.isCompleted)
        #expect(viewModel.errorMessage == nil)
        #expect(accounts.loginIds.contains("wote01"))
    }

    @Test func submit_showsServersRefusalAsItIs() async {
        let viewModel = makeViewModel()
        fillValidForm(viewModel, loginId: "taken01")

        await viewModel.submit()

        #expect(viewModel.errorMessage == InMemoryAccountRepository.loginIdTakenMessage)
        #expect(viewModel.isCompleted == false)

        viewModel.dismissError()
        #expect(viewModel.errorMessage == nil)
    }

    @Test(arguments: [
        (WoteError.networkUnavailable("offline"), WoteError.networkUnavailable("offline").message),
        (.timeout, WoteError.timeout.message),
        (.serverFailure(status: 500, code: nil, message: ""), "The server is having trouble. Please try again later."),
        (.rejected(code: "G001", message: "Malformed request"), "Malformed request"),
    ])
    func submit_showsFailureMessage_whenSignUpFails(_ error: WoteError, _ message: String) async {
        accounts.failSignUps(with: error)
        let viewModel = makeViewModel()
        fillValidForm(viewModel)

        await viewModel.submit()

        #expect(viewModel.errorMessage == message)
        #expect(viewModel.isCompleted == false)
        #expect(viewModel.isBusy == false)
    }

    @Test func isBusy_isTrueWhileSignUpIsInFlight() async {
        let gate = CallGate()
        accounts.holdCalls(at: gate)
        let viewModel = makeViewModel()
        fillValidForm(viewModel)

        await gate.expectBusy(viewModel) {
            await viewModel.submit()
        } whileHeld: {
            #expect(viewModel.canSubmit == false)
            await viewModel.submit()
            #expect(accounts.signUpForms.count == 1)
        }
        #expect(viewModel.isCompleted)
    }
}
