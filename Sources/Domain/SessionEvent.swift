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
}
