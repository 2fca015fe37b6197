import Foundation
import Testing
import WoteKit
import WoteKitTesting
import WoteLocked
import WoteTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension EndToEnd {
    /// Logout always tells the server when it can (issue 24, item 3), against the reference server.
    @Suite struct Logout {
        let hooks = TestHooks()

        /// The URLSession transport, recording the body of every logout request it sends.
        private static func recordingLogouts(into bodies: Locked<[String]>) -> HTTPTransport {
            let live = HTTPTransport.live
            return HTTPTransport { request in
                if request.url?.path == "/api/auth/logout" {
                    bodies.withLock { $0.append(String(decoding: request.httpBody ?? Data(), as: UTF8.self)) }
                }
                return try await live.send(request)
            }
        }

        /// A member signed in over a recording transport, with a completed profile.
        private func signedIn(clock: TestClock, bodies: Locked<[String]>) async throws -> (
            WoteClient, InMemoryTokenStorage
        ) {
            let storage = InMemoryTokenStorage()
            let wote = WoteClient(
                configuration: WoteConfiguration(
                    baseURL: ReferenceServer.url!, storage: storage, transport: Self.recordingLogouts(into: bodies),
                    clock: clock.clock, requestTimeout: .seconds(10)))
            let suffix = ReferenceServer.uniqueSuffix()
            _ = try await wote.login(.kakao("kakao:logout-\(suffix)"), remember: true)
            try await wote.completeProfile(
                nickname: "l\(suffix)", schoolName: "Wote High", region: .seoul, imageJPEG: nil)
            return (wote, storage)
        }

        @Test func logoutAfterTheAccessTokenExpired_refreshesOnce_thenLogsOutWithTheDeviceToken() async throws {
            try await hooks.reset()
            let clock = try await hooks.clock()
            let bodies = Locked<[String]>([])
            let (wote, storage) = try await signedIn(clock: clock, bodies: bodies)
            try await hooks.advance(clock, by: 31 * 60)  // past the 30-minute access token
            try await hooks.reset()

            try await wote.logout(deviceToken: DeviceToken(hex: "ab12cd"))

            let counters = try await hooks.counters()
            #expect(counters.refreshCalls == 1)
            #expect(counters.requests["POST /api/auth/refresh 200"] == 1)
            #expect(counters.requests["POST /api/auth/logout 200"] == 1)
            #expect(counters.expiredAccessTokenRequests == 0)
            // The device token, and the refresh token of the sign-in (issue 48's `[ext]` field).
            let sent = try bodies.current.map { try JSONDecoder().decode([String: String].self, from: Data($0.utf8)) }
            #expect(sent.map { $0["deviceToken"] } == ["ab12cd"])
            #expect(sent.first?["refreshToken"]?.isEmpty == false)
            #expect(try await storage.load() == nil)
            #expect(await wote.currentSession.state == .signedOut(.loggedOut))
        }

        @Test func logoutWithARefusedRefresh_sendsNoLogoutCall_andEndsTheSessionHere() async throws {
            try await hooks.reset()
            try await hooks.setTokenLifetimes(access: 60, refresh: 120)
            let clock = try await hooks.clock()
            let bodies = Locked<[String]>([])
            let (wote, storage) = try await signedIn(clock: clock, bodies: bodies)
            try await hooks.advance(clock, by: 300)  // both tokens have expired on the server
            try await hooks.reset()
            var events = wote.sessionEvents().makeAsyncIterator()

            try await wote.logout(deviceToken: DeviceToken(hex: "ab12cd"))

            let counters = try await hooks.counters()
            #expect(counters.refreshCalls == 1)
            #expect(counters.refreshRejected == 1)
            #expect(!counters.requests.keys.contains { $0.hasPrefix("POST /api/auth/logout") })
            #expect(bodies.current.isEmpty)
            #expect(try await storage.load() == nil)
            #expect(await wote.currentSession.state == .signedOut(.loggedOut))
            #expect(await events.nextNotable() == .signedOut(.loggedOut))
            #expect(await events.nextNotable() == .serverNotToldOfLogout(.sessionExpired))
        }
    }
}
