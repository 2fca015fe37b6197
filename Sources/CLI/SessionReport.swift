import Foundation
import WoteKit

/// How `login`, `signin`, `status` and `refresh` print a session: its state and expiry dates, and
/// the tokens only when `--show-tokens` asked for them.
struct SessionReport {
    let state: AuthenticationState
    let accessTokenExpiresAt: Date?
    let refreshTokenExpiresAt: Date?
    /// The tokens to print; `nil` unless `--show-tokens` was given.
    let shownTokens: TokenPair?
    /// Whether the session is kept in the store; `false` after `--no-remember`.
    let isPersistent: Bool

    /// A report of `snapshot`.
    ///
    /// - Parameters:
    ///   - snapshot: the session; only its expiry dates are read, and its tokens when `showTokens`.
    ///   - showTokens: whether `--show-tokens` was given.
    init(_ snapshot: SessionSnapshot, showTokens: Bool) {
        let signedIn = snapshot.state.hasSession
        state = snapshot.state
        accessTokenExpiresAt = signedIn ? snapshot.tokens?.accessTokenExpiresAt : nil
        refreshTokenExpiresAt = signedIn ? snapshot.tokens?.refreshTokenExpiresAt : nil
        shownTokens = signedIn && showTokens ? snapshot.tokens : nil
        isPersistent = snapshot.isPersistent
    }

    /// The state's name in `--json` output.
    static func name(of state: AuthenticationState) -> String {
        switch state {
        case .signedIn: "signedIn"
        case .profileRequired: "profileRequired"
        case .signedOut, .storageUnavailable: "signedOut"
        }
    }

    var output: CommandOutput {
        var members: [(String, JSONValue)] = [
            ("state", .string(Self.name(of: state))),
            ("accessTokenExpiresAt", .date(accessTokenExpiresAt)),
            ("refreshTokenExpiresAt", .date(refreshTokenExpiresAt)),
        ]
        if let shownTokens {
            members.append(("accessToken", .string(shownTokens.accessToken)))
            members.append(("refreshToken", .string(shownTokens.refreshToken)))
        }
        return CommandOutput(text: text, json: .object(members))
    }

    private var text: String {
        var lines = [Self.headline(for: state)]
        if let accessTokenExpiresAt { lines.append("  access token expires   \(ISODate.format(accessTokenExpiresAt))") }
        if let refreshTokenExpiresAt {
            lines.append("  refresh token expires  \(ISODate.format(refreshTokenExpiresAt))")
        }
        if state.hasSession && !isPersistent {
            lines.append("  not saved (--no-remember): the next wote command starts signed out")
        }
        if let shownTokens {
            lines.append("  access token   \(shownTokens.accessToken)")
            lines.append("  refresh token  \(shownTokens.refreshToken)")
        }
        return lines.joined(separator: "\n")
    }

    /// One sentence for the state.
    static func headline(for state: AuthenticationState) -> String {
        switch state {
        case .signedIn: "Signed in."
        case .profileRequired:
            "Signed in, but the profile is not completed yet: run 'wote profile setup --nickname N "
                + "--school-name S --school-region R'."
        case .signedOut(let reason): "Signed out" + explanation(of: reason)
        case .storageUnavailable(let reason): "The session store cannot be read: \(reason)"
        }
    }

    private static func explanation(of reason: SignOutReason) -> String {
        switch reason {
        case .noSession, .loggedOut, .withdrawn: "."
        case .sessionExpired: ": " + WoteError.sessionExpired.message
        case .banned: ": " + WoteError.banned.message
        case .memberGone: ": " + WoteError.memberGone.message
        case .storedSessionCorrupted: ": the saved session could not be read. Please sign in again."
        case .appleCredentialRevoked: ": Sign in with Apple was turned off for this app. Please sign in again."
        }
    }
}
