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
    /// The member chose "sign out everywhere" on another device (``SignOutReason`` of a
    /// `logoutEverywhere()` elsewhere): the server ended every sign-in of the member, and this one
    /// learned it at its next contact (an `[ext]` verdict, X001). Sign in again.
    case signedOutEverywhere
    /// The server says the member unlinked the app at the sign-in provider (Kakao's unlink, Apple's
    /// consent revoked, reported to the server; an `[ext]` verdict, X002): every session ended.
    /// Signing in again links the app anew.
    case providerUnlinked
}

extension SignOutReason {
    /// What a request gets when it needs the session that ended for this reason.
    public var errorWhenMissing: WoteError {
        switch self {
        case .sessionExpired, .refreshAnswerLost, .signedOutEverywhere, .providerUnlinked: .sessionExpired
        case .banned: .banned
        case .memberGone: .memberGone
        case .appleCredentialRevoked: .appleCredentialRevoked
        case .noSession, .loggedOut, .endedElsewhere, .withdrawn, .storedSessionCorrupted: .notSignedIn
        }
    }

    /// What to tell a person signed out for this reason, in WoteKit's language; `nil` when they
    /// asked for it here (a logout, a withdrawal, no session, or this app's other process).
    ///
    /// ```swift
    /// if let sentence = SignOutReason.signedOutEverywhere.explanation { print(sentence) }
    /// ```
    public var explanation: String? {
        switch self {
        case .noSession, .loggedOut, .endedElsewhere, .withdrawn: nil
        case .sessionExpired, .refreshAnswerLost, .banned, .memberGone, .appleCredentialRevoked:
            errorWhenMissing.message
        case .storedSessionCorrupted: WoteLocalization.text("session.storedSessionCorrupted")
        case .signedOutEverywhere: WoteLocalization.text("session.signedOutEverywhere")
        case .providerUnlinked: WoteLocalization.text("session.providerUnlinked")
        }
    }
}
