public import WoteDomain

/// Signs the member out on every device (`[ext]`): the server ends every sign-in of the member,
/// then the local session ends as a logout; the other devices learn it at their next contact, with
/// ``SignOutReason/signedOutEverywhere``.
public struct LogoutEverywhereUseCase: Sendable {
    private let auth: any AuthRepository

    /// Creates the use case.
    ///
    /// - Parameter auth: the repository that owns the session.
    public init(auth: any AuthRepository) {
        self.auth = auth
    }

    /// Signs out everywhere.
    ///
    /// - Throws: ``WoteError/notSignedIn``; the server's refusal (a server without the extension)
    ///   or a network failure, with the session kept here.
    public func callAsFunction() async throws(WoteError) {
        try await auth.signOutEverywhere()
    }
}
