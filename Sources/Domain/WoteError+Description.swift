extension WoteError: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// One line for logs and test failures: the kind, the server's division code when there is
    /// one, and ``message``, such as `WoteError.rejected (E002): That no longer exists.`.
    ///
    /// Anything that looks like a token is masked, and line breaks become spaces.
    public var description: String {
        let code = code.map { " (\($0))" } ?? ""
        return LogRedaction.redacting("WoteError.\(kind.rawValue)\(code): \(message)")
    }

    /// ``description`` followed by what a developer needs to find the cause: the HTTP or body
    /// status, the server's own message, the argument or field, and the underlying failure
    /// (``detail``). Still one line, and still without any token.
    public var debugDescription: String {
        var notes: [String] = []
        if let status { notes.append("status \(status)") }
        if let serverMessage, !serverMessage.isEmpty, serverMessage != message {
            notes.append("server said \"\(serverMessage)\"")
        }
        if let argument { notes.append("argument \(argument)") }
        if let field { notes.append("field \(field)") }
        if let nicknameViolation { notes.append("violation \(nicknameViolation)") }
        if let detail, !message.contains(detail) { notes.append("cause: \(detail)") }
        let text = notes.isEmpty ? description : "\(description) [\(notes.joined(separator: "; "))]"
        return LogRedaction.redacting(text)
    }

    /// The kind, code and message only: `dump` shows neither a server's message nor a cause,
    /// which could hold a credential.
    public var customMirror: Mirror {
        Mirror(self, children: ["description": description], displayStyle: .struct)
    }
}
