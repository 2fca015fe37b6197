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
