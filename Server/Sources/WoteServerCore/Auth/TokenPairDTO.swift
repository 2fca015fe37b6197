/// A token pair as it travels (§3): expiration times are epoch milliseconds.
struct TokenPairDTO: Encodable, Sendable, Equatable {
    let accessToken: String
    let accessExpirationTime: Int64
    let refreshToken: String
    let refreshExpirationTime: Int64
}
