/// Signs people in and out and owns the session: the use cases' door to tokens and state.
public protocol AuthRepository: Sendable {
    /// Signs in with `credential` and stores the tokens.
    ///
    /// A member whose profile is not completed is signed in too, into ``AuthenticationState/profileRequired``.
    /// - Parameters:
    ///   - credential: an authorization code or an ID and password.
    ///   - remember: `true` keeps the session in the token store for the next launch; `false` keeps
    ///     it in memory only and removes any stored session.
    /// - Returns: ``AuthenticationState/signedIn`` or ``AuthenticationState/profileRequired``.
    /// - Throws: ``WoteError``; nothing is stored then.
    func signIn(with credential: LoginCredential, remember: Bool) async throws(WoteError) -> AuthenticationState

    /// Ends the local session at once, then tells the server with the session's tokens (refreshing
    /// first when the access token has expired); the local session ends whatever the server answers,
    /// and a ``SessionEvent/serverNotToldOfLogout(_:)`` event says when it could not be told.
    ///
    /// - Parameter deviceToken: the push token to unregister, if any.
    /// - Throws: ``WoteError/storageFailure(_:)`` only when the stored tokens could not be deleted;
    ///   the in-memory session has ended all the same.
    func signOut(deviceToken: String?) async throws(WoteError)

    /// Deletes the account on the server and ends the local session.
    ///
    /// - Throws: ``WoteError/profileRequired`` (the session is kept, the account exists), or the
    ///   server or network failure after the local session was ended anyway.
    func withdraw() async throws(WoteError)

    /// Deletes the account on the server with the provider's step-up (a fresh Sign in with Apple
    /// authorization code, which the server revokes at Apple) and ends the local session.
    ///
    /// - Parameter stepUp: what the provider gave for the withdrawal.
    /// - Throws: as ``withdraw()``; and ``WoteError/rejected(code:message:)`` with code `A001` when
    ///   the server refused the step-up (the account and the session are kept).
    func withdraw(stepUp: WithdrawalStepUp) async throws(WoteError)

    /// Ends every sign-in of the member on the server (`[ext]`), then the local session, as a
    /// logout: the member's other devices learn it at their next contact
    /// (``SignOutReason/signedOutEverywhere``).
    ///
    /// - Throws: ``WoteError/notSignedIn``; the server's refusal (a server without the extension)
    ///   or a network failure, with the session kept here.
    func signOutEverywhere() async throws(WoteError)

    /// Restores the session from the token store at launch, refreshing only when the access token
    /// has expired and the refresh token has not.
    ///
    /// - Returns: the session as restored; never throws, failures become states.
    func restoreSession() async -> SessionSnapshot

    /// Renews the tokens now.
    ///
    /// - Returns: the session with its new tokens.
    /// - Throws: ``WoteError/notSignedIn``, ``WoteError/sessionExpired`` or a passing failure.
    func refreshSession() async throws(WoteError) -> SessionSnapshot

    /// The session as it stands, without any network call.
    func currentSession() async -> SessionSnapshot

    /// A new stream of session events; every call gets its own stream, and every stream sees
    /// every event from the moment it was created.
    func sessionEvents() -> AsyncStream<SessionEvent>
}

extension AuthRepository {
    /// A repository that cannot send a step-up withdraws without it.
    ///
    /// - Parameter stepUp: ignored.
    public func withdraw(stepUp: WithdrawalStepUp) async throws(WoteError) {
        try await withdraw()
    }

    /// A repository without the `[ext]` endpoint refuses "sign out everywhere"; the session is kept.
    public func signOutEverywhere() async throws(WoteError) {
        throw .rejected(code: nil, message: "sign out everywhere: this server does not offer it")
    }
}
