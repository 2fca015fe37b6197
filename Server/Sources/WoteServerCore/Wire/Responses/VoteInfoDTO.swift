/// One entry of the detail's `voteInfoList` (API-posts.md §1): a vote and its voter's consumer type.
struct VoteInfoDTO: Encodable, Sendable, Equatable {
    let isAgree: Bool
    let consumerType: ConsumerType?
}
