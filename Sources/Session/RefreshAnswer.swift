import WoteData
public import WoteDomain

/// What a refresh answer means.
public enum RefreshAnswer: Sendable, Equatable {
    /// A new pair; the old one is superseded.
    case renewed(TokenPair)
    /// The refresh token is dead: the session is over for this reason.
    case invalid(SignOutReason)
    /// A passing failure (server error, unreadable answer): keep the tokens, try again later.
    case transient(WoteError)
}
