public import WoteDomain

/// Signs a person in with any ``LoginProvider``: Sign in with Apple, Kakao, or an ID and password.
///
/// Every way of signing in goes through this one use case, so the session, the "profile required"
/// state and "keep me signed in" behave the same for all of them.
///
/// ```swift
/// func signInWithPassword(auth: any AuthRepository) async throws(WoteError) -> AuthenticationState {
///     let login = LoginUseCase(auth: auth)
///     return try await login(.account("wote01", password: typed), remember: true)
/// }
/// ```
public struct LoginUseCase: Sendable {
    private let auth: any AuthRepository

    /// Creates the use case.
    ///
    /// - Parameter auth: the repository that owns the session.
    public init(auth: any AuthRepository) {
        self.auth = auth
    }

    /// Obtains a credential from `provider` and signs in with it.
    ///
    /// - Parameters:
    ///   - provider: where the credential comes from; it may show its own UI.
    ///   - remember: `true` keeps the session for the next launch ("keep me signed in");
    ///     `false` keeps it in memory only.
    /// - Returns: ``AuthenticationState/signedIn``, or ``AuthenticationState/profileRequired`` for a
    ///   member who must complete the profile first (a successful sign-in, not an error).
    /// - Throws: ``WoteError/cancelled`` when the person backed out of the provider or the task was
    ///   cancelled before the sign-in request; ``WoteError/wrongCredentials``, ``WoteError/banned``,
    ///   ``WoteError/rejected(code:message:)`` and network failures from the server.
    public func callAsFunction(_ provider: some LoginProvider, remember: Bool) async throws(WoteError)
        -> AuthenticationState
    {
        let credential = try await provider.credential()
        // The provider's UI may have taken a while; a caller that gave up meanwhile should not
        // end up signed in behind its back.
        if Task.isCancelled { throw .cancelled }
        return try await auth.signIn(with: credential, remember: remember)
    }
}
