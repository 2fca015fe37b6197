import WoteKit

/// `wote post delete ID --yes`: deletes my post, with its votes and comments; without `--yes`
/// nothing is sent.
package struct PostDeleteCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["post", "delete"], arguments: ["ID"], options: [.flag("--yes", required: true)],
        summary: "Delete my post (asks for --yes).",
        details: "Its votes and comments go with it; this cannot be undone. Without --yes nothing is sent.")

    /// The post's id.
    package var postID: Int

    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        postID = try PostArguments.postID(arguments.positional())
        guard arguments.flag("--yes") else {
            throw .usage("--yes: 'wote post delete' deletes the post for good; add --yes to confirm")
        }
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        try await context.restore()
        _ = try await context.send(.delete("/api/posts/\(postID)"), wording: PostCloseCommand.wording)
        return .ok(localized("Deleted #\(postID).", ko: "#\(postID)을(를) 삭제했습니다."))
    }
}
