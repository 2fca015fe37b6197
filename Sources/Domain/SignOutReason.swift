/// Why nobody is signed in.
public enum SignOutReason: Sendable, Equatable, Hashable {
    /// No session was ever stored.
    case noSession
    /// The person logged out.
    case loggedOut
    /// Another process sharing the store (the app, its widget or an extension, see
    /// `Docs/Extensions.md`) ended the session: it logged out, withdrew, or was told the session is
    /// dead. This process heard it from the store.
    case endedElsewhere
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
    /// Apple says the Sign in with Apple credential the session began with was revoked (or no
    /// longer exists): the person stopped using Sign in with Apple for this app.
    case appleCredentialRevoked
    /// The answer to a refresh was lost (a time-out, a dropped connection, the app suspended or
    /// killed while it was out), and the server no longer accepts the refresh token that refresh
    /// sent: it rotated the pair, and the pair never arrived. WoteKit sent the same token again and
    /// the server refused it (a server without the grace extension, or after its window). Sign in
    /// again; the server, not the person, ended the session.
    case refreshAnswerLost
}

extension SignOutReason {
    /// What a request gets when it needs the session that ended for this reason.
    public var errorWhenMissing: WoteError {
        switch self {
        case .sessionExpired, .refreshAnswerLost: .sessionExpired
        case .banned: .banned
        case .memberGone: .memberGone
        case .appleCredentialRevoked: .appleCredentialRevoked
        case .noSession, .loggedOut, .endedElsewhere, .withdrawn, .storedSessionCorrupted: .notSignedIn
        }
    }
}
