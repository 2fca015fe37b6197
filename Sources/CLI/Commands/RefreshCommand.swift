import WoteKit

/// `wote refresh`: renews the tokens now.
package struct RefreshCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["refresh"], summary: "Renew the tokens now.")

    /// Creates the command.
    init() {}

    package init(parsing arguments: inout ArgumentCursor) {}

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        let snapshot = try await context.withSession { () throws(WoteError) in
            try await context.wote.refreshSession()
        }
        return SessionReport(snapshot, showTokens: context.options.showTokens).output
    }
}
