import WoteKit

/// `wote signup --login-id ID --name N --email E --phone P`: creates an ID/password account; the
/// password is the first line of standard input.
package struct SignUpCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["signup"],
        options: [.value("--login-id", "ID"), .value("--name", "N"), .value("--email", "E"), .value("--phone", "P")],
        summary: "Create an ID/password account; the password is the first line of standard input.",
        details: """
            The ID has 4 to 20 letters or digits; the password 8 to 64 characters with at least one
            letter and one digit; the e-mail address one @; the phone number digits and dashes.
            The password is read from the first line of standard input (not echoed on a terminal),
            never from an argument:  printf '%s\\n' "$PASSWORD" | wote signup ...
            """,
        readsSecret: "password")

    /// The account ID.
    package var loginId: String
    /// The person's name.
    package var name: String
    /// The e-mail address.
    package var email: String
    /// The phone number.
    package var phone: String

    /// Reads the fields and checks every one but the password, which is read later from standard input.
    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        let form = SignUpForm(
            loginId: try arguments.required("--login-id"), password: "", name: try arguments.required("--name"),
            email: try arguments.required("--email"), phone: try arguments.required("--phone"))
        for field in SignUpField.allCases where field != .password {
            if let problem = form.problem(with: field) { throw .usage("\(field.argumentName): \(problem)") }
        }
        (loginId, name, email, phone) = (form.loginId, form.name, form.email, form.phone)
    }

    /// Creates the account. A refusal is `rejected` with the server's own message; a password that
    /// breaks its rule is a usage error, before any request.
    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        let password = try await context.readPassword()
        let form = SignUpForm(loginId: loginId, password: password, name: name, email: email, phone: phone)
        let outcome = try await context.attempt { () throws(WoteError) in
            try await context.wote.signUp(form)
        }
        switch outcome {
        case .created:
            return .ok(
                localized("Account created. Sign in with: wote signin ", ko: "계정을 만들었습니다. 로그인: wote signin ")
                    + loginId)
        case .refused, .malformedRequest:
            throw CommandFailure(kind: .rejected, message: outcome.message)
        case .serverFailure(let error), .networkUnavailable(let error):
            throw CommandFailure(error)
        }
    }
}
