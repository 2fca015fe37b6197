extension WoteState {
    /// The longest `title` and `contents` the database takes, in Unicode scalars.
    static let maxTitleLength = 255
    static let maxContentsLength = 255
    /// The newest code's `externalURL` column ([develop]: 255).
    static let maxExternalURLLength = 1500

    /// Stores a post image under a new file name, before the post itself is checked (API-posts.md
    /// §2.3: a post the database then refuses leaves its image behind, as on the real server).
    /// - Parameters:
    ///   - fileExtension: lower-case letters or digits, without the dot.
    /// - Returns: the file name under `/images/posts/`.
    func storePostImage(_ bytes: [UInt8], contentType: String, fileExtension: String) -> String {
        let file = "\(makeImageID()).\(fileExtension)"
        postImages[file] = PostImage(contentType: contentType, bytes: bytes)
        return file
    }

    /// A stored post image by its file name.
    func postImage(_ file: String) -> PostImage? {
        postImages[file]
    }

    /// Creates an ACTIVE post (API-posts.md §2.3) with the database's checks.
    /// - Throws: G999 on HTTP 200 when `title` or `visibilityScope` is missing or a text is too long;
    ///   E001 when the author vanished.
    /// - Returns: the new post's id (never sent to the client).
    @discardableResult
    func createPost(authorID: Int, draft: PostDraft, imageFile: String?) throws(APIError) -> Int {
        guard members[authorID] != nil else { throw .filter(.memberNotFound) }
        guard let title = draft.title else { throw Self.databaseRefusal("title must not be null") }
        guard let scope = draft.visibilityScope else { throw Self.databaseRefusal("visibilityScope must not be null") }
        guard title.unicodeScalars.count <= Self.maxTitleLength else {
            throw Self.databaseRefusal("title is longer than \(Self.maxTitleLength)")
        }
        guard (draft.contents?.unicodeScalars.count ?? 0) <= Self.maxContentsLength else {
            throw Self.databaseRefusal("contents is longer than \(Self.maxContentsLength)")
        }
        guard (draft.externalURL?.unicodeScalars.count ?? 0) <= Self.maxExternalURLLength else {
            throw Self.databaseRefusal("externalURL is longer than \(Self.maxExternalURLLength)")
        }
        let now = nowMilliseconds()
        let id = makePostID()
        posts[id] = Post(
            id: id,
            authorID: authorID,
            createdAtMilliseconds: now,
            modifiedAtMilliseconds: now,
            visibilityScope: scope,
            status: .active,
            title: title,
            contents: draft.contents,
            imageFile: imageFile,
            externalURL: draft.externalURL,
            price: draft.price
        )
        return id
    }

    /// One page of the feed (API-posts.md §2.1): posts of exactly `scope`, newest first, never in
    /// review, never by a banned author; with `.school`, only authors whose current school is the
    /// viewer's.
    /// - Parameters:
    ///   - page: zero-based, at least 0.
    ///   - size: at least 1.
    func feed(viewerID: Int, scope: VisibilityScope, page: Int, size: Int) throws(APIError) -> [AuthoredPost] {
        guard let viewer = members[viewerID] else { throw .filter(.memberNotFound) }
        settleAllPosts()
        let commentCounts = commentCountsByPost()
        let matching = posts.values.compactMap { post -> AuthoredPost? in
            guard post.visibilityScope == scope, post.status != .review,
                let author = members[post.authorID], !author.banned
            else { return nil }
            if scope == .school {
                guard let school = author.profile?.school, school == viewer.profile?.school else { return nil }
            }
            return AuthoredPost(post: post, author: author, commentCount: commentCounts[post.id] ?? 0)
        }
        let newestFirst = matching.sorted { lhs, rhs in
            if lhs.post.createdAtMilliseconds != rhs.post.createdAtMilliseconds {
                return lhs.post.createdAtMilliseconds > rhs.post.createdAtMilliseconds
            }
            return lhs.post.id > rhs.post.id
        }
        let (offset, overflow) = page.multipliedReportingOverflow(by: size)
        guard !overflow, offset < newestFirst.count else { return [] }
        return Array(newestFirst[offset..<min(newestFirst.count, offset + min(size, newestFirst.count))])
    }

    /// Any post by id, whatever its scope, status or author (API-posts.md §2.2).
    /// - Throws: 404 E002 when there is none.
    func authoredPost(_ postID: Int) throws(APIError) -> AuthoredPost {
        let post = try settledPost(postID)
        guard let author = members[post.authorID] else { throw .rejected(.postNotFound) }
        let postComments = comments.values.filter { $0.postID == postID }
        let newest = postComments.max { ($0.createdAtMilliseconds, $0.id) < ($1.createdAtMilliseconds, $1.id) }
        return AuthoredPost(
            post: post,
            author: author,
            commentCount: postComments.count,
            newestComment: newest.map { AuthoredComment(comment: $0, author: members[$0.authorID]) }
        )
    }

    /// Casts a vote (API-posts.md §2.4). Closed posts, one's own posts and other schools' posts take
    /// votes too.
    /// - Throws: in this order, 400 E019 without a consumer type, 404 E002, 409 E015 when the member
    ///   has voted on the post already.
    /// - Returns: the counts after the vote.
    func vote(postID: Int, voterID: Int, isAgree: Bool) throws(APIError) -> (agree: Int, disagree: Int) {
        let voter = try member(voterID)
        guard let consumerType = voter.consumerType else { throw .rejected(.consumerTypeNotFound) }
        var post = try settledPost(postID)
        guard post.vote(of: voterID) == nil else { throw .rejected(.alreadyVoted) }
        post.votes.append(Vote(voterID: voterID, isAgree: isAgree, consumerType: consumerType))
        post.modifiedAtMilliseconds = nowMilliseconds()
        posts[postID] = post
        return (post.agreeCount, post.disagreeCount)
    }

    /// Closes a post early (API-posts.md §2.5); closing a closed post again is not refused.
    /// - Throws: 404 E002, then 403 G010 when the member is not the author.
    func closePost(_ postID: Int, by memberID: Int) throws(APIError) {
        var post = try settledPost(postID)
        guard post.authorID == memberID else { throw .rejected(.forbidden) }
        post.status = .closed
        post.modifiedAtMilliseconds = nowMilliseconds()
        posts[postID] = post
    }

    /// Deletes a post with its votes and image (API-posts.md §2.6).
    /// - Throws: 404 E002 (a deleted post is unknown), then 403 G010 when the member is not the author.
    func deletePost(_ postID: Int, by memberID: Int) throws(APIError) {
        guard let post = posts[postID] else { throw .rejected(.postNotFound) }
        guard post.authorID == memberID else { throw .rejected(.forbidden) }
        removePost(id: postID, imageFile: post.imageFile)
    }

    /// Forgets a post with its votes, comments and image.
    func removePost(id: Int, imageFile: String?) {
        posts[id] = nil
        comments = comments.filter { $0.value.postID != id }
        if let imageFile { postImages[imageFile] = nil }
    }

    /// A post by id, closed first if its 24 hours are over.
    /// - Throws: 404 E002 when there is none.
    func settledPost(_ postID: Int) throws(APIError) -> Post {
        guard var post = posts[postID] else { throw .rejected(.postNotFound) }
        post.settle(nowMilliseconds: nowMilliseconds())
        posts[postID] = post
        return post
    }

    private func settleAllPosts() {
        let now = nowMilliseconds()
        for (id, post) in posts where post.status == .active && now >= post.autoCloseAtMilliseconds {
            posts[id]?.settle(nowMilliseconds: now)
        }
    }

    /// G999 on HTTP 200: what the real server answers when the database refuses a row.
    static func databaseRefusal(_ reason: String) -> APIError {
        .handled(.internalError, reason: "could not execute statement: \(reason)")
    }
}
