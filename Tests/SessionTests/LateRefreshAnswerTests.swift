import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteSession

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Issue 33, review #10: a refresh answer that comes after the request time-out, once the server
/// has rotated, is kept; it is not thrown away, which would leave a spent refresh token in the
/// store for a strict server to end the session on at the next refresh.
@Suite(.timeLimit(.minutes(1)))
struct LateRefreshAnswerTests {
    /// A server slower than the time-out on its first refresh only: it rotates at once, then
    /// answers `delay` later (a real delay: it is the server's slowness, not a synchronisation).
    static func slowFirstRefresh(over server: FakeWoteServer, by delay: Duration) -> HTTPTransport {
        let refreshes = Locked(0)
        return HTTPTransport { request in
            let answer = try await server.transport.send(request)
            if request.url?.path == "/api/auth/refresh",
                refreshes.withLock({
                    $0 += 1
                    return $0
                }) == 1
            {
                try await Task.sleep(for: delay)
            }
            return answer
        }
    }

    @Test func aRefreshAnswerAfterTheDeadline_isKept_andTheNextRefreshSpendsTheNewToken() async throws {
        let clock = TestClock()
        let server = FakeWoteServer(clock: clock, accessLifetime: .seconds(60))
        let storage = TestTokenStorage()
        let client = HTTPClient(
            baseURL: EngineFixture.baseURL, transport: Self.slowFirstRefresh(over: server, by: .milliseconds(300)),
            timeout: .milliseconds(100))
        let engine = SessionEngine(
            client: client, storage: storage, clock: clock.clock, configuration: SessionConfiguration())
        let first = server.issuePair()
        _ = try await engine.begin(StoredSession(tokens: first, profileCompleted: true), persist: true)

        clock.advance(by: .seconds(61))
        // The refresh is rotated on the server and answered 200 ms past the request's time-out.
        _ = try? await engine.send(EngineFixture.profile)
        clock.advance(by: .seconds(61))
        let status = try await engine.send(EngineFixture.profile).status

        #expect(status == 200)
        let spent = server.requests(path: "/api/auth/refresh").map {
            String(decoding: $0.httpBody ?? Data(), as: UTF8.self)
        }
        #expect(spent.count == 2)
        #expect(!(spent.last ?? "").contains(first.refreshToken))
        #expect(await engine.snapshot().state == .signedIn)
        // The pair of the second refresh: issued third, after the sign-in's and the late one's.
        #expect(server.issuedPairs.count == 3)
        #expect(storage.session?.tokens.refreshToken == server.issuedPairs.last?.refreshToken)
    }
}
