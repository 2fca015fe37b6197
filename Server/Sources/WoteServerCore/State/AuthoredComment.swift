/// A comment with its writer as the writer is now; `author` is `nil` once the writer has withdrawn.
struct AuthoredComment: Sendable {
    let comment: Comment
    let author: Member?
}
