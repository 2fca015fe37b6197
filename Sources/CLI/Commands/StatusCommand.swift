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
                localized(
                    "warning: the expired session could not be refreshed, so the state kept in the store is shown: ",
                    ko: "경고: 만료된 세션을 갱신하지 못해 저장소에 남은 상태를 보여 줍니다: ") + warning.message)
        }
        if case .signedOut(.storedSessionCorrupted(let reason)) = snapshot.state {
            output.warnings.append(
                localized("warning: the stored session could not be used: ", ko: "경고: 저장된 세션을 쓸 수 없습니다: ") + reason)
        }
        return output
    }
}
