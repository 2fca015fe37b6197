import Foundation
import Testing
import WoteDomain
import WoteRepository
import WoteWire

/// §3: expirations in epoch milliseconds, falling back to the JWT `exp` when missing.
@Suite struct TokenPairMappingTests {
    private let receivedAt = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func expirationsBeyondTheYear9999_countAsMissing() throws {
        let pair = try TokenPairDTO(
            accessToken: "opaque-a", accessExpirationTime: 1e300, refreshToken: "opaque-r",
            refreshExpirationTime: 9.3e18
        ).toDomain(receivedAt: receivedAt, httpStatus: 200)
        #expect(pair.accessTokenExpiresAt == nil)
        #expect(pair.refreshTokenExpiresAt == nil)
    }

    @Test func millisecondExpirations_becomeDates() throws {
        let pair = try TokenPairDTO(
            accessToken: "opaque-a", accessExpirationTime: 1_700_003_600_500, refreshToken: "opaque-r",
            refreshExpirationTime: 1_701_209_600_000
        ).toDomain(receivedAt: receivedAt, httpStatus: 200)
        #expect(pair.accessTokenExpiresAt == Date(timeIntervalSince1970: 1_700_003_600.5))
        #expect(pair.refreshTokenExpiresAt == Date(timeIntervalSince1970: 1_701_209_600))
        #expect(pair.accessToken == "opaque-a")
        #expect(pair.refreshToken == "opaque-r")
    }

    @Test func missingExpirations_fallBackToTheJWTExpClaim_andIatStartsTheLifetime() throws {
        let access = Fixtures.jwt(["sub": "1", "type": "access", "iat": 1_699_999_000, "exp": 1_700_001_800])
        let refresh = Fixtures.jwt(["sub": "1", "type": "refresh", "iat": 1_699_999_000, "exp": 1_701_000_000])
        let pair = try TokenPairDTO(
            accessToken: access, accessExpirationTime: nil, refreshToken: refresh, refreshExpirationTime: nil
        ).toDomain(receivedAt: receivedAt, httpStatus: 200)
        #expect(pair.accessTokenExpiresAt == Date(timeIntervalSince1970: 1_700_001_800))
        #expect(pair.refreshTokenExpiresAt == Date(timeIntervalSince1970: 1_701_000_000))
        #expect(pair.accessTokenIssuedAt == Date(timeIntervalSince1970: 1_699_999_000))
    }

    @Test func serverExpiration_winsOverTheJWTClaim() throws {
        let access = Fixtures.jwt(["exp": 1_700_001_800])
        let pair = try TokenPairDTO(
            accessToken: access, accessExpirationTime: 1_700_009_000_000, refreshToken: "r",
            refreshExpirationTime: nil
        ).toDomain(receivedAt: receivedAt, httpStatus: 200)
        #expect(pair.accessTokenExpiresAt == Date(timeIntervalSince1970: 1_700_009_000))
    }

    @Test func missingExpirations_onOpaqueTokens_areUnknown_andTheLifetimeStartsOnReceipt() throws {
        let pair = try TokenPairDTO(
            accessToken: "not-a-jwt", accessExpirationTime: nil, refreshToken: "also.not.jwt",
            refreshExpirationTime: nil
        ).toDomain(receivedAt: receivedAt, httpStatus: 200)
        #expect(pair.accessTokenExpiresAt == nil)
        #expect(pair.refreshTokenExpiresAt == nil)
        #expect(pair.accessTokenIssuedAt == receivedAt)
    }

    @Test func emptyTokens_areMalformed() {
        #expect(throws: APIError.malformed(MalformedResponse(httpStatus: 200, problem: .missingField("accessToken")))) {
            try Fixtures.tokenPair(access: "").toDomain(receivedAt: receivedAt, httpStatus: 200)
        }
        #expect(throws: APIError.malformed(MalformedResponse(httpStatus: 200, problem: .missingField("refreshToken"))))
        {
            try Fixtures.tokenPair(refresh: "").toDomain(receivedAt: receivedAt, httpStatus: 200)
        }
    }

    @Test func refreshAnswer_carriesThePairDirectlyInData() throws {
        let body = #"""
            {"status":200,"message":"token renew success.","data":{"accessToken":"a","accessExpirationTime":1700003600000,
             "refreshToken":"r"}}
            """#
        let envelope = try EnvelopeDecoder.decode(TokenPairDTO.self, from: Data(body.utf8), httpStatus: 200)
        let pair = try envelope.requireData().toDomain(receivedAt: receivedAt, httpStatus: 200)
        #expect(pair.accessTokenExpiresAt == Date(timeIntervalSince1970: 1_700_003_600))
        #expect(pair.refreshTokenExpiresAt == nil)
    }

    @Test func expirationAsString_isWrongType() {
        let body =
            #"{"status":200,"message":"ok","data":{"accessToken":"a","accessExpirationTime":"soon","refreshToken":"r"}}"#
        #expect(
            throws: APIError.malformed(
                MalformedResponse(httpStatus: 200, problem: .wrongType(field: "data.accessExpirationTime")))
        ) {
            try EnvelopeDecoder.decode(TokenPairDTO.self, from: Data(body.utf8), httpStatus: 200)
        }
    }
}
