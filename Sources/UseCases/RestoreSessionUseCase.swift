public import WoteDomain

/// Restores the session at launch from the stored tokens and their expiry dates (auto-login).
public struct RestoreSessionUseCase: Sendable {
    private let auth: any AuthRepository

    /// Creates the use case.
    ///
    /// - Parameter auth: the repository that owns the session.
    public init(auth: any AuthRepository) {
        self.auth = auth
    }

    /// Restores the session: no network call while the access token is valid, one refresh when
    /// only the refresh token is.
    ///
    /// - Returns: the session as restored. Failures are states, never errors: signed out when
    ///   nothing usable was stored, ``AuthenticationState/storageUnavailable(reason:)`` when the
    ///   token store could not be read.
    public func callAsFunction() async -> SessionSnapshot {
        await auth.restoreSession()
    }
}
