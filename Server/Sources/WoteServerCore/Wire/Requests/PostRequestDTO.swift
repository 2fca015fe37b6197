/// The `postRequest` part of `POST /api/posts` (API-posts.md §2.3). Every field is optional here, as
/// on the real server (no validation annotations): the database's rules are checked afterwards. An
/// unknown `visibilityScope` or a `price` that is not a 32-bit integer makes the part unreadable (G002).
struct PostRequestDTO: Decodable, Sendable {
    let visibilityScope: VisibilityScope?
    let title: String?
    let contents: String?
    let price: Int32?
    let externalURL: String?

    /// The fields, for the database's checks.
    var draft: PostDraft {
        PostDraft(
            visibilityScope: visibilityScope, title: title, contents: contents, externalURL: externalURL, price: price)
    }
}
