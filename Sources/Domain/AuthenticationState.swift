/// Where the person stands with Wote; the launch screen routes on it.
public enum AuthenticationState: Sendable, Equatable, Hashable {
    /// Nobody is signed in; the reason says why (never signed in, logged out, session expired, ...).
    case signedOut(SignOutReason)
    /// Signed in, but the profile is not completed: only nickname check and profile setup work.
    case profileRequired
    /// Signed in with a completed profile.
    case signedIn
    /// The token store could not be read at all (for example a locked Keychain); the stored session
    /// was neither used nor deleted. Try again later.
    case storageUnavailable(reason: String)

    /// Whether the person holds tokens (signed in, with or without a completed profile).
    public var hasSession: Bool {
        switch self {
        case .profileRequired, .signedIn: true
        case .signedOut, .storageUnavailable: false
        }
    }
}

/// Why nobody is signed in.
public enum SignOutReason: Sendable, Equatable, Hashable {
    /// No session was ever stored.
    case noSession
    /// The person logged out.
    case loggedOut
    /// The person deleted the account.
    case withdrawn
    /// The refresh token expired or was rejected: sign in again.
    case sessionExpired
    /// The server says the member is banned.
    case banned
    /// The server says the member no longer exists.
    case memberGone
    /// The stored session could be read but made no sense; it was discarded.
    case storedSessionCorrupted(String)
}

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

/// The session as it stands: its state and, while there is one, its tokens and their expiry dates.
public struct SessionSnapshot: Sendable, Equatable {
    /// The authentication state.
    public var state: AuthenticationState
    /// The current tokens, when signed in; their description is redacted.
    public var tokens: TokenPair?
    /// Whether the session is kept in the token store ("keep me signed in") or in memory only.
    public var isPersistent: Bool
    /// A passing failure met while producing this snapshot (a refresh at launch that could not reach
    /// the server); the session was kept. `nil` when all went well.
    public var warning: WoteError?

    /// Creates a snapshot.
    public init(
        state: AuthenticationState, tokens: TokenPair? = nil, isPersistent: Bool = true, warning: WoteError? = nil
    ) {
        self.state = state
        self.tokens = tokens
        self.isPersistent = isPersistent
        self.warning = warning
    }
}
