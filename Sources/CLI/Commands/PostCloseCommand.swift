import WoteKit

/// `wote post close ID`: closes my post early; the vote ends.
package struct PostCloseCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["post", "close"], arguments: ["ID"], summary: "Close my post early, ending the vote.",
        details: "Only the author can close a post; closing a closed post again is accepted.")

    /// The post's id.
    package var postID: Int

    /// The wording of the refusals of the author's commands.
    static let wording = RefusalWording(notFound: "No post with that id.", forbidden: "Only the author can do that.")

    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        postID = try PostArguments.postID(arguments.positional())
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        try await context.restore()
        _ = try await context.send(.post("/api/posts/\(postID)/complete"), wording: Self.wording)
        return .ok("Closed #\(postID).")
    }
}
