/// An image uploaded with a post, served at `/images/posts/<file>`.
struct PostImage: Sendable {
    let contentType: String
    let bytes: [UInt8]
}
