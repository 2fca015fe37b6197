/// A server division code such as `E009`; open, so a code the SDK has never seen still decodes.
package struct DivisionCode: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }
    package init(stringLiteral value: String) { rawValue = value }
    package init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    package var description: String { rawValue }

    package static let badRequest: DivisionCode = "G001"
    package static let bodyOrHeaderMissing: DivisionCode = "G002"
    package static let invalidTypeValue: DivisionCode = "G003"
    package static let missingParameter: DivisionCode = "G004"
    package static let ioError: DivisionCode = "G005"
    package static let jsonParseError: DivisionCode = "G006"
    package static let jsonProcessingError: DivisionCode = "G007"
    package static let forbidden: DivisionCode = "G010"
    package static let notFound: DivisionCode = "G011"
    package static let nullPointer: DivisionCode = "G012"
    package static let validationFailed: DivisionCode = "G013"
    package static let headerMissing: DivisionCode = "G014"
    package static let internalServerError: DivisionCode = "G999"
    package static let memberNotFound: DivisionCode = "E001"
    package static let invalidSignature: DivisionCode = "E004"
    package static let malformedJWT: DivisionCode = "E005"
    package static let expiredJWT: DivisionCode = "E006"
    package static let unsupportedJWT: DivisionCode = "E007"
    package static let emptyClaims: DivisionCode = "E008"
    package static let signUpNotCompleted: DivisionCode = "E009"
    package static let nicknameInUse: DivisionCode = "E013"
    package static let invalidRefreshToken: DivisionCode = "E016"
    package static let schoolChangedRecently: DivisionCode = "E017"
    package static let bannedMember: DivisionCode = "E018"
    package static let consumerTypeNotFound: DivisionCode = "E019"
    package static let postNotFound: DivisionCode = "E002"
    package static let commentNotFound: DivisionCode = "E003"
    package static let alreadyVoted: DivisionCode = "E015"
    package static let socialCodeRejected: DivisionCode = "A001"
    package static let wrongCredentials: DivisionCode = "A002"
    /// `[ext]` (Docs/API.md): the member signed out everywhere on another device.
    package static let signedOutEverywhere: DivisionCode = "X001"
    /// `[ext]` (Docs/API.md): the member unlinked the app at the sign-in provider.
    package static let providerUnlinked: DivisionCode = "X002"
}
