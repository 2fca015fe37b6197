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
