/// A top-level comment and its replies, oldest first (API-posts.md §2.7).
struct CommentThread: Sendable {
    let comment: AuthoredComment
    let replies: [AuthoredComment]
}
