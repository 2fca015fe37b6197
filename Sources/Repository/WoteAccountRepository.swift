package import WoteDomain

/// Creates ID/password accounts on the Wote server (§4.12).
package struct WoteAccountRepository: AccountRepository {
    private let remote: any RemoteDataSource

    /// Creates the repository; only the composition root builds one.
    ///
    /// - Parameter remote: the server's endpoints.
    package init(remote: any RemoteDataSource) {
        self.remote = remote
    }

    /// Checks `form` locally, then asks the server to create the account.
    ///
    /// - Parameter form: the sign-up fields.
    /// - Throws: ``WoteError/invalidField(_:reason:)`` for the first bad field, before any request;
    ///   ``WoteError/rejected(code:message:)`` with the server's message for the person;
    ///   ``WoteError/serverFailure(status:code:message:)``; network failures.
    package func signUp(_ form: SignUpForm) async throws(WoteError) {
        try form.validate()
        let response: SignUpResponseDTO
        do {
            response = try await remote.signUp(SignUpRequestDTO(form))
        } catch {
            // A failing server often answers with its own error page rather than the envelope.
            throw error.toDomainCountingErrorPagesAsServerFailures()
        }
        try response.requireCreated()
    }
}
