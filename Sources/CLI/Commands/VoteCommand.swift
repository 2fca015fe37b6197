import Foundation
import WoteKit

/// `wote vote ID agree|disagree`: votes on a post, once.
package struct VoteCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["vote"], arguments: ["ID", "agree|disagree"], summary: "Vote on a post (once; it cannot be changed).",
        details: "agree means buy it; disagree means don't. With --json: {\"agreeCount\": n, \"disagreeCount\": m}.")

    /// The post's id.
    package var postID: Int
    /// `true` to agree (buy), `false` to disagree.
    package var agrees: Bool

    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        postID = try PostArguments.postID(arguments.positional())
        let choice = try arguments.positional()
        switch choice.lowercased() {
        case "agree": agrees = true
        case "disagree": agrees = false
        default: throw .usage("agree|disagree: expected agree or disagree, not '\(choice)'")
        }
    }

    /// The wording of a vote's refusals, in the language of the moment.
    static var wording: RefusalWording {
        RefusalWording(
            notFound: RefusalWording.post.notFound,
            conflict: localized("You have already voted on this post.", ko: "이미 이 게시글에 투표했습니다."))
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        try await context.restore()
        let counts = try await Self.vote(postID, agrees: agrees, on: context.wote)
        return CommandOutput(
            text: (agrees
                ? localized("Voted agree on #\(postID): ", ko: "#\(postID)에 찬성했습니다: ")
                : localized("Voted disagree on #\(postID): ", ko: "#\(postID)에 반대했습니다: "))
                + PostText.counts(counts) + ".",
            json: .object([
                ("agreeCount", counts["agreeCount"] ?? .null), ("disagreeCount", counts["disagreeCount"] ?? .null),
            ]))
    }

    /// Votes and returns the counts after the vote (`{"agreeCount", "disagreeCount"}`).
    ///
    /// - Throws: the failure to report, worded for a vote.
    static func vote(_ postID: Int, agrees: Bool, on wote: WoteClient) async throws(CommandFailure)
        -> JSONValue
    {
        let body = JSONValue.object([("myChoice", .bool(agrees))]).text
        let request = APIRequest(
            .post, "/api/posts/\(postID)/votes", headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        guard let counts = try await wote.answer(to: request, wording: wording), counts["agreeCount"] != nil else {
            throw CommandFailure(.malformedResponse("the vote's answer has no counts"))
        }
        return counts
    }
}
