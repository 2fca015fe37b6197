/// One `wote` command, declared once: how it is written and explained (``configuration``), how
/// its arguments become its values (``init(parsing:)``), and what it does (``run(_:)``).
///
/// Adding a command is one file with one type, plus its line in ``CommandRegistry/all``:
///
/// ```swift
/// struct FeedCommand: WoteCommand {
///     static let configuration = CommandConfiguration(
///         words: ["feed"], options: [.value("--page", "N", required: false)], summary: "Show the feed.")
///     var page: Int
///     init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) { ... }
///     func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput { ... }
/// }
/// ```
package protocol WoteCommand: Sendable, Equatable {
    /// The command's words, arguments, options and help.
    static var configuration: CommandConfiguration { get }

    /// Reads the command's values from its arguments, already checked against ``configuration``
    /// (no unknown option, the right number of positionals).
    ///
    /// - Parameter arguments: the command's arguments, after its words.
    /// - Throws: a usage failure naming the argument whose value is wrong.
    init(parsing arguments: inout ArgumentCursor) throws(CommandFailure)

    /// Runs the command through the use cases of `context`'s client.
    ///
    /// - Parameter context: the shared options, the terminal and the client.
    /// - Returns: what to print.
    /// - Throws: the failure to report, with its kind and exit code.
    @MainActor func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput
}

extension WoteCommand {
    /// Parses the arguments that follow the command's words.
    ///
    /// - Parameter arguments: the arguments after the command's words.
    /// - Returns: the command with its values.
    /// - Throws: a usage failure naming the wrong argument.
    static func parse(_ arguments: [String]) throws(CommandFailure) -> Self {
        var cursor = try ArgumentCursor(arguments, for: configuration)
        return try Self(parsing: &cursor)
    }

    /// Whether `other` is the same command with the same values; compares across the existential.
    func isEqual(to other: any WoteCommand) -> Bool {
        (other as? Self) == self
    }
}
