/// `data` of `GET /api/posts/{postId}` (API-posts.md §2.2). The previews are the newest comment or
/// reply and its writer's profile image; both are left out when there are no comments.
struct PostDetailDTO: Encodable, Sendable {
    let post: PostDTO
    let commentCount: Int
    let commentPreview: String?
    let commentPreviewImage: String?
}
