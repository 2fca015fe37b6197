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
}

extension SignOutReason {
    /// What a request gets when it needs the session that ended for this reason.
    public var errorWhenMissing: WoteError {
        switch self {
        case .sessionExpired: .sessionExpired
        case .banned: .banned
        case .memberGone: .memberGone
        case .appleCredentialRevoked: .appleCredentialRevoked
        case .noSession, .loggedOut, .endedElsewhere, .withdrawn, .storedSessionCorrupted: .notSignedIn
        }
    }
}
