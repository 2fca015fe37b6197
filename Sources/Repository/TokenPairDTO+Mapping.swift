package import Foundation
package import WoteDomain
package import WoteWire

/// §3: the token pair on the wire; expirations are epoch milliseconds and may be missing.
package struct TokenPairDTO: Codable, Sendable, Equatable {
    package var accessToken: String
    package var accessExpirationTime: Double?
    package var refreshToken: String
    package var refreshExpirationTime: Double?

    package init(
        accessToken: String, accessExpirationTime: Double?, refreshToken: String, refreshExpirationTime: Double?
    ) {
        self.accessToken = accessToken
        self.accessExpirationTime = accessExpirationTime
        self.refreshToken = refreshToken
        self.refreshExpirationTime = refreshExpirationTime
    }
}

extension TokenPairDTO {
    /// The domain pair; a missing expiration falls back to the JWT `exp`.
    ///
    /// - Parameter receivedAt: when the pair arrived (the lifetime's start when there is no `iat`).
    /// - Throws: ``APIError/malformed(_:)`` when a token is empty.
    package func toDomain(receivedAt: Date, httpStatus: Int) throws(APIError) -> TokenPair {
        guard !accessToken.isEmpty else {
            throw .malformed(MalformedResponse(httpStatus: httpStatus, problem: .missingField("accessToken")))
        }
        guard !refreshToken.isEmpty else {
            throw .malformed(MalformedResponse(httpStatus: httpStatus, problem: .missingField("refreshToken")))
        }
        return TokenPair(
            accessToken: accessToken, refreshToken: refreshToken,
            accessTokenExpiresAt: TokenPairDTO.date(fromMilliseconds: accessExpirationTime),
            refreshTokenExpiresAt: TokenPairDTO.date(fromMilliseconds: refreshExpirationTime),
            receivedAt: receivedAt)
    }

    /// Epoch milliseconds as a date; zero, negative, non-finite or past the year 9999 count as
    /// missing (the JWT `exp` is used instead), so no later arithmetic can overflow.
    private static func date(fromMilliseconds value: Double?) -> Date? {
        guard let value, value.isFinite, value > 0, value <= StoredSession.latestMilliseconds else { return nil }
        return Date(timeIntervalSince1970: value / 1000)
    }
}

extension TokenPairDTO: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The expirations, with both tokens redacted.
    package var description: String {
        "TokenPairDTO(accessToken: <redacted>, accessExpirationTime: \(accessExpirationTime.map { "\($0)" } ?? "nil"), "
            + "refreshToken: <redacted>, refreshExpirationTime: \(refreshExpirationTime.map { "\($0)" } ?? "nil"))"
    }

    /// The same redacted text as ``description``.
    package var debugDescription: String { description }

    /// A mirror without the tokens, so `dump` and debuggers do not print them.
    package var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "accessToken": "<redacted>", "accessExpirationTime": accessExpirationTime as Any,
                "refreshToken": "<redacted>", "refreshExpirationTime": refreshExpirationTime as Any,
            ], displayStyle: .struct)
    }
}
