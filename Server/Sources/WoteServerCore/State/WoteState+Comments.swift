extension WoteState {
    /// The longest comment the database takes, in Unicode scalars.
    static let maxCommentLength = 255

    /// Adds a top-level comment (API-posts.md §2.7); CLOSED posts take comments too.
    /// - Throws: 404 E002 for an unknown post, then G999 on HTTP 200 for a missing or too long text.
    func addComment(postID: Int, authorID: Int, contents: String?) throws(APIError) {
        _ = try settledPost(postID)
        try insertComment(postID: postID, parentID: nil, authorID: authorID, contents: contents)
    }

    /// Adds a reply to a comment; a reply to a reply joins the same top-level comment.
    /// - Throws: 404 E003 for an unknown comment, then G999 on HTTP 200 for a missing or too long text.
    func addReply(to commentID: Int, authorID: Int, contents: String?) throws(APIError) {
        guard let parent = comments[commentID] else { throw .rejected(.commentNotFound) }
        try insertComment(
            postID: parent.postID, parentID: parent.parentID ?? parent.id, authorID: authorID, contents: contents)
    }

    /// The post's top-level comments with their replies, oldest first; `[]` for an unknown post.
    func commentThreads(postID: Int) -> [CommentThread] {
        let oldestFirst = comments.values.filter { $0.postID == postID }.sorted { $0.id < $1.id }
        return oldestFirst.filter { $0.parentID == nil }.map { top in
            CommentThread(
                comment: AuthoredComment(comment: top, author: members[top.authorID]),
                replies: oldestFirst.filter { $0.parentID == top.id }.map {
                    AuthoredComment(comment: $0, author: members[$0.authorID])
                }
            )
        }
    }

    /// Comments and replies per post id.
    func commentCountsByPost() -> [Int: Int] {
        var counts: [Int: Int] = [:]
        for comment in comments.values { counts[comment.postID, default: 0] += 1 }
        return counts
    }

    private func insertComment(postID: Int, parentID: Int?, authorID: Int, contents: String?) throws(APIError) {
        guard members[authorID] != nil else { throw .filter(.memberNotFound) }
        guard let contents else { throw Self.databaseRefusal("contents must not be null") }
        guard contents.unicodeScalars.count <= Self.maxCommentLength else {
            throw Self.databaseRefusal("contents is longer than \(Self.maxCommentLength)")
        }
        let now = nowMilliseconds()
        let id = makeCommentID()
        comments[id] = Comment(
            id: id,
            postID: postID,
            parentID: parentID,
            authorID: authorID,
            content: contents,
            createdAtMilliseconds: now
        )
        // The post's comment counter changed, so its modifiedDate moves (API-posts.md §1).
        posts[postID]?.modifiedAtMilliseconds = now
    }
}
