/// The post object of the feed and of the detail (API-posts.md §1). `nil` fields are left out; the
/// four detail-only fields are `nil` in the feed.
struct PostDTO: Encodable, Sendable {
    let postId: Int
    let createDate: String
    let modifiedDate: String
    let visibilityScope: VisibilityScope
    let postStatus: PostStatus
    let author: PostAuthorDTO
    let title: String
    let contents: String?
    let image: String?
    let externalURL: String?
    let voteCount: Int
    let commentCount: Int
    let price: Int32?
    let voteCounts: VoteCountsDTO
    /// The viewer's vote: `true` agree, `false` disagree, `nil` not voted.
    let myChoice: Bool?
    // Detail only.
    let isMine: Bool?
    let isNotified: Bool?
    let voteInfoList: [VoteInfoDTO]?
    /// Only when CLOSED.
    let hasReview: Bool?
}

extension PostDTO {
    /// Maps a stored post for one viewer.
    /// - Parameters:
    ///   - authored: the post and its author.
    ///   - viewerID: the member asking, for `myChoice` and `isMine`.
    ///   - detail: add the detail's `isMine`, `isNotified`, `voteInfoList` and `hasReview`.
    ///   - profileImageURL: the URL of a profile image by its id.
    init(_ authored: AuthoredPost, viewerID: Int, detail: Bool, profileImageURL: (Int) -> String) {
        let post = authored.post
        let counts = VoteCountsDTO(agreeCount: post.agreeCount, disagreeCount: post.disagreeCount)
        self.init(
            postId: post.id,
            createDate: KoreanDateTime.string(epochMilliseconds: post.createdAtMilliseconds),
            modifiedDate: KoreanDateTime.string(epochMilliseconds: post.modifiedAtMilliseconds),
            visibilityScope: post.visibilityScope,
            postStatus: post.status,
            author: PostAuthorDTO(
                id: authored.author.id,
                nickname: authored.author.profile?.nickname ?? "",
                profileImage: authored.author.profile?.imageID.map(profileImageURL),
                consumerType: authored.author.consumerType
            ),
            title: post.title,
            contents: post.contents,
            image: post.imageFile.map(ImageController.postImageURL(file:)),
            externalURL: post.externalURL,
            voteCount: post.votes.count,
            commentCount: authored.commentCount,
            price: post.price,
            voteCounts: counts,
            myChoice: post.vote(of: viewerID)?.isAgree,
            isMine: detail ? post.authorID == viewerID : nil,
            isNotified: detail ? false : nil,
            voteInfoList: detail
                ? post.votes.map { VoteInfoDTO(isAgree: $0.isAgree, consumerType: $0.consumerType) } : nil,
            hasReview: detail && post.status == .closed ? false : nil
        )
    }
}
