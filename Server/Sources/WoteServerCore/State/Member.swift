/// A member as the server keeps it in memory.
struct Member: Sendable {
    let id: Int
    let identity: MemberIdentity
    var profile: Profile?
    var consumerType: ConsumerType?
    var deviceTokens: Set<String> = []
    /// Set by the `/__test/ban` hook: the member's tokens answer 403 E018 and its posts leave the feed.
    var banned = false
    /// Only for ID/password accounts.
    var account: AccountDetails?

    var profileCompleted: Bool { profile != nil }
}

/// The profile set by §4.5.
struct Profile: Sendable {
    var nickname: String
    var school: School
    var imageID: Int?
    var schoolChangedAtMilliseconds: Int64
}

/// The school object of §4.5 and §4.6.
struct School: Codable, Sendable, Equatable {
    let schoolName: String
    let schoolRegion: String
}

/// What §4.12 sign-up stores beside the member: the password only as a salted hash.
struct AccountDetails: Sendable {
    let name: String
    let email: String
    let phone: String
    let passwordHash: PasswordHash
}
