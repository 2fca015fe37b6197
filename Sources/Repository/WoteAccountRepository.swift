package import WoteDomain
import WoteWire

/// Creates ID/password accounts on the Wote server (§4.12).
package struct WoteAccountRepository: AccountRepository {
    private let remote: any RemoteDataSource

    /// Creates the repository; only the composition root builds one.
    ///
    /// - Parameter remote: the server's endpoints.
    package init(remote: any RemoteDataSource) {
        self.remote = remote
    }

    /// Asks the server to create the account; the use case has validated `form`.
    ///
    /// - Parameter form: the sign-up fields.
    /// - Returns: the server's answer as an outcome; a failure with no answer is
    ///   ``SignUpOutcome/networkUnavailable(_:)``, an unusable one ``SignUpOutcome/serverFailure(_:)``.
    /// - Throws: ``WoteError/cancelled``.
    package func signUp(_ form: SignUpForm) async throws(WoteError) -> SignUpOutcome {
        let response: SignUpResponseDTO
        do {
            response = try await remote.signUp(SignUpRequestDTO(form))
        } catch {
            // A failing server often answers with its own error page rather than the envelope.
            let failure = error.toDomainCountingErrorPagesAsServerFailures()
            switch failure.kind {
            case .cancelled: throw failure
            case .networkUnavailable, .timeout: return .networkUnavailable(failure)
            default: return .serverFailure(failure)
            }
        }
        return response.outcome
    }
}
