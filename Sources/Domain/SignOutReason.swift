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
    /// Sign in with Apple was turned off for this app, or the Apple ID is gone: sign in again.
    case appleCredentialRevoked
    /// The stored session could be read but made no sense; it was discarded.
    case storedSessionCorrupted(String)
}

extension SignOutReason {
    /// What a request gets when it needs the session that ended for this reason.
    public var errorWhenMissing: WoteError {
        switch self {
        case .sessionExpired: .sessionExpired
        case .banned: .banned
        case .memberGone: .memberGone
        case .appleCredentialRevoked: .appleCredentialRevoked
        case .noSession, .loggedOut, .withdrawn, .storedSessionCorrupted: .notSignedIn
        }
    }
}
