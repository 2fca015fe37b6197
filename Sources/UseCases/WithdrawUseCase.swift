public import WoteDomain

/// Deletes the person's account on the server and ends the local session.
public struct WithdrawUseCase: Sendable {
    private let auth: any AuthRepository

    /// Creates the use case.
    ///
    /// - Parameter auth: the repository that owns the session.
    public init(auth: any AuthRepository) {
        self.auth = auth
    }

    /// Deletes the account. Ask the person to confirm before calling this: it cannot be undone.
    ///
    /// - Throws: ``WoteError/profileRequired`` while the profile is not completed (the account and
    ///   the session are kept); ``WoteError/notSignedIn``; a server or network failure, in which
    ///   case the local session has ended anyway.
    public func callAsFunction() async throws(WoteError) {
        try await auth.withdraw()
    }
}
