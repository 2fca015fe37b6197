/// Every failure WoteKit reports to an app, each one something a person or the app can act on.
///
/// ``message`` says it in a sentence a person understands, suitable for an alert.
public enum WoteError: Error, Sendable, Equatable, Hashable {
    /// The action needs a signed-in person and nobody is signed in.
    case notSignedIn
    /// The session ended (the refresh token expired or was rejected): sign in again.
    case sessionExpired
    /// The profile must be completed before this action.
    case profileRequired
    /// The nickname belongs to someone else.
    case nicknameTaken
    /// The nickname breaks the nickname rule.
    case invalidNickname(NicknameViolation)
    /// A sign-up field breaks its rule; nothing was sent.
    case invalidField(SignUpField, reason: String)
    /// A value given to WoteKit is not acceptable (for example a device token that is not hex).
    case invalidArgument(name: String, reason: String)
    /// The ID or password is wrong.
    case wrongCredentials
    /// The member is banned.
    case banned
    /// The member no longer exists (for example after withdrawal).
    case memberGone
    /// The server refused the request; `code` is its division code when it sent one.
    case rejected(code: String?, message: String)
    /// The server failed (HTTP or body status 5xx).
    case serverFailure(status: Int, code: String?, message: String)
    /// No HTTP answer arrived: offline, connection refused or reset.
    case networkUnavailable(String)
    /// The server did not answer in time.
    case timeout
    /// An answer arrived but could not be used; the text says what was wrong with it.
    case malformedResponse(String)
    /// The token store failed.
    case storageFailure(String)
    /// The server asked for more token refreshes in a short window than WoteKit allows; it stopped
    /// instead of looping.
    case tooManyRefreshes
    /// The caller's task was cancelled (the typed-throws form of `CancellationError`).
    case cancelled

    /// A sentence a person understands, suitable for an alert.
    public var message: String {
        switch self {
        case .notSignedIn: "Please sign in first."
        case .sessionExpired: "Your session has expired. Please sign in again."
        case .profileRequired: "Please complete your profile first."
        case .nicknameTaken: "That nickname is already taken."
        case .invalidNickname(let violation): violation.message
        case .invalidField(_, let reason): reason
        case .invalidArgument(let name, let reason): "\(name): \(reason)"
        case .wrongCredentials: "The ID or password is wrong."
        case .banned: "This account has been suspended."
        case .memberGone: "This account no longer exists."
        case .rejected(_, let message): message.isEmpty ? "The server refused the request." : message
        case .serverFailure: "The server is having trouble. Please try again later."
        case .networkUnavailable: "Cannot reach the server. Check your connection and try again."
        case .timeout: "The server took too long to answer. Please try again."
        case .malformedResponse: "The server sent an answer WoteKit could not read. Please try again later."
        case .storageFailure: "Your sign-in could not be saved or read on this device."
        case .tooManyRefreshes: "The server keeps rejecting new sign-in tokens. Please try again later."
        case .cancelled: "The request was cancelled."
        }
    }
}
