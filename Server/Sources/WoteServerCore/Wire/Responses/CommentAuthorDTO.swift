/// `author` of a comment (API-posts.md §2.7). This server has no blocks, so `isBlocked` is always
/// `false`; `isBaned` keeps the real server's spelling.
struct CommentAuthorDTO: Encodable, Sendable, Equatable {
    let id: Int
    let nickname: String
    let profileImage: String?
    let consumerType: ConsumerType?
    let isBlocked: Bool
    let isBaned: Bool
}
