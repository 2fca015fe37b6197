public import WoteDomain

/// What an answer on an authenticated path means for the session.
public enum ProtectedAnswer: Sendable, Equatable {
    /// Nothing for the session to do; the caller reads the answer.
    case accepted
    /// The access token was not accepted: refresh once and retry once.
    case accessTokenRejected
    /// The profile must be completed first: no refresh, no sign-out.
    case profileRequired
    /// The session is over (member banned or gone).
    case sessionEnded(SignOutReason)
}
