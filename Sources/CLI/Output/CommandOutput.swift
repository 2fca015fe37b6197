/// What a command that succeeded prints: text for people, one JSON object for `--json`, and
/// warnings for standard error either way.
package struct CommandOutput: Sendable, Equatable {
    /// The text for standard output without `--json`.
    package var text: String
    /// The object for standard output with `--json`.
    package var json: JSONValue
    /// Lines for standard error, in both modes.
    package var warnings: [String]
    /// Whether the command printed everything itself as it ran, so nothing more is printed.
    package var isAlreadyPrinted = false

    /// Creates an output.
    package init(text: String, json: JSONValue, warnings: [String] = []) {
        self.text = text
        self.json = json
        self.warnings = warnings
    }

    /// Nothing more to print: the command (the interactive front, the demo) printed as it went.
    package static var alreadyPrinted: CommandOutput {
        var output = CommandOutput(text: "", json: .null)
        output.isAlreadyPrinted = true
        return output
    }

    /// `{"ok": true}`, plus the new state when the command changed it.
    ///
    /// - Parameters:
    ///   - text: the text for people.
    ///   - state: the state the command left the session in, or `nil` when it did not change it.
    package static func ok(_ text: String, state: String? = nil) -> CommandOutput {
        var members: [(String, JSONValue)] = [("ok", .bool(true))]
        if let state { members.append(("state", .string(state))) }
        return CommandOutput(text: text, json: .object(members))
    }
}
