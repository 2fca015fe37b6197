extension WoteError {
    /// A sentence a person understands, suitable for an alert.
    public var message: String {
        switch kind {
        case .notSignedIn: "Please sign in first."
        case .sessionExpired: "Your session has expired. Please sign in again."
        case .profileRequired: "Please complete your profile first."
        case .consumerTypeRequired: "Please choose your consumer type first."
        case .nicknameTaken: "That nickname is already taken."
        case .invalidNickname: nicknameViolation?.message ?? "That nickname cannot be used."
        case .invalidField: detail ?? "A field is not filled in correctly."
        case .invalidArgument: "\(argument ?? "value"): \(detail ?? "not acceptable")"
        case .wrongCredentials: "The ID or password is wrong."
        case .banned: "This account has been suspended."
        case .memberGone: "This account no longer exists."
        case .appleCredentialRevoked: "Sign in with Apple was turned off for this app. Please sign in again."
        case .serverFailure: "The server is having trouble. Please try again later."
        case .networkUnavailable: "Cannot reach the server. Check your connection and try again."
        case .timeout: "The server took too long to answer. Please try again."
        case .malformedResponse: "The server sent an answer WoteKit could not read. Please try again later."
        case .storageFailure: "Your sign-in could not be saved or read on this device."
        case .tooManyRefreshes: "The server keeps rejecting new sign-in tokens. Please try again later."
        case .foreignOrigin: "WoteKit sends requests only to the configured server."
        case .notFound: "That no longer exists."
        case .alreadyVoted: "You have already voted on this post."
        case .notAllowed: "Only the author can do that."
        case .invalidRequest: "The server did not accept the request."
        case .cancelled: "The request was cancelled."
        default: refusalMessage
        }
    }

    /// The server's message for a refusal, or a sentence that fits the code when it sent none.
    private var refusalMessage: String {
        if let serverMessage, !serverMessage.isEmpty { return serverMessage }
        return "The server refused the request."
    }
}
