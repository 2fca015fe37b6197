/// A comment or a reply on a post (API-posts.md §2.7) as the server keeps it in memory.
struct Comment: Sendable {
    let id: Int
    let postID: Int
    /// The top-level comment this reply belongs to; `nil` for a top-level comment. Replies go one
    /// level deep only: a reply to a reply joins its top-level comment.
    let parentID: Int?
    let authorID: Int
    let content: String
    let createdAtMilliseconds: Int64
}
