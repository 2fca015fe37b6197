import Hummingbird

/// The posts slice of the real Wote server's newest code (API-posts.md §2.1–§2.6): feed, detail,
/// create, vote, close early and delete (comments: `CommentController`). Every endpoint is behind the
/// Bearer check and the profile gate (400 E009); create and vote also need a consumer type (400 E019).
struct PostController {
    let state: WoteState

    /// Registers the six routes under `/api/posts`.
    func addRoutes(to router: Router<WoteRequestContext>) {
        let post = RouterPath(APIPaths.posts + "/:postId")
        router.get(RouterPath(APIPaths.posts)) { request, context in
            try await feed(request, context: context)
        }
        router.post(RouterPath(APIPaths.posts)) { request, context in
            try await create(request, context: context)
        }
        router.get(post) { request, context in
            try await detail(request, context: context)
        }
        router.delete(post) { _, context in
            try await delete(context: context)
        }
        router.post(RouterPath(APIPaths.posts + "/:postId/votes")) { request, context in
            try await vote(request, context: context)
        }
        router.post(RouterPath(APIPaths.posts + "/:postId/complete")) { _, context in
            try await close(context: context)
        }
    }

    private func feed(_ request: Request, context: WoteRequestContext) async throws(APIError) -> Response {
        let member = try context.requireMember()
        let parameters = request.uri.queryParameters
        let query = try FeedQuery { name in parameters[name[...]].map(String.init) }
        let page = try await state.feed(
            viewerID: member.memberID, scope: query.scope, page: query.page, size: query.size)
        let items = page.map {
            PostDTO($0, viewerID: member.memberID, detail: false, profileImageURL: imageURL(request))
        }
        return JSONResponse.envelope(Envelope.success("success", data: items))
    }

    private func detail(_ request: Request, context: WoteRequestContext) async throws(APIError) -> Response {
        let member = try context.requireMember()
        let postID = try Self.longParameter("postId", context)
        let authored = try await state.authoredPost(postID)
        let newest = authored.newestComment
        let data = PostDetailDTO(
            post: PostDTO(authored, viewerID: member.memberID, detail: true, profileImageURL: imageURL(request)),
            commentCount: authored.commentCount,
            commentPreview: newest.map { $0.author?.banned == true ? "" : $0.comment.content },
            commentPreviewImage: newest?.author?.profile?.imageID.map(imageURL(request))
        )
        return JSONResponse.envelope(Envelope.success("success", data: data))
    }

    private func create(_ request: Request, context: WoteRequestContext) async throws(APIError) -> Response {
        let member = try context.requireMember()
        let body: [UInt8]
        do {
            body = Array(try await request.body.collect(upTo: PostForm.maxRequestSize).readableBytesView)
        } catch {
            throw PostForm.failure("Maximum upload size exceeded")
        }
        let form = try PostForm(body: body, contentType: request.headers[.contentType])
        guard try await state.member(member.memberID).consumerType != nil else {
            throw .rejected(.consumerTypeNotFound)
        }
        var imageFile: String?
        if let image = form.image, !image.body.isEmpty {
            let checked = try PostForm.checkImage(image)
            imageFile = await state.storePostImage(
                image.body,
                contentType: checked.contentType,
                fileExtension: checked.fileExtension
            )
        }
        try await state.createPost(authorID: member.memberID, draft: form.draft, imageFile: imageFile)
        return JSONResponse.envelope(Envelope.success("success"))
    }

    private func vote(_ request: Request, context: WoteRequestContext) async throws(APIError) -> Response {
        let member = try context.requireMember()
        let postID = try Self.longParameter("postId", context)
        // Spring reads the body before the service's gates run.
        let body = try await RequestBodyReader.requiredJSON(VoteRequestDTO.self, from: request, context: context)
        let counts = try await state.vote(postID: postID, voterID: member.memberID, isAgree: body.myChoice ?? false)
        let data = VoteCountsDTO(agreeCount: counts.agree, disagreeCount: counts.disagree)
        return JSONResponse.envelope(Envelope.success("success", data: data))
    }

    private func close(context: WoteRequestContext) async throws(APIError) -> Response {
        let member = try context.requireMember()
        try await state.closePost(try Self.longParameter("postId", context), by: member.memberID)
        return JSONResponse.envelope(Envelope.success("success"))
    }

    private func delete(context: WoteRequestContext) async throws(APIError) -> Response {
        let member = try context.requireMember()
        try await state.deletePost(try Self.longParameter("postId", context), by: member.memberID)
        return JSONResponse.envelope(Envelope.success("success"))
    }

    private func imageURL(_ request: Request) -> (Int) -> String {
        { ImageController.url(imageID: $0, request: request) }
    }

    /// A path variable that is a Java `Long`, such as `{postId}`.
    /// - Throws: G999 on HTTP 200 when it is not one.
    static func longParameter(_ name: String, _ context: WoteRequestContext) throws(APIError) -> Int {
        guard let text = context.parameters.get(name), let id = Int64(text) else {
            throw PostForm.failure(
                "Failed to convert value of type 'java.lang.String' to required type 'java.lang.Long'")
        }
        return Int(id)
    }
}
