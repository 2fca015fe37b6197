public import Foundation

/// What profile setup sends: a valid nickname, a school and an optional JPEG image.
public struct ProfileDraft: Sendable, Equatable {
    /// The nickname, already checked against the rule.
    public var nickname: Nickname
    /// The member's school.
    public var school: School
    /// JPEG bytes of the profile image, if any.
    public var imageJPEG: Data?

    /// Creates a draft.
    public init(nickname: Nickname, school: School, imageJPEG: Data? = nil) {
        self.nickname = nickname
        self.school = school
        self.imageJPEG = imageJPEG
    }
}
