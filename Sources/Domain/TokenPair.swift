public import Foundation

/// The access and refresh tokens of one session, with the moments they stop working.
///
/// Its `description`, `debugDescription` and mirror never show a token, so printing, logging or
/// `dump`-ing a pair cannot leak it.
public struct TokenPair: Sendable, Equatable, Hashable {
    /// The bearer token sent on authenticated requests.
    public let accessToken: String
    /// The token that obtains a new pair when the access token expires.
    public let refreshToken: String
    /// When the access token expires: the server's `accessExpirationTime`, else the JWT `exp`, else unknown.
    public let accessTokenExpiresAt: Date?
    /// When the refresh token expires: the server's `refreshExpirationTime`, else the JWT `exp`, else unknown.
    public let refreshTokenExpiresAt: Date?
    /// When the access token's lifetime began: its JWT `iat`, else the moment the pair was received.
    public let accessTokenIssuedAt: Date

    /// Creates a pair, filling in missing expiry dates from the tokens' JWT claims.
    ///
    /// - Parameters:
    ///   - accessToken: the bearer token.
    ///   - refreshToken: the refresh token.
    ///   - accessTokenExpiresAt: the expiry the server sent, if any.
    ///   - refreshTokenExpiresAt: the expiry the server sent, if any.
    ///   - receivedAt: when the pair arrived; the lifetime's start when the token carries no `iat`.
    public init(
        accessToken: String, refreshToken: String, accessTokenExpiresAt: Date?,
        refreshTokenExpiresAt: Date?, receivedAt: Date
    ) {
        let accessClaims = JWTClaims(token: accessToken)
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.accessTokenExpiresAt = accessTokenExpiresAt ?? accessClaims?.expiresAt
        self.refreshTokenExpiresAt = refreshTokenExpiresAt ?? JWTClaims(token: refreshToken)?.expiresAt
        self.accessTokenIssuedAt = accessClaims?.issuedAt ?? receivedAt
    }

    /// Restores a pair exactly as it was stored, without reading the JWTs again.
    ///
    /// - Parameters:
    ///   - accessToken: the bearer token.
    ///   - refreshToken: the refresh token.
    ///   - accessTokenExpiresAt: the stored access expiry.
    ///   - refreshTokenExpiresAt: the stored refresh expiry.
    ///   - accessTokenIssuedAt: the stored start of the access token's lifetime.
    public init(
        accessToken: String, refreshToken: String, accessTokenExpiresAt: Date?,
        refreshTokenExpiresAt: Date?, accessTokenIssuedAt: Date
    ) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.accessTokenExpiresAt = accessTokenExpiresAt
        self.refreshTokenExpiresAt = refreshTokenExpiresAt
        self.accessTokenIssuedAt = accessTokenIssuedAt
    }

    /// Whether the access token has expired at `date`; `false` when its expiry is unknown
    /// (the server's 401 then decides).
    public func isAccessTokenExpired(at date: Date) -> Bool {
        guard let expiry = accessTokenExpiresAt else { return false }
        return expiry <= date
    }

    /// Whether the refresh token has expired at `date`; `false` when its expiry is unknown.
    public func isRefreshTokenExpired(at date: Date) -> Bool {
        guard let expiry = refreshTokenExpiresAt else { return false }
        return expiry <= date
    }
}

extension TokenPair: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A summary with the expiry dates and no token.
    public var description: String {
        "TokenPair(accessToken: <redacted>, refreshToken: <redacted>, "
            + "accessTokenExpiresAt: \(accessTokenExpiresAt.map { "\($0)" } ?? "unknown"), "
            + "refreshTokenExpiresAt: \(refreshTokenExpiresAt.map { "\($0)" } ?? "unknown"))"
    }

    /// The same redacted summary as ``description``.
    public var debugDescription: String { description }

    /// A mirror without the tokens, so `dump` and debuggers do not print them.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "accessToken": "<redacted>", "refreshToken": "<redacted>",
                "accessTokenExpiresAt": accessTokenExpiresAt as Any,
                "refreshTokenExpiresAt": refreshTokenExpiresAt as Any,
            ], displayStyle: .struct)
    }
}
