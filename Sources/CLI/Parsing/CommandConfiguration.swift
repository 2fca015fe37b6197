/// How one command is written and explained: its words, positional arguments, options and help.
/// Each command declares it once; the parser, the usage lines and `--help` all read it.
package struct CommandConfiguration: Sendable {
    /// The command's words, such as `["profile", "setup"]`.
    package let words: [String]
    /// Placeholders of the positional arguments, in order, such as `["apple|kakao", "CODE"]`.
    package let arguments: [String]
    /// The options the command takes, in the order the usage line shows them.
    package let options: [CommandOption]
    /// One line saying what the command does.
    package let summary: String
    /// More lines for `wote COMMAND --help`; may be empty.
    package let details: String
    /// Whether the command reads a password from standard input, so an extra argument is never echoed.
    package let readsPassword: Bool
    /// Whether the command prints text only, so `--json` is a usage error.
    package let printsTextOnly: Bool

    /// Declares a command.
    ///
    /// - Parameters:
    ///   - words: the command's words, such as `"profile", "setup"`.
    ///   - arguments: placeholders of the positional arguments.
    ///   - options: the options it takes.
    ///   - summary: one line saying what it does.
    ///   - details: more lines for its own `--help`.
    ///   - readsPassword: whether it reads a password from standard input.
    ///   - printsTextOnly: whether it refuses `--json`.
    package init(
        _ words: String..., arguments: [String] = [], options: [CommandOption] = [], summary: String,
        details: String = "", readsPassword: Bool = false, printsTextOnly: Bool = false
    ) {
        self.words = words
        self.arguments = arguments
        self.options = options
        self.summary = summary
        self.details = details
        self.readsPassword = readsPassword
        self.printsTextOnly = printsTextOnly
    }

    /// The command's name, such as `profile setup`.
    package var name: String { words.joined(separator: " ") }

    /// The usage line after `wote`, such as `login apple|kakao CODE [--no-remember]`.
    package var synopsis: String {
        (words + arguments + options.map(\.usage)).joined(separator: " ")
    }

    /// The declared option called `name`, if any.
    package func option(named name: String) -> CommandOption? {
        options.first { $0.name == name }
    }
}
