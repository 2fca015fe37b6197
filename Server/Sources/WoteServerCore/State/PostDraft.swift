/// What `POST /api/posts` asks to store (API-posts.md §2.3), already read from the `postRequest` part
/// but not yet checked against the database's rules.
struct PostDraft: Sendable, Equatable {
    var visibilityScope: VisibilityScope?
    var title: String?
    var contents: String?
    var externalURL: String?
    var price: Int32?
}
