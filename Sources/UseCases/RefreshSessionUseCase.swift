public import WoteDomain

/// Renews the session's tokens now, for example when the app comes back to the foreground.
public struct RefreshSessionUseCase: Sendable {
    private let auth: any AuthRepository

    /// Creates the use case.
    ///
    /// - Parameter auth: the repository that owns the session.
    public init(auth: any AuthRepository) {
        self.auth = auth
    }

    /// Renews the tokens, sharing a refresh already under way.
    ///
    /// - Returns: the session with its new tokens.
    /// - Throws: ``WoteError/notSignedIn``; ``WoteError/sessionExpired`` (the session has ended);
    ///   a passing network or server failure (the tokens are kept).
    public func callAsFunction() async throws(WoteError) -> SessionSnapshot {
        try await auth.refreshSession()
    }
}
