import WoteKit

/// `wote post close ID`: closes my post early; the vote ends.
package struct PostCloseCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["post", "close"], arguments: ["ID"], summary: "Close my post early, ending the vote.",
        details: "Only the author can close a post; closing a closed post again is accepted.")

    /// The post's id.
    package var postID: Int

    /// The wording of the refusals of the author's commands.
    static var wording: RefusalWording {
        RefusalWording(
            notFound: RefusalWording.post.notFound,
            forbidden: localized("Only the author can do that.", ko: "작성자만 할 수 있습니다."))
    }

    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        postID = try PostArguments.postID(arguments.positional())
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        try await context.restore()
        _ = try await context.send(.post("/api/posts/\(postID)/complete"), wording: Self.wording)
        return .ok(localized("Closed #\(postID).", ko: "#\(postID)을(를) 마감했습니다."))
    }
}
