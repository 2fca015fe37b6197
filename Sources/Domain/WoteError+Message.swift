public import Foundation

extension WoteError: LocalizedError {
    /// A sentence a person understands, suitable for an alert, in the person's language (Korean
    /// or English; see ``WoteLocalization``). A refusal without a kind of its own shows the
    /// server's message when it sent one.
    ///
    /// A text WoteKit did not write (the server's message, an app's reason) is shown with anything
    /// that looks like a credential masked, so that logging the message, or
    /// `localizedDescription`, never writes a token a server echoed. ``serverMessage`` keeps the
    /// server's text as it came.
    public var message: String { message(in: nil) }

    /// ``message`` in `language` (`"ko"`, `"en"`); `nil` for the language in use.
    public func message(in language: String?) -> String {
        func text(_ key: String, _ values: [String: String] = [:]) -> String {
            WoteLocalization.text(key, values, in: language)
        }
        switch kind {
        case .invalidNickname:
            return nicknameViolation?.message(in: language) ?? text(kind.rawValue)
        case .invalidField:
            return detail.map(LogRedaction.redacting) ?? text(kind.rawValue)
        case .invalidArgument:
            return text(
                kind.rawValue,
                ["name": LogRedaction.redacting(argument ?? "value"), "reason": LogRedaction.redacting(detail ?? "")])
        case .rejected:
            if let serverMessage, !serverMessage.isEmpty { return LogRedaction.redacting(serverMessage) }
            return text(kind.rawValue)
        default:
            let sentence = text(kind.rawValue)
            // A kind an app defined has no text of its own: the server's message, else a refusal.
            if sentence == kind.rawValue {
                return serverMessage.map(LogRedaction.redacting) ?? text(Kind.rejected.rawValue)
            }
            return sentence
        }
    }

    /// The same sentence as ``message``, for `LocalizedError`: credentials masked.
    public var errorDescription: String? { message }
}
