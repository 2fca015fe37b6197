import Foundation

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

/// A push device token: a non-empty, even-length string of hexadecimal digits.
public struct DeviceToken: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The token as lowercase hex.
    public let hex: String

    /// Checks that `hex` is hexadecimal.
    ///
    /// - Throws: ``WoteError/invalidArgument(name:reason:)`` when it is not.
    public init(hex: String) throws(WoteError) {
        guard !hex.isEmpty, hex.count.isMultiple(of: 2), hex.count <= 512,
            hex.allSatisfy({ $0.isHexDigit })
        else {
            throw .invalidArgument(name: "device token", reason: "must be an even number of hexadecimal digits")
        }
        self.hex = hex.lowercased()
    }

    /// Creates a token from raw bytes, as APNs hands them to the app.
    public init(bytes: Data) {
        hex = bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// The token as hex.
    public var description: String { hex }
}
