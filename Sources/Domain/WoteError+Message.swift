public import Foundation

extension WoteError: LocalizedError {
    /// A sentence a person understands, suitable for an alert, in the person's language (Korean
    /// or English; see ``WoteLocalization``). A refusal without a kind of its own shows the
    /// server's message when it sent one.
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
            return detail ?? text(kind.rawValue)
        case .invalidArgument:
            return text(kind.rawValue, ["name": argument ?? "value", "reason": detail ?? ""])
        case .rejected:
            if let serverMessage, !serverMessage.isEmpty { return serverMessage }
            return text(kind.rawValue)
        default:
            let sentence = text(kind.rawValue)
            // A kind an app defined has no text of its own: the server's message, else a refusal.
            if sentence == kind.rawValue { return serverMessage ?? text(Kind.rejected.rawValue) }
            return sentence
        }
    }

    /// The same sentence as ``message``, for `LocalizedError`.
    public var errorDescription: String? { message }
}
