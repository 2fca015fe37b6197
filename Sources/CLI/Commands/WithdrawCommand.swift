import WoteKit

/// `wote withdraw --yes`: deletes the account; without `--yes` nothing is sent.
package struct WithdrawCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["withdraw"], options: [.flag("--yes", required: true)], summary: "Delete the account (asks for --yes).",
        details: "This cannot be undone; without --yes nothing is sent.")

    /// Refuses to go on without `--yes`.
    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        guard arguments.flag("--yes") else {
            throw .usage("--yes: 'wote withdraw' deletes your account for good; add --yes to confirm")
        }
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        try await context.withSession { () throws(WoteError) in try await context.wote.withdraw() }
        return .ok(
            localized("Your account was deleted. Signed out.", ko: "계정을 삭제했습니다. 로그아웃되었습니다."), state: "signedOut")
    }
}
