public import WoteDomain

/// How a sign-up the server answered ended; ``message`` says it to the person.
public enum SignUpOutcome: Sendable, Equatable, Hashable {
    /// The account exists; the person can sign in with it now.
    case created
    /// The server refused the sign-up (for example the ID is taken); `message` is the server's
    /// own sentence for the person, to be shown as it is.
    case refused(message: String)
    /// The server found the request malformed; `message` is what it said.
    case malformedRequest(message: String)
    /// The server failed, or its answer could not be read.
    case serverFailure(WoteError)
    /// The server could not be reached (offline, refused connection, time-out).
    case networkUnavailable(WoteError)

    /// Whether the account was created.
    public var isCreated: Bool { self == .created }

    /// A sentence for the person: the server's message for a refusal, a fitting one otherwise.
    public var message: String {
        switch self {
        case .created: "Your account was created. You can sign in now."
        case .refused(let message): message.isEmpty ? "The server refused the sign-up." : message
        case .malformedRequest(let message):
            message.isEmpty ? "The sign-up request was not accepted. Please check the fields." : message
        case .serverFailure(let error), .networkUnavailable(let error): error.message
        }
    }
}

extension SignUpOutcome {
    /// Sorts a failure of ``AccountRepository/signUp(_:)`` into an outcome, or `nil` for failures
    /// that are not the server's answer (a local field problem, cancellation).
    ///
    /// The sign-up endpoint's older envelope carries no division code: a refusal on HTTP 200 arrives
    /// as `rejected` without a code. A malformed-request answer (HTTP 400) arrives as `rejected`
    /// with a code, or as a 4xx `serverFailure`.
    init?(classifying error: WoteError) {
        switch error {
        case .rejected(code: nil, let message):
            self = .refused(message: message)
        case .rejected(code: .some, let message):
            self = .malformedRequest(message: message)
        case .serverFailure(let status, _, let message) where (400..<500).contains(status):
            self = .malformedRequest(message: message)
        case .serverFailure, .malformedResponse:
            self = .serverFailure(error)
        case .networkUnavailable, .timeout:
            self = .networkUnavailable(error)
        case .notSignedIn, .sessionExpired, .profileRequired, .nicknameTaken, .invalidNickname, .invalidField,
            .invalidArgument, .wrongCredentials, .banned, .memberGone, .storageFailure, .tooManyRefreshes,
            .cancelled:
            return nil
        }
    }
}
