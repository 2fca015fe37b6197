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

@Suite struct StoredSessionAppleUserTests {
    static let withoutAppleUser =
        #"{"version":1,"accessToken":"a","refreshToken":"r","accessTokenIssuedAt":1700000000000,"profileCompleted":true}"#

    @Test func fileWrittenBeforeAppleUserIDsExisted_stillReads_withNoAppleUser() throws {
        let session = try JSONDecoder().decode(StoredSession.self, from: Data(Self.withoutAppleUser.utf8))
        #expect(session.appleUserID == nil)
        #expect(session.tokens.accessToken == "a")
    }

    @Test func appleUserID_roundTrips_inFormatVersion1() throws {
        let pair = TokenPair(
            accessToken: "a", refreshToken: "r", accessTokenExpiresAt: nil, refreshTokenExpiresAt: nil,
            accessTokenIssuedAt: Date(timeIntervalSince1970: 1_700_000_000))
        let session = StoredSession(tokens: pair, profileCompleted: true, appleUserID: "001234.abcdef.0123")
        let data = try JSONEncoder().encode(session)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        #expect(object["appleUserID"] as? String == "001234.abcdef.0123")
        #expect(try JSONDecoder().decode(StoredSession.self, from: data) == session)
    }

    @Test func sessionWithoutAppleUser_writesNoKey_soTheFileIsWhatOlderVersionsWrote() throws {
        let session = try JSONDecoder().decode(StoredSession.self, from: Data(Self.withoutAppleUser.utf8))
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(session)) as? [String: Any])
        #expect(
            object.keys.sorted() == [
                "accessToken", "accessTokenIssuedAt", "profileCompleted", "refreshToken", "version",
            ])
    }

    @Test func emptyAppleUserID_readsAsNone() throws {
        let json = Self.withoutAppleUser.dropLast() + #","appleUserID":""}"#
        #expect(try JSONDecoder().decode(StoredSession.self, from: Data(json.utf8)).appleUserID == nil)
    }
}
