/// A successful sign-in (social login §4.1 or ID/password §4.13).
struct SignInOutcome: Sendable {
    let pair: TokenPairDTO
    let profileCompleted: Bool
    let consumerTypeExist: Bool
}

/// The member behind an accepted access token.
struct AuthenticatedMember: Sendable, Equatable {
    let memberID: Int
    let tokenID: String
    let profileCompleted: Bool
}

/// What the access check noticed that the test counters report.
enum AccessObservation: Sendable, Equatable {
    case expired
    case superseded
}

/// The answer to "may this access token be used?".
enum AccessCheck: Sendable {
    case accepted(AuthenticatedMember)
    case rejected(APIError, AccessObservation?)
}

/// Why a sign-up was refused; the message is for the person (§4.12).
struct SignUpRefusal: Error, Sendable, Equatable {
    let message: String
}
