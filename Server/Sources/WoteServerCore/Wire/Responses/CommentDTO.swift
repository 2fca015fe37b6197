/// A comment of `GET /api/comments` (API-posts.md §2.7). `author` is left out once its writer has
/// withdrawn, `content` is `""` while the writer is banned, and `subComments` is left out when empty.
struct CommentDTO: Encodable, Sendable {
    let commentId: Int
    let createDate: String
    let modifiedDate: String
    let content: String
    let isMine: Bool
    let subComments: [CommentDTO]?
    let author: CommentAuthorDTO?
}

extension CommentDTO {
    /// Maps a stored comment for one viewer.
    /// - Parameters:
    ///   - authored: the comment and its writer.
    ///   - replies: the replies, already mapped; `[]` leaves `subComments` out.
    ///   - viewerID: the member asking, for `isMine`.
    ///   - profileImageURL: the URL of a profile image by its id.
    init(_ authored: AuthoredComment, replies: [CommentDTO], viewerID: Int, profileImageURL: (Int) -> String) {
        let comment = authored.comment
        let date = KoreanDateTime.string(epochMilliseconds: comment.createdAtMilliseconds)
        self.init(
            commentId: comment.id,
            createDate: date,
            modifiedDate: date,
            content: authored.author?.banned == true ? "" : comment.content,
            isMine: comment.authorID == viewerID,
            subComments: replies.isEmpty ? nil : replies,
            author: authored.author.map { author in
                CommentAuthorDTO(
                    id: author.id,
                    nickname: author.profile?.nickname ?? "",
                    profileImage: author.profile?.imageID.map(profileImageURL),
                    consumerType: author.consumerType,
                    isBlocked: false,
                    isBaned: author.banned
                )
            }
        )
    }
}
