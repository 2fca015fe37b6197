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
        if let accessTokenExpiresAt {
            lines.append(
                localized("  access token expires   ", ko: "  액세스 토큰 만료    ") + ISODate.format(accessTokenExpiresAt))
        }
        if let refreshTokenExpiresAt {
            lines.append(
                localized("  refresh token expires  ", ko: "  리프레시 토큰 만료  ") + ISODate.format(refreshTokenExpiresAt))
        }
        if state.hasSession && !isPersistent {
            lines.append(
                localized(
                    "  not saved (--no-remember): the next wote command starts signed out",
                    ko: "  저장하지 않음 (--no-remember): 다음 wote 명령은 로그아웃 상태로 시작합니다"))
        }
        if let shownTokens {
            lines.append(localized("  access token   ", ko: "  액세스 토큰    ") + shownTokens.accessToken)
            lines.append(localized("  refresh token  ", ko: "  리프레시 토큰  ") + shownTokens.refreshToken)
        }
        return lines.joined(separator: "\n")
    }

    /// One sentence for the state.
    static func headline(for state: AuthenticationState) -> String {
        switch state {
        case .signedIn: localized("Signed in.", ko: "로그인되어 있습니다.")
        case .profileRequired:
            localized(
                "Signed in, but the profile is not completed yet: run 'wote profile setup --nickname N "
                    + "--school-name S --school-region R'.",
                ko: "로그인했지만 프로필이 아직 완성되지 않았습니다: 'wote profile setup --nickname N "
                    + "--school-name S --school-region R'을 실행하세요.")
        case .signedOut(let reason): localized("Signed out", ko: "로그아웃 상태입니다") + explanation(of: reason)
        case .storageUnavailable(let reason):
            localized("The session store cannot be read: ", ko: "세션 저장소를 읽을 수 없습니다: ") + reason
        }
    }

    private static func explanation(of reason: SignOutReason) -> String {
        switch reason {
        case .noSession, .loggedOut, .withdrawn: "."
        case .endedElsewhere: localized(" by another process.", ko: " (다른 프로세스에서 로그아웃했습니다).")
        case .sessionExpired, .banned, .memberGone, .appleCredentialRevoked: ": " + reason.errorWhenMissing.message
        case .signedOutEverywhere:
            localized(
                ": signed out on another device (sign out everywhere). Please sign in again.",
                ko: ": 다른 기기에서 모든 기기 로그아웃을 했습니다. 다시 로그인해 주세요.")
        case .providerUnlinked:
            localized(
                ": the app was unlinked at the sign-in provider. Please sign in again.",
                ko: ": 로그인 제공자에서 앱 연결이 해제되었습니다. 다시 로그인해 주세요.")
        case .refreshAnswerLost:
            localized(
                ": the answer to a refresh was lost, and the server no longer accepts its token. Please sign in again.",
                ko: ": 토큰 갱신 응답이 유실되었고 서버가 더 이상 그 토큰을 받지 않습니다. 다시 로그인해 주세요.")
        case .storedSessionCorrupted:
            localized(
                ": the saved session could not be read. Please sign in again.",
                ko: ": 저장된 세션을 읽을 수 없습니다. 다시 로그인해 주세요.")
        }
    }
}
