import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession

/// Security review 2026-11-26, findings 7 and 10: what a stored session or a server says is
/// believed only within bounds.
@Suite struct StoredSessionTrustTests {
    /// A JWT-shaped token (unsigned: the client never checks signatures) with the given claims.
    static func jwt(issuedAt: Date, expiresAt: Date) -> String {
        func part(_ json: String) -> String {
            Data(json.utf8).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let claims = #"{"iat":\#(Int(issuedAt.timeIntervalSince1970)),"exp":\#(Int(expiresAt.timeIntervalSince1970))}"#
        return part(#"{"alg":"none"}"#) + "." + part(claims) + ".c2ln"
    }

    // MARK: - Finding 10: the server-clock offset

    @Test func wildServerClockOffset_fromTheTokensIat_isRefused_neitherPersistedNorApplied() async throws {
        let fixture = EngineFixture()
        let now = fixture.clock.now
        // A hostile server: an honest expiry ten minutes away, but `iat` ten years ahead.
        let access = Self.jwt(
            issuedAt: now.addingTimeInterval(10 * 365 * 86_400), expiresAt: now.addingTimeInterval(600))
        let pair = TokenPair(
            accessToken: access, refreshToken: "refresh-1", accessTokenExpiresAt: nil,
            refreshTokenExpiresAt: now.addingTimeInterval(86_400), receivedAt: now)
        _ = try await fixture.engine.begin(StoredSession(tokens: pair, profileCompleted: true), persist: true)

        #expect(fixture.storage.session?.serverClockOffset == nil)
        // Judged on the device's clock, the token has ten minutes to go: no refresh before each request.
        #expect(try await fixture.engine.validAccessToken() == access)
        #expect(fixture.server.refreshCount == 0)
    }

    @Test func wildServerClockOffset_fromTheDateHeader_isRefused_andThePreviousOneKept() async throws {
        let fixture = EngineFixture()
        try await fixture.signIn()
        let previous = fixture.storage.session?.serverClockOffset
        let renewed = TokenPairFixture(
            accessToken: "opaque-2", refreshToken: "opaque-refresh-2",
            accessExpiresAt: fixture.clock.now.addingTimeInterval(600), refreshExpiresAt: nil)
        fixture.answerNextRefresh(
            with: .json(
                200, renewed.refreshAnswerJSON,
                headers: [
                    "Date": ServerDateOffsetTests.httpDate(fixture.clock.now.addingTimeInterval(-100 * 365 * 86_400))
                ]))

        _ = try await fixture.engine.refresh()

        #expect(fixture.storage.session?.tokens.accessToken == "opaque-2")
        #expect(fixture.storage.session?.serverClockOffset == previous)
        let refreshes = fixture.server.refreshCount
        #expect(try await fixture.engine.validAccessToken() == "opaque-2")
        #expect(fixture.server.refreshCount == refreshes)
    }

    @Test func serverClockOffset_withinTheBound_isStillBelieved() async throws {
        let fixture = EngineFixture()
        let now = fixture.clock.now
        // Issue 12's promise: a device clock 30 days off is corrected.
        let serverNow = now.addingTimeInterval(30 * 86_400)
        let access = Self.jwt(issuedAt: serverNow, expiresAt: serverNow.addingTimeInterval(600))
        let pair = TokenPair(
            accessToken: access, refreshToken: "refresh-1", accessTokenExpiresAt: nil, refreshTokenExpiresAt: nil,
            receivedAt: now)
        _ = try await fixture.engine.begin(StoredSession(tokens: pair, profileCompleted: true), persist: true)

        let offset = try #require(fixture.storage.session?.serverClockOffset)
        #expect(abs(offset - 30 * 86_400) < 2)
    }

    // MARK: - Finding 7: a session stored without an origin

    @Test func legacySessionWithoutOrigin_isBoundAtFirstUse_andWrittenBackThatWay() async throws {
        let fixture = EngineFixture(accessLifetime: 600)
        fixture.storage.session = StoredSession(tokens: fixture.server.issuePair(), profileCompleted: true)
        #expect(fixture.storage.session?.origin == nil)

        let snapshot = await fixture.engine.restore()

        #expect(snapshot.state == .signedIn)
        // Written back with the origin it was read for: a client of any other origin now leaves it alone.
        #expect(fixture.storage.session?.origin == "https://api.wote.test:443")
        #expect(fixture.server.log.isEmpty)
    }
}
