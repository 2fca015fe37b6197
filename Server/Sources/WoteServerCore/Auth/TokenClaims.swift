/// The claims of the tokens this server issues (§3), plus a `jti` so two tokens issued in the same
/// second differ.
struct TokenClaims: Codable, Sendable, Equatable {
    enum Kind: String, Codable, Sendable {
        case access
        case refresh
    }

    /// The member's id.
    let sub: String
    /// "access" or "refresh"; kept as text so a token with an unknown type still decodes (E007).
    let type: String
    /// Issued at, epoch seconds.
    let iat: Int64
    /// Expires at, epoch seconds (rounded down; the server's own expiry keeps milliseconds).
    let exp: Int64
    /// Unique token id.
    let jti: String

    var kind: Kind? { Kind(rawValue: type) }
}
