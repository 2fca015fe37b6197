import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository
import WoteSession

/// Tokens without a JWT `iat`: the server's clock is read from the refresh answer's `Date` header.
@Suite struct ServerDateOffsetTests {
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    @Test func opaqueTokens_offsetFromTheRefreshAnswersDateHeader_judgesExpiryOnTheServersClock() async throws {
        let server = TestClock()
        let device = TestClock(now: server.now.addingTimeInterval(3 * 3_600))  // device clock 3 h ahead
        let backend = FakeWoteServer(clock: server)
        let storage = TestTokenStorage()
        let engine = SessionEngine(
            client: HTTPClient(baseURL: EngineFixture.baseURL, transport: backend.transport),
            storage: storage, clock: device.clock, configuration: .init())
        let pair = TokenPair(
            accessToken: "opaque-1", refreshToken: "opaque-refresh-1",
            accessTokenExpiresAt: server.now.addingTimeInterval(600), refreshTokenExpiresAt: nil,
            receivedAt: device.now)
        _ = try await engine.begin(StoredSession(tokens: pair, profileCompleted: true), persist: true)
        let renewed = TokenPairFixture(
            accessToken: "opaque-2", refreshToken: "opaque-refresh-2",
            accessExpiresAt: server.now.addingTimeInterval(600), refreshExpiresAt: nil)
        // The server's answer carries a `Date` header of the server's clock.
        backend.inject(.answer(renewed.refreshAnswer), on: "/api/auth/refresh")

        _ = try await engine.refresh()

        let offset = try #require(storage.session?.serverClockOffset)
        #expect(abs(offset + 3 * 3_600) < 2)
        // Unexpired on the server's timeline: handed out as it is, with no refresh.
        let refreshes = backend.refreshCount
        #expect(try await engine.validAccessToken() == "opaque-2")
        #expect(backend.refreshCount == refreshes)
    }
}
