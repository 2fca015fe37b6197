/// `voteCounts` of a post object, and `data` of a successful vote (API-posts.md §1, §2.4).
struct VoteCountsDTO: Encodable, Sendable, Equatable {
    let agreeCount: Int
    let disagreeCount: Int
}
