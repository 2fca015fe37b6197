/// One sign-in of a member: the chain of token pairs that refreshes rotate.
struct Session: Sendable {
    let id: Int
    let memberID: Int
    var accessJTI: String
    var refreshJTI: String
    /// Revoked by strict rotation, withdrawal, a logout that named the refresh token, "sign out
    /// everywhere" or an unlink: every token of the session is refused.
    var revoked = false
    /// The `[ext]` code every token of a revoked session is refused with when the end has its own
    /// verdict (X001 "sign out everywhere", X002 unlinked); `nil` answers as before (E006/E016).
    var endingCode: DivisionCode?
    /// The session's latest refresh: what `grace` mode answers when its refresh token comes again.
    var lastRotation: Rotation?
}

/// One refresh of a session: the refresh token it superseded, when, and the pair it issued.
struct Rotation: Sendable {
    let supersededRefreshJTI: String
    let atMilliseconds: Int64
    let pair: TokenPairDTO
}

/// What the server remembers of each token it issued, by `jti`.
struct TokenRecord: Sendable {
    enum State: Sendable {
        /// The session's latest token of its kind.
        case current
        /// Replaced by a refresh.
        case superseded
        /// An access token banned by logout.
        case loggedOut
    }

    let sessionID: Int
    let kind: TokenClaims.Kind
    let expiresAtMilliseconds: Int64
    var state: State
}
