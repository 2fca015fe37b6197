/// A change in the session, as the ``AuthRepository/sessionEvents()`` stream reports it.
///
/// A stream starts with the session's current state: ``initialState(_:)`` when the session is
/// known (restored, or signed in or out since the client was created), else the ``restored(_:)``
/// that the restore at launch sends. New cases may be added: switch with a `default:`.
public enum SessionEvent: Sendable, Equatable {
    /// The state as it stood when this stream was created: the first element of a stream made
    /// once the session is known.
    case initialState(AuthenticationState)
    /// The state found at launch, after the stored session was restored.
    case restored(AuthenticationState)
    /// A sign-in finished with a completed profile (also sent when the profile gets completed).
    case signedIn
    /// A sign-in finished, or a request found out, that the profile must be completed first.
    case profileRequired
    /// A token refresh began; ``refreshEnded`` follows once it is over, whatever its outcome.
    case refreshStarted
    /// The refresh that ``refreshStarted`` announced is over: its outcome (``tokensRefreshed`` or
    /// ``refreshFailed(_:)``) was sent before; when the refresh ended the session, or the session it
    /// belonged to ended, ``signedOut(_:)`` follows.
    case refreshEnded
    /// The tokens were renewed; the session goes on.
    case tokensRefreshed
    /// The session ended, with the reason.
    case signedOut(SignOutReason)
    /// A refresh failed for a passing reason (offline, time-out, server error), or the token store
    /// could not be written; the tokens were kept and the session goes on.
    case refreshFailed(WoteError)
    /// The signed-in member's profile was fetched (by any caller of the client); the session goes on.
    case profileFetched(User)
    /// Logout ended the session here (`signedOut(loggedOut)` came first), but the backend was not
    /// told, or refused: the refresh that had to come first was refused or could not reach it, the
    /// network failed, the deadline passed, or the backend answered with an error (the error says
    /// which). A push token sent with the logout may still be registered for the member.
    case serverNotToldOfLogout(WoteError)

    /// The authentication state the session is in after this event, for the events that set it;
    /// `nil` for the ones that leave it as it was (refreshes, a passing failure, a fetched profile).
    public var state: AuthenticationState? {
        switch self {
        case .initialState(let state), .restored(let state): state
        case .signedIn: .signedIn
        case .profileRequired: .profileRequired
        case .signedOut(let reason): .signedOut(reason)
        case .refreshStarted, .refreshEnded, .tokensRefreshed, .refreshFailed, .profileFetched,
            .serverNotToldOfLogout:
            nil
        }
    }
}
