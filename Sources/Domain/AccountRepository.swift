/// Creates ID/password accounts.
public protocol AccountRepository: Sendable {
    /// Creates an account from `form`; the form is validated locally first.
    ///
    /// - Throws: ``WoteError/invalidField(_:reason:)`` before any request;
    ///   ``WoteError/rejected(code:message:)`` with the server's message meant for the person
    ///   (for example the ID is taken); network and server failures.
    func signUp(_ form: SignUpForm) async throws(WoteError)
}
