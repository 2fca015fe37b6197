import Foundation
public import Observation
public import WoteDomain
public import WoteUseCases

/// The ID/password sign-up screen: a message under each field as the person types, a submit that
/// sends nothing while a field is wrong, and the server's refusal as the error message.
///
/// ```swift
/// Task { @MainActor in
///     let signUp = wote.makeSignUpViewModel()
///     signUp.update(.loginId, to: loginId)  // each field, as the person types
///     show(signUp.fieldMessages[.loginId] ?? "")  // under the ID field
///     await signUp.submit()
///     if signUp.isCompleted { showLogin() } else if let message = signUp.errorMessage { showAlert(message) }
/// }
/// ```
@MainActor @Observable
public final class SignUpViewModel: ScreenViewModel {
    /// The fields as typed so far.
    public private(set) var form = SignUpForm(loginId: "", password: "", name: "", email: "", phone: "")
    /// The fields the person has typed into (or all of them after a submit); only these show messages.
    public private(set) var touchedFields: Set<SignUpField> = []
    /// Whether the account was created; the app then goes back to sign-in.
    public private(set) var isCompleted = false
    /// Whether the sign-up is being sent; another submit meanwhile is ignored.
    public var isBusy: Bool { screen.isBusy }
    /// A sentence for an alert: the server's refusal as it sent it, or what else went wrong.
    public var errorMessage: String? {
        get { screen.errorMessage }
        set { screen.errorMessage = newValue }
    }

    @ObservationIgnored private let signUp: SignUpUseCase
    private let screen = ScreenTask()

    /// Creates the view model.
    ///
    /// - Parameter signUp: the use case that validates and sends the sign-up.
    public init(signUp: SignUpUseCase) {
        self.signUp = signUp
    }

    /// The problem with each touched field, in a sentence for the person; a field not yet touched
    /// or typed correctly has no entry.
    public var fieldMessages: [SignUpField: String] {
        var messages: [SignUpField: String] = [:]
        for field in touchedFields {
            if let problem = form.problem(with: field) { messages[field] = problem }
        }
        return messages
    }

    /// Whether every field follows its rule and nothing is being sent.
    public var canSubmit: Bool {
        !isBusy && SignUpField.allCases.allSatisfy { form.problem(with: $0) == nil }
    }

    /// Records what the person typed into `field`.
    ///
    /// - Parameters:
    ///   - field: the field typed into.
    ///   - value: its whole new text.
    public func update(_ field: SignUpField, to value: String) {
        form[field] = value
        touchedFields.insert(field)
    }

    /// The text of `field` as typed so far.
    public func value(of field: SignUpField) -> String {
        form[field]
    }

    /// Sends the sign-up when every field is right; otherwise shows every field's message and sends nothing.
    ///
    /// On success ``isCompleted`` becomes `true`; a refusal shows the server's own sentence in ``errorMessage``.
    public func submit() async {
        guard !isBusy else { return }
        touchedFields = Set(SignUpField.allCases)
        guard canSubmit else { return }
        await screen.run { [self] () throws(WoteError) in
            let outcome = try await signUp(form)
            if outcome.isCreated {
                isCompleted = true
            } else {
                screen.errorMessage = outcome.message
            }
        }
    }

    /// Forgets the error message once the alert was dismissed.
    public func dismissError() {
        screen.dismissError()
    }

    /// Cancels the sign-up under way, if any; no error is shown for it.
    public func cancel() {
        screen.cancel()
    }
}

// MARK: - Previews

extension SignUpViewModel {
    /// A sign-up screen for SwiftUI previews: no network, no store; a sign-up succeeds at once.
    ///
    /// - Parameters:
    ///   - fields: text already typed, per field; each is touched, so its message shows.
    ///   - errorMessage: an alert to show, as after the server refused.
    /// - Returns: the view model.
    public static func preview(fields: [SignUpField: String] = [:], errorMessage: String? = nil) -> SignUpViewModel {
        let model = SignUpViewModel(signUp: SignUpUseCase(accounts: PreviewRepository(state: .signedOut(.noSession))))
        for (field, value) in fields.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            model.update(field, to: value)
        }
        model.errorMessage = errorMessage
        return model
    }
}
