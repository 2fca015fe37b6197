import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository
import WoteSession

/// Expiry is judged on the server's timeline, estimated from the access token's `iat`: a device
/// clock off by hours or days neither refreshes on every request nor signs out on its own.
@Suite struct ClockSkewTests {
    /// A server on `server`'s clock and a device whose clock is `skew` seconds off it.
    struct World {
        let server = TestClock()
        let device: TestClock
        let backend: FakeWoteServer
        let storage = TestTokenStorage()
        let engine: SessionEngine

        init(skew: TimeInterval, accessLifetime: TimeInterval = 600, refreshLifetime: TimeInterval = 14 * 86_400) {
            device = TestClock(now: server.now.addingTimeInterval(skew))
            backend = FakeWoteServer(
                clock: server, accessLifetime: .seconds(accessLifetime), refreshLifetime: .seconds(refreshLifetime))
            engine = SessionEngine(
                client: HTTPClient(baseURL: EngineFixture.baseURL, transport: backend.transport),
                storage: storage, clock: device.clock, configuration: .init())
        }

        func advance(by seconds: Int64) {
            server.advance(by: .seconds(seconds))
            device.advance(by: .seconds(seconds))
        }

        /// Signs in with the server's pair, whose access token's `iat` is the server's now (as the Wote
        /// server issues), received at the device's now.
        func signIn() async throws {
            let issued = backend.issuePair()
            let pair = TokenPair(
                accessToken: issued.accessToken, refreshToken: issued.refreshToken,
                accessTokenExpiresAt: issued.accessTokenExpiresAt, refreshTokenExpiresAt: issued.refreshTokenExpiresAt,
                receivedAt: device.now)
            _ = try await engine.begin(StoredSession(tokens: pair, profileCompleted: true), persist: true)
        }
    }

    /// Device clocks off by hours and days, up to the issue's bound: 30 days either way.
    static let skews: [TimeInterval] = [
        3 * 3_600, -3 * 3_600, 15 * 86_400, -15 * 86_400, 30 * 86_400, -30 * 86_400,
    ]

    @Test(arguments: ClockSkewTests.skews)
    func skewedDeviceClock_refreshesOncePerAccessTokenLifetime_andNeverSignsOutAlone(_ skew: TimeInterval) async throws
    {
        let world = World(skew: skew)
        try await world.signIn()

        for _ in 0..<30 {  // three access-token lifetimes, a request every 60 s
            world.advance(by: 60)
            #expect(try await world.engine.send(EngineFixture.profile).status == 200)
        }

        #expect(world.backend.refreshCount <= 3)
        // Refreshed ahead of time: no request was sent with an expired token and retried.
        #expect(world.backend.requests(path: EngineFixture.profile.path).count == 30)
        #expect(await world.engine.snapshot().state == .signedIn)
    }

    @Test func estimatedOffset_isStored_andUsedAtTheNextLaunch() async throws {
        let world = World(skew: 3 * 3_600)
        try await world.signIn()
        let offset = try #require(world.storage.session?.serverClockOffset)
        #expect(abs(offset + 3 * 3_600) < 2)

        let relaunched = SessionEngine(
            client: HTTPClient(baseURL: EngineFixture.baseURL, transport: world.backend.transport),
            storage: world.storage, clock: world.device.clock, configuration: .init())
        world.advance(by: 60)

        #expect(await relaunched.restore().state == .signedIn)
        #expect(world.backend.refreshCount == 0)
    }

    @Test func refreshTokenExpiredOnTheDeviceClock_isStillSent_andTheServerDecides() async throws {
        let world = World(skew: 0, accessLifetime: 60, refreshLifetime: 120)
        try await world.signIn()
        world.device.setWallClock(to: world.device.now.addingTimeInterval(30 * 86_400))
        world.advance(by: 61)

        #expect(try await world.engine.send(EngineFixture.profile).status == 200)
        #expect(world.backend.refreshCount == 1)
        #expect(await world.engine.snapshot().state == .signedIn)
    }

    @Test func dateHeader_isReadAsTheServersNow() {
        let date = SessionEngine.parseHTTPDate("Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(date == Date(timeIntervalSince1970: 784_111_777))
    }
}
