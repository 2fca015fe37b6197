import WoteKit

/// `wote post show ID`: one post, with its counts and my vote.
package struct PostShowCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["post", "show"], arguments: ["ID"], summary: "Show one post.",
        details: "With --json: the server's data object as it came ({\"post\": {...}, \"commentCount\": n, ...}).")

    /// The post's id.
    package var postID: Int

    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        postID = try PostArguments.postID(arguments.positional())
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        try await context.restore()
        guard let data = try await context.send(.get("/api/posts/\(postID)"), wording: .post),
            let post = data["post"]
        else {
            throw CommandFailure(.malformedResponse("the post's data has no post"))
        }
        var text = PostText.detail(post)
        if let comments = data["commentCount"]?.intValue {
            text += "\n" + localized("\(comments) comment(s)", ko: "댓글 \(comments)개")
        }
        return CommandOutput(text: text, json: data)
    }
}
