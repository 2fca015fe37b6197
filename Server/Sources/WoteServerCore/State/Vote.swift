/// One member's vote on a post (API-posts.md §2.4). The consumer type is the voter's at the time of
/// the vote, as the newest code stores it with the vote.
struct Vote: Sendable, Equatable {
    let voterID: Int
    /// `true`: agree ("buy").
    let isAgree: Bool
    let consumerType: ConsumerType?
}
