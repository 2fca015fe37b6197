import WoteDomain

/// §4.6: my profile's `data`.
package struct ProfileDTO: Codable, Sendable, Equatable {
    package var nickname: String
    package var profileImage: String?
    package var consumerType: String?
    package var school: SchoolDTO
    package var canUpdateConsumerType: Bool?

    package init(
        nickname: String, profileImage: String? = nil, consumerType: String? = nil, school: SchoolDTO,
        canUpdateConsumerType: Bool? = nil
    ) {
        self.nickname = nickname
        self.profileImage = profileImage
        self.consumerType = consumerType
        self.school = school
        self.canUpdateConsumerType = canUpdateConsumerType
    }
}

/// A school on the wire.
package struct SchoolDTO: Codable, Sendable, Equatable {
    package var schoolName: String
    package var schoolRegion: String

    package init(schoolName: String, schoolRegion: String) {
        self.schoolName = schoolName
        self.schoolRegion = schoolRegion
    }
}

/// §4.5: the `profileRequest` JSON part.
package struct ProfileRequestDTO: Codable, Sendable, Equatable {
    package var nickname: String
    package var school: SchoolDTO

    package init(nickname: String, school: SchoolDTO) {
        self.nickname = nickname
        self.school = school
    }
}
