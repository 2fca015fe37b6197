public import Foundation

/// The time claims of a JWT, read without verifying its signature (the client never verifies).
public struct JWTClaims: Sendable, Equatable {
    /// The `exp` claim as a date, if present.
    public let expiresAt: Date?
    /// The `iat` claim as a date, if present.
    public let issuedAt: Date?

    /// The most bytes of a token this reader looks at; longer input is not a JWT it will parse.
    public static let maximumTokenLength = 16 * 1024

    /// Reads `exp` and `iat` from a compact JWT (`header.payload.signature`).
    ///
    /// - Parameter token: the token text.
    /// - Returns: `nil` when the token is not a decodable JWT or carries neither claim.
    public init?(token: String) {
        guard token.utf8.count <= JWTClaims.maximumTokenLength else { return nil }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = JWTClaims.base64URLDecode(parts[1]),
            let object = try? JSONSerialization.jsonObject(with: payload) as? [String: Any]
        else { return nil }
        let expiresAt = JWTClaims.date(object["exp"])
        let issuedAt = JWTClaims.date(object["iat"])
        guard expiresAt != nil || issuedAt != nil else { return nil }
        self.expiresAt = expiresAt
        self.issuedAt = issuedAt
    }

    private static func date(_ value: Any?) -> Date? {
        // NumericDate is seconds since the epoch; JSONSerialization gives NSNumber for numbers
        // and Bool for true/false, which must not count as a time.
        guard let number = value as? NSNumber, !(value is Bool) else { return nil }
        let seconds = number.doubleValue
        guard seconds.isFinite, seconds >= 0, seconds < 1e11 else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    private static func base64URLDecode(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard !base64.contains("=") || base64.hasSuffix("=") else { return nil }
        base64 = base64.trimmingCharacters(in: CharacterSet(charactersIn: "="))
        let remainder = base64.count % 4
        if remainder == 1 { return nil }
        if remainder > 0 { base64 += String(repeating: "=", count: 4 - remainder) }
        return Data(base64Encoded: base64)
    }
}
