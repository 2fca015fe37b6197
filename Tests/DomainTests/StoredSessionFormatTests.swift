import Foundation
import Testing
import WoteDomain

@Suite struct StoredSessionFormatTests {
    @Test func farFutureAndNonFiniteDates_encodeWithoutTrapping_andRoundTrip() throws {
        let pair = TokenPair(
            accessToken: "a", refreshToken: "r", accessTokenExpiresAt: .distantFuture,
            refreshTokenExpiresAt: Date(timeIntervalSince1970: 1e300),
            accessTokenIssuedAt: Date(timeIntervalSince1970: -1e300))
        let data = try JSONEncoder().encode(StoredSession(tokens: pair, profileCompleted: true))
        let decoded = try JSONDecoder().decode(StoredSession.self, from: data)
        #expect(
            decoded.tokens.refreshTokenExpiresAt == Date(timeIntervalSince1970: StoredSession.latestMilliseconds / 1000)
        )
        #expect(decoded.tokens.accessToken == "a")
    }
}

@Suite struct StoredSessionRangeTests {
    @Test func storedDatePastTheYear9999_isCorrupt_notAccepted() {
        let json =
            #"{"version":1,"accessToken":"a","refreshToken":"r","accessTokenIssuedAt":0,"accessTokenExpiresAt":9223372036854775807,"profileCompleted":true}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(StoredSession.self, from: Data(json.utf8)) }
    }
}
