/// How one command is written and explained: its words, positional arguments, options and help.
/// Each command declares it once, with the memberwise initializer; the parser, the usage lines and
/// `--help` all read it.
package struct CommandConfiguration: Sendable {
    /// The command's words, such as `["profile", "setup"]`.
    package var words: [String]
    /// Placeholders of the positional arguments, in order, such as `["apple|kakao", "CODE"]`.
    package var arguments: [String] = []
    /// The options the command takes, in the order the usage line shows them.
    package var options: [CommandOption] = []
    /// One line saying what the command does.
    package var summary: String
    /// More lines for `wote COMMAND --help`; may be empty.
    package var details = ""
    /// The secret the command reads from standard input (`"password"`, `"authorization code"`), so
    /// that an extra argument, most likely that secret, is refused without being echoed; `nil` for
    /// a command that reads none.
    package var readsSecret: String? = nil
    /// Whether the command prints text only, so `--json` is a usage error.
    package var printsTextOnly = false
    /// Whether the command runs until it is stopped (`watch`, the interactive front, the demo), so
    /// `--timeout` bounds each of its exchanges but not the whole command (``CommandDeadline``).
    package var runsUntilStopped = false
    /// Options the command no longer takes because their value is private (`signup --email`), with
    /// how to give that value instead: the usage error says so and never repeats the value.
    package var retiredOptions: [String: String] = [:]

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
