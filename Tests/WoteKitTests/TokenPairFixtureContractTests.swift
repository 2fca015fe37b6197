import Foundation
import Testing
import WoteKitTesting

/// `TokenPairFixture`'s wire forms, read with `JSONSerialization` against the contract's own words
/// (API.md §3, §4.1, §4.2), not with the types WoteKit decodes them with: the one place a token
/// pair's JSON shape is checked by hand, so that every test built on the fixture speaks the contract.
@Suite struct TokenPairFixtureContractTests {
    private let pair = TokenPairFixture(
        accessToken: "access-x", refreshToken: "refresh-x",
        accessExpiresAt: Date(timeIntervalSince1970: 1_700_003_600),
        refreshExpiresAt: Date(timeIntervalSince1970: 1_701_209_600),
        issuedAt: Date(timeIntervalSince1970: 1_700_000_000))

    private func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// §3: the four fields, the expirations in epoch milliseconds.
    private func expectContractPair(_ value: Any?) throws {
        let jwt = try #require(value as? [String: Any])
        #expect(Set(jwt.keys) == ["accessToken", "accessExpirationTime", "refreshToken", "refreshExpirationTime"])
        #expect(jwt["accessToken"] as? String == "access-x")
        #expect(jwt["refreshToken"] as? String == "refresh-x")
        #expect((jwt["accessExpirationTime"] as? NSNumber)?.int64Value == 1_700_003_600_000)
        #expect((jwt["refreshExpirationTime"] as? NSNumber)?.int64Value == 1_701_209_600_000)
    }

    @Test func wireJSON_isThePairOfSection3_withMillisecondExpirations() throws {
        try expectContractPair(try object(pair.wireJSON))
    }

    @Test func refreshAnswer_isStatus200_withThePairDirectlyInData() throws {
        let body = try object(pair.refreshAnswerJSON)
        #expect((body["status"] as? NSNumber)?.intValue == 200)
        #expect(body["divisionCode"] == nil)
        try expectContractPair(body["data"])
    }

    @Test func loginAnswer_isStatus200_withThePairUnderJwtToken() throws {
        let body = try object(pair.loginAnswerJSON(profileCompleted: true, consumerTypeExist: true))
        #expect((body["status"] as? NSNumber)?.intValue == 200)
        let data = try #require(body["data"] as? [String: Any])
        #expect(data["consumerTypeExist"] as? Bool == true)
        try expectContractPair(data["jwtToken"])
    }

    @Test func profileRequiredLoginAnswer_isBody400E009_stillCarryingThePair() throws {
        let body = try object(pair.loginAnswerJSON(profileCompleted: false))
        #expect((body["status"] as? NSNumber)?.intValue == 400)
        #expect(body["divisionCode"] as? String == "E009")
        let data = try #require(body["data"] as? [String: Any])
        try expectContractPair(data["jwtToken"])
    }

    @Test func withoutExpirationTimes_theFieldsAreLeftOut_andTheTokensAreJWTs() throws {
        let jwtPair = TokenPairFixture(number: 3, sendsExpirationTimes: false)
        let data = try #require(try object(jwtPair.refreshAnswerJSON)["data"] as? [String: Any])
        #expect(Set(data.keys) == ["accessToken", "refreshToken"])
        #expect((data["accessToken"] as? String)?.split(separator: ".").count == 3)
    }
}
