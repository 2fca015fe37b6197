/// The contract's division codes (§2), with the body `status` and default message of each.
enum DivisionCode: String, Sendable, Codable, CaseIterable {
    case badRequest = "G001"
    case bodyOrHeaderMissing = "G002"
    case invalidTypeValue = "G003"
    case missingParameter = "G004"
    case ioError = "G005"
    case jsonParse = "G006"
    case jsonProcessing = "G007"
    case forbidden = "G010"
    case notFound = "G011"
    case nullPointer = "G012"
    case validationFailed = "G013"
    case headerMissing = "G014"
    case internalError = "G999"
    case memberNotFound = "E001"
    case postNotFound = "E002"
    case commentNotFound = "E003"
    case invalidSignature = "E004"
    case malformedJWT = "E005"
    case expiredJWT = "E006"
    case unsupportedJWT = "E007"
    case emptyClaims = "E008"
    case signUpNotCompleted = "E009"
    case nicknameInUse = "E013"
    case alreadyVoted = "E015"
    case invalidRefreshToken = "E016"
    case schoolChangedRecently = "E017"
    case bannedMember = "E018"
    case consumerTypeNotFound = "E019"
    case authorizationCodeRejected = "A001"
    case wrongCredentials = "A002"
    /// `[ext]` (Docs/API.md): the session was ended by the member's "sign out everywhere" on
    /// another device. The real server has no such code.
    case signedOutEverywhere = "X001"
    /// `[ext]` (Docs/API.md): the member unlinked the app at the sign-in provider (Kakao's unlink,
    /// Apple's consent revoked), and the server ended every session. The real server has no such code.
    case providerUnlinked = "X002"

    /// The body `status` that goes with the code.
    var status: Int {
        switch self {
        case .badRequest, .bodyOrHeaderMissing, .invalidTypeValue, .missingParameter, .ioError, .jsonParse,
            .jsonProcessing, .emptyClaims, .signUpNotCompleted, .schoolChangedRecently, .consumerTypeNotFound:
            return 400
        case .memberNotFound, .postNotFound, .commentNotFound, .notFound, .nullPointer, .validationFailed, .headerMissing:
            return 404
        case .invalidSignature, .malformedJWT, .expiredJWT, .unsupportedJWT, .invalidRefreshToken,
            .authorizationCodeRejected, .wrongCredentials, .signedOutEverywhere, .providerUnlinked:
            return 401
        case .forbidden, .bannedMember:
            return 403
        case .nicknameInUse, .alreadyVoted:
            return 409
        case .internalError:
            return 500
        }
    }

    var defaultMessage: String {
        switch self {
        case .badRequest: "Bad Request"
        case .bodyOrHeaderMissing: "Required request body or header is missing"
        case .invalidTypeValue: "Invalid Type Value"
        case .missingParameter: "Missing Request Parameter"
        case .ioError: "I/O Exception"
        case .jsonParse: "JSON Parse Error"
        case .jsonProcessing: "JSON Processing Error"
        case .forbidden: "Forbidden"
        case .notFound: "Not Found"
        case .nullPointer: "Null Pointer Exception"
        case .validationFailed: "Validation Failed"
        case .headerMissing: "Header Missing"
        case .internalError: "Internal Server Error"
        case .memberNotFound: "Member Not Found"
        case .postNotFound: "Post Not Found Exception"
        case .commentNotFound: "Comment Not Found Exception"
        case .invalidSignature: "Invalid JWT Signature"
        case .malformedJWT: "Malformed JWT"
        case .expiredJWT: "Expired JWT"
        case .unsupportedJWT: "Unsupported JWT"
        case .emptyClaims: "JWT claims string is empty"
        case .signUpNotCompleted: "Not Completed SignUp Exception"
        case .nicknameInUse: "Nickname already in use"
        case .alreadyVoted: "Already Voted Exception"
        case .invalidRefreshToken: "Invalid refresh token"
        case .schoolChangedRecently: "School can be changed once every 6 months"
        case .bannedMember: "Banned member"
        case .consumerTypeNotFound: "Consumer Type Not Found Exception"
        case .authorizationCodeRejected: "Authorization code rejected"
        case .wrongCredentials: "Wrong ID or password"
        case .signedOutEverywhere: "Signed out everywhere: this sign-in was ended on another device"
        case .providerUnlinked: "Member unlinked at the sign-in provider"
        }
    }
}
