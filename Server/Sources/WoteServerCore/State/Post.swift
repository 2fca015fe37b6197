/// A post (API-posts.md §2.3) as the server keeps it in memory. Optional fields are stored as sent:
/// the iOS client's `""` and `0` stay `""` and `0`.
struct Post: Sendable {
    /// A post closes by itself this long after its creation (the newest code's 24 h).
    static let lifetimeMilliseconds: Int64 = 24 * 3_600_000

    let id: Int
    let authorID: Int
    let createdAtMilliseconds: Int64
    var modifiedAtMilliseconds: Int64
    let visibilityScope: VisibilityScope
    var status: PostStatus
    let title: String
    let contents: String?
    /// The file name under `/images/posts/`.
    let imageFile: String?
    let externalURL: String?
    let price: Int32?
    /// In the order cast.
    var votes: [Vote] = []

    var agreeCount: Int { votes.count(where: \.isAgree) }
    var disagreeCount: Int { votes.count - agreeCount }

    /// The moment the server closes the post by itself.
    var autoCloseAtMilliseconds: Int64 { createdAtMilliseconds + Self.lifetimeMilliseconds }

    /// Closes an ACTIVE post whose 24 hours are over, as the real server's scheduler would have done
    /// at that moment; evaluated lazily whenever the post is read or changed.
    mutating func settle(nowMilliseconds: Int64) {
        guard status == .active, nowMilliseconds >= autoCloseAtMilliseconds else { return }
        status = .closed
        modifiedAtMilliseconds = max(modifiedAtMilliseconds, autoCloseAtMilliseconds)
    }

    /// The vote of a member, if any.
    func vote(of memberID: Int) -> Vote? {
        votes.first { $0.voterID == memberID }
    }
}
