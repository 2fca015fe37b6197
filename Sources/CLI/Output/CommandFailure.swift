import WoteKit

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
    /// ``WoteError/invalidField(_:reason:)``) are usage errors naming the argument.
    package init(_ error: WoteError) {
        switch error {
        case .notSignedIn: self.init(kind: .notSignedIn, message: error.message)
        case .sessionExpired: self.init(kind: .sessionExpired, message: error.message)
        case .banned: self.init(kind: .banned, message: error.message, code: "E018")
        case .memberGone: self.init(kind: .memberGone, message: error.message, code: "E001")
        case .profileRequired: self.init(kind: .profileRequired, message: error.message, code: "E009")
        case .nicknameTaken: self.init(kind: .nicknameTaken, message: error.message, code: "E013")
        case .invalidNickname: self.init(kind: .invalidNickname, message: error.message)
        case .invalidField(let field, let reason): self.init(kind: .usage, message: "\(field.argumentName): \(reason)")
        case .invalidArgument(let name, let reason): self.init(kind: .usage, message: "\(name): \(reason)")
        case .wrongCredentials: self.init(kind: .rejected, message: error.message, code: "A002")
        case .rejected(let code, _): self.init(kind: .rejected, message: error.message, code: code)
        case .serverFailure(let status, let code, _):
            self.init(kind: .server, message: "\(error.message) (HTTP status \(status))", code: code)
        case .tooManyRefreshes: self.init(kind: .server, message: error.message)
        case .networkUnavailable: self.init(kind: .network, message: error.message)
        case .timeout: self.init(kind: .timeout, message: error.message)
        case .malformedResponse: self.init(kind: .malformedResponse, message: error.message)
        case .storageFailure(let reason): self.init(kind: .storage, message: "\(error.message) (\(reason))")
        case .cancelled: self.init(kind: .cancelled, message: error.message)
        }
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
        case .email: "--email"
        case .phone: "--phone"
        }
    }
}
