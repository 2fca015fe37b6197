import Foundation
import WoteKit

/// `wote feed [--scope global|school] [--page N] [--size N]`: one page of the feed, newest first.
package struct FeedCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["feed"],
        options: [
            .value("--scope", "global|school", required: false), .value("--page", "N", required: false),
            .value("--size", "N", required: false),
        ],
        summary: "Show one page of the feed, newest first.",
        details: """
            --scope: the posts for everyone (global, the default) or for my school (school).
            --page counts from 0 (default 0); --size is 1 or more (default 10).
            With --json: {"posts": [...]}, the server's post objects as they came.
            """)

    /// The API's `visibilityScope`: `GLOBAL` or `SCHOOL`.
    package var scope: String
    /// The page, from 0.
    package var page: Int
    /// The page size, from 1.
    package var size: Int

    /// Creates the command.
    init(scope: String = "GLOBAL", page: Int = 0, size: Int = 10) {
        self.scope = scope
        self.page = page
        self.size = size
    }

    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        self.init(
            scope: try PostArguments.scope(arguments.value(of: "--scope")),
            page: try PostArguments.integer(arguments.value(of: "--page"), named: "--page", atLeast: 0, default: 0),
            size: try PostArguments.integer(arguments.value(of: "--size"), named: "--size", atLeast: 1, default: 10))
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        try await context.restore()
        let posts = try await Self.posts(scope: scope, page: page, size: size, on: context.wote)
        // The text is built only when it is printed.
        let text =
            context.options.json
            ? ""
            : posts.isEmpty ? localized("No posts on page \(page).", ko: "\(page)쪽에 게시글이 없습니다.") : PostText.lines(posts)
        return CommandOutput(text: text, json: .object([("posts", .array(posts))]))
    }

    /// One page of the feed, as the server's post objects.
    ///
    /// - Throws: the failure to report; a `data` that is not a list of at most `size` objects is a
    ///   malformed answer, so a hostile server cannot make the front format more posts than were
    ///   asked for.
    static func posts(scope: String, page: Int, size: Int, on wote: WoteClient) async throws(CommandFailure)
        -> [JSONValue]
    {
        let request = APIRequest.get(
            "/api/posts", query: ["page": String(page), "size": String(size), "visibilityScope": scope])
        guard let posts = try await wote.answer(to: request)?.arrayValue else {
            throw CommandFailure(.malformedResponse("the feed's data is not a list"))
        }
        try checkPage(posts, size: size)
        return posts
    }

    /// Refuses a page of more than `size` posts, or with an entry that is not a post object.
    ///
    /// - Throws: a malformed-answer failure.
    static func checkPage(_ posts: [JSONValue], size: Int) throws(CommandFailure) {
        guard posts.count <= size else {
            throw CommandFailure(
                .malformedResponse("the feed holds \(posts.count) posts, more than the \(size) asked for"))
        }
        guard posts.allSatisfy({ if case .object = $0 { true } else { false } }) else {
            throw CommandFailure(.malformedResponse("the feed holds an entry that is not a post"))
        }
    }
}
