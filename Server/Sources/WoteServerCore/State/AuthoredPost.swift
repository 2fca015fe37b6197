/// A post with its author as the author is now (nickname, image, consumer type and school can change
/// after the post was written).
struct AuthoredPost: Sendable {
    let post: Post
    let author: Member
    /// Comments and replies.
    let commentCount: Int
    /// The newest comment or reply, for the detail's preview.
    var newestComment: AuthoredComment?
}
