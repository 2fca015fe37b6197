/// A change in the session, as the ``AuthRepository/sessionEvents()`` stream reports it.
public enum SessionEvent: Sendable, Equatable {
    /// The state found at launch, after the stored session was restored.
    case restored(AuthenticationState)
    /// A sign-in finished with a completed profile (also sent when the profile gets completed).
    case signedIn
    /// A sign-in finished, or a request found out, that the profile must be completed first.
    case profileRequired
    /// The tokens were renewed; the session goes on.
    case tokensRefreshed
    /// The session ended, with the reason.
    case signedOut(SignOutReason)
    /// A refresh failed for a passing reason (offline, time-out, server error); the tokens were kept.
    case refreshFailed(WoteError)
    /// Logout ended the session here (`signedOut(loggedOut)` came first), but the backend was not
    /// told, or refused: the refresh that had to come first was refused or could not reach it, the
    /// network failed, the deadline passed, or the backend answered with an error (the error says
    /// which). A push token sent with the logout may still be registered for the member.
    case serverNotToldOfLogout(WoteError)
}
