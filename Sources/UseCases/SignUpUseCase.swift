public import WoteDomain

/// Creates an ID/password account: every field checked locally first, then the server asked.
///
/// ```swift
/// func createAccount(_ form: SignUpForm, accounts: any AccountRepository) async throws(WoteError) {
///     let outcome = try await SignUpUseCase(accounts: accounts)(form)
///     if outcome.isCreated { showLogin() } else { showAlert(outcome.message) }
/// }
/// ```
public struct SignUpUseCase: Sendable {
    private let accounts: any AccountRepository

    /// Creates the use case.
    ///
    /// - Parameter accounts: the repository that sends the sign-up.
    public init(accounts: any AccountRepository) {
        self.accounts = accounts
    }

    /// Validates `form`, then signs up.
    ///
    /// Every answer from the server, and the lack of one, is an outcome; only what stops the
    /// sign-up on this side is thrown.
    ///
    /// - Parameter form: the fields as the person typed them.
    /// - Returns: the outcome: created, refused with the server's message, malformed request,
    ///   server failure, or no network.
    /// - Throws: ``WoteError/invalidField(_:reason:)`` for the first field that breaks its rule,
    ///   before any request; ``WoteError/cancelled``.
    public func callAsFunction(_ form: SignUpForm) async throws(WoteError) -> SignUpOutcome {
        try form.validate()
        return try await accounts.signUp(form)
    }
}
