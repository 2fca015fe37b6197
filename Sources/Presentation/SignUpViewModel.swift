import Foundation
public import Observation
public import WoteDomain
public import WoteUseCases

/// The ID/password sign-up screen: a message under each field as the person types, a submit that
/// sends nothing while a field is wrong, and the server's refusal as an alert message.
///
/// ```swift
/// TextField("ID", text: Binding(get: { signUp.form.loginId }, set: { signUp.update(.loginId, to: $0) }))
/// Text(signUp.fieldMessages[.loginId] ?? "")
/// ```
@MainActor @Observable
public final class SignUpViewModel {
    /// The fields as typed so far.
    public private(set) var form = SignUpForm(loginId: "", password: "", name: "", email: "", phone: "")
    /// The fields the person has typed into (or all of them after a submit); only these show messages.
    public private(set) var touchedFields: Set<SignUpField> = []
    /// Whether the sign-up is being sent.
    public private(set) var isSubmitting = false
    /// A sentence for an alert: the server's refusal as it sent it, or what else went wrong.
    public var alertMessage: String?
    /// Whether the account was created; the app then goes back to sign-in.
    public private(set) var didSignUp = false

    @ObservationIgnored private let signUp: SignUpUseCase

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
        !isSubmitting && SignUpField.allCases.allSatisfy { form.problem(with: $0) == nil }
    }

    /// Records what the person typed into `field`.
    ///
    /// - Parameters:
    ///   - field: the field typed into.
    ///   - value: its whole new text.
    public func update(_ field: SignUpField, to value: String) {
        switch field {
        case .loginId: form.loginId = value
        case .password: form.password = value
        case .name: form.name = value
        case .email: form.email = value
        case .phone: form.phone = value
        }
        touchedFields.insert(field)
    }

    /// The text of `field` as typed so far.
    public func value(of field: SignUpField) -> String {
        switch field {
        case .loginId: form.loginId
        case .password: form.password
        case .name: form.name
        case .email: form.email
        case .phone: form.phone
        }
    }

    /// Sends the sign-up when every field is right; otherwise shows every field's message and sends nothing.
    public func submit() async {
        guard !isSubmitting else { return }
        touchedFields = Set(SignUpField.allCases)
        guard canSubmit else { return }
        isSubmitting = true
        alertMessage = nil
        defer { isSubmitting = false }
        do {
            let outcome = try await signUp.execute(form)
            if outcome.isCreated {
                didSignUp = true
            } else {
                alertMessage = outcome.message
            }
        } catch .cancelled {
            return
        } catch {
            alertMessage = error.message
        }
    }

    /// Forgets the alert message once the alert was dismissed.
    public func dismissAlert() {
        alertMessage = nil
    }
}
