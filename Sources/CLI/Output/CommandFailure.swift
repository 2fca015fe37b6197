package import WoteKit

/// Why a command failed: its kind (and so its exit code), a sentence a person understands, and the
/// server's division code when one stands for it.
package struct CommandFailure: Error, Sendable, Equatable {
    /// The kind, as `--json` reports it.
    package var kind: FailureKind
    /// A sentence for the person.
    package var message: String
    /// The division code that stands for the failure (`E013`, `A002`, ...), or `nil`.
    package var code: String?
    /// Whether the command already told the person (the demo narrates its own failure), so only
    /// the exit code is left to give.
    package var isAlreadyReported = false

    /// Creates a failure.
    package init(kind: FailureKind, message: String, code: String? = nil) {
        self.kind = kind
        self.message = message
        self.code = code
    }

    /// A wrong command line, found before any request was made.
    ///
    /// - Parameter message: what is wrong, naming the argument.
    package static func usage(_ message: String) -> CommandFailure {
        CommandFailure(kind: .usage, message: message)
    }

    /// The failure for a WoteKit error: the one place the front looks at a ``WoteError``'s kind.
    ///
    /// Values WoteKit refuses before any request (``WoteError/invalidArgument(name:reason:)``,
    /// ``WoteError/invalidField(_:reason:)``) are usage errors naming the argument. A text WoteKit
    /// did not write (the server's message, a cause) is shown with any credential masked, in the
    /// text and in `--json` alike.
    package init(_ error: WoteError) {
        let kind: FailureKind
        var message = error.message
        switch error.kind {
        case .notSignedIn: kind = .notSignedIn
        case .sessionExpired, .appleCredentialRevoked: kind = .sessionExpired
        case .banned: kind = .banned
        case .memberGone: kind = .memberGone
        case .profileRequired: kind = .profileRequired
        case .consumerTypeRequired:
            kind = .profileRequired
            message = localized(
                "Choose your consumer type first: wote consumer-type set TYPE.",
                ko: "먼저 소비 성향을 고르세요: wote consumer-type set TYPE.")
        case .nicknameTaken: kind = .nicknameTaken
        case .invalidNickname: kind = .invalidNickname
        case .invalidField:
            kind = .usage
            message = "\(error.field?.argumentName ?? "field"): \(error.detail.map(LogRedaction.redacting) ?? message)"
        case .invalidArgument, .foreignOrigin: kind = .usage
        case .serverFailure:
            kind = .server
            if let status = error.status {
                message += localized(" (HTTP status \(status))", ko: " (HTTP 상태 \(status))")
            }
        case .tooManyRefreshes: kind = .server
        case .networkUnavailable: kind = .network
        case .timeout: kind = .timeout
        case .malformedResponse: kind = .malformedResponse
        case .storageFailure:
            kind = .storage
            if let reason = error.detail { message += " (\(LogRedaction.redacting(reason)))" }
        case .cancelled: kind = .cancelled
        default: kind = .rejected
        }
        self.init(kind: kind, message: message, code: error.code)
    }

    /// The same failure, marked as already told to the person.
    package func alreadyReported() -> CommandFailure {
        var failure = self
        failure.isAlreadyReported = true
        return failure
    }

    /// The `--json` error object.
    package var json: JSONValue {
        .object([
            (
                "error",
                .object([("kind", .string(kind.rawValue)), ("message", .string(message)), ("code", .string(code))])
            )
        ])
    }
}

extension SignUpField {
    /// How the command line names the field.
    package var argumentName: String {
        switch self {
        case .loginId: "--login-id"
        case .password: "password (first line of standard input)"
        case .name: "--name"
        case .email: "e-mail (second line of standard input, or --contact-file)"
        case .phone: "phone (third line of standard input, or --contact-file)"
        }
    }
}
