import WoteKit

extension CommandRunner {
    /// Creates an ID/password account. A refusal is `rejected` with the server's own message; a
    /// field that breaks its rule is a usage error naming the field, before any request.
    func signUp(loginId: String, name: String, email: String, phone: String) async throws(CommandFailure)
        -> CommandOutput
    {
        let password = try await readPassword()
        let form = SignUpForm(loginId: loginId, password: password, name: name, email: email, phone: phone)
        let outcome = try await attempt { () throws(WoteError) in try await wote.signUp.execute(form) }
        switch outcome {
        case .created:
            return .ok("Account created. Sign in with: wote signin \(loginId)")
        case .refused, .malformedRequest:
            throw CommandFailure(kind: .rejected, message: outcome.message)
        case .serverFailure(let error), .networkUnavailable(let error):
            throw CommandFailure(error)
        }
    }
}
