import WoteKit

/// `wote interactive`, or `wote` alone: the interactive front.
package struct InteractiveCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["interactive"], summary: "The interactive front (also what `wote` alone runs).",
        details: """
            Restores the session and shows the right screen: login, profile setup or home. Reads
            numbered choices and values line by line from standard input; piped input works.
            End of input quits.
            """,
        printsTextOnly: true, runsUntilStopped: true)

    /// Creates the command.
    init() {}

    package init(parsing arguments: inout ArgumentCursor) {}

    /// Runs the front until the person quits or the input ends; it prints as it goes.
    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        await InteractiveFront(wote: context.wote, terminal: context.terminal).run()
        return .alreadyPrinted
    }
}
