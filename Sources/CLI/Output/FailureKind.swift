/// The kinds of failure `wote` reports, each with its exit code; the raw value is the `kind` of
/// the `--json` error object.
package enum FailureKind: String, Sendable, CaseIterable {
    case usage
    case notSignedIn
    case sessionExpired
    case banned
    case memberGone
    case profileRequired
    case rejected
    case invalidNickname
    case nicknameTaken
    case network
    case timeout
    case server
    case malformedResponse
    case storage
    /// The request was cancelled; `wote` never cancels its own requests, so this is only reachable
    /// when the process is being torn down.
    case cancelled

    /// The process exit code for this kind.
    package var exitCode: Int32 {
        switch self {
        case .usage: 2
        case .notSignedIn, .sessionExpired, .banned, .memberGone: 3
        case .profileRequired: 4
        case .rejected, .invalidNickname, .nicknameTaken: 5
        case .network, .timeout: 6
        case .server, .malformedResponse: 7
        case .storage: 8
        // The shell's convention for a process that was interrupted (128 + SIGINT).
        case .cancelled: 130
        }
    }
}
