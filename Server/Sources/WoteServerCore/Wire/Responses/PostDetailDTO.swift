/// `data` of `GET /api/posts/{postId}` (API-posts.md §2.2). This server keeps no comments, so
/// `commentCount` is 0 and the previews are always left out.
struct PostDetailDTO: Encodable, Sendable {
    let post: PostDTO
    let commentCount: Int
    let commentPreview: String?
    let commentPreviewImage: String?
}
