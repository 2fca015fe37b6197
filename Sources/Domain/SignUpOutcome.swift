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
        case .created: WoteLocalization.text("signUp.created")
        case .refused(let message): message.isEmpty ? WoteLocalization.text("signUp.refused") : message
        case .malformedRequest(let message):
            message.isEmpty ? WoteLocalization.text("signUp.malformedRequest") : message
        case .serverFailure(let error), .networkUnavailable(let error): error.message
        }
    }
}
