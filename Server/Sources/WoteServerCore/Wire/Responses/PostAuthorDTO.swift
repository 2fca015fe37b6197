/// `author` of a post object (API-posts.md §1), as the author is now.
struct PostAuthorDTO: Encodable, Sendable, Equatable {
    let id: Int
    let nickname: String
    let profileImage: String?
    let consumerType: ConsumerType?
}
