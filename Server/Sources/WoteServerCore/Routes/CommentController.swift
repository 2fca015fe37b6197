import Hummingbird

/// Comments and replies of the posts slice (API-posts.md §2.7). Behind the Bearer check and the
/// profile gate (400 E009); no consumer type needed.
struct CommentController {
    let state: WoteState

    /// Registers the list, the comment and the reply.
    func addRoutes(to router: Router<WoteRequestContext>) {
        router.get(RouterPath(APIPaths.comments)) { request, context in
            try await list(request, context: context)
        }
        router.post(RouterPath(APIPaths.comments)) { request, context in
            try await comment(request, context: context)
        }
        router.post(RouterPath(APIPaths.comments + "/:commentId")) { request, context in
            try await reply(request, context: context)
        }
    }

    /// `GET /api/comments?postId=`: 400 G004 when `postId` is missing or empty, G999 on HTTP 200 when
    /// it is not a Java `Long`, `[]` for an unknown post.
    private func list(_ request: Request, context: WoteRequestContext) async throws(APIError) -> Response {
        let member = try context.requireMember()
        guard let text = request.uri.queryParameters["postId"].map({ String($0).trimmingWhitespace() }), !text.isEmpty
        else {
            throw .rejected(.missingParameter, reason: "Required request parameter 'postId' is not present")
        }
        guard let postID = Int64(text) else {
            throw PostForm.failure("Failed to convert value '\(text)' of parameter 'postId'")
        }
        let imageURL = { (imageID: Int) in ImageController.url(imageID: imageID, request: request) }
        let threads = await state.commentThreads(postID: Int(postID))
        let data = threads.map { thread in
            CommentDTO(
                thread.comment,
                replies: thread.replies.map {
                    CommentDTO($0, replies: [], viewerID: member.memberID, profileImageURL: imageURL)
                },
                viewerID: member.memberID,
                profileImageURL: imageURL
            )
        }
        return JSONResponse.envelope(Envelope.success("success", data: data))
    }

    /// `POST /api/comments`: 400 G002 for an unreadable body, 400 E008 without `postId` (Spring's
    /// "id must not be null" is an IllegalArgumentException), 404 E002, then G999 on HTTP 200.
    private func comment(_ request: Request, context: WoteRequestContext) async throws(APIError) -> Response {
        let member = try context.requireMember()
        let body = try await RequestBodyReader.requiredJSON(CommentRequestDTO.self, from: request, context: context)
        guard let postID = body.postId else {
            throw .rejected(.emptyClaims, reason: "The given id must not be null")
        }
        try await state.addComment(postID: Int(postID), authorID: member.memberID, contents: body.contents)
        return JSONResponse.envelope(Envelope.success("create success"))
    }

    /// `POST /api/comments/{commentId}`: G999 on HTTP 200 for an id that is not a Java `Long`, 400 G002
    /// for an unreadable body, 404 E003, then G999 on HTTP 200.
    private func reply(_ request: Request, context: WoteRequestContext) async throws(APIError) -> Response {
        let member = try context.requireMember()
        let commentID = try PostController.longParameter("commentId", context)
        let body = try await RequestBodyReader.requiredJSON(CommentRequestDTO.self, from: request, context: context)
        try await state.addReply(to: commentID, authorID: member.memberID, contents: body.contents)
        return JSONResponse.envelope(Envelope.success("create success"))
    }
}
