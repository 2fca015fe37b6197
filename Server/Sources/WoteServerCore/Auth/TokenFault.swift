/// Why a JWT was not accepted, before any look-up in the server's state.
enum TokenFault: Error, Sendable, Equatable {
    /// Not three base64url parts of JSON (E005).
    case malformed
    /// The HMAC does not match (E004).
    case badSignature
    /// Not an HS256 JWT, or a token of the wrong type (E007).
    case unsupported
    /// Signed, but without the claims this server puts in every token (E008).
    case emptyClaims

    var code: DivisionCode {
        switch self {
        case .malformed: .malformedJWT
        case .badSignature: .invalidSignature
        case .unsupported: .unsupportedJWT
        case .emptyClaims: .emptyClaims
        }
    }
}
