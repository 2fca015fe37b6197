/// Creates ID/password accounts.
public protocol AccountRepository: Sendable {
    /// Asks the server to create an account from `form`, which the caller has validated.
    ///
    /// - Returns: how the server answered: created, refused with its message for the person (for
    ///   example the ID is taken), a malformed request, a server failure, or no network.
    /// - Throws: ``WoteError/cancelled`` only: every answer, and the lack of one, is an outcome.
    func signUp(_ form: SignUpForm) async throws(WoteError) -> SignUpOutcome
}
