/// `POST /api/posts/{postId}/votes` (API-posts.md §2.4): a missing or null `myChoice` counts as
/// `false` (disagree), as a Java `boolean` field does.
struct VoteRequestDTO: Decodable, Sendable {
    let myChoice: Bool?
}
