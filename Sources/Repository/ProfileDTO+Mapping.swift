import Foundation
package import WoteDomain
package import WoteWire

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

extension ProfileDTO {
    /// The member's profile as the domain sees it.
    ///
    /// A missing `consumerType` is no choice yet; a missing or unusable `profileImage` (not an
    /// absolute http(s) URL) is no image; a missing `canUpdateConsumerType` lets the person try
    /// (the server decides).
    ///
    /// - Parameter httpStatus: the HTTP status of the answer, reported when it is malformed.
    /// - Returns: the user.
    /// - Throws: ``APIError/malformed(_:)`` with `wrongType` when the school region or the
    ///   consumer type is not one the SDK knows.
    package func toDomain(httpStatus: Int = 200) throws(APIError) -> User {
        let school = try school.toDomain(httpStatus: httpStatus)
        var consumerType: ConsumerType?
        if let rawConsumerType = self.consumerType {
            guard let known = ConsumerType(rawValue: rawConsumerType) else {
                throw .malformed(
                    MalformedResponse(httpStatus: httpStatus, problem: .wrongType(field: "data.consumerType")))
            }
            consumerType = known
        }
        return User(
            nickname: nickname, school: school, consumerType: consumerType,
            profileImageURL: profileImage.flatMap(ProfileDTO.imageURL(from:)),
            canUpdateConsumerType: canUpdateConsumerType ?? true)
    }

    /// An absolute http(s) URL with a host, or `nil`.
    private static func imageURL(from text: String) -> URL? {
        // URLComponents parses strictly (RFC 3986), unlike URL(string:) on newer platforms, which
        // percent-encodes whatever it is given.
        guard let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return nil }
        return components.url
    }
}

extension SchoolDTO {
    /// The school as the domain sees it.
    ///
    /// - Parameter httpStatus: the HTTP status of the answer, reported when it is malformed.
    /// - Throws: ``APIError/malformed(_:)`` with `wrongType(field: "data.school.schoolRegion")` when
    ///   the region is not one of the seventeen.
    package func toDomain(httpStatus: Int = 200) throws(APIError) -> School {
        guard let region = SchoolRegion(rawValue: schoolRegion) else {
            throw .malformed(
                MalformedResponse(httpStatus: httpStatus, problem: .wrongType(field: "data.school.schoolRegion")))
        }
        return School(name: schoolName, region: region)
    }

    /// The wire form of `school`.
    package init(_ school: School) {
        self.init(schoolName: school.name, schoolRegion: school.region.rawValue)
    }
}

extension ProfileRequestDTO {
    /// The `profileRequest` part for `draft`; the image travels as its own part.
    package init(_ draft: ProfileDraft) {
        self.init(nickname: draft.nickname.value, school: SchoolDTO(draft.school))
    }
}
