import Testing
import WoteDomain
import WoteKitTesting
import WoteUseCases

@Suite struct SignUpUseCaseTests {
    private let valid = SignUpForm(
        loginId: "wote01", password: "secret123", name: "Kim Wote", email: "a@b.kr", phone: "010-1234-5678")

    private func form(_ field: SignUpField, _ value: String) -> SignUpForm {
        var form = valid
        form[field] = value
        return form
    }

    @Test func signUp_returnsCreated_andAccountExists() async throws {
        let accounts = InMemoryAccountRepository()

        let outcome = try await SignUpUseCase(accounts: accounts)(valid)

        #expect(outcome == .created)
        #expect(outcome.isCreated)
        #expect(accounts.signUpForms == [valid])
        #expect(accounts.loginIds == ["wote01"])
    }

    @Test(arguments: [
        (SignUpField.loginId, "abc", "The ID must be 4 to 20 characters long."),
        (.loginId, "wote_01", "The ID can only use letters and digits."),
        (.password, "short1", "The password must be 8 to 64 characters long."),
        (.password, "onlyletters", "The password needs at least one letter and one digit."),
        (.name, "   ", "Enter your name."),
        (.email, "a.b.kr", "Enter an e-mail address like name@example.com."),
        (.phone, "010 1234", "The phone number can only use digits and dashes."),
        // Not laxer than the server: a digit is a decimal digit, a phone digit an ASCII one.
        (.password, "abcdefgh½", "The password needs at least one letter and one digit."),
        (.password, "abcdefgh²", "The password needs at least one letter and one digit."),
        (.phone, "010-1\u{301}234", "The phone number can only use digits and dashes."),
        (.phone, "010-١٢٣٤", "The phone number can only use digits and dashes."),
    ])
    func signUp_throwsInvalidField_namingTheField_beforeAnyRequest(
        _ field: SignUpField, _ value: String, _ reason: String
    ) async {
        let accounts = InMemoryAccountRepository()

        await #expect(throws: WoteError.invalidField(field, reason: reason)) {
            try await SignUpUseCase(accounts: accounts)(form(field, value))
        }
        #expect(accounts.signUpForms.isEmpty)
    }

    @Test func signUp_returnsRefusal_withServersMessageAsItIs_whenIdIsTaken() async throws {
        let accounts = InMemoryAccountRepository(existingLoginIds: ["wote01"])

        let outcome = try await SignUpUseCase(accounts: accounts)(valid)

        #expect(outcome == .refused(message: InMemoryAccountRepository.loginIdTakenMessage))
        #expect(outcome.message == InMemoryAccountRepository.loginIdTakenMessage)
        #expect(!outcome.isCreated)
    }

    @Test(arguments: [
        SignUpOutcome.malformedRequest(message: "bad body"),
        .serverFailure(.serverFailure(status: 500, code: nil, message: "Internal Server Error")),
        .serverFailure(.malformedResponse("HTTP 502: body is not JSON")),
        .networkUnavailable(.networkUnavailable("offline")),
        .networkUnavailable(.timeout),
    ])
    func signUp_returnsTheServersAnswer_asTheRepositoryReadIt(_ answer: SignUpOutcome) async throws {
        let accounts = InMemoryAccountRepository()
        accounts.answerSignUps(with: answer)

        let outcome = try await SignUpUseCase(accounts: accounts)(valid)

        #expect(outcome == answer)
        #expect(accounts.loginIds.isEmpty)
    }

    @Test func signUp_throwsCancelled_whenCancelled() async {
        let accounts = InMemoryAccountRepository()
        accounts.failSignUps(with: .cancelled)

        await #expect(throws: WoteError.cancelled) { try await SignUpUseCase(accounts: accounts)(valid) }
    }

    @Test func signUp_refusalWithEmptyMessage_stillSaysSomething() {
        #expect(SignUpOutcome.refused(message: "").message == "The server refused the sign-up.")
        #expect(!SignUpOutcome.malformedRequest(message: "").message.isEmpty)
    }
}
