import Foundation
package import WoteKit

extension CommandContext {
    /// Sends one of the app's own requests through the session (the post commands) and reads the
    /// Wote answer, as ``WoteKit/WoteClient/answer(to:wording:)``.
    ///
    /// - Returns: the envelope's `data`, or `nil` when the answer has none.
    /// - Throws: the failure for WoteKit's verdict, worded by `wording`.
    package func send(_ request: APIRequest, wording: RefusalWording = RefusalWording())
        async throws(CommandFailure) -> JSONValue?
    {
        try await wote.answer(to: request, wording: wording)
    }
}

extension WoteClient {
    /// Sends one of the app's own requests through the session and reads the Wote answer: WoteKit
    /// says whether it is a success (``verdict(of:)``), and the payload is kept as raw JSON, keys
    /// in the server's order.
    ///
    /// - Parameters:
    ///   - request: the request.
    ///   - wording: sentences for the refusals the caller expects.
    /// - Returns: the envelope's `data`, or `nil` when the answer has none.
    /// - Throws: the failure for WoteKit's verdict, worded by `wording`.
    package func answer(to request: APIRequest, wording: RefusalWording = RefusalWording())
        async throws(CommandFailure) -> JSONValue?
    {
        let response: HTTPResponse
        do {
            response = try await self.response(for: request)
        } catch {
            throw CommandFailure(error)
        }
        if let error = verdict(of: response) { throw wording.failure(for: error, httpStatus: response.status) }
        guard let body = JSONValue.parse(response.body) else {
            throw CommandFailure(.malformedResponse("the body is not JSON"))
        }
        return body["data"]
    }
}

/// Sentences a person understands for the refusals a post command expects, chosen by the kind
/// WoteKit gives the refusal (``WoteError/Kind/notFound``, ``WoteError/Kind/alreadyVoted``,
/// ``WoteError/Kind/notAllowed``). The division code stays in the failure (`[E015]`); the front
/// never spells one out: what a code means is WoteKit's to say.
package struct RefusalWording: Sendable {
    /// The sentence for something that does not exist.
    package var notFound: String?
    /// The sentence for a second vote.
    package var conflict: String?
    /// The sentence for someone who is not the author.
    package var forbidden: String?

    /// Creates the wording; a refusal without a sentence keeps WoteKit's message.
    package init(notFound: String? = nil, conflict: String? = nil, forbidden: String? = nil) {
        self.notFound = notFound
        self.conflict = conflict
        self.forbidden = forbidden
    }

    /// "No post with that id.", for every command that names a post.
    package static var post: RefusalWording {
        RefusalWording(notFound: localized("No post with that id.", ko: "그 번호의 게시글이 없습니다."))
    }

    /// The failure to report for `error`; `httpStatus` is kept for callers that log it.
    package func failure(for error: WoteError, httpStatus: Int) -> CommandFailure {
        var failure = CommandFailure(error)
        let sentence: String? =
            switch error.kind {
            case .notFound: notFound
            case .alreadyVoted: conflict
            case .notAllowed: forbidden
            default: nil
            }
        if let sentence { failure.message = sentence }
        return failure
    }
}
