/// `POST /api/comments` and `POST /api/comments/{commentId}` (API-posts.md §2.7): the request says
/// `contents`, the response `content`. `postId` is only read on a top-level comment.
struct CommentRequestDTO: Decodable, Sendable {
    let postId: Int64?
    let contents: String?
}
