/// A post's state (API-posts.md §1). This server never puts a post in review, so the feed's "never
/// REVIEW" rule holds without a filter.
enum PostStatus: String, CaseIterable, Codable, Sendable {
    /// Open for votes; the state a new post starts in.
    case active = "ACTIVE"
    /// Closed by its author or 24 hours after creation; votes are still accepted.
    case closed = "CLOSED"
    /// Waiting for a review; hidden from the feed.
    case review = "REVIEW"
}
