import WoteKit

/// `wote status`: restores the stored session and prints its state and expiry dates.
package struct StatusCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["status"], summary: "Show the stored session's state and expiry dates.",
        details: """
            Restores the session from the store. No network call is made while the access token
            has not expired; when it has, the session is refreshed. If that refresh fails for a
            passing reason, the kept state is printed with a warning on standard error.
            """)

    /// Creates the command.
    init() {}

    package init(parsing arguments: inout ArgumentCursor) {}

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        let snapshot = try await context.restore()
        var output = SessionReport(snapshot, showTokens: context.options.showTokens).output
        if let warning = snapshot.warning {
            output.warnings.append(
                "warning: the expired session could not be refreshed, so the state kept in the store is shown: "
                    + warning.message)
        }
        if case .signedOut(.storedSessionCorrupted(let reason)) = snapshot.state {
            output.warnings.append("warning: the stored session could not be used: \(reason)")
        }
        return output
    }
}
