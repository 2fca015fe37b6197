/// Who a post is for (API-posts.md §1). The feed shows only posts whose scope equals the one asked for.
enum VisibilityScope: String, CaseIterable, Codable, Sendable {
    /// Everyone.
    case global = "GLOBAL"
    /// Members whose current school (name and region) is the author's.
    case school = "SCHOOL"
    /// Stored as such only when a client sends it; the feed's `ALL` matches only those posts.
    case all = "ALL"
}
