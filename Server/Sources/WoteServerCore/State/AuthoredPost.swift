/// A post with its author as the author is now (nickname, image, consumer type and school can change
/// after the post was written).
struct AuthoredPost: Sendable {
    let post: Post
    let author: Member
}
