public import Foundation

/// The signed-in member's profile, as the app shows it.
public struct User: Sendable, Equatable, Hashable {
    /// The member's public nickname.
    public var nickname: String
    /// The school the member set during profile setup.
    public var school: School
    /// The member's consumer type, if one was chosen.
    public var consumerType: ConsumerType?
    /// Where the profile image can be downloaded, if the member uploaded one.
    public var profileImageURL: URL?
    /// Whether the server still allows changing the consumer type.
    public var canUpdateConsumerType: Bool

    /// Creates a user value; apps mostly receive one from ``ProfileRepository/fetchMyProfile()``.
    public init(
        nickname: String, school: School, consumerType: ConsumerType? = nil,
        profileImageURL: URL? = nil, canUpdateConsumerType: Bool = true
    ) {
        self.nickname = nickname
        self.school = school
        self.consumerType = consumerType
        self.profileImageURL = profileImageURL
        self.canUpdateConsumerType = canUpdateConsumerType
    }
}
